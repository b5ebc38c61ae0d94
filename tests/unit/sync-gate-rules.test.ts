/**
 * What the deploy gate would refuse the whole site for, caught by the sync per record (docs/architecture.md):
 * a page over the gate's byte limit for the page of one record, estimated in bytes (a CJK character is
 * three), and the sync's secrets in every form the gate finds them in (split by a space or a line
 * break, split by markup, encoded). Each record is dropped with its reason; the others are kept. The
 * gate's own checks agree: what the sync lets through, they pass; what it drops, they refuse.
 */
import { Buffer } from 'node:buffer';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { estimatedPageBytes, PAGE_WEIGHT } from '../../scripts/sync/normalise/bounds.ts';
import { RawItemSchema, toItem } from '../../scripts/sync/normalise/item.ts';
import { type NormaliseOptions, normaliseRecords } from '../../scripts/sync/normalise/records.ts';
import { recordPageLimit } from '../../scripts/sync/run/read.ts';
import { checkPageText, checkSecrets, fingerprintSecrets, type Secret, secretsIn } from '../../scripts/verify/secrets.ts';
import { checkPageSizes, DEFAULT_PAGE_SIZE_LIMITS } from '../../scripts/verify/sizes.ts';
import { scanPage } from '../../src/integrations/html-scan.ts';
import { ItemSchema } from '../../src/lib/schemas/index.ts';
import { NOW } from '../support/record-context.ts';

const TOKEN = 'prov-token-5ecr3t-7f3a9c21';
const SECRETS: Secret[] = [{ name: 'PROVIDER_API_TOKEN', value: TOKEN }];
const OPTIONS: NormaliseOptions = { baseUrl: 'https://provider.example.org/api/v1', now: NOW, secrets: SECRETS };

const tours = (records: Record<string, unknown>[], options: Partial<NormaliseOptions> = {}) =>
  normaliseRecords(
    records.map((record) => ({ title: `Passeio ${String(record.id)}`, ...record })),
    RawItemSchema,
    (raw, context) => toItem(raw, 'tour', context),
    ItemSchema,
    { ...OPTIONS, ...options },
  );

const CJK = '旅'.repeat(199_000);

describe('a record whose page would pass the gate’s byte limit', () => {
  it('drops the tour of 199,000 CJK characters in its description and its include (1.2 MB of page), keeps the others', async () => {
    const { entries, dropped } = await tours([
      { id: 'cjk', description: `<p>${CJK}</p>`, include: `<p>${CJK}</p>` },
      { id: 'ok', description: '<p>Trilha curta.</p>' },
    ]);
    expect(entries.map((entry) => entry.id)).toEqual(['ok']);
    expect(dropped).toEqual([
      {
        id: 'cjk',
        name: 'Passeio cjk',
        reason: expect.stringMatching(
          /^too large for one page \(about 1,\d{3},\d{3} bytes, over the gate's limit of 1,000,000 for the page of one record\)$/,
        ),
        problem: 'too-large',
      },
    ]);
  });

  it('counts bytes, not characters: the same length in plain letters is a third of the bytes and is kept', async () => {
    const plain = 'a'.repeat(199_000);
    const { entries, dropped } = await tours([{ id: 'latin', description: `<p>${plain}</p>`, include: `<p>${plain}</p>` }]);
    expect(dropped).toEqual([]);
    expect(entries).toHaveLength(1);
  });

  it('measures against the gate’s limit as VERIFY_MAX_PAGE_BYTES sets it', async () => {
    expect(recordPageLimit({})).toBe(DEFAULT_PAGE_SIZE_LIMITS.recordPage);
    expect(recordPageLimit({ VERIFY_MAX_PAGE_BYTES: '2MB' })).toBe(2_000_000);
    // A value the gate cannot read: the gate refuses to start; the sync keeps the default.
    expect(recordPageLimit({ VERIFY_MAX_PAGE_BYTES: 'muito' })).toBe(DEFAULT_PAGE_SIZE_LIMITS.recordPage);
    const raised = await tours([{ id: 'cjk', description: `<p>${CJK}</p>`, include: `<p>${CJK}</p>` }], {
      pageBytes: recordPageLimit({ VERIFY_MAX_PAGE_BYTES: '2MB' }),
    });
    expect(raised.entries).toHaveLength(1);
  });

  it('estimates conservatively: text in UTF-8 bytes with its escapes, the FAQ twice, the title per copy, each image', () => {
    const base = { id: '1', title: 'T' };
    const chrome = estimatedPageBytes(base);
    expect(chrome).toBeGreaterThanOrEqual(PAGE_WEIGHT.chromeBytes);
    expect(estimatedPageBytes({ ...base, descriptionHtml: '旅'.repeat(1000) }) - chrome).toBe(3000);
    expect(estimatedPageBytes({ ...base, descriptionHtml: '&'.repeat(1000) }) - chrome).toBe(5000);
    expect(estimatedPageBytes({ ...base, faq: [{ question: 'a'.repeat(500), answerHtml: 'b'.repeat(500) }] }) - chrome).toBe(
      2000,
    );
    const gallery = Array.from({ length: 40 }, () => ({ large: '', thumb: '' }));
    // Each photo: its markup, and one more copy of the title in its alt text.
    expect(estimatedPageBytes({ ...base, gallery }) - chrome).toBe(40 * (PAGE_WEIGHT.imageBytes + 1));
  });

  it('agrees with the gate: what it keeps is under the limit, the page it dropped is one the gate refuses', () => {
    const page = (bytes: number) => ({ file: 'tour/cjk.html', bytes });
    const dropped = { id: 'cjk', title: 'Passeio', descriptionHtml: `<p>${CJK}</p>`, includeHtml: `<p>${CJK}</p>` };
    // The page the gate once measured for such a record: 1.23 MB.
    expect(estimatedPageBytes(dropped)).toBeGreaterThan(1_230_000);
    expect(checkPageSizes([page(1_230_000)], DEFAULT_PAGE_SIZE_LIMITS)).toHaveLength(1);
  });
});

describe('the gate’s secret forms, shared (secretsIn)', () => {
  const base64 = Buffer.from(TOKEN).toString('base64');
  const FOUND: [string, string][] = [
    ['as it is', `Chave: ${TOKEN}.`],
    ['split by a space', `Chave: ${TOKEN.slice(0, 12)} ${TOKEN.slice(12)}`],
    ['split by a line break', `Chave: ${TOKEN.slice(0, 8)}\n${TOKEN.slice(8)}`],
    ['split by a tab and spaces', `${TOKEN.slice(0, 4)}\t  ${TOKEN.slice(4)}`],
    ['split by markup', `<p>${TOKEN.slice(0, 10)}<span>${TOKEN.slice(10)}</span></p>`],
    ['split by a zero-width space', `${TOKEN.slice(0, 10)}\u200b${TOKEN.slice(10)}`],
    ['written with character references', `${TOKEN.slice(0, 3)}&#${TOKEN.charCodeAt(3)};${TOKEN.slice(4)}`],
    ['in an attribute', `<a href="https://x.example/?k=${TOKEN}">link</a>`],
    ['base64-encoded', `Chave: ${base64}`],
    ['base64url-encoded', Buffer.from(TOKEN).toString('base64url')],
    ['base64-encoded inside a longer value', Buffer.from(`Authorization: Bearer ${TOKEN}`).toString('base64')],
    ['URL-encoded', encodeURIComponent(`${TOKEN}?`).replace(/-/g, '%2D')],
    ['in capitals', TOKEN.toUpperCase()],
  ];

  /**
   * Forms the sync finds although the gate would not refuse a page for them (a decoder or a browser
   * reads them back): dropping such a record costs one record, never the site.
   */
  const BEYOND_THE_GATE = ['in capitals', 'base64-encoded inside a longer value', 'URL-encoded'];

  it.each(FOUND)('finds the token %s', (_form, text) => {
    expect(secretsIn(text, SECRETS).map((found) => found.secret.name)).toEqual(['PROVIDER_API_TOKEN']);
  });

  it.each([
    ['an ordinary text', '<p>Trilha de 6 km com guia credenciado.</p>'],
    ['half of the token', TOKEN.slice(0, 13)],
    ['the token with a character changed', TOKEN.replace('5ecr3t', '5ecr4t')],
    ['base64 of another value', Buffer.from('outra coisa qualquer').toString('base64')],
  ])('finds nothing in %s', (_what, text) => {
    expect(secretsIn(text, SECRETS)).toEqual([]);
  });

  it('finds nothing without secrets to look for', () => {
    expect(secretsIn(TOKEN, [])).toEqual([]);
  });

  it('finds what the gate refuses a page for: the split forms in its text, the encoded ones in its bytes', async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'gate-secrets-'));
    try {
      for (const [form, text] of FOUND.filter(([name]) => !BEYOND_THE_GATE.includes(name))) {
        const html = `<!doctype html><html><body><p>${text}</p></body></html>`;
        await writeFile(path.join(dist, 'page.html'), html);
        const refused = [
          ...checkPageText('page.html', scanPage(html), fingerprintSecrets(SECRETS)),
          ...(await checkSecrets(dist, ['page.html'], fingerprintSecrets(SECRETS))),
        ];
        expect(refused.length, form).toBeGreaterThan(0);
        expect(secretsIn(text, SECRETS), form).not.toEqual([]);
      }
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });
});

describe('a record that carries a secret', () => {
  it.each([
    ['split by a space', `${TOKEN.slice(0, 12)} ${TOKEN.slice(12)}`, 'as a reader reads it'],
    ['split by a line break', `${TOKEN.slice(0, 8)}\n${TOKEN.slice(8)}`, 'as a reader reads it'],
    ['base64-encoded', Buffer.from(TOKEN).toString('base64'), 'base64-encoded'],
    ['as it is', TOKEN, 'as it is'],
  ])('is dropped when its description holds the token %s, and its reason never shows it', async (_form, text, form) => {
    const { entries, dropped } = await tours([
      { id: 'leak', description: `<p>Chave de acesso: ${text}</p>` },
      { id: 'ok', description: '<p>Sem chave.</p>' },
    ]);
    expect(entries.map((entry) => entry.id)).toEqual(['ok']);
    expect(dropped).toEqual([
      {
        id: 'leak',
        name: 'Passeio leak',
        reason: expect.stringMatching(new RegExp(`^carries a secret of the sync \\(PROVIDER_API_TOKEN, ${form}`)),
        problem: 'secret',
      },
    ]);
    expect(JSON.stringify(dropped)).not.toContain(TOKEN);
  });

  it('is dropped when the token is split across two fields the page shows side by side', async () => {
    const { entries, dropped } = await tours([
      { id: 'halves', title: `Passeio ${TOKEN.slice(0, 12)}`, description: `<p>${TOKEN.slice(12)} e mais</p>` },
    ]);
    expect(entries).toEqual([]);
    expect(dropped[0]?.problem).toBe('secret');
  });

  it('is kept when the sync has no secret to look for (the sample data, no token set)', async () => {
    const { entries } = await tours([{ id: 'leak', description: `<p>${TOKEN}</p>` }], { secrets: [] });
    expect(entries).toHaveLength(1);
  });
});
