/**
 * Upstream text in the editors' reports (/status, status.json, the sync's log, the job summary): short,
 * with no invisible or direction-changing character and no followable address (excerpt), never a part
 * of a credential however the text was cut (noteForReport), and a code span in the job summary.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { asCode, markdownLine } from '../../scripts/job-summary.ts';
import { RawItemSchema, toItem } from '../../scripts/sync/normalise/item.ts';
import { normaliseRecords } from '../../scripts/sync/normalise/records.ts';
import { hiddenForReport, noteForReport, WITHHELD_ID } from '../../scripts/sync/notes.ts';
import { hiddenRecords } from '../../scripts/sync/run/publish.ts';
import { syncSummary } from '../../scripts/sync/summary.ts';
import { holdsSecretPart, type Secret } from '../../scripts/verify/secrets.ts';
import { ItemSchema, type RecordNote } from '../../src/lib/schemas/index.ts';
import { EXCERPT_CHARS, excerpt } from '../../src/lib/status/excerpt.ts';
import { recordNoteText } from '../../src/lib/status/messages.ts';
import { NOW } from '../support/record-context.ts';
import { readStatus, setUpSyncSandbox, statusOf, syncAgainst } from '../support/sync-helpers.ts';
import { TEST_CREDENTIALS } from '../support/upstream-server.ts';

const TOKEN = TEST_CREDENTIALS.cityApiToken;
const SECRETS: Secret[] = [{ name: 'PROVIDER_API_TOKEN', value: TOKEN }];

/** Every run of 8 characters of the token, lower-cased: what no report may hold (an oracle of its own, not holdsSecretPart). */
const TOKEN_PARTS = Array.from({ length: TOKEN.length - 7 }, (_, start) => TOKEN.slice(start, start + 8).toLowerCase());
const partsIn = (text: string) => TOKEN_PARTS.filter((part) => text.toLowerCase().includes(part));

describe('excerpt', () => {
  it.each([
    ['a short name', 'Festa do Peixe', 'Festa do Peixe'],
    ['a long one, cut to 60 with the ellipsis', 'a'.repeat(100), `${'a'.repeat(59)}…`],
    ['line breaks and tabs', 'Festa\n\tdo   Peixe', 'Festa do Peixe'],
    ['a right-to-left override', 'Festa \u202eexiep od', 'Festa exiep od'],
    ['an Arabic letter mark and isolates', 'a\u061cb\u2066c\u2069d\u200fe', 'abcde'],
    ['zero-width characters and the BOM', '\ufeffPe\u200bixe\u00ad', 'Peixe'],
    ['an address: its host alone, unlinkable', 'acesse https://golpe.example/pix?x=1 já', 'acesse golpe[.]example já'],
    ['an address in capitals', 'HTTPS://GOLPE.EXAMPLE/PIX', 'golpe[.]example'],
    ['an address with www.', 'veja www.golpe.example/pix', 'veja www[.]golpe[.]example'],
    ['a host in running text', 'golpe.example.com.br/pix', 'golpe[.]example[.]com[.]br/pix'],
    ['an e-mail', 'dpo@golpe.example', 'dpo@golpe[.]example'],
    ['a quoted value', '"https://golpe.example/pix"', '"golpe[.]example"'],
    ['prices and numbers stay', 'R$ 1.500,00 às 19.30', 'R$ 1.500,00 às 19.30'],
  ])('%s', (_case, text, expected) => {
    expect(excerpt(text)).toBe(expected);
  });

  it('is never longer than EXCERPT_CHARS, and an excerpt of an excerpt is the same', () => {
    for (const text of ['x'.repeat(61), `${'y'.repeat(58)} https://golpe.example/a`, 'Prefeitura informa: '.repeat(5)]) {
      const once = excerpt(text);
      expect(once.length).toBeLessThanOrEqual(EXCERPT_CHARS);
      expect(excerpt(once)).toBe(once);
    }
  });
});

describe('holdsSecretPart', () => {
  it.each([
    ['the first 8 characters', `chave ${TOKEN.slice(0, 8)}`, true],
    ['8 characters from its middle', `x${TOKEN.slice(9, 17)}y`, true],
    ['its last 8', TOKEN.slice(-8), true],
    ['in capitals', TOKEN.slice(0, 10).toUpperCase(), true],
    ['split by a space', `${TOKEN.slice(0, 4)} ${TOKEN.slice(4, 9)}`, true],
    ['whole', TOKEN, true],
    ['7 characters only', TOKEN.slice(0, 7), false],
    ['ordinary words', 'Passeio de barco no rio Paraguai', false],
  ])('%s: %s', (_case, text, expected) => {
    expect(holdsSecretPart(text, SECRETS)).toBe(expected);
  });

  it('finds nothing without secrets', () => {
    expect(holdsSecretPart(TOKEN, [])).toBe(false);
  });
});

/** A tour through the sync's own normaliser, as the provider would send it, and its notes as the reports get them. */
async function reportedNotes(record: Record<string, unknown>): Promise<RecordNote[]> {
  const toTour = (raw: Parameters<typeof toItem>[0], context: Parameters<typeof toItem>[2]) => toItem(raw, 'tour', context);
  const options = { baseUrl: 'https://provider.example.org/api/v1', now: NOW, secrets: SECRETS };
  const { dropped, repaired } = await normaliseRecords([record], RawItemSchema, toTour, ItemSchema, options);
  return [...dropped, ...repaired].map((note) => noteForReport(note, SECRETS));
}

describe('a note cut across a credential, at every offset', () => {
  const offsets = Array.from({ length: 90 }, (_, offset) => offset);

  it.each(offsets)('a title of %i letters, a space, the token and more: no part of it is reported', async (offset) => {
    const notes = await reportedNotes({ id: 7, title: `${'a'.repeat(offset)} ${TOKEN}fim` });
    expect(notes.map((note) => note.problem)).toEqual(['secret']);
    const shown = JSON.stringify(notes);
    expect(partsIn(shown)).toEqual([]);
    expect(partsIn(recordNoteText('tours', 'cityApi', notes[0] as RecordNote))).toEqual([]);
  });

  it.each(offsets)('an e-mail of %i letters, the token and "@x": no part of it is reported', async (offset) => {
    const notes = await reportedNotes({ id: 8, title: 'Passeio', provider: { email: `${'b'.repeat(offset)}${TOKEN}@x` } });
    expect(notes.length).toBeGreaterThan(0);
    expect(partsIn(JSON.stringify(notes))).toEqual([]);
  });

  it('names the record by id, field and problem only when its excerpts held a part', () => {
    const note: RecordNote = {
      id: '8',
      name: 'Passeio',
      reason: `provider.email "${TOKEN.slice(0, 12)}…": not a plain e-mail address`,
      field: 'provider.email',
      problem: 'not-email',
      value: `"${TOKEN.slice(0, 12)}…"`,
    };
    expect(noteForReport(note, SECRETS)).toEqual({
      id: '8',
      reason: 'provider.email: not-email (its text is withheld: it holds part of a credential)',
      field: 'provider.email',
      problem: 'not-email',
    });
  });

  it('withholds an id that holds a part', () => {
    const note: RecordNote = { id: `"${TOKEN.slice(0, 10)}/x"`, reason: 'id: invalid', field: 'id', problem: 'invalid' };
    expect(noteForReport(note, SECRETS).id).toBe(WITHHELD_ID);
  });
});

describe('a record kept off the lists, in the editors’ report', () => {
  /** A guide through the sync's own normaliser with this status and name, as the report names it. */
  async function hiddenGuide(status: string, name: string) {
    const toGuide = (raw: Parameters<typeof toItem>[0], context: Parameters<typeof toItem>[2]) => toItem(raw, 'guide', context);
    const options = { baseUrl: 'https://provider.example.org/api/v1', now: NOW, secrets: SECRETS };
    const { entries } = await normaliseRecords([{ id: 31, name, status }], RawItemSchema, toGuide, ItemSchema, options);
    return hiddenRecords('guides', entries).map((record) => hiddenForReport(record, SECRETS));
  }

  it.each([
    ['inactive', 'inactive'],
    ['Inativo', 'inactive'],
    ['pending', 'pending'],
    ['em análise', 'review'],
    ['rascunho', 'unpublished'],
  ])('status %j is kept off with reason %s', async (status, reason) => {
    expect(await hiddenGuide(status, 'Ana Souza')).toEqual([{ id: '31', name: 'Ana Souza', reason }]);
  });

  it.each(['active', 'publicado'])('status %j is listed: not named', async (status) => {
    expect(await hiddenGuide(status, 'Ana Souza')).toEqual([]);
  });

  it('quotes the name as an excerpt: cut, with no address to follow', async () => {
    const [record] = await hiddenGuide('pending', `Guia ${'muito '.repeat(20)}https://golpe.example/pix`);
    expect(record?.name?.length).toBeLessThanOrEqual(EXCERPT_CHARS);
    expect(record?.name).not.toContain('https://');
  });

  it.each(Array.from({ length: 20 }, (_, offset) => offset * 4))(
    'a name whose excerpt would end in %i letters and part of a credential is not shown',
    (offset) => {
      const record = hiddenForReport({ id: '31', name: `${'a'.repeat(offset)} ${TOKEN}fim`, reason: 'inactive' }, SECRETS);
      expect(record.id).toBe('31');
      expect(partsIn(JSON.stringify(record))).toEqual([]);
    },
  );

  it('withholds an id that holds a part', () => {
    expect(hiddenForReport({ id: TOKEN.slice(0, 12), reason: 'pending' }, SECRETS)).toEqual({
      id: WITHHELD_ID,
      reason: 'pending',
    });
  });
});

describe('a dropped record in the editors’ report', () => {
  const scam = 'Prefeitura informa: seu cadastro expirou, acesse https://golpe.example/pix agora mesmo';

  it('shows the title of a record whose id is a page address, cut and with its address unlinkable', () => {
    const note = noteForReport(
      { id: '12', name: scam, reason: 'x', field: 'start_date', problem: 'not-date', value: '"31/02"' },
      [],
    );
    const text = recordNoteText('events', 'cityApi', note);
    expect(text).toContain('“Prefeitura informa: seu cadastro expirou, acesse golpe[.]ex…”');
    expect(text).not.toMatch(/https?:|golpe\.example/);
  });

  it('leaves out the title of a record whose id is no page address, and cuts that id', () => {
    const id = `"${'../'.repeat(40)}"`;
    const note = noteForReport({ id, name: scam, reason: 'x', field: 'id', problem: 'invalid' }, []);
    expect(note.name).toBeUndefined();
    const text = recordNoteText('events', 'cityApi', { ...note, name: scam });
    expect(text).not.toContain('Prefeitura');
    expect(text).toMatch(/^Evento "(\.\.\/)+\.?\.?…: o identificador/);
  });

  it('removes an Arabic letter mark and the bidi overrides from what it quotes', () => {
    const note = noteForReport({ id: '5', name: 'Festa\u061c \u202eexiep', reason: 'x', problem: 'no-title' }, []);
    expect(recordNoteText('events', 'cityApi', note)).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
  });
});

describe('the job summary', () => {
  it('writes an excerpt as a code span, so a link or markup in it is neither followed nor rendered', () => {
    const line = `Passeio 7 “${asCode('[clique](https://golpe.example) <b>x</b>')}”: não tem título.`;
    expect(markdownLine(line)).toBe('Passeio 7 “`[clique](https://golpe.example) <b>x</b>`”: não tem título.');
  });

  it('fences a code span with more backticks than the excerpt holds', () => {
    expect(markdownLine(`a ${asCode('x`y')} b`)).toBe('a ``x`y`` b');
    expect(markdownLine(`a ${asCode('`x')} b`)).toBe('a `` `x `` b');
  });
});

describe('a night whose tours carry the token across the cut (the sync, against a local upstream)', () => {
  const sandbox = setUpSyncSandbox();

  it('publishes the good tour, and no part of the token reaches status.json, the log or the job summary', async () => {
    const tours = JSON.parse(
      await readFile(path.resolve(import.meta.dirname, '../fixtures/upstream/provider/tours.json'), 'utf8'),
    ) as Record<string, unknown>[];
    const good = tours[0] as Record<string, unknown>;
    sandbox.server.setFile('provider/tours.json', [
      good,
      { ...good, id: 901, provider: { email: `${'c'.repeat(60)}${TOKEN}@x` } },
      { ...good, id: 902, title: `${'d'.repeat(60)} ${TOKEN}fim` },
    ]);
    const { lines } = await syncAgainst(sandbox.server, sandbox.outDir);
    const statuses = await readStatus(sandbox.outDir);
    const tourStatus = statusOf(statuses, 'tours');
    expect(tourStatus.count).toBe(2);
    expect(tourStatus.dropped.first.map((note) => note.id)).toEqual(['902']);
    const summary = syncSummary({ statuses: [...statuses.values()], images: [], timeZone: 'America/Cuiaba', now: NOW });
    const statusText = await readFile(path.join(sandbox.outDir, 'status.json'), 'utf8');
    expect(partsIn(statusText)).toEqual([]);
    expect(partsIn(lines.join('\n'))).toEqual([]);
    expect(partsIn(summary)).toEqual([]);
    expect(summary).toContain('Passeio 902');
  });
});
