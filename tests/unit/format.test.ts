import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  discountPercent,
  escapeHtml,
  formatBRL,
  formatDate,
  formatDuration,
  formatMonthYear,
  formatNumber,
  formatRelativeDate,
  formatTime,
  parsePrice,
  readTimeMinutes,
  slugify,
  TIME_ZONE,
  truncate,
  truncateForms,
} from '../../src/lib/format.ts';

describe('parsePrice', () => {
  it.each([
    [150, 150],
    ['150', 150],
    ['150.00', 150],
    ['150,5', 150.5],
    ['R$ 1.234,56', 1234.56],
    ['R$ 1.500', 1500],
    ['R$ 89,90 por pessoa', 89.9],
    ['Consulte', null],
    ['', null],
    [null, null],
    [undefined, null],
    [-5, null],
    [Number.NaN, null],
    // In whole cents: an amount above zero that is no cent is no price ('R$ 0,00' would be a lie).
    [0, 0],
    [1e-7, null],
    [0.004, null],
    [0.005, 0.01],
    [99.999, 100],
    [89.904, 89.9],
    // A leading zero groups no thousands: '0.001' is no price, not R$ 1.
    ['0.001', null],
    [{ value: 1 }, null],
  ])('%j → %j', (input, expected) => {
    expect(parsePrice(input)).toBe(expected);
  });
});

describe('formatBRL', () => {
  it.each([
    [0, 'R$ 0'],
    [150, 'R$ 150,00'],
    [1234.5, 'R$ 1.234,50'],
  ])('%d → %s', (value, expected) => {
    expect(formatBRL(value)).toBe(expected);
  });
});

describe('discountPercent', () => {
  it.each([
    [200, 150, 25],
    [300, 199, 34],
    [150, 150, null],
    [150, 180, null],
    // Below 1 %, or the same price once in cents: no promotion ('R$ 100,00' against 'R$ 100,00', '-0%').
    [100, 99.999, null],
    [100, 99.6, null],
    [100, 99, 1],
    [null, 100, null],
    [100, null, null],
    [0, 0, null],
  ])('%j and %j → %j', (original, sale, expected) => {
    expect(discountPercent(original, sale)).toBe(expected);
  });
});

describe('truncate', () => {
  it('keeps short text as it is', () => {
    expect(truncate('Passeio curto', 120)).toBe('Passeio curto');
  });
  it('cuts long text at a word near the limit and adds ...', () => {
    const text = 'palavra '.repeat(30).trim();
    const cut = truncate(text, 120);
    expect(cut.endsWith('...')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(123);
    expect(cut).not.toMatch(/\s\.\.\.$/);
  });
  it('drops punctuation before the ...', () => {
    expect(truncate(`${'a'.repeat(110)} fim. Mais texto aqui`, 116)).toBe(`${'a'.repeat(110)} fim...`);
  });
  it('cuts inside a word when there is no space near the limit', () => {
    expect(truncate('a'.repeat(130), 120)).toBe(`${'a'.repeat(120)}...`);
  });
});

describe.each([
  { what: 'a text shorter than both', text: 'Passeio curto', short: 150, long: 240 },
  { what: 'a text cut short only', text: `${'palavra '.repeat(25)}fim.`, short: 150, long: 240 },
  { what: 'a text cut both ways', text: 'palavra '.repeat(60).trim(), short: 150, long: 240 },
  { what: 'a text with no space to cut at', text: 'a'.repeat(300), short: 150, long: 240 },
  { what: 'a text ending in dots', text: `${'b'.repeat(160)} e mais...`, short: 150, long: 240 },
])('truncateForms: $what', ({ text, short, long }) => {
  const { head, shortTail, longTail } = truncateForms(text, short, long);
  it('head + shortTail is the short cut, head + longTail the long one', () => {
    expect(head + shortTail).toBe(truncate(text, short));
    expect(head + longTail).toBe(truncate(text, long));
  });
  it('writes the shared start once', () => {
    expect(head.length).toBeGreaterThanOrEqual(Math.min(text.length, short) * 0.6);
  });
});

describe('truncateForms', () => {
  it('a text the short cut keeps whole has no ends', () => {
    expect(truncateForms('Passeio curto', 150, 240)).toEqual({ head: 'Passeio curto', shortTail: '', longTail: '' });
  });
  it('a text cut short only: the short form ends in ..., the long one in the rest of the text', () => {
    const text = `${'palavra '.repeat(25)}fim.`;
    const { shortTail, longTail } = truncateForms(text, 150, 240);
    expect(shortTail).toBe('...');
    expect(longTail.endsWith('fim.')).toBe(true);
  });
});

describe('readTimeMinutes', () => {
  it.each([
    ['', 1],
    ['uma palavra', 1],
    ['w '.repeat(200), 1],
    ['w '.repeat(201), 2],
    ['w '.repeat(1000), 5],
  ])('%#: %i words', (text, minutes) => {
    expect(readTimeMinutes(text)).toBe(minutes);
  });
});

describe('formatDuration', () => {
  it.each([
    [45_000, '45s'],
    [0, '0s'],
    [60_000, '1min'],
    [754_000, '12min 34s'],
    [3_600_000, '1h 00min'],
    [3_900_000, '1h 05min'],
  ])('%d ms → %s', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });
});

describe('dates in the site time zone (America/Cuiaba, UTC−4)', () => {
  it('formats dd/mm/aaaa on the local day', () => {
    expect(formatDate('2026-03-01T02:00:00Z')).toBe('28/02/2026');
    expect(formatDate('2026-03-01T12:00:00Z')).toBe('01/03/2026');
  });
  it('says so when the date is missing or invalid', () => {
    expect(formatDate(null)).toBe('Data não informada');
    expect(formatDate('ontem')).toBe('Data não informada');
  });
  it('gives short month and year for testimonials', () => {
    expect(formatMonthYear('2026-03-15T12:00:00Z')).toMatch(/^mar\.? de 2026$/);
  });

  const now = new Date('2026-11-21T15:00:00Z');
  it.each([
    ['2026-11-21T13:00:00Z', 'Hoje'],
    ['2026-11-20T20:00:00Z', 'Ontem'],
    ['2026-11-18T12:00:00Z', '3 dias atrás'],
    ['2026-11-14T12:00:00Z', '7 dias atrás'],
    ['2026-11-13T12:00:00Z', '1 semana atrás'],
    ['2026-11-01T12:00:00Z', '2 semanas atrás'],
    ['2026-10-22T12:00:00Z', '4 semanas atrás'],
    ['2026-10-01T12:00:00Z', '01/10/2026'],
    ['2026-12-01T12:00:00Z', '01/12/2026'],
  ])('%s → %s', (iso, expected) => {
    expect(formatRelativeDate(iso, now)).toBe(expected);
  });
  it('counts days in Brazil, not in UTC', () => {
    // 01:00 UTC on the 21st is still the 20th in Cuiabá, so it was yesterday there.
    expect(formatRelativeDate('2026-11-21T01:00:00Z', now)).toBe('Ontem');
  });
});

describe('slugify and escapeHtml', () => {
  it.each([
    ['Experiência de Pesca Esportiva', 'experiencia-de-pesca-esportiva'],
    ['  Cachoeira   do Salto! ', 'cachoeira-do-salto'],
    ['Açaí & Guaraná', 'acai-guarana'],
  ])('slugify(%j) → %j', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
  });
});

describe.each([
  [1234, 0, '1.234'],
  [9.25, 1, '9,3'],
  [9.2, 1, '9,2'],
  [0, 0, '0'],
])('formatNumber(%d, %i)', (value, digits, expected) => {
  it(`is ${expected}`, () => expect(formatNumber(value, digits)).toBe(expected));
});

describe.each([
  ['2026-11-10T22:05:00.000Z', '18:05'],
  ['2026-11-11T03:30:00.000Z', '23:30'],
  ['not a date', null],
])('formatTime(%j) in Cuiabá', (iso, expected) => {
  it(`is ${expected}`, () => expect(formatTime(iso, TIME_ZONE)).toBe(expected));
});

describe("the city's time zone", () => {
  /** format.ts as a fresh Node process loads it, with `env` as its environment. */
  const loaded = (env: Record<string, string>) =>
    promisify(execFile)(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const f = await import(${JSON.stringify(new URL('../../src/lib/format.ts', import.meta.url).href)});` +
          `console.log(f.TIME_ZONE, f.formatDate('2026-11-19T02:30:00Z'), f.cityDay(new Date('2026-11-19T02:30:00Z')));`,
      ],
      { env: { ...process.env, ...env } },
    ).then(({ stdout }) => stdout.trim());

  it('is CITY_TIME_ZONE: every date is shown in it', async () => {
    expect(await loaded({ CITY_TIME_ZONE: 'Asia/Tokyo' })).toBe('Asia/Tokyo 19/11/2026 2026-11-19');
  });
  it("is Barra do Bugres's when none is set", async () => {
    expect(await loaded({ CITY_TIME_ZONE: '' })).toBe('America/Cuiaba 18/11/2026 2026-11-18');
  });
});
