/**
 * Every date field the sync accepts, in every shape providers and blogs send: a day ('2026-12-27'),
 * a date-time with an offset ('-04:00', '-0400') or 'Z', a date-time without a zone (the city's
 * clock), and the Brazilian 'dd/mm/aaaa' with or without a time; impossible dates refused. Events
 * keep a day as a day and a time in the city's clock (Item.startDate); news, testimonials and
 * episodes keep an instant that the pages show in the city's time zone (src/lib/format.ts).
 */
import { describe, expect, it } from 'vitest';
import { RawEpisodeSchema, toEpisode } from '../../scripts/sync/normalise/episode.ts';
import { RawItemSchema, toItem } from '../../scripts/sync/normalise/item.ts';
import { RawPostSchema, toNewsArticle } from '../../scripts/sync/normalise/news.ts';
import { RawFeedbackSchema, toTestimonial } from '../../scripts/sync/normalise/testimonial.ts';
import { calendarDate, eventDate, offsetMinutes, writtenDate } from '../../scripts/sync/normalise/values.ts';
import { formatDate, formatTime, TIME_ZONE, wallClock } from '../../src/lib/format.ts';
import { EventDateSchema, ItemSchema } from '../../src/lib/schemas/index.ts';
import { contextFor, NOW } from '../support/record-context.ts';

describe.each([
  ['2026-12-27', { day: '2026-12-27', time: null, offset: null }],
  ['2026-12-27T19:00:00-04:00', { day: '2026-12-27', time: '19:00:00', offset: '-04:00' }],
  ['2026-12-27T19:00:00-0400', { day: '2026-12-27', time: '19:00:00', offset: '-04:00' }],
  ['2026-12-27T23:00:00Z', { day: '2026-12-27', time: '23:00:00', offset: 'Z' }],
  ['2026-12-27T23:00:00.000Z', { day: '2026-12-27', time: '23:00:00', offset: 'Z' }],
  ['2026-12-27T23:00:00.123456+00:00', { day: '2026-12-27', time: '23:00:00', offset: '+00:00' }],
  ['2026-12-27T19:00', { day: '2026-12-27', time: '19:00:00', offset: null }],
  [' 2026-12-27 19:00:30 ', { day: '2026-12-27', time: '19:00:30', offset: null }],
  ['27/12/2026', { day: '2026-12-27', time: null, offset: null }],
  ['7/3/2027', { day: '2027-03-07', time: null, offset: null }],
  ['27/12/2026 19:00', { day: '2026-12-27', time: '19:00:00', offset: null }],
  ['27/12/2026 19:00:30', { day: '2026-12-27', time: '19:00:30', offset: null }],
  ['27/12/2026 19h', { day: '2026-12-27', time: '19:00:00', offset: null }],
  ['27/12/2026 às 19h30', { day: '2026-12-27', time: '19:30:00', offset: null }],
  ['29/02/2028', { day: '2028-02-29', time: null, offset: null }],
  // Impossible or not a date: day and month beyond the calendar, the American order, a two-digit year.
  ['31/02/2026', null],
  ['29/02/2027', null],
  ['12/27/2026', null],
  ['27/13/2026', null],
  ['27/12/26', null],
  ['27/12/2026 24:00', null],
  ['2026-02-30', null],
  ['2026-12-27T19:60:00', null],
  ['2026-12-27T19:00:00+15:00', null],
  ['amanhã', null],
  [20261227, null],
  [null, null],
])('writtenDate(%j)', (value, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => expect(writtenDate(value)).toEqual(expected));
});

/** Five years ahead of the test's clock, the events' horizon. */
const EVENT_LATEST = new Date(NOW.getTime() + 5 * 365 * 86_400_000);

describe.each([
  // A day stays a day: no hour is invented.
  ['2026-12-27', '2026-12-27'],
  ['27/12/2026', '2026-12-27'],
  // Midnight is how systems write a day: the day as written, even at midnight UTC (the 26th, 20h, in the city).
  ['2026-12-27T00:00:00Z', '2026-12-27'],
  ['2026-12-27 00:00:00', '2026-12-27'],
  // A time: in the city's clock, with its offset.
  ['2026-12-27T19:00:00-04:00', '2026-12-27T19:00:00-04:00'],
  ['2026-12-27T19:00:00-0400', '2026-12-27T19:00:00-04:00'],
  ['2026-12-27T20:00:00-03:00', '2026-12-27T19:00:00-04:00'],
  ['2026-12-27T23:00:00Z', '2026-12-27T19:00:00-04:00'],
  ['2026-12-27T23:00:00.000Z', '2026-12-27T19:00:00-04:00'],
  ['2026-12-28T02:30:00Z', '2026-12-27T22:30:00-04:00'],
  ['2026-12-27T19:00:00', '2026-12-27T19:00:00-04:00'],
  ['2026-12-27 19:00', '2026-12-27T19:00:00-04:00'],
  ['27/12/2026 19:00', '2026-12-27T19:00:00-04:00'],
  // Within five years ahead, and after 2000.
  ['2031-11-01T19:00:00-04:00', '2031-11-01T19:00:00-04:00'],
  ['2032-01-01', null],
  ['1999-12-31', null],
  ['31/02/2026', null],
])('eventDate(%j)', (value, expected) => {
  it(`is ${expected} in ${TIME_ZONE}`, () => {
    const date = eventDate(value, { timeZone: TIME_ZONE, latest: EVENT_LATEST });
    expect(date).toBe(expected);
    if (date) expect(EventDateSchema.parse(date)).toBe(date);
  });
});

describe('eventDate in another city', () => {
  it.each([
    ['America/Sao_Paulo', '2026-12-27T23:00:00Z', '2026-12-27T20:00:00-03:00'],
    ['America/Rio_Branco', '27/12/2026 19:00', '2026-12-27T19:00:00-05:00'],
    ['UTC', '2026-12-27T19:00:00-04:00', '2026-12-27T23:00:00+00:00'],
  ])('%s: %s is %s', (timeZone, value, expected) => expect(eventDate(value, { timeZone, latest: EVENT_LATEST })).toBe(expected));
});

describe.each([
  // zone, instant, minutes east of UTC
  ['America/Cuiaba', '2026-12-27T23:00:00Z', -240],
  // Daylight saving in São Paulo until 2019: −02:00 in the summer of 2018, −03:00 in its winter and today.
  ['America/Sao_Paulo', '2018-12-01T12:00:00Z', -120],
  ['America/Sao_Paulo', '2018-07-01T12:00:00Z', -180],
  ['America/Sao_Paulo', '2026-12-27T23:00:00Z', -180],
  ['America/New_York', '2026-01-15T12:00:00Z', -300],
  ['America/New_York', '2026-07-15T12:00:00Z', -240],
  ['America/Noronha', '2026-07-15T12:00:00Z', -120],
  ['Asia/Kolkata', '2026-07-15T12:00:00Z', 330],
  ['UTC', '2026-07-15T12:00:00Z', 0],
  // An abbreviation CITY_TIME_ZONE refuses (src/lib/config.ts), which the sync once read as UTC: both read it as Intl does.
  ['EST', '2026-07-15T12:00:00Z', -300],
])('the offset of %s at %s', (zone, at, minutes) => {
  const instant = Date.parse(at);
  it(`is ${minutes} minutes for the sync and for the pages alike`, () => {
    expect(offsetMinutes(zone, instant)).toBe(minutes);
    expect(wallClock(instant, zone).offset).toBe(minutes);
  });
  it('so an event the sync keeps at that instant reads, on a page, as the same wall clock', () => {
    const kept = eventDate(new Date(instant).toISOString(), { timeZone: zone, latest: new Date('2030-01-01') });
    const sign = minutes < 0 ? '-' : '+';
    const offset = `${sign}${String(Math.trunc(Math.abs(minutes) / 60)).padStart(2, '0')}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
    expect(kept).toBe(`${wallClock(instant, zone).wall}${offset}`);
  });
});

describe('calendarDate reads a date without a zone in the zone given: an offset or the city time zone', () => {
  const latest = new Date(NOW.getTime() + 86_400_000);
  it.each([
    ['2026-11-19T00:00:00', TIME_ZONE, '2026-11-19T04:00:00.000Z'],
    ['2026-11-19T00:00:00', 'America/Sao_Paulo', '2026-11-19T03:00:00.000Z'],
    ['2026-11-19T00:00:00', 'Z', '2026-11-19T00:00:00.000Z'],
    ['2026-11-19T00:00:00-03:00', TIME_ZONE, '2026-11-19T03:00:00.000Z'],
    ['19/11/2026', TIME_ZONE, '2026-11-19T16:00:00.000Z'],
    ['19/11/2026 08:30', 'Z', '2026-11-19T08:30:00.000Z'],
    // Daylight saving (São Paulo in 2018): the offset of that day, not today's.
    ['2018-12-01T12:00:00', 'America/Sao_Paulo', '2018-12-01T14:00:00.000Z'],
  ])('%s in %s is %s', (value, zone, expected) => expect(calendarDate(value, { zone, latest })).toBe(expected));
});

/** An event's dates as the sync keeps them, from a record with `fields`. */
const eventOf = (fields: Record<string, unknown>) => {
  const context = contextFor();
  const item = ItemSchema.parse(toItem(RawItemSchema.parse({ id: 1, title: 'Festa', ...fields }), 'event', context));
  return { startDate: item.startDate, endDate: item.endDate, notes: context.notes };
};

/** Each shape, and what an event keeps of it (null: left out, with a note). */
const EVENT_SHAPES = [
  ['2026-12-27', '2026-12-27'],
  ['2026-12-27T19:00:00-04:00', '2026-12-27T19:00:00-04:00'],
  ['2026-12-27T19:00:00-0400', '2026-12-27T19:00:00-04:00'],
  ['2026-12-27T23:00:00Z', '2026-12-27T19:00:00-04:00'],
  ['2026-12-27T19:00:00.000', '2026-12-27T19:00:00-04:00'],
  ['27/12/2026', '2026-12-27'],
  ['27/12/2026 19:00', '2026-12-27T19:00:00-04:00'],
  ['31/02/2026', null],
] as const;

describe.each(['start_date', 'starts_at', 'start', 'date'])("an event's start in `%s`", (field) => {
  it.each(EVENT_SHAPES)('%j → %j', (value, expected) => {
    const { startDate, notes } = eventOf({ [field]: value });
    expect(startDate).toBe(expected);
    expect(notes).toEqual(expected === null ? [expect.stringMatching(/^start_date "31\/02\/2026": not a calendar date/)] : []);
  });
});

describe.each(['end_date', 'ends_at', 'end'])("an event's end in `%s`", (field) => {
  it.each(EVENT_SHAPES)('after a start on 20/12/2026: %j → %j', (value, expected) => {
    expect(eventOf({ start_date: '2026-12-20', [field]: value }).endDate).toBe(expected);
  });
});

describe("an event's start and end together", () => {
  it.each([
    // The day in one field, its time in a later one: the time is kept.
    [{ start_date: '2026-12-27', starts_at: '2026-12-27T19:00:00-04:00' }, '2026-12-27T19:00:00-04:00', null],
    [{ start_date: '2026-12-27', date: '2026-12-27T19:00:00-04:00' }, '2026-12-27T19:00:00-04:00', null],
    // Another day in a later field is another date (a record's creation), not the event's time.
    [{ start_date: '2026-12-27', date: '2026-11-02T10:00:00-04:00' }, '2026-12-27', null],
    // An unreadable field before a good one is skipped.
    [{ start_date: '31/02/2026', starts_at: '2026-12-27T19:00:00-04:00' }, '2026-12-27T19:00:00-04:00', null],
    // An evening: the end on the same day and later is kept; one not after the start is not.
    [
      { starts_at: '2026-12-27T19:00:00-04:00', ends_at: '2026-12-27T23:00:00-04:00' },
      '2026-12-27T19:00:00-04:00',
      '2026-12-27T23:00:00-04:00',
    ],
    [{ starts_at: '2026-12-27T19:00:00-04:00', ends_at: '2026-12-27T18:00:00-04:00' }, '2026-12-27T19:00:00-04:00', null],
    [{ starts_at: '2026-12-27T19:00:00-04:00', ends_at: '2026-12-27' }, '2026-12-27T19:00:00-04:00', null],
    [{ start_date: '27/12/2026', end_date: '03/01/2027' }, '2026-12-27', '2027-01-03'],
  ])('%j starts %j and ends %j', (fields, startDate, endDate) => {
    expect(eventOf(fields)).toMatchObject({ startDate, endDate });
  });
});

/** Each shape of a date in the past, and the instant it is read as in the city (null: refused). */
const PAST_SHAPES = [
  ['2026-11-19', '2026-11-19T16:00:00.000Z'],
  ['2026-11-19T10:00:00-04:00', '2026-11-19T14:00:00.000Z'],
  ['2026-11-19T10:00:00-0400', '2026-11-19T14:00:00.000Z'],
  ['2026-11-19T11:00:00-03:00', '2026-11-19T14:00:00.000Z'],
  ['2026-11-19T14:00:00Z', '2026-11-19T14:00:00.000Z'],
  ['2026-11-19T14:00:00.000Z', '2026-11-19T14:00:00.000Z'],
  ['2026-11-19T10:00:00', '2026-11-19T14:00:00.000Z'],
  ['2026-11-19 10:00:00', '2026-11-19T14:00:00.000Z'],
  ['19/11/2026', '2026-11-19T16:00:00.000Z'],
  ['19/11/2026 10:00', '2026-11-19T14:00:00.000Z'],
  ['31/02/2026', null],
  ['11/19/2026', null],
  ['2026-12-27', null],
] as const;

const readers: [string, (value: string) => string | null][] = [
  [
    'a post’s `date` (no `date_gmt`)',
    (date) => {
      try {
        return toNewsArticle(RawPostSchema.parse({ id: 1, title: 'Notícia', status: 'publish', date }), contextFor()).publishedAt;
      } catch {
        return null;
      }
    },
  ],
  [
    'a feedback’s `created_at`',
    (created_at) => toTestimonial(RawFeedbackSchema.parse({ id: 1, description: 'Ótimo', created_at }), contextFor()).writtenDate,
  ],
  [
    'an episode’s `release_date`',
    (release_date) => toEpisode(RawEpisodeSchema.parse({ id: 'ep', release_date }), contextFor()).publishedAt,
  ],
];

describe.each(readers)('%s', (_field, read) => {
  it.each(PAST_SHAPES)('%j → %j', (value, expected) => expect(read(value)).toBe(expected));
});

// The sync's own CITY_TIME_ZONE (RecordContext.timeZone), as for events: a sync run with settings other than its
// process's (another city in one process) reads a date written without a zone in that city, not in this process's.
describe.each<[string, (value: string, context: ReturnType<typeof contextFor>) => string | null]>([
  [
    'a post’s `date`',
    (date, context) =>
      toNewsArticle(RawPostSchema.parse({ id: 1, title: 'Notícia', status: 'publish', date }), context).publishedAt,
  ],
  [
    'a feedback’s `created_at`',
    (created_at, context) =>
      toTestimonial(RawFeedbackSchema.parse({ id: 1, description: 'Ótimo', created_at }), context).writtenDate,
  ],
  [
    'an episode’s `release_date`',
    (release_date, context) => toEpisode(RawEpisodeSchema.parse({ id: 'ep', release_date }), context).publishedAt,
  ],
])('%s in a sync for another city', (_field, read) => {
  it('is read in that city’s time zone', () => {
    expect(read('19/11/2026 10:00', contextFor({ timeZone: 'America/Rio_Branco' }))).toBe('2026-11-19T15:00:00.000Z');
    expect(read('19/11/2026 10:00', contextFor({ timeZone: 'America/Noronha' }))).toBe('2026-11-19T12:00:00.000Z');
  });
});

describe('a post’s `date_gmt`: UTC, with or without its Z', () => {
  const publishedAt = (date_gmt: string) =>
    toNewsArticle(
      RawPostSchema.parse({ id: 1, title: 'Notícia', status: 'publish', date: '2026-11-01T00:00:00', date_gmt }),
      contextFor(),
    ).publishedAt;
  it.each([
    ['2026-11-19T03:00:00', '2026-11-19T03:00:00.000Z'],
    ['2026-11-19T03:00:00Z', '2026-11-19T03:00:00.000Z'],
    ['2026-11-19 03:00:00', '2026-11-19T03:00:00.000Z'],
    ['19/11/2026 03:00', '2026-11-19T03:00:00.000Z'],
    ['19/11/2026', '2026-11-19T12:00:00.000Z'],
    // WordPress's empty date of a draft, or an impossible one: the post's `date` instead.
    ['0000-00-00T00:00:00', '2026-11-01T04:00:00.000Z'],
    ['31/02/2026 03:00', '2026-11-01T04:00:00.000Z'],
  ])('%j → %j', (value, expected) => expect(publishedAt(value)).toBe(expected));
});

describe('a post’s day and time as the article shows them, in the city’s time', () => {
  const shown = (fields: Record<string, string>) => {
    const { publishedAt } = toNewsArticle(
      RawPostSchema.parse({ id: 1, title: 'Notícia', status: 'publish', ...fields }),
      contextFor(),
    );
    return `${formatDate(publishedAt)} às ${formatTime(publishedAt, TIME_ZONE)}`;
  };
  it.each([
    // The blog's own clock, as written, whatever zone the blog runs in.
    [{ date: '2026-11-19T00:00:00' }, '19/11/2026 às 00:00'],
    [{ date: '2026-11-18T23:30:00' }, '18/11/2026 às 23:30'],
    // UTC converted to Cuiabá's clock (UTC-4): 03:00 UTC is 23:00 of the day before there.
    [{ date: '2026-11-19T00:00:00', date_gmt: '2026-11-19T03:00:00' }, '18/11/2026 às 23:00'],
    [{ date: '2026-11-19T00:00:00', date_gmt: '2026-11-19T04:00:00' }, '19/11/2026 às 00:00'],
  ])('%j shows %s', (fields, expected) => expect(shown(fields)).toBe(expected));
});

describe('an episode’s day as the podcast shows it', () => {
  it.each([
    ['2026-03-05', '05/03/2026'],
    ['05/03/2026', '05/03/2026'],
    ['2025-08', '01/08/2025'],
  ])('%j → %s', (release_date, date) =>
    expect(toEpisode(RawEpisodeSchema.parse({ id: 'ep', release_date }), contextFor()).date).toBe(date),
  );
});
