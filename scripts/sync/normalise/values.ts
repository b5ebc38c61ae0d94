/**
 * Checks for single upstream values that pages turn into links or show as facts: addresses,
 * e-mails, phone numbers, dates, ids. Pure (no DOM, no zod), so the sanitiser, the normalisers
 * and the tests share them. Each returns the clean value or null (the page's fallback text).
 */

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
 * leading '+' left.
 */
export function plausiblePhone(value: string | null | undefined): string | null {
  for (const part of (value ?? '').split(/[/;,|]|\s(?:ou|e|or)\s/i)) {
    const digits = part.replace(/\D/g, '');
    if (digits.length < 8 || digits.length > 15) continue;
    const shown = part
      .replace(/[^\d\s().-]/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[\s.)-]+|[\s.(-]+$/g, '');
    return `${/^\s*\+/.test(part) ? '+' : ''}${shown}`;
  }
  return null;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/** Dates after this are not real: the sync's clock plus a day (time zones). */
export const latestDate = (now: Date) => new Date(now.getTime() + 86_400_000);

/** The note for a date `calendarDate` refused. */
export const NOT_A_DATE = 'not a calendar date between 2000 and tomorrow';

/** The first date any upstream record may carry: nothing on the portal is older. */
export const EARLIEST_DATE = '2000-01-01T00:00:00Z';

/**
 * An ISO 8601 date-time from an upstream date, or null when it does not exist on the calendar
 * ('2026-02-30', '2026-13-01', '24:00') or falls outside [EARLIEST_DATE, `latest`]. Dates without
 * a zone are read in `zone` (e.g. 'Z' for WordPress's `date_gmt`, '-04:00' for Mato Grosso).
 */
export function calendarDate(value: unknown, options: { zone: string; latest: Date }): string | null {
  if (typeof value !== 'string') return null;
  const match = DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [, year = '', month = '', day = '', hour = '12', minute = '00', second = '00', zone] = match;
  const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const daysInMonth = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth || h > 23 || mi > 59 || s > 59) return null;
  const offset = (zone ?? options.zone).toUpperCase();
  const iso = `${year}-${month}-${day}T${hour}:${minute}:${second}${offset === 'Z' ? 'Z' : offset.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')}`;
  const time = Date.parse(iso);
  if (Number.isNaN(time) || time < Date.parse(EARLIEST_DATE) || time > options.latest.getTime()) return null;
  return new Date(time).toISOString();
}
