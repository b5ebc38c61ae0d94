/**
 * Checks for single upstream values that pages turn into links or show as facts: addresses,
 * e-mails, phone numbers, dates, ids. Pure (no DOM, no zod), so the sanitiser, the normalisers
 * and the tests share them. Each returns the clean value or null (the page's fallback text).
 */
import { phoneParts } from '../../../src/lib/contact/phone.ts';
import { zoneOffset } from '../../../src/lib/time-zone.ts';

/** A value for a report line: quoted, control characters escaped, cut to 80 characters. */
export function quoted(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const cut = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);
  // A string is shown as a JSON string (quotes, escapes); anything else as its JSON.
  const shown = typeof value === 'string' ? JSON.stringify(cut(value)) : cut(JSON.stringify(value) ?? String(value));
  return shown.replace(
    /[\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const RELATIVE_REFERENCE = /^[^\s<>"'`\\^{|}\p{C}]+$/u;
const CLEAN_ABSOLUTE = /^https?:\/\/[^\s<>"'\\^`{|}\p{C}]+$/iu;

/**
 * `value` as an absolute http(s) URL: absolute as given, protocol-relative as https, relative
 * resolved against `base`; null for another scheme, credentials in the URL, or a relative URL
 * with no base.
 */
export function resolveHttpUrl(value: string, base: string | null | undefined): string | null {
  const text = value.trim();
  if (!text || text.length > 2048) return null;
  let url: URL | null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) url = URL.parse(text);
  else if (text.startsWith('//')) url = URL.parse(`https:${text}`);
  // A relative reference is a path, query or fragment: no spaces, quotes or markup ('<a href=…' is not one).
  else url = base && RELATIVE_REFERENCE.test(text) ? URL.parse(text, base) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !url.hostname) {
    return null;
  }
  // An absolute address already written cleanly is kept as written (no added '/'); any other is the parser's.
  return CLEAN_ABSOLUTE.test(text) ? text : url.href;
}

/**
 * A web address typed into a form (website, social, video, booking): http(s) only; 'www.pousada.com.br'
 * and '//cdn...' get https. Relative addresses mean nothing here and are refused.
 */
export function webUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const withScheme =
    /^[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:[/?#:]|$)/i.test(text) && !/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? `https://${text}` : text;
  return /^(?:https?:)?\/\//i.test(withScheme) ? resolveHttpUrl(withScheme, null) : null;
}

/**
 * An image address: absolute http(s), or relative to `base` (the upstream that named it). With no
 * base (the embedded sample data) a site-relative path is kept: the image cache reads it locally.
 */
export function imageUrl(value: unknown, base: string | null): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!base && text.startsWith('/') && !text.startsWith('//')) return RELATIVE_REFERENCE.test(text) ? text : null;
  return resolveHttpUrl(text, base);
}

const PLAIN_EMAIL =
  /^[A-Za-z0-9.!#$%'*+/=^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/**
 * A plain e-mail address (`nome@dominio.com.br`), or null: no query (`?bcc=`), no '&', no spaces or
 * line breaks, no second address, at most 254 characters. A leading `mailto:` is accepted.
 */
export function plainEmail(value: string | null | undefined): string | null {
  const text = (value ?? '').trim().replace(/^mailto:/i, '');
  return text.length <= 254 && !text.includes('&') && PLAIN_EMAIL.test(text) ? text : null;
}

/**
 * A phone number as the visitor reads it, or null: the first number of the field ('(65) 3361-1234 /
 * 99999-0000' gives the first) with 8 to 15 digits, only digits, spaces, '(', ')', '-', '.' and a
 * leading '+' left. An extension ('x 22', 'ramal 2', 'r. 2', 'ext. 2': phoneParts) is kept apart as
 * ' ramal 2', so its digits never join the number's (classifyPhone cuts it off again).
 */
export function plausiblePhone(value: string | null | undefined): string | null {
  // ', ramal 2' is the number's extension, not a second number.
  for (const part of (value ?? '').split(/[/;|]|,(?!\s*(?:ramal|ext|r\.|x\s*\d))|\s(?:ou|e|or)\s/i)) {
    const { number, extension } = phoneParts(part);
    const digits = number.replace(/\D/g, '');
    if (digits.length < 8 || digits.length > 15) continue;
    const shown = number
      .replace(/[^\d\s().-]/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[\s.)-]+|[\s.(-]+$/g, '');
    return `${/^\s*\+/.test(number) ? '+' : ''}${shown}${extension ? ` ramal ${extension}` : ''}`;
  }
  return null;
}

/** '2026-12-27', '2026-12-27T19:00', '2026-12-27 19:00:00.000', each with an optional zone ('Z', '-04:00', '-0400'). */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
/** Brazilian order, the day first ('27/12/2026', '27/12/2026 19:00', '27/12/2026 19h30'); never month first. */
const BRAZILIAN_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:,?\s+(?:às\s+)?(\d{1,2})(?::(\d{2})(?::(\d{2}))?|h(\d{2})?))?$/i;

/** A date as an upstream wrote it, before any time zone is applied. */
interface WrittenDate {
  /** 'YYYY-MM-DD'. */
  day: string;
  /** 'HH:MM:SS' when the upstream wrote a time of day, else null. */
  time: string | null;
  /** 'Z' or '±HH:MM' when it wrote a zone, else null. */
  offset: string | null;
}

const twoDigits = (value: string | number) => String(value).padStart(2, '0');

/**
 * A date in one of the shapes providers send (ISO 8601 with or without a time and a zone, or
 * Brazilian 'dd/mm/aaaa' with an optional time), or null when it is none of them or does not exist
 * on the calendar ('2026-02-30', '31/02/2026', '2026-13-01', '24:00', an offset beyond 14 hours).
 */
export function writtenDate(value: unknown): WrittenDate | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const iso = ISO_DATE.exec(text);
  const brazilian = iso ? null : BRAZILIAN_DATE.exec(text);
  let parts: (string | undefined)[];
  if (iso) parts = iso.slice(1);
  else if (brazilian) {
    const [, day, month, year, hour, minute, second, hourMinute] = brazilian;
    parts = [year, month, day, hour, minute ?? hourMinute ?? (hour ? '00' : undefined), second, undefined];
  } else return null;
  const [year = '', month = '', day = '', hour, minute, second = '00', zone] = parts;
  const [y, mo, d, h, mi, s] = [year, month, day, hour ?? '0', minute ?? '0', second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const daysInMonth = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth || h > 23 || mi > 59 || s > 59) return null;
  const offset = zone ? zone.toUpperCase().replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2') : null;
  if (offset && offset !== 'Z' && (Number(offset.slice(1, 3)) > 14 || Number(offset.slice(4)) > 59)) return null;
  return {
    day: `${year}-${twoDigits(mo)}-${twoDigits(d)}`,
    time: hour === undefined ? null : `${twoDigits(h)}:${twoDigits(mi)}:${twoDigits(s)}`,
    offset,
  };
}

/**
 * Minutes east of UTC of `zone` at `instant` (ms): a fixed offset ('Z', '-04:00') as written, a time
 * zone ('America/Cuiaba') as the pages read it on that day (src/lib/time-zone.ts zoneOffset).
 */
export function offsetMinutes(zone: string, instant: number): number {
  if (zone === 'Z') return 0;
  const fixed = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (!fixed) return zoneOffset(zone, instant);
  const minutes = Number(fixed[2]) * 60 + Number(fixed[3]);
  return fixed[1] === '-' ? -minutes : minutes;
}

/** The instant (ms) of a written date: in its own zone, else in `zone`; a date without a time at noon, the same day in every Brazilian zone. */
function instantOf(date: WrittenDate, zone: string): number {
  const wall = Date.parse(`${date.day}T${date.time ?? '12:00:00'}Z`);
  const given = date.offset ?? zone;
  // A zone's offset depends on the day (daylight saving): taken at the wall time, then again at the instant found.
  const first = wall - offsetMinutes(given, wall) * 60_000;
  return wall - offsetMinutes(given, first) * 60_000;
}

/** Dates after this are not real: the sync's clock plus a day (time zones). */
export const latestDate = (now: Date) => new Date(now.getTime() + 86_400_000);

/** The note for a date `calendarDate` refused. */
export const NOT_A_DATE = 'not a calendar date between 2000 and tomorrow';

/** The first date any upstream record may carry: nothing on the portal is older. */
const EARLIEST_DATE = '2000-01-01T00:00:00Z';

const isWithin = (instant: number, latest: Date) => instant >= Date.parse(EARLIEST_DATE) && instant <= latest.getTime();

/**
 * An ISO 8601 instant ('2026-11-19T04:00:00.000Z') from an upstream date (writtenDate's shapes), or
 * null when it is not one or falls outside [EARLIEST_DATE, `latest`]. A date without a zone is read
 * in `zone`: an offset ('Z' for WordPress's `date_gmt`) or the city's time zone (TIME_ZONE,
 * src/lib/format.ts), in which the pages show it, so its day and time read as written.
 */
export function calendarDate(value: unknown, options: { zone: string; latest: Date }): string | null {
  const date = writtenDate(value);
  if (!date) return null;
  const instant = instantOf(date, options.zone);
  return isWithin(instant, options.latest) ? new Date(instant).toISOString() : null;
}

/**
 * An event's date as the snapshot keeps it (Item.startDate): the day alone ('2026-12-27') when the
 * upstream gave no time of day, else the date and time in the city's `timeZone` with its offset
 * ('2026-12-27T19:00:00-04:00', from '2026-12-27T23:00:00Z' or '27/12/2026 19:00' alike); null when
 * it is not a date or falls outside [EARLIEST_DATE, `latest`]. Midnight is no time: systems that keep
 * a day as a date-time write it as 00:00 (often in UTC), and read as an instant it would move the
 * event to the day before in Brazil.
 */
export function eventDate(value: unknown, options: { timeZone: string; latest: Date }): string | null {
  const date = writtenDate(value);
  if (!date) return null;
  if (date.time === null || date.time === '00:00:00') {
    return isWithin(instantOf({ day: date.day, time: null, offset: null }, options.timeZone), options.latest) ? date.day : null;
  }
  const instant = instantOf(date, options.timeZone);
  if (!isWithin(instant, options.latest)) return null;
  const offset = offsetMinutes(options.timeZone, instant);
  const wall = new Date(instant + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  return `${wall}${sign}${twoDigits(Math.floor(Math.abs(offset) / 60))}:${twoDigits(Math.abs(offset) % 60)}`;
}
