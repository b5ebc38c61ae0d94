/**
 * 'Adicionar à agenda' (src/lib/events/calendar.ts): the span an event takes in a calendar, its `.ics`
 * file read back as a calendar reads it (CRLF lines, folding undone, VALUE=DATE days, an exclusive
 * DTEND, a UID that stays from build to build) and its Google Calendar link, for a day, a timed event and
 * a multi-day event, and the content type the file is served with; both carry plain text, whatever
 * markup a record's texts hold, whole or as entities.
 */
import { describe, expect, it } from 'vitest';
import { ICS_TYPE as HEADER_ICS_TYPE, headerRules, headersForPath } from '../../src/integrations/headers.ts';
import {
  CALENDAR_CHARS,
  calendarSpan,
  calendarTexts,
  dayAfter,
  eventIcs,
  foldIcsLine,
  googleCalendarUrl,
  ICS_TYPE,
  icsPath,
} from '../../src/lib/events/calendar.ts';
import type { Item } from '../../src/lib/schemas/index.ts';
import { anItem } from '../fixtures/entries.ts';

const PAGE_URL = 'https://turismo.example.com.br/event/401';
const BUILT = new Date('2026-11-28T13:44:13Z');
const ZONE = 'America/Cuiaba';

const anEvent = (overrides: Partial<Item> = {}): Item =>
  anItem({
    id: '401',
    kind: 'event',
    title: 'Festival de Praia, Barra do Bugres',
    location: 'Praia do Julião; Orla do Rio Paraguai, Barra do Bugres – MT',
    descriptionHtml:
      '<p>O maior evento da temporada de seca em Mato Grosso: durante dez dias a Praia do Julião recebe shows.</p>',
    ...overrides,
  });

/** The three shapes an event takes: one day, an evening with its hours, ten days. */
const DAY = anEvent({ startDate: '2026-12-27', endDate: null });
const TIMED = anEvent({ startDate: '2026-12-27T19:00:00-04:00', endDate: '2026-12-27T23:00:00-04:00' });
const MULTI_DAY = anEvent({ startDate: '2027-07-16', endDate: '2027-07-25' });

/** The file as a calendar reads it: its physical lines, and its properties with folding undone (a line break and the space or tab after it). */
function readIcs(text: string) {
  const physical = text.split('\r\n');
  const unfolded = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
  const property = (name: string) => {
    const lines = unfolded.filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));
    return lines.length === 1 ? (lines[0] as string) : lines.length === 0 ? undefined : lines;
  };
  return { physical, unfolded, property };
}

const icsOf = (event: Item, builtAt: Date = BUILT) => eventIcs(event, { url: PAGE_URL, builtAt }, ZONE) ?? '';

describe('calendarSpan', () => {
  it.each([
    // A day alone: all-day, the end the day after.
    [DAY, { isAllDay: true, firstDay: '2026-12-27', dayAfter: '2026-12-28' }],
    [MULTI_DAY, { isAllDay: true, firstDay: '2027-07-16', dayAfter: '2027-07-26' }],
    // Across a year's end.
    [
      anEvent({ startDate: '2026-12-01', endDate: '2026-12-31' }),
      { isAllDay: true, firstDay: '2026-12-01', dayAfter: '2027-01-01' },
    ],
    // Timed: the instants the offsets give (19:00 at -04:00 is 23:00 UTC).
    [TIMED, { isAllDay: false, start: Date.UTC(2026, 11, 27, 23), end: Date.UTC(2026, 11, 28, 3) }],
    // No end given: it ends when it starts, no hour invented.
    [
      anEvent({ startDate: '2026-12-27T19:00:00-04:00' }),
      { isAllDay: false, start: Date.UTC(2026, 11, 27, 23), end: Date.UTC(2026, 11, 27, 23) },
    ],
    // A timed start and a day-only end: to the end of that day in the city (midnight after it, -04:00).
    [
      anEvent({ startDate: '2027-07-16T19:00:00-04:00', endDate: '2027-07-25' }),
      { isAllDay: false, start: Date.UTC(2027, 6, 16, 23), end: Date.UTC(2027, 6, 26, 4) },
    ],
    // A day-only start with a timed end: the days, the end's hour does not make the first day timed.
    [
      anEvent({ startDate: '2027-07-16', endDate: '2027-07-18T22:00:00-04:00' }),
      { isAllDay: true, firstDay: '2027-07-16', dayAfter: '2027-07-19' },
    ],
  ])('%#: spans %j', (event, span) => {
    expect(calendarSpan(event, ZONE)).toEqual(span);
  });

  it('takes the end of a day in the zone of the city on that day (daylight saving)', () => {
    // New York moves to -04:00 on 14 March 2027: the midnight after the 14th is 04:00 UTC, the one after the 13th 05:00.
    const spring = anEvent({ startDate: '2027-03-12T19:00:00-05:00', endDate: '2027-03-14' });
    expect(calendarSpan(spring, 'America/New_York')).toMatchObject({ end: Date.UTC(2027, 2, 15, 4) });
    const before = anEvent({ startDate: '2027-03-12T19:00:00-05:00', endDate: '2027-03-13' });
    expect(calendarSpan(before, 'America/New_York')).toMatchObject({ end: Date.UTC(2027, 2, 14, 5) });
  });

  it('has none for an event without a date', () => {
    expect(calendarSpan(anEvent(), ZONE)).toBeNull();
    expect(eventIcs(anEvent(), { url: PAGE_URL, builtAt: BUILT }, ZONE)).toBeNull();
    expect(googleCalendarUrl(anEvent(), PAGE_URL, ZONE)).toBeNull();
  });

  it.each([
    ['2026-02-28', '2026-03-01'],
    ['2028-02-28', '2028-02-29'],
    ['2026-12-31', '2027-01-01'],
  ])('the day after %s is %s', (day, next) => {
    expect(dayAfter(day)).toBe(next);
  });
});

describe('eventIcs', () => {
  it('writes one VEVENT in a VCALENDAR 2.0 with a PRODID, every line ended by CRLF', () => {
    const text = icsOf(MULTI_DAY);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const { unfolded, property } = readIcs(text);
    expect(unfolded[0]).toBe('BEGIN:VCALENDAR');
    expect(unfolded.at(-1)).toBe('END:VCALENDAR');
    expect(property('VERSION')).toBe('VERSION:2.0');
    expect(property('PRODID')).toBe('PRODID:-//turismo.example.com.br//Agenda de eventos//PT-BR');
    expect(unfolded.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(unfolded.filter((line) => line === 'END:VEVENT')).toHaveLength(1);
  });

  it.each([
    ['a day', DAY, 'DTSTART;VALUE=DATE:20261227', 'DTEND;VALUE=DATE:20261228'],
    ['a timed event', TIMED, 'DTSTART:20261227T230000Z', 'DTEND:20261228T030000Z'],
    ['a multi-day event', MULTI_DAY, 'DTSTART;VALUE=DATE:20270716', 'DTEND;VALUE=DATE:20270726'],
    [
      'a timed event without an end',
      anEvent({ startDate: '2026-12-27T19:00:00-04:00' }),
      'DTSTART:20261227T230000Z',
      'DTEND:20261227T230000Z',
    ],
  ])('dates %s: %s', (_, event, start, end) => {
    const { property } = readIcs(icsOf(event));
    expect(property('DTSTART')).toBe(start);
    // An all-day entry's DTEND is the day after its last (exclusive); a timed one's the instant it ends.
    expect(property('DTEND')).toBe(end);
    expect(property('DURATION')).toBeUndefined();
  });

  it('keeps the UID from build to build, and stamps the file with the build', () => {
    const first = readIcs(icsOf(MULTI_DAY, BUILT));
    const next = readIcs(icsOf(MULTI_DAY, new Date('2026-11-29T04:00:00Z')));
    expect(first.property('UID')).toBe('UID:event-401@turismo.example.com.br');
    expect(next.property('UID')).toBe(first.property('UID'));
    expect(first.property('DTSTAMP')).toBe('DTSTAMP:20261128T134413Z');
    expect(next.property('DTSTAMP')).toBe('DTSTAMP:20261129T040000Z');
    expect(readIcs(icsOf(anEvent({ id: '402', startDate: '2027-07-01' }))).property('UID')).toBe(
      'UID:event-402@turismo.example.com.br',
    );
  });

  it('says the name, the place, the page and the description, escaped as text values are', () => {
    const { property } = readIcs(icsOf(MULTI_DAY));
    expect(property('SUMMARY')).toBe('SUMMARY:Festival de Praia\\, Barra do Bugres');
    expect(property('LOCATION')).toBe('LOCATION:Praia do Julião\\; Orla do Rio Paraguai\\, Barra do Bugres – MT');
    expect(property('URL')).toBe(`URL:${PAGE_URL}`);
    expect(property('DESCRIPTION')).toBe(
      'DESCRIPTION:O maior evento da temporada de seca em Mato Grosso: durante dez dias a Praia do Julião recebe shows.',
    );
  });

  it('folds every line at 75 octets, never inside a character, each continuation starting with one space', () => {
    // Accented words make a line of 75 characters far longer than 75 octets.
    const description = `<p>${'Atração à beira-rio, ação e emoção: '.repeat(8)}</p>`;
    const text = icsOf(
      anEvent({
        startDate: '2027-07-16',
        descriptionHtml: description,
        location: 'Praça São João, à beira do Rio Paraguai, ao lado da Orla Municipal',
      }),
    );
    const { physical, property } = readIcs(text);
    expect(physical.filter((line) => line.startsWith(' ')).length).toBeGreaterThan(2);
    for (const line of physical) {
      expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
      expect(line, 'a line folded by the library (a tab) and not folded again').not.toMatch(/^\t/);
      expect(line).not.toContain('\uFFFD');
    }
    expect(property('DESCRIPTION')).toBe(`DESCRIPTION:${'Atração à beira-rio\\, ação e emoção: '.repeat(8).trim()}`);
    expect(property('LOCATION')).toBe('LOCATION:Praça São João\\, à beira do Rio Paraguai\\, ao lado da Orla Municipal');
  });

  it('leaves out the place and the description the data does not give', () => {
    const { property } = readIcs(icsOf(anEvent({ startDate: '2026-12-27', location: '', descriptionHtml: '' })));
    expect(property('LOCATION')).toBeUndefined();
    expect(property('DESCRIPTION')).toBeUndefined();
    expect(property('SUMMARY')).toBe('SUMMARY:Festival de Praia\\, Barra do Bugres');
  });

  it('is served from beside the page as UTF-8 text/calendar on hosts that read _headers', () => {
    expect(icsPath('401')).toBe('/event/401.ics');
    expect(ICS_TYPE).toBe(HEADER_ICS_TYPE);
    const rules = headerRules(['event/401.html', 'event/401.ics', 'dados/passeios.csv'], []);
    expect(headersForPath(rules, '/event/401.ics').get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(headersForPath(rules, '/event/401').has('content-type')).toBe(false);
    expect(headersForPath(rules, '/dados/passeios.csv').get('content-type')).toBe('text/csv; charset=utf-8');
  });
});

describe('googleCalendarUrl', () => {
  const paramsOf = (event: Item, zone = ZONE) => {
    const url = new URL(googleCalendarUrl(event, PAGE_URL, zone) ?? '');
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    return url.searchParams;
  };

  it.each([
    ['a day', DAY, '20261227/20261228'],
    ['a timed event', TIMED, '20261227T190000/20261227T230000'],
    ['a multi-day event', MULTI_DAY, '20270716/20270726'],
  ])('gives %s the dates of its .ics file: %s', (_, event, dates) => {
    const params = paramsOf(event);
    expect(params.get('action')).toBe('TEMPLATE');
    expect(params.get('dates')).toBe(dates);
    expect(params.get('ctz')).toBe('America/Cuiaba');
    expect(params.get('text')).toBe('Festival de Praia, Barra do Bugres');
    expect(params.get('location')).toBe('Praia do Julião; Orla do Rio Paraguai, Barra do Bugres – MT');
    expect(params.get('details')).toBe(
      `O maior evento da temporada de seca em Mato Grosso: durante dez dias a Praia do Julião recebe shows.\n\n${PAGE_URL}`,
    );
  });

  it("writes a timed event's hours on the clock of the time zone it names", () => {
    // 20:00 at -03:00 is 19:00 in Cuiabá; in São Paulo the same instant reads 20:00.
    const event = anEvent({ startDate: '2026-12-27T20:00:00-03:00', endDate: null });
    expect(paramsOf(event).get('dates')).toBe('20261227T190000/20261227T190000');
    const saoPaulo = paramsOf(event, 'America/Sao_Paulo');
    expect(saoPaulo.get('dates')).toBe('20261227T200000/20261227T200000');
    expect(saoPaulo.get('ctz')).toBe('America/Sao_Paulo');
  });

  it('names no place it does not know, and links the page when there is no description', () => {
    const params = paramsOf(anEvent({ startDate: '2026-12-27', location: '', descriptionHtml: '' }));
    expect(params.has('location')).toBe(false);
    expect(params.get('details')).toBe(PAGE_URL);
  });
});

describe('calendarTexts: plain text in the file and the link', () => {
  const LINK = '<a href="https://phish.example/pix">Compre aqui</a>';
  const ENCODED = '&lt;a href="https://phish.example/pix"&gt;Compre aqui&lt;/a&gt;';
  const HOSTILE = anEvent({
    startDate: '2027-07-16',
    title: 'Festa do Peixe <b>2027</b>',
    location: `Praia do Julião ${ENCODED}`,
    descriptionHtml: `Ingressos: ${ENCODED} &amp;lt;img src=x onerror=alert(1)&amp;gt;`,
  });

  it.each([
    ['as entities', ENCODED],
    ['as markup', LINK],
    ['encoded twice', ENCODED.replaceAll('&', '&amp;')],
  ])('decodes, then strips a link the upstream sent %s', (_, link) => {
    expect(calendarTexts(anEvent({ location: `Praia ${link}`, descriptionHtml: `Ingressos: ${link}` }))).toEqual({
      title: 'Festival de Praia, Barra do Bugres',
      location: 'Praia Compre aqui',
      description: 'Ingressos: Compre aqui',
    });
  });

  it('cuts after stripping, so a long text never keeps half a tag', () => {
    const long = anEvent({ descriptionHtml: `${'Festa '.repeat(90)}${LINK}`, location: `${LINK} ${'Orla '.repeat(60)}` });
    const texts = calendarTexts(long);
    expect(texts.description?.length).toBeLessThanOrEqual(CALENDAR_CHARS.description);
    expect(texts.description).toMatch(/…$/);
    expect(texts.location?.length).toBeLessThanOrEqual(CALENDAR_CHARS.location);
    expect(texts.location).toMatch(/^Compre aqui Orla/);
    for (const text of Object.values(texts)) expect(text).not.toMatch(/[<>]|phish|&[a-z]+;/);
  });

  it('cuts a long description at the end of a word, with an ellipsis, in the file and in the link', () => {
    const words = 'Traga protetor solar, chapéu e água; clique aqui e passe o dia na praia com a família. ';
    const event = anEvent({ startDate: '2027-07-16', descriptionHtml: `<p>${words.repeat(12)}</p>` });
    const { description } = calendarTexts(event);
    expect(description?.length).toBeLessThanOrEqual(CALENDAR_CHARS.description);
    expect(description).toMatch(/[^\s.,;:]…$/);
    // The words before the ellipsis are whole words of the text.
    const kept = (description ?? '').slice(0, -1);
    expect(words.repeat(12).startsWith(kept)).toBe(true);
    expect(/\s/.test(words.repeat(12).charAt(kept.length)) || /[.,;:]/.test(words.repeat(12).charAt(kept.length))).toBe(true);
    expect(new URL(googleCalendarUrl(event, PAGE_URL, ZONE) ?? '').searchParams.get('details')).toBe(
      `${description}\n\n${PAGE_URL}`,
    );
    const ics = readIcs(icsOf(event)).property('DESCRIPTION');
    expect(ics).toBe(`DESCRIPTION:${(description ?? '').replace(/[,;]/g, (char) => `\\${char}`)}`);
  });

  it('leaves out a place or a description that holds no text but markup', () => {
    expect(calendarTexts(anEvent({ location: '<br>', descriptionHtml: '&lt;p&gt;&lt;/p&gt;' }))).toMatchObject({
      location: null,
      description: null,
    });
  });

  it('gives the Google Calendar link no markup and no address but the page', () => {
    const params = new URL(googleCalendarUrl(HOSTILE, PAGE_URL, ZONE) ?? '').searchParams;
    expect(params.get('text')).toBe('Festa do Peixe 2027');
    expect(params.get('location')).toBe('Praia do Julião Compre aqui');
    expect(params.get('details')).toBe(`Ingressos: Compre aqui\n\n${PAGE_URL}`);
  });

  it('gives the .ics file the same texts', () => {
    const { property } = readIcs(icsOf(HOSTILE));
    expect(property('SUMMARY')).toBe('SUMMARY:Festa do Peixe 2027');
    expect(property('LOCATION')).toBe('LOCATION:Praia do Julião Compre aqui');
    expect(property('DESCRIPTION')).toBe('DESCRIPTION:Ingressos: Compre aqui');
    expect(icsOf(HOSTILE)).not.toMatch(/phish|<|&lt;/);
  });
});

describe.each([
  ['plain ASCII', `DESCRIPTION:${'a'.repeat(200)}`],
  ['two-octet letters', `LOCATION:${'ç'.repeat(120)}`],
  ['three-octet dashes, astral emoji', `SUMMARY:${'–🎉é'.repeat(40)}`],
  ['exactly 75 octets', `X:${'b'.repeat(73)}`],
])('foldIcsLine of %s', (_, line) => {
  const folded = foldIcsLine(line);
  it('keeps every physical line within 75 octets, continuations after one space', () => {
    const lines = folded.split('\r\n');
    for (const [index, physical] of lines.entries()) {
      expect(Buffer.byteLength(physical, 'utf8')).toBeLessThanOrEqual(75);
      if (index > 0) expect(physical).toMatch(/^ [^ ]/u);
    }
    if (Buffer.byteLength(line, 'utf8') <= 75) expect(folded).toBe(line);
  });
  it('gives the line back when unfolded, no character split', () => {
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    for (const physical of folded.split('\r\n'))
      expect(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(physical))).toBe(physical);
  });
});
