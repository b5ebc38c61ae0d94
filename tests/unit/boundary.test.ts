/**
 * The data boundary, value by value and record by record: what each kind of hostile input that
 * real providers and WordPress sites send becomes (kept, repaired with a note, or dropped with a
 * reason). The same inputs go through the whole pipeline in tests/integration/bad-night.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { redactDeep, redactField } from '../../scripts/sync/log.ts';
import { boundHtmlDepth, boundRecord, cutHtml, LIMITS } from '../../scripts/sync/normalise/bounds.ts';
import { RawItemSchema, toItem } from '../../scripts/sync/normalise/item.ts';
import { normaliseRecords } from '../../scripts/sync/normalise/records.ts';
import {
  calendarDate,
  imageUrl,
  plainEmail,
  plausiblePhone,
  quoted,
  resolveHttpUrl,
  webUrl,
} from '../../scripts/sync/normalise/values.ts';
import { isRouteSafeId } from '../../src/lib/route-id.ts';
import { ItemSchema } from '../../src/lib/schemas/index.ts';
import { titled, untitledNotes } from '../support/record-context.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const PROVIDER = 'https://provider.example.org/api/v1';

describe('isRouteSafeId: one path segment a page can be built at', () => {
  it.each([
    ['101', true],
    ['tour-7_b', true],
    ['A'.repeat(64), true],
    ['-5', true],
    ['A'.repeat(65), false],
    ['', false],
    ['../x', false],
    ['a/b', false],
    ['a.b', false],
    ['x?y', false],
    ['x#y', false],
    ['com espaço', false],
    ['açaí', false],
    ['\u0000', false],
    ['index', false],
    ['Page', false],
  ])('%j → %s', (id, expected) => {
    expect(isRouteSafeId(id)).toBe(expected);
  });
});

describe('plainEmail: no extra recipients, no header injection', () => {
  it.each([
    ['contato@pousada.com.br', 'contato@pousada.com.br'],
    ['  Reservas+site@Hotel-Rio.com.br ', 'Reservas+site@Hotel-Rio.com.br'],
    ['mailto:a@b.com', 'a@b.com'],
    ['contato@x.com?bcc=someone@else.com', null],
    ['a@b.com&cc=c@d.com', null],
    ['a@b.com, c@d.com', null],
    ['a@b.com\nBcc: c@d.com', null],
    ['a b@c.com', null],
    ['sem-arroba.com', null],
    ['a@localhost', null],
    ['a@-x.com', null],
    [`${'a'.repeat(250)}@b.com`, null],
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(plainEmail(input)).toBe(expected);
  });
});

describe('plausiblePhone: digits a phone can dial', () => {
  it.each([
    ['(65) 99999-0000', '(65) 99999-0000'],
    ['+55 65 3361-1234', '+55 65 3361-1234'],
    ['Tel.: (65) 3361-1234', '(65) 3361-1234'],
    ['(65) 3361-1234 / 99999-0000', '(65) 3361-1234'],
    ['65 3361-1234 ou 65 99999-0000', '65 3361-1234'],
    ['0 21 65 99912-3456', '0 21 65 99912-3456'],
    // An extension is kept apart from the number's digits, never joined to them.
    ['(65) 3361-1234 x 22', '(65) 3361-1234 ramal 22'],
    ['(65) 3361-1234 ramal 2', '(65) 3361-1234 ramal 2'],
    ['(65) 3361-1234, ramal 2', '(65) 3361-1234 ramal 2'],
    ['(65) 3361-1234 r. 2', '(65) 3361-1234 ramal 2'],
    ['(65) 3361-1234 ext. 2', '(65) 3361-1234 ramal 2'],
    ['(65) 3361-1234, (65) 99999-0000', '(65) 3361-1234'],
    ['ramal 22', null],
    ['123', null],
    ['abc', null],
    ['1234567890123456', null],
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(plausiblePhone(input)).toBe(expected);
  });
});

describe('URLs', () => {
  it.each([
    ['https://www.pousada.com.br', 'https://www.pousada.com.br'],
    ['www.pousada.com.br', 'https://www.pousada.com.br'],
    ['pousada.com.br/reservas', 'https://pousada.com.br/reservas'],
    ['//cdn.example.org/v.mp4', 'https://cdn.example.org/v.mp4'],
    ['javascript:alert(1)', null],
    ['data:text/html,x', null],
    ['ftp://example.org/x', null],
    ['https://user:senha@example.org/', null],
    ['/relativo', null],
    ['pousada', null],
  ])('webUrl(%j) → %j', (input, expected) => {
    expect(webUrl(input)).toBe(expected);
  });

  it.each([
    ['/uploads/a.jpg', PROVIDER, 'https://provider.example.org/uploads/a.jpg'],
    ['uploads/a.jpg', PROVIDER, 'https://provider.example.org/api/uploads/a.jpg'],
    ['https://cdn.example.org/a.jpg', PROVIDER, 'https://cdn.example.org/a.jpg'],
    ['/sample-media/a.jpg', null, '/sample-media/a.jpg'],
    ['uploads/a.jpg', null, null],
    ['<img src=x>', PROVIDER, null],
    ['javascript:alert(1)', PROVIDER, null],
  ])('imageUrl(%j, %j) → %j', (input, base, expected) => {
    expect(imageUrl(input, base)).toBe(expected);
  });

  it('resolves a relative reference only against a base', () => {
    expect(resolveHttpUrl('leia-mais', 'https://blog.example.org/2026/11/post/')).toBe(
      'https://blog.example.org/2026/11/post/leia-mais',
    );
    expect(resolveHttpUrl('leia-mais', null)).toBeNull();
  });
});

describe('calendarDate: real dates between 2000 and tomorrow', () => {
  const read = (value: unknown, zone = 'Z') => calendarDate(value, { zone, latest: new Date(NOW.getTime() + 86_400_000) });
  it.each([
    ['2026-11-01T10:00:00', '2026-11-01T10:00:00.000Z'],
    ['2026-11-01 10:00:00', '2026-11-01T10:00:00.000Z'],
    ['2026-11-01T10:00:00-03:00', '2026-11-01T13:00:00.000Z'],
    ['2026-11-01', '2026-11-01T12:00:00.000Z'],
    ['2024-02-29', '2024-02-29T12:00:00.000Z'],
    ['2026-02-30', null],
    ['2025-02-29', null],
    ['2026-13-01', null],
    ['2026-11-01T24:00:00', null],
    ['9999-01-01T00:00:00', null],
    ['2026-11-30', null],
    ['1999-12-31', null],
    ['ontem', null],
    [20261101, null],
  ])('%j → %j', (input, expected) => {
    expect(read(input)).toBe(expected);
  });
});

describe('bounds before any parser', () => {
  it('cuts long strings and long lists, and leaves out what is nested too deep, noting each', () => {
    const notes: string[] = [];
    const deep = JSON.parse(`${'['.repeat(40)}1${']'.repeat(40)}`);
    const bounded = boundRecord(
      {
        id: 1,
        description: `<p>${'x'.repeat(5_000_000)}</p>`,
        gallery: Array.from({ length: 200_000 }, (_, index) => ({ large: `/p/${index}.jpg`, thumb: `/p/${index}.jpg` })),
        tags: Array(500).fill('tag'),
        deep,
      },
      (note) => notes.push(note),
    ) as { description: string; gallery: unknown[]; tags: unknown[] };
    expect(bounded.description.length).toBeLessThanOrEqual(LIMITS.stringChars);
    expect(bounded.gallery).toHaveLength(LIMITS.galleryPhotos);
    expect(bounded.tags).toHaveLength(LIMITS.listItems);
    expect(notes).toEqual([
      'description: 5,000,007 characters, cut to 200,000',
      'gallery: 200,000 entries, kept the first 40',
      'tags: 500 entries, kept the first 50',
      `deep${'[0]'.repeat(LIMITS.jsonDepth - 1)}: nested deeper than ${LIMITS.jsonDepth} levels, left out`,
    ]);
  });

  it('keeps a "__proto__" key a plain key', () => {
    const bounded = boundRecord(JSON.parse('{"__proto__": {"polluted": true}, "id": 1}'), () => {}) as object;
    expect(Object.getPrototypeOf(bounded)).toBe(Object.prototype);
    expect(Object.hasOwn(bounded, '__proto__')).toBe(true);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it.each([
    ['nested divs', `${'<div>'.repeat(5000)}x${'</div>'.repeat(5000)}`, 5000],
    ['unclosed paragraphs (closed by the parser)', '<p>a'.repeat(5000), 1],
    ['unclosed list items', `<ul>${'<li>a'.repeat(5000)}</ul>`, 2],
    ['markup inside a script is text', `<script>${'<div>'.repeat(100)}</script><b>x</b>`, 1],
    ['stray close tags', `${'</div>'.repeat(1000)}<i>x</i>`, 1],
    ['unterminated quotes', '<a "'.repeat(20_000), 0],
  ])('measures the depth of %s linearly', (_name, html, depth) => {
    expect(boundHtmlDepth(html).depth).toBe(depth);
  });

  it('removes the tags below the limit and keeps their text', () => {
    const { html } = boundHtmlDepth(`${'<i>'.repeat(10)}texto${'</i>'.repeat(10)}`, 3);
    expect(html).toBe('<i><i><i>texto</i></i></i>');
  });

  it('cuts HTML before a tag, not inside one', () => {
    expect(cutHtml('<p>abc</p><p>def</p>', 12)).toBe('<p>abc</p>');
    expect(cutHtml('abcdef', 3)).toBe('abc');
  });
});

describe('hostile records, one by one', () => {
  const normalise = (record: Record<string, unknown>) =>
    normaliseRecords([titled(record)], RawItemSchema, (raw, context) => toItem(raw, 'tour', context), ItemSchema, {
      baseUrl: PROVIDER,
      now: NOW,
    }).then(untitledNotes);

  it.each([
    ['a slash in the id', { id: 'a/b' }, '"a/b"'],
    ['dots in the id', { id: '../../x' }, '"../../x"'],
    ['a query in the id', { id: 'x?y=1' }, '"x?y=1"'],
    ['a fragment in the id', { id: 'x#y' }, '"x#y"'],
    ['a space in the id', { id: 'com espaço' }, '"com espaço"'],
    ['a very long id', { id: 'a'.repeat(300) }, `"${'a'.repeat(80)}…"`],
    ['a control character in the id', { id: 'x\u0000y' }, '"x\\u0000y"'],
    ['a bidi override in the id', { id: 'x\u202ey' }, '"x\\u202ey"'],
    ['a fractional id', { id: 1.5 }, '1.5'],
    ['a reserved id', { id: 'index' }, '"index"'],
  ])('%s: dropped, the id shown escaped', async (_name, record, shown) => {
    const { entries, dropped } = await normalise(record);
    expect(entries).toEqual([]);
    expect(dropped).toEqual([
      { id: shown, reason: expect.stringMatching(/^id: not a page address/), field: 'id', problem: 'invalid' },
    ]);
  });

  it('drops a record whose page would be too large, keeps one that was only cut', async () => {
    const huge = `<p>${'a&'.repeat(90_000)}</p>`;
    const tooLarge = await normalise({ id: 1, description: huge, how_it_works: huge, include: huge });
    expect(tooLarge.dropped[0]?.reason).toMatch(
      /^too large for one page \(about \d[\d,]* bytes, over the gate's limit of 1,000,000 for the page of one record\)$/,
    );
    expect(tooLarge.dropped[0]?.problem).toBe('too-large');
    const cut = await normalise({ id: 2, description: `<p>${'palavra '.repeat(700_000)}</p>` });
    expect(cut.entries).toHaveLength(1);
    expect(cut.repaired).toEqual([
      { id: '2', reason: 'description: 5,600,007 characters, cut to 200,000', field: 'description', problem: 'text-cut' },
    ]);
  });

  it('drops a record nothing can read without losing the others (a stack overflow is a reason)', async () => {
    const recursive = JSON.parse(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`) as Record<string, unknown>;
    const { entries, dropped, repaired } = await normaliseRecords(
      [
        { id: 1, title: 'Fundo', ...recursive },
        { id: 2, title: 'Bom' },
      ],
      RawItemSchema,
      (raw, context) => toItem(raw, 'tour', context),
      ItemSchema,
      { baseUrl: PROVIDER, now: NOW },
    );
    expect(entries.map((entry) => entry.id)).toEqual(['1', '2']);
    expect(dropped).toEqual([]);
    expect(repaired[0]?.reason).toMatch(/nested deeper than 12 levels, left out/);
  });

  it.each([
    ['an e-mail with a hidden copy', { email: 'contato@x.com?bcc=someone@else.com' }, 'email', 'not-email'],
    [
      'a provider e-mail with a line break',
      { provider: { name: 'P', email: 'a@b.com\nBcc: c@d.com' } },
      'provider.email',
      'not-email',
    ],
    ['a phone without digits', { phone: 'ligue já' }, 'phone', 'not-phone'],
    ['a negative price', { price: -5 }, 'price', 'not-price'],
    ['a negative price in text', { price: 'R$ -5,00' }, 'price', 'not-price'],
    ['an exponent price', { price: '1e309' }, 'price', 'not-price'],
    ['a price that is not finite (JSON 1e309)', { price: JSON.parse('1e309') }, 'price', 'not-price'],
    ['a rating of 11', { rating: 11 }, 'rating', 'out-of-range'],
    ['a negative rating', { rating: -1 }, 'rating', 'out-of-range'],
    ['no people', { people: 0 }, 'people', 'out-of-range'],
    ['a fractional people count', { people: 2.5 }, 'people', 'out-of-range'],
    ['a javascript: video', { video: 'javascript:alert(1)' }, 'video', 'not-url'],
    ['a data: website', { provider: { name: 'P', website: 'data:text/html,x' } }, 'provider.website', 'not-url'],
  ])('%s: left out (no fact the upstream did not give), with a note', async (_name, fields, label, problem) => {
    const { entries, repaired } = await normalise({ id: 7, ...fields });
    const item = entries[0] as Record<string, unknown> & { provider: Record<string, unknown> | null };
    const shown = label.startsWith('provider.') ? item.provider?.[label.slice('provider.'.length)] : item[label];
    expect(shown).toBe(null);
    expect(repaired).toEqual([
      {
        id: '7',
        reason: expect.stringMatching(new RegExp(`^${label.replace('.', '\\.')} `)),
        field: label,
        problem,
        value: expect.any(String),
      },
    ]);
  });

  it('takes the first phone of several and keeps the field', async () => {
    expect((await normalise({ id: 9, phone: '(65) 3361-1234 / (65) 99999-0000' })).entries[0]?.contactPhone).toBe(
      '(65) 3361-1234',
    );
  });
});

describe('secrets split by markup never reach the snapshot', () => {
  const secret = 'prov-token-5ecr3t-7f3a9c21';
  it.each([
    ['in plain text', `chave ${secret}`],
    ['split by a tag', 'chave prov-token-5ec<span>r3t-7f3a9c21</span>'],
    ['split by a comment', 'prov-token-<!-- x -->5ecr3t-7f3a9c21'],
    ['written with entities', 'prov-token-5ecr3t-7f3a9c&#50;1'],
    ['split by a zero-width space', 'prov-token-5ecr3t\u200b-7f3a9c21'],
    ['%-encoded', 'https://x.example/?k=prov-token-5ecr3t-7f3a9c%32%31'],
  ])('%s', (_name, value) => {
    const redacted = redactField(value, [secret]);
    expect(redacted).not.toContain(secret);
    expect(redacted).toContain('[redacted]');
    expect(redacted).not.toMatch(/[<>]/);
  });

  it('leaves a field without the secret as it is, and walks nested values', () => {
    expect(redactField('<p>Olá &amp; bem-vindo</p>', [secret])).toBe('<p>Olá &amp; bem-vindo</p>');
    expect(redactDeep({ a: [{ b: `x<b>${secret.slice(0, 9)}</b>${secret.slice(9)}` }] }, [secret])).toEqual({
      a: [{ b: 'x[redacted]' }],
    });
  });
});

describe('quoted: a value shown in a report line', () => {
  it.each([
    ['abc', '"abc"'],
    [42, '42'],
    [{ a: 1 }, '{"a":1}'],
    ['x\u202ey\u200b', '"x\\u202ey\\u200b"'],
    ['a'.repeat(100), `"${'a'.repeat(80)}…"`],
  ])('%j → %s', (value, shown) => {
    expect(quoted(value)).toBe(shown);
  });
});
