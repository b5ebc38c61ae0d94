/**
 * Pure formatting helpers shared by the sync, the pages and the islands (no Node-only imports).
 * Everything the visitor reads is Portuguese (pt-BR) and in reais.
 */

import { countLabel, fold, sliceWhole } from './text.ts';
import { cityTimeZone, gmtOffsetMinutes } from './time-zone.ts';

/** Defined by the build in the browser's copy of this module (astro.config.mjs, vite.define): the build's CITY_TIME_ZONE. */
declare const __CITY_TIME_ZONE__: string | undefined;

/** Node's environment; none in a browser or the service worker, whose copies the build defines. */
const nodeEnv = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;

/**
 * The city's time zone (CITY_TIME_ZONE, src/lib/time-zone.ts), in which every date is read by the sync
 * and shown by the pages: from the environment in Node, as the build defined it in the browser.
 */
export const TIME_ZONE: string = typeof __CITY_TIME_ZONE__ === 'string' ? __CITY_TIME_ZONE__ : cityTimeZone(nodeEnv ?? {});

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Above this a price is a typing error (or an exponent form), not a price. */
const MAX_PRICE = 1_000_000;

/** An amount in whole cents, as it is charged and shown ('R$ 99,99'): 99.999 is R$ 100,00. */
export const inCents = (value: number) => Math.round(value * 100) / 100;

/**
 * A price as a number of reais, in whole cents, from what providers send: 150, '150', '150.00',
 * 'R$ 1.234,56', 'R$ 89,90 por pessoa', 99.999 (R$ 100,00). Null for anything without exactly one
 * plain number in it: no digits ('Sob consulta'), a negative ('-5'), an exponent ('1e309'), a range
 * ('100 a 200'), a value that is not finite or above MAX_PRICE, and an amount above zero that is no
 * whole cent (1e-7: no price, never 'R$ 0,00').
 */
export function parsePrice(value: unknown): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0 || value > MAX_PRICE) return null;
    const cents = inCents(value);
    return cents === 0 && value !== 0 ? null : cents;
  }
  if (typeof value !== 'string') return null;
  const numbers = value.match(/[-\u2212]?\s*\d[\d.,]*(?:e[+-]?\d+)?/gi) ?? [];
  const token = numbers.length === 1 ? (numbers[0] as string) : null;
  if (!token || /^[-\u2212]|e/i.test(token)) return null;
  let digits = token.trim().replace(/[.,]+$/, '');
  if (digits.includes(',')) {
    // Brazilian notation: dots group thousands, the comma marks the cents.
    if (!/^\d{1,3}(?:\.\d{3})*,\d{1,2}$|^\d+,\d{1,2}$/.test(digits)) return null;
    digits = digits.replace(/\./g, '').replace(',', '.');
  } else if (/^[1-9]\d{0,2}(\.\d{3})+$/.test(digits)) {
    digits = digits.replace(/\./g, '');
  } else if (!/^\d+(?:\.\d{1,2})?$/.test(digits)) {
    return null;
  }
  const parsed = Number.parseFloat(digits);
  return Number.isFinite(parsed) && parsed <= MAX_PRICE ? parsed : null;
}

/** 'R$ 1.234,56' (with a plain space). A price the upstream did not give is never formatted (src/lib/facts.ts). */
export function formatBRL(value: number): string {
  if (value === 0) return 'R$ 0';
  return brl.format(value).replace(/\s/g, ' ');
}

/**
 * Rounded (original − sale) / original in percent, only when the sale price is lower in whole cents
 * and by at least 1 %: a sale of 99.999 against 100 (both 'R$ 100,00', '-0%') is no promotion.
 */
export function discountPercent(original: number | null, sale: number | null): number | null {
  if (original === null || sale === null || original <= 0 || inCents(sale) >= inCents(original)) return null;
  const percent = Math.round(((original - sale) / original) * 100);
  return percent >= 1 ? percent : null;
}

/** The text cut to `max` characters plus '...' when longer, on a word boundary when one is near. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = sliceWhole(text, max);
  const lastSpace = cut.lastIndexOf(' ');
  // Trailing punctuation would read 'Paraguai....'.
  return `${(lastSpace > max * 0.7 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?…–-]+$/, '')}...`;
}

/** A text cut two ways (truncateForms): what both forms share, then each form's own end. */
interface TruncatedForms {
  /** The start both forms show. */
  head: string;
  /** What the short form adds: '...' when it is cut, else ''. */
  shortTail: string;
  /** What the long form adds: the words up to its own cut and its '...', or the rest of the text. */
  longTail: string;
}

/**
 * A text as truncate cuts it to `short` and to `long` characters, written once: `head + shortTail`
 * is `truncate(text, short)` and `head + longTail` is `truncate(text, long)`. A card that is drawn
 * small or large by a class (the portals' lead) carries both ends and shows one.
 */
export function truncateForms(text: string, short: number, long: number): TruncatedForms {
  const shortForm = truncate(text, short);
  const longForm = truncate(text, long);
  const head = shortForm.endsWith('...') && shortForm !== text ? shortForm.slice(0, -3) : shortForm;
  if (!longForm.startsWith(head)) return { head: '', shortTail: shortForm, longTail: longForm };
  return { head, shortTail: shortForm.slice(head.length), longTail: longForm.slice(head.length) };
}

/** Reading time in minutes: words divided by 200, rounded up, at least 1. */
export function readTimeMinutes(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 200));
}

/** '1h 05min', '12min 30s' or '45s' from milliseconds. */
export function formatDuration(ms: number): string {
  const totalSeconds = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return `${hours}h ${String(minutes).padStart(2, '0')}min`;
  if (minutes > 0) return seconds > 0 ? `${minutes}min ${seconds}s` : `${minutes}min`;
  return `${seconds}s`;
}

// Made once: building an Intl.DateTimeFormat costs far more than formatting with it, and the build
// formats dates on thousands of pages.
const dayMonthYear = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const monthYear = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, month: 'short', year: 'numeric' });
const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE });
const clockByZone = new Map<string, Intl.DateTimeFormat>();

/** A date as dd/mm/aaaa in the site's time zone; 'Data não informada' when invalid. */
export function formatDate(iso: string | null): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return 'Data não informada';
  return dayMonthYear.format(date);
}

/** Short month and year, e.g. 'mar. de 2026', for testimonials. */
export function formatMonthYear(iso: string | null): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return 'Data não informada';
  return monthYear.format(date);
}

const DAY_MS = 86_400_000;

const clocks = new Map<string, Intl.DateTimeFormat>();
/** The wall clock of `zone` at `instant` ('2026-12-27T19:00:00') and its offset east of UTC in minutes (src/lib/time-zone.ts zoneOffset's reading). */
export function wallClock(instant: number | Date, zone: string = TIME_ZONE): { wall: string; offset: number } {
  let clock = clocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    clocks.set(zone, clock);
  }
  const parts = Object.fromEntries(clock.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  const offset = gmtOffsetMinutes(parts.timeZoneName ?? '');
  return { wall: `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`, offset };
}

/** The calendar day ('2026-11-28') of a moment in the site's time zone: the city's today, not UTC's. */
export function cityDay(date: Date): string {
  return isoDay.format(date);
}

/** Calendar day number in the site's time zone, so 'Ontem' means yesterday there. */
function dayNumber(date: Date): number {
  const [year, month, day] = cityDay(date).split('-').map(Number);
  return Math.round(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) / DAY_MS);
}

/** 'Hoje', 'Ontem', 'N dias atrás' (up to 7), 'N semana(s) atrás' (up to 30), else dd/mm/aaaa. */
export function formatRelativeDate(iso: string | null, now: Date = new Date()): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return 'Data não informada';
  const days = dayNumber(now) - dayNumber(date);
  if (days < 0) return formatDate(iso);
  if (days === 0) return 'Hoje';
  if (days === 1) return 'Ontem';
  if (days <= 7) return `${days} dias atrás`;
  if (days <= 30) {
    const weeks = Math.floor(days / 7);
    return `${countLabel(weeks, 'semana', 'semanas')} atrás`;
  }
  return formatDate(iso);
}

/** A URL-safe slug: lower case, accents removed, words joined by hyphens. */
export function slugify(text: string): string {
  return fold(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Text safe to place inside HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * What kind of line a phone number is, as far as its digits tell (classifyPhone):
 * - 'mobile': a Brazilian mobile, area code then 9 and eight digits; the only kind WhatsApp links go to;
 * - 'landline': a Brazilian fixed line, area code then eight digits starting 2 to 5;
 * - 'nonGeographic': a Brazilian 0800 (free) or 0300 (local rate) number, which has no international form;
 * - 'foreign': another country's number, given with its country code; whether it is a mobile is not known;
 * - 'emergency': a Brazilian public-service number (EMERGENCY_NUMBERS: 190 police, 192 ambulance, 193 fire
 *   brigade, 199 civil defence…), three digits dialled as they are from any phone in Brazil: no area code, no
 *   international form, and no mobile.
 */
type PhoneKind = 'mobile' | 'landline' | 'nonGeographic' | 'foreign' | 'emergency';

/**
 * Brazil's three-digit public-service numbers (Anatel's 'serviços de utilidade pública'): 100 human
 * rights, 136 health, 153 municipal guard, 180 women's helpline, 181 crime reports, 188 CVV, 190
 * military police, 191 federal highway police, 192 SAMU, 193 fire brigade, 194 federal police, 197
 * civil police, 198 state highway police, 199 civil defence.
 */
export const EMERGENCY_NUMBERS: ReadonlySet<string> = new Set([
  '100',
  '136',
  '153',
  '180',
  '181',
  '188',
  '190',
  '191',
  '192',
  '193',
  '194',
  '197',
  '198',
  '199',
]);

/** A phone number classified (classifyPhone). */
interface ClassifiedPhone {
  kind: PhoneKind;
  /**
   * What a tel: link dials: the international form ('+5565999123456', '+14155550100'), which dials from
   * another state or country; a non-geographic number's national form ('08001234567'), which dials from
   * any phone in Brazil and, as the line itself, from nowhere else; a public-service number as it is ('190').
   */
  dial: string;
}

/** A Brazilian number written nationally (area code and number, digits only), classified; null when it is neither kind. */
function brazilian(national: string): ClassifiedPhone | null {
  const dial = `+55${national}`;
  // Area codes have no 0 (11 to 99); a mobile has a 9 after it, a fixed line 2 to 5 (docs/product.md, Formats).
  if (/^[1-9][1-9]9\d{8}$/.test(national)) return { kind: 'mobile', dial };
  if (/^[1-9][1-9][2-5]\d{7}$/.test(national)) return { kind: 'landline', dial };
  return null;
}

/**
 * An extension written after a number, as providers type it: 'x 22', 'x22', 'ramal 2', 'ramal: 2',
 * 'r. 2', 'ext. 2', 'extensão 2', '#2', '(ramal 2)', ', ramal 2'. A marker is a word of its own
 * ('Fixo 2' is not one), and the extension is at most six digits at the end of the text.
 */
const PHONE_EXTENSION = /[\s,;(–-]*(?:(?<!\p{L})(?:ramal|extens[aã]o|ext|r|x)(?!\p{L})\.?|#)\s*:?\s*(\d{1,6})\s*\)?\s*$/iu;

/**
 * A phone as written, split into the number and its extension ('(65) 3361-1234 ramal 2' →
 * '(65) 3361-1234' and '2'): the extension is never dialled, nor appended to the number's digits
 * (they would dial another line, or another country), and a call reaches the switchboard.
 */
export function phoneParts(phone: string): { number: string; extension: string | null } {
  // An extension is a short end: the pattern, anchored only at the end, reads the last characters
  // alone, so a field of 200,000 spaces costs no more than a short one.
  const start = Math.max(0, phone.length - 40);
  const match = PHONE_EXTENSION.exec(phone.slice(start));
  const number = match ? phone.slice(0, start + match.index) : phone;
  // A text that is only an extension ('ramal 2') is no number with one.
  if (!match || !/\d/.test(number)) return { number: phone, extension: null };
  return { number, extension: match[1] ?? null };
}

/**
 * A phone number as providers type it, classified: '+55 65 99912-3456', '(65) 99912-3456',
 * '065 99912-3456', '0 21 65 99912-3456' (a trunk 0 and a carrier code), '5565999123456' and
 * '0055 65 …' are the same Brazilian mobile; '(65) 3223-1006' a landline; '0800 123 4567' a
 * non-geographic number; '+1 415 555 0100' and '00 351 …' foreign; '190' or '193' a public-service
 * number (EMERGENCY_NUMBERS), written alone. An extension ('x 22', 'ramal 2',
 * phoneParts) is cut off: the number dials the switchboard. Null for what no link can dial from
 * elsewhere: a number without an area code ('3223-1006'), a Brazilian number of another shape (an
 * old eight-digit mobile, '0900' premium rate), or anything else. The one reading of a phone that
 * every link of the site is built from: tel: (telLink), WhatsApp (whatsappLink), the contact form's
 * hand-off, and the tel: links of upstream HTML (scripts/sync/normalise/html.ts).
 */
export function classifyPhone(phone: string | null | undefined): ClassifiedPhone | null {
  const text = phoneParts((phone ?? '').trim()).number.trim();
  const digits = text.replace(/\D/g, '');
  if (EMERGENCY_NUMBERS.has(text)) return { kind: 'emergency', dial: text };
  if (text.startsWith('+') || digits.startsWith('00')) {
    const international = text.startsWith('+') ? digits : digits.slice(2);
    // '+55 (065) …': a trunk 0 kept after the country code.
    if (international.startsWith('55')) return brazilian(international.slice(2).replace(/^0/, ''));
    return /^[1-9]\d{7,14}$/.test(international) ? { kind: 'foreign', dial: `+${international}` } : null;
  }
  if (/^0[38]00\d{6,7}$/.test(digits)) return { kind: 'nonGeographic', dial: digits };
  if (/^55\d{10,11}$/.test(digits)) return brazilian(digits.slice(2));
  let national = digits.replace(/^0/, '');
  // '0 21 65 99912-3456': a trunk 0, a two-digit carrier code, then the area code and number.
  if (digits.startsWith('0') && (national.length === 12 || national.length === 13)) national = national.slice(2);
  return brazilian(national);
}

/**
 * A phone as Brazilians write it ('(65) 3223-0000', '(65) 99912-3456', '0800 123 4567'), with its
 * extension after it ('(65) 3361-1234 (ramal 22)'); another country's, or one classifyPhone cannot
 * read, as given.
 */
export function formatPhone(phone: string): string {
  const number = classifyPhone(phone);
  if (!number || number.kind === 'foreign') return phone;
  if (number.kind === 'emergency') return number.dial;
  const { extension } = phoneParts(phone.trim());
  const withExtension = (shown: string) => (extension ? `${shown} (ramal ${extension})` : shown);
  if (number.kind === 'nonGeographic') {
    const rest = number.dial.slice(4);
    return withExtension(`${number.dial.slice(0, 4)} ${rest.slice(0, -4)} ${rest.slice(-4)}`);
  }
  const [area, line] = [number.dial.slice(3, 5), number.dial.slice(5)];
  return withExtension(`(${area}) ${line.slice(0, -4)}-${line.slice(-4)}`);
}

/** Numbers in Portuguese notation ('1.234', '9,2'). */
export function formatNumber(value: number, maximumFractionDigits = 0): string {
  return value.toLocaleString('pt-BR', { maximumFractionDigits });
}

/** 'HH:mm' in the site's time zone, or null for an invalid date. */
export function formatTime(iso: string, timeZone: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  let clock = clockByZone.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('pt-BR', { timeZone, hour: '2-digit', minute: '2-digit' });
    clockByZone.set(timeZone, clock);
  }
  return clock.format(date);
}
