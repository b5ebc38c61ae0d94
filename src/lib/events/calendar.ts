/**
 * An event in the visitor's own calendar ('Adicionar à agenda', docs/product.md): the days or the
 * moments a calendar entry takes (calendarSpan), the `.ics` file of RFC 5545 that the build writes for
 * each dated event (eventIcs, src/pages/event/[id].ics.ts) and the Google Calendar link
 * (googleCalendarUrl), both made from the one span so the file and the link never disagree. Build
 * time only: the pages carry the links, and nothing of this module reaches the browser.
 */
import { createEvent, type DateArray, type EventAttributes } from 'ics';
import { TIME_ZONE, wallClock } from '../format.ts';
import { itemPath } from '../paths.ts';
import type { Item } from '../schemas/index.ts';
import { cutAtWord, plainText } from '../text.ts';

/** What a calendar entry reads of an event. */
type CalendarEvent = Pick<Item, 'id' | 'title' | 'startDate' | 'endDate' | 'location' | 'descriptionHtml'>;

/**
 * The time an event takes in a calendar:
 * - a day-only event is all-day, from its first day to the day after its last (calendars read the end
 *   of a day-only entry as exclusive: RFC 5545's DTEND, Google's `dates`);
 * - a timed one runs between two instants; without an end it ends when it starts (no hour is
 *   invented), and a timed start with a day-only end runs to the end of that day in the city.
 */
type CalendarSpan = { isAllDay: true; firstDay: string; dayAfter: string } | { isAllDay: false; start: number; end: number };

/**
 * The most a calendar entry says of each text. A title and a place are shorter on every page; the
 * description is the page's, as plain text, whole when it is short. Long enough for them, short
 * enough that a record cannot make the link longer than a browser or Google takes.
 */
export const CALENDAR_CHARS = { title: 200, location: 200, description: 500 } as const;

/** What a calendar entry says of an event, the same in its `.ics` file and its Google Calendar link. */
interface CalendarTexts {
  title: string;
  /** Null when the data gives no place. */
  location: string | null;
  /** Null when the data gives no description. */
  description: string | null;
}

/**
 * The texts of an event as a calendar shows them: plain text (plainText: entities decoded, then
 * markup removed, so a record's `&lt;a href="https://…"&gt;Compre aqui&lt;/a&gt;` is 'Compre aqui' and
 * never a link in the visitor's calendar, which renders a description's HTML), then cut to
 * CALENDAR_CHARS at the end of a word with '…' (cutAtWord), so a cut never leaves half a tag nor
 * half a word. The description is the page's own (`descriptionHtml`), not the card's excerpt, which
 * the sync has already cut short.
 */
export function calendarTexts(event: Pick<CalendarEvent, 'title' | 'location' | 'descriptionHtml'>): CalendarTexts {
  const text = (value: string, max: number) => cutAtWord(plainText(value), max) || null;
  return {
    title: text(event.title, CALENDAR_CHARS.title) ?? '',
    location: text(event.location, CALENDAR_CHARS.location),
    description: text(event.descriptionHtml, CALENDAR_CHARS.description),
  };
}

/** Content-Type of an `.ics` file, as the endpoint sends it (the `_headers` rule is src/integrations/headers.ts's ICS_TYPE). */
export const ICS_TYPE = 'text/calendar; charset=utf-8';

/** The `.ics` file of an event, beside its page: `/event/401.ics`. */
export const icsPath = (id: string): string => `${itemPath('event', id)}.ics`;

/** The day after `day` ('2026-12-31' → '2027-01-01'), on the calendar alone (no time zone). */
export function dayAfter(day: string): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** The instant of a wall clock time of `zone`; its offset is taken again at the instant found (daylight saving). */
function instantOf(wall: string, zone: string): number {
  const asUtc = Date.parse(`${wall}Z`);
  const first = asUtc - wallClock(asUtc, zone).offset * 60_000;
  return asUtc - wallClock(first, zone).offset * 60_000;
}

/** The span of a dated event in a calendar (CalendarSpan); null for an event without a date. */
export function calendarSpan(event: Pick<Item, 'startDate' | 'endDate'>, timeZone: string = TIME_ZONE): CalendarSpan | null {
  const { startDate, endDate } = event;
  if (!startDate) return null;
  const lastDay = (endDate ?? startDate).slice(0, 10);
  // A day-only start is an all-day entry; a time given for the end alone does not make the first day timed.
  if (startDate.length === 10) return { isAllDay: true, firstDay: startDate, dayAfter: dayAfter(lastDay) };
  // The snapshot's times carry the city's offset (EventDateSchema): Date reads them as the instants they are.
  const start = Date.parse(startDate);
  if (!endDate) return { isAllDay: false, start, end: start };
  const end = endDate.length === 10 ? instantOf(`${dayAfter(endDate)}T00:00:00`, timeZone) : Date.parse(endDate);
  return { isAllDay: false, start, end };
}

const dayArray = (day: string): DateArray => day.split('-').map(Number) as DateArray;

/** The most octets a line of an `.ics` file holds, its line break aside: calendar apps may cut or refuse a longer one. */
const ICS_LINE_OCTETS = 75;

const utf8 = new TextEncoder();

/**
 * A content line folded as calendar apps read it: at most ICS_LINE_OCTETS octets of UTF-8 a line, each
 * continuation starting with one space (which counts in its line), and never inside a character, so
 * 'ç' or an emoji stays whole. Unfolding (a line break and the space after it removed) gives the line back.
 */
export function foldIcsLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8.encode(char).length;
    if (octets + size > ICS_LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join('\r\n');
}

/**
 * An `.ics` text with every line folded by octets (foldIcsLine). The `ics` library folds at 75
 * characters with a tab, which an accented line makes up to 150 octets: its folds are undone first (a
 * line break then a space or a tab, as calendar apps unfold; a text value holds no line break of its own,
 * the library writes it as `\n`), then each line is folded again.
 */
function foldIcs(text: string): string {
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .map((line) => (line === '' ? line : foldIcsLine(line)))
    .join('\r\n');
}

/** What the `.ics` file and the link need of the event's page. */
interface CalendarPage {
  /** The absolute URL of the event's page. */
  url: string;
  /** When the file was made (DTSTAMP): the build's time. */
  builtAt: Date;
}

/**
 * The `.ics` file of a dated event (iCalendar, written by the `ics` library: CRLF line ends; its lines
 * folded again at 75 octets, foldIcs): one VEVENT whose UID is the event's id at the site's host, the same in every build,
 * so a calendar that imports the file again updates its entry instead of adding a second one. An
 * all-day event's dates are VALUE=DATE (DTEND the day after the last); a timed one's are UTC instants,
 * which every calendar shows in its own time zone. SUMMARY, the page's URL, and LOCATION and
 * DESCRIPTION when the data gives them, each as calendarTexts writes it. Null for an event without a date.
 */
export function eventIcs(event: CalendarEvent, page: CalendarPage, timeZone: string = TIME_ZONE): string | null {
  const span = calendarSpan(event, timeZone);
  if (!span) return null;
  const host = new URL(page.url).host;
  const texts = calendarTexts(event);
  const dates: Pick<EventAttributes, 'start' | 'startInputType' | 'startOutputType' | 'endInputType' | 'endOutputType'> & {
    end: EventAttributes['start'];
  } = span.isAllDay
    ? { start: dayArray(span.firstDay), end: dayArray(span.dayAfter) }
    : {
        start: span.start,
        end: span.end,
        startInputType: 'utc',
        startOutputType: 'utc',
        endInputType: 'utc',
        endOutputType: 'utc',
      };
  const attributes: EventAttributes & { timestamp: number } = {
    ...dates,
    productId: `-//${host}//Agenda de eventos//PT-BR`,
    uid: `event-${event.id}@${host}`,
    timestamp: page.builtAt.getTime(),
    title: texts.title,
    url: page.url,
    ...(texts.location ? { location: texts.location } : {}),
    ...(texts.description ? { description: texts.description } : {}),
  };
  const { error, value } = createEvent(attributes);
  if (error || !value)
    throw new Error(`The calendar file of event ${event.id} could not be made: ${error?.message ?? 'no text'}`);
  return foldIcs(value);
}

/** '2026-12-27' or '2026-12-27T19:00:00' as Google's `dates` write it: '20261227', '20261227T190000'. */
const compact = (value: string) => value.replace(/[-:]/g, '');

/**
 * The Google Calendar link of a dated event ('Adicionar à agenda'): `dates` with the same span as the
 * `.ics` file, an all-day event's as days with the day after the last, a timed one's as the city's
 * wall clock with `ctz` naming its time zone; the title, the description and the page's link as details, the
 * place when known, each as calendarTexts writes it. Null for an event without a date.
 */
export function googleCalendarUrl(event: CalendarEvent, pageUrl: string, timeZone: string = TIME_ZONE): string | null {
  const span = calendarSpan(event, timeZone);
  if (!span) return null;
  const dates = span.isAllDay
    ? `${compact(span.firstDay)}/${compact(span.dayAfter)}`
    : `${compact(wallClock(span.start, timeZone).wall)}/${compact(wallClock(span.end, timeZone).wall)}`;
  const texts = calendarTexts(event);
  const details = [texts.description, pageUrl].filter(Boolean).join('\n\n');
  const params: [string, string][] = [
    ['action', 'TEMPLATE'],
    ['text', texts.title],
    ['dates', dates],
    ['ctz', timeZone],
    ['details', details],
    ...(texts.location ? [['location', texts.location] as [string, string]] : []),
  ];
  // A slash needs no escape in a query ('America/Cuiaba', '20261227/20261228'): the link reads as its dates.
  const query = params.map(([name, value]) => `${name}=${encodeURIComponent(value).replace(/%2F/g, '/')}`).join('&');
  return `https://calendar.google.com/calendar/render?${query}`;
}
