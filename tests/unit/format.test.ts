import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  classifyPhone,
  discountPercent,
  escapeHtml,
  formatBRL,
  formatDate,
  formatDuration,
  formatMonthYear,
  formatNumber,
  formatPhone,
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

describe.each([
  // One Brazilian mobile, however it is typed: WhatsApp goes to it, a call dials it from anywhere.
  ['+55 65 99912-3456', 'mobile', '+5565999123456', '(65) 99912-3456'],
  ['(65) 99912-3456', 'mobile', '+5565999123456', '(65) 99912-3456'],
  ['65999123456', 'mobile', '+5565999123456', '(65) 99912-3456'],
  ['065 99912-3456', 'mobile', '+5565999123456', '(65) 99912-3456'],
  // A trunk 0 and the carrier code 21: not Tunisia's +216.
  ['0 21 65 99912-3456', 'mobile', '+5565999123456', '(65) 99912-3456'],
  ['5565999123456', 'mobile', '+5565999123456', '(65) 99912-3456'],
  ['0055 65 99912 3456', 'mobile', '+5565999123456', '(65) 99912-3456'],
  ['+55 (065) 99912-3456', 'mobile', '+5565999123456', '(65) 99912-3456'],
  // Landlines: area code, then eight digits from 2 to 5; a carrier code (15) is not a country's.
  ['(65) 3223-1006', 'landline', '+556532231006', '(65) 3223-1006'],
  ['0 15 65 3361-1234', 'landline', '+556533611234', '(65) 3361-1234'],
  ['+55 (65) 3361-1234', 'landline', '+556533611234', '(65) 3361-1234'],
  ['0055 65 3361 1234', 'landline', '+556533611234', '(65) 3361-1234'],
  ['556533611234', 'landline', '+556533611234', '(65) 3361-1234'],
  // An extension is cut off, never dialled nor appended to the number (no '+55 65 3361-12342'); it is shown after it.
  ['(65) 3361-1234 x 22', 'landline', '+556533611234', '(65) 3361-1234 (ramal 22)'],
  ['(65) 3361-1234x22', 'landline', '+556533611234', '(65) 3361-1234 (ramal 22)'],
  ['(65) 3361-1234 ramal 2', 'landline', '+556533611234', '(65) 3361-1234 (ramal 2)'],
  ['(65) 3361-1234, ramal: 2', 'landline', '+556533611234', '(65) 3361-1234 (ramal 2)'],
  ['(65) 3361-1234 (ramal 2)', 'landline', '+556533611234', '(65) 3361-1234 (ramal 2)'],
  ['(65) 3361-1234 r. 2', 'landline', '+556533611234', '(65) 3361-1234 (ramal 2)'],
  ['(65) 3361-1234 ext. 2', 'landline', '+556533611234', '(65) 3361-1234 (ramal 2)'],
  ['(65) 3361-1234 Ramal 2', 'landline', '+556533611234', '(65) 3361-1234 (ramal 2)'],
  ['+55 65 3361-1234 #2', 'landline', '+556533611234', '(65) 3361-1234 (ramal 2)'],
  ['0 15 65 3361-1234 ramal 2', 'landline', '+556533611234', '(65) 3361-1234 (ramal 2)'],
  ['(65) 99912-3456 x 5', 'mobile', '+5565999123456', '(65) 99912-3456 (ramal 5)'],
  ['0800 123 4567 ramal 5', 'nonGeographic', '08001234567', '0800 123 4567 (ramal 5)'],
  ['+1 415 555 0100 x 3', 'foreign', '+14155550100', '+1 415 555 0100 x 3'],
  // Free and local-rate numbers dial in Brazil only, as their lines answer: a national link.
  ['0800 123 4567', 'nonGeographic', '08001234567', '0800 123 4567'],
  ['0300-789-1234', 'nonGeographic', '03007891234', '0300 789 1234'],
  // Public-service numbers (190 police, 192 ambulance, 193 fire brigade, 199 civil defence…): three digits, dialled as they are.
  ['190', 'emergency', '190', '190'],
  [' 192 ', 'emergency', '192', '192'],
  ['193', 'emergency', '193', '193'],
  ['199', 'emergency', '199', '199'],
  ['188', 'emergency', '188', '188'],
  // Three digits that are no such number, or one written with more: no link can dial them.
  ['195', null, null, '195'],
  ['1900', null, null, '1900'],
  ['+55 190', null, null, '+55 190'],
  ['(65) 190', null, null, '(65) 190'],
  // Another country's: a call, since we cannot tell a mobile; shown as given.
  ['+1 415 555 0100', 'foreign', '+14155550100', '+1 415 555 0100'],
  ['+351 912 345 678', 'foreign', '+351912345678', '+351 912 345 678'],
  ['00 351 912 345 678', 'foreign', '+351912345678', '00 351 912 345 678'],
  // No link can dial these from elsewhere: no area code, premium rate, an old eight-digit mobile, no area code 0x, garbage.
  ['3223-1006', null, null, '3223-1006'],
  ['99912-3456', null, null, '99912-3456'],
  ['0900 123 4567', null, null, '0900 123 4567'],
  ['(65) 9912-3456', null, null, '(65) 9912-3456'],
  ['(65) 8912-34567', null, null, '(65) 8912-34567'],
  ['(01) 3223-0000', null, null, '(01) 3223-0000'],
  ['+55 65 1234-5678', null, null, '+55 65 1234-5678'],
  ['+', null, null, '+'],
  ['ramal 2', null, null, 'ramal 2'],
  ['3361-1234 ramal 2', null, null, '3361-1234 ramal 2'],
  ['não tem', null, null, 'não tem'],
  ['', null, null, ''],
] as const)('the phone %j', (phone, kind, dial, shown) => {
  it(`is ${kind ?? 'not dialable'}${dial ? `, dialled as ${dial}` : ''}`, () =>
    expect(classifyPhone(phone)).toEqual(kind && dial ? { kind, dial } : null));
  it(`reads ${shown}`, () => expect(formatPhone(phone)).toBe(shown));
});

it('classifyPhone reads no phone as none', () => {
  expect(classifyPhone(null)).toBeNull();
  expect(classifyPhone(undefined)).toBeNull();
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
