/**
 * Pure formatting helpers shared by the sync, the pages and the islands (no Node-only imports).
 * Everything the visitor reads is Portuguese (pt-BR) and in reais.
 */

import { countLabel, fold, sliceWhole } from './text.ts';

/** Brazilian time zone used for every date shown (Mato Grosso has no daylight saving). */
export const TIME_ZONE = 'America/Cuiaba';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Above this a price is a typing error (or an exponent form), not a price. */
export const MAX_PRICE = 1_000_000;

/**
 * A price as a number of reais, from what providers send: 150, '150', '150.00', 'R$ 1.234,56',
 * 'R$ 89,90 por pessoa'. Null for anything without exactly one plain number in it: no digits
 * ('Sob consulta'), a negative ('-5'), an exponent ('1e309'), a range ('100 a 200'), a value that
 * is not finite or above MAX_PRICE.
 */
export function parsePrice(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 && value <= MAX_PRICE ? value : null;
  if (typeof value !== 'string') return null;
  const numbers = value.match(/[-\u2212]?\s*\d[\d.,]*(?:e[+-]?\d+)?/gi) ?? [];
  const token = numbers.length === 1 ? (numbers[0] as string) : null;
  if (!token || /^[-\u2212]|e/i.test(token)) return null;
  let digits = token.trim().replace(/[.,]+$/, '');
  if (digits.includes(',')) {
    // Brazilian notation: dots group thousands, the comma marks the cents.
    if (!/^\d{1,3}(?:\.\d{3})*,\d{1,2}$|^\d+,\d{1,2}$/.test(digits)) return null;
    digits = digits.replace(/\./g, '').replace(',', '.');
  } else if (/^\d{1,3}(\.\d{3})+$/.test(digits)) {
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

/** Rounded (original − sale) / original in percent, only when the sale price is lower. */
export function discountPercent(original: number | null, sale: number | null): number | null {
  if (original === null || sale === null || original <= 0 || sale >= original) return null;
  return Math.round(((original - sale) / original) * 100);
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
export interface TruncatedForms {
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

/** Calendar day number in the site's time zone, so 'Ontem' means yesterday there. */
function dayNumber(date: Date): number {
  const [year, month, day] = isoDay.format(date).split('-').map(Number);
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

/** Digits and plus only, as WhatsApp links need; null when no digit is left. */
export function phoneForWhatsApp(phone: string | null | undefined): string | null {
  const cleaned = (phone ?? '').replace(/[^\d+]/g, '');
  return /\d/.test(cleaned) ? cleaned : null;
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
 * The international number WhatsApp links need (wa.me takes digits only): '+55 65 9...' as is,
 * a Brazilian number written without the country code ('(65) 99210-3388', '065 ...') gets 55.
 */
export function whatsappNumber(phone: string | null | undefined): string | null {
  const cleaned = phoneForWhatsApp(phone);
  if (!cleaned) return null;
  if (cleaned.startsWith('+')) return cleaned.slice(1).replace(/\+/g, '');
  const national = cleaned.replace(/\+/g, '').replace(/^0+/, '');
  return national.length === 10 || national.length === 11 ? `55${national}` : national;
}

/**
 * A phone number in international form ('+556532230000'), which dials from anywhere: a number given
 * with its country code as is ('+55 65 …', '+1 …', '0055 …'); a Brazilian one written nationally with
 * its area code ('(65) 3223-0000', '065 99912-3456', '0 21 65 …' with a carrier code) gets +55. Null
 * for a number without an area code ('3223-0000') or a non-geographic one ('0800 …'): no link could
 * dial it from another state or country.
 */
export function internationalPhone(phone: string | null | undefined): string | null {
  const text = (phone ?? '').trim();
  const digits = text.replace(/\D/g, '');
  if (text.startsWith('+')) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  if (digits.startsWith('00')) return internationalPhone(`+${digits.slice(2)}`);
  if (/^55\d{10,11}$/.test(digits)) return `+${digits}`;
  let national = digits.replace(/^0/, '');
  // '0 21 65 99912-3456': a trunk 0, a two-digit carrier code, then the area code and number.
  if (digits.startsWith('0') && (national.length === 12 || national.length === 13)) national = national.slice(2);
  return /^[1-9][1-9]\d{8,9}$/.test(national) && !/^[1-9]00/.test(national) ? `+55${national}` : null;
}

/** A phone as Brazilians write it ('(65) 3223-0000', '(65) 99912-3456'); another country's, or one it cannot read, as given. */
export function formatPhone(phone: string): string {
  const international = internationalPhone(phone);
  const national = international?.startsWith('+55') ? international.slice(3) : null;
  if (!national) return phone;
  const [area, number] = [national.slice(0, 2), national.slice(2)];
  return `(${area}) ${number.slice(0, -4)}-${number.slice(-4)}`;
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
