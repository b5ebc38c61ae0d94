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
