/**
 * List filters (docs/product.md): the filter state, its URL form and the
 * matchers. Pure: no DOM, no store, so the list filters, the store and the tests share the same rules.
 *
 * The URL uses the names of the forms' fields (`q`, `promocao`, `experience`, `localidade`, `avaliacao`,
 * `duracao`/`noites`/`periodo`, `gratuito`, `preco_min`, `preco_max`, and the sort order `ordem`), so a form read
 * in the browser and a shared address share one URL shape. Lists are written as repeated keys (what a
 * GET form sends) and read both as repeated keys and as comma lists. The order the cards are sorted
 * in (src/lib/lists/sort.ts) is part of the same state, so it is shared, reloaded and stepped through
 * with the back button as the filters are.
 *
 * The matchers read a card's data attributes (cardDataAttributes writes them at build time,
 * itemFromDataset reads them back in the browser), so both sides of that contract live here, with
 * the options of the panels. It imports no per-kind table, so the list's islands (src/islands/List*.tsx) stay small.
 */

import type { DurationKind } from '../entities.ts';
import { displayPrice, isEventOver } from '../facts.ts';
import type { Item } from '../schemas/index.ts';
import { echoText, fold } from '../text.ts';

/** Rating options of every filter panel. */
export const RATING_OPTIONS = [4, 4.5, 5] as const;
/** Tour and provider duration buckets: label → hours. */
const DURATION_OPTIONS = [
  { label: 'Até 1h', value: 1 },
  { label: '1-2h', value: 2 },
  { label: '2-4h', value: 4 },
  { label: '4h+', value: 5 },
] as const;
/** Accommodation durations in nights. */
const NIGHT_OPTIONS = [
  { label: '1 noite', value: 1 },
  { label: '2 noites', value: 2 },
  { label: '3+ noites', value: 3 },
] as const;
/** Event lengths in days (events last days and nights, not hours): value → up to that many days; 4 is four or more. */
const DAY_OPTIONS = [
  { label: '1 dia', value: 1 },
  { label: '2 a 3 dias', value: 3 },
  { label: '4 dias ou mais', value: 4 },
] as const;
/** Restaurant meal periods. */
const MEAL_OPTIONS = [
  { label: 'Almoço', value: 1 },
  { label: 'Jantar', value: 2 },
  { label: 'Noite', value: 3 },
  { label: 'Almoço/Jantar', value: 4 },
] as const;

/** Each duration group's legend and options, in the units of its kind's data. */
export const DURATION_GROUPS: Record<
  NonNullable<DurationKind>,
  { legend: string; options: readonly { label: string; value: number }[] }
> = {
  hours: { legend: 'Duração', options: DURATION_OPTIONS },
  days: { legend: 'Duração', options: DAY_OPTIONS },
  nights: { legend: 'Duração', options: NIGHT_OPTIONS },
  meal: { legend: 'Período', options: MEAL_OPTIONS },
};

/**
 * The orders a list can be sorted in other than its own, by their value in the URL (`?ordem=preco`):
 * the lowest price first, the best rated first, by name. '' is the list's own order (src/lib/lists/sort.ts).
 */
const SORT_ORDERS = ['preco', 'avaliacao', 'nome'] as const;
export type SortOrder = '' | (typeof SORT_ORDERS)[number];

/** What the parser and the serialiser need to know about one list. */
export interface FilterConfig {
  duration: DurationKind;
  /** The list's price range (priceRange, src/lib/lists/list-page.ts): a bound left at its end of the range means no bound. */
  price: { min: number; max: number };
  /** The orders the list offers (sortOptions): an address asking for another keeps the list's own. Absent: every order. */
  orders?: readonly SortOrder[];
}

/** Everything a visitor can choose on a list. Empty lists and null bounds filter nothing. */
export interface FilterState {
  search: string;
  /** 'Em promoção': only the items whose card shows a discount. */
  isOnSale: boolean;
  /** Experience parts: every one must be contained in one of the item's experiences. */
  experiences: string[];
  localities: string[];
  /** Selected rating options; an item passes at or above the smallest one. */
  ratings: number[];
  /** Selected duration buckets: hours buckets (1, 2, 4, 5), nights (1, 2, 3+) or meal periods (1–4). */
  durations: number[];
  /** 'Gratuito': only the items that cost nothing (itemPrice 0). */
  isFree: boolean;
  priceMin: number | null;
  priceMax: number | null;
  /** The order of the cards: '' for the list's own. Not a filter: no chip names it, and 'Limpar' keeps it. */
  order: SortOrder;
}

/** What the matchers know of an item: the data attributes of its card, parsed. */
export interface FilterableItem {
  title: string;
  experiences: string[];
  locality: string;
  /** Null when the upstream gave no rating: such an item passes only when no rating is chosen. */
  rating: number | null;
  /** Null when the upstream gave no amount: such an item passes only when the price is not limited. */
  price: number | null;
  /** The upstream says it is free ('Gratuito'), with no amount: R$ 0 to the price filter and the sort (itemPrice). */
  isFree: boolean;
  /** The discount the card shows (src/lib/facts.ts: displayPrice), null when the item is not on sale. */
  discount: number | null;
  hours: number | null;
  days: number | null;
  nights: number | null;
  periods: number[];
  /** An event over on the build's day (isEventOver): every order keeps it after the others (src/lib/lists/sort.ts). */
  isOver: boolean;
}

/**
 * Query parameter names: the names of the list's forms' fields (ListFilters.tsx, ListSearch.tsx) and of the
 * filters' URL, so a list filtered without JavaScript and one filtered in place share one URL.
 */
export const FILTER_PARAMS = {
  search: 'q',
  onSale: 'promocao',
  experience: 'experience',
  locality: 'localidade',
  rating: 'avaliacao',
  priceMin: 'preco_min',
  priceMax: 'preco_max',
  hours: 'duracao',
  days: 'dias',
  nights: 'noites',
  meal: 'periodo',
  free: 'gratuito',
  order: 'ordem',
} as const;

/** The duration parameter of a list, or null when it has none. */
function durationKey(kind: DurationKind): string | null {
  return kind === null ? null : FILTER_PARAMS[kind];
}

/** The value of the 'Em promoção' checkbox: `promocao=1` in the URL. */
export const ON_SALE_VALUE = '1';
/** The checkbox's label, and its chip among the active filters. */
export const ON_SALE_LABEL = 'Em promoção';
/** The value of the 'Gratuito' checkbox: `gratuito=1` in the URL. */
export const FREE_VALUE = '1';
/** The 'Gratuito' checkbox's label (the words a free offer's card shows), and its chip. */
export const FREE_LABEL = 'Gratuito';

/** No filter at all. */
export function emptyFilters(): FilterState {
  return {
    search: '',
    isOnSale: false,
    experiences: [],
    localities: [],
    ratings: [],
    durations: [],
    isFree: false,
    priceMin: null,
    priceMax: null,
    order: '',
  };
}

/**
 * Every value of a key, repeated keys and comma lists alike, bounded as a page may show them
 * (echoText: trimmed, no control or bidi character, at most 80 characters), empty ones and
 * duplicates dropped.
 */
function listOf(params: URLSearchParams, key: string): string[] {
  const values = params.getAll(key).flatMap((value) => value.split(','));
  return [...new Set(values.map((value) => echoText(value)).filter(Boolean))];
}

function numbersOf(params: URLSearchParams, key: string): number[] {
  return [...new Set(listOf(params, key).map(Number).filter(Number.isFinite))].sort((a, b) => a - b);
}

/** A price bound, or null when absent, not a number or at its end of the range. */
function boundOf(params: URLSearchParams, key: string, rangeEnd: number): number | null {
  const text = params.get(key)?.trim();
  if (!text) return null;
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) && value !== rangeEnd ? value : null;
}

/** The order an address asks for, when the list offers it; else the list's own (''). */
function orderOf(params: URLSearchParams, offered: readonly SortOrder[] = SORT_ORDERS): SortOrder {
  const value = params.get(FILTER_PARAMS.order)?.trim() ?? '';
  return offered.find((order) => order !== '' && order === value) ?? '';
}

/**
 * The filter state of a query string (with or without '?') or of form data turned into params. The
 * texts are bounded (echoText) as they are read, so the state never holds more than a page may show
 * of them, in the search box or a chip.
 */
export function parseFilters(query: string | URLSearchParams, config: FilterConfig): FilterState {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const duration = durationKey(config.duration);
  return {
    search: echoText(params.get(FILTER_PARAMS.search) ?? ''),
    isOnSale: listOf(params, FILTER_PARAMS.onSale).includes(ON_SALE_VALUE),
    experiences: listOf(params, FILTER_PARAMS.experience),
    localities: listOf(params, FILTER_PARAMS.locality),
    ratings: numbersOf(params, FILTER_PARAMS.rating),
    durations: duration ? numbersOf(params, duration) : [],
    isFree: listOf(params, FILTER_PARAMS.free).includes(FREE_VALUE),
    priceMin: boundOf(params, FILTER_PARAMS.priceMin, config.price.min),
    priceMax: boundOf(params, FILTER_PARAMS.priceMax, config.price.max),
    order: orderOf(params, config.orders),
  };
}

/** The query string of a filter state ('' when it filters nothing), without the '?'. */
export function serialiseFilters(state: FilterState, config: FilterConfig): string {
  const params = new URLSearchParams();
  if (state.search) params.set(FILTER_PARAMS.search, state.search);
  if (state.isOnSale) params.set(FILTER_PARAMS.onSale, ON_SALE_VALUE);
  for (const value of state.experiences) params.append(FILTER_PARAMS.experience, value);
  for (const value of state.localities) params.append(FILTER_PARAMS.locality, value);
  for (const value of state.ratings) params.append(FILTER_PARAMS.rating, String(value));
  const duration = durationKey(config.duration);
  if (duration) for (const value of state.durations) params.append(duration, String(value));
  if (state.isFree) params.set(FILTER_PARAMS.free, FREE_VALUE);
  if (state.priceMin !== null) params.set(FILTER_PARAMS.priceMin, String(state.priceMin));
  if (state.priceMax !== null) params.set(FILTER_PARAMS.priceMax, String(state.priceMax));
  if (state.order) params.set(FILTER_PARAMS.order, state.order);
  return params.toString();
}

/** Whether two states filter the same way (compared through their URL form). */
export function sameFilters(a: FilterState, b: FilterState, config: FilterConfig): boolean {
  return serialiseFilters(a, config) === serialiseFilters(b, config);
}

/** The list's forms, each holding a part of the state: the search box, the filter panel, the sort control. */
type FilterForm = 'search' | 'panel' | 'order';

/**
 * The state once the visitor's edit of one form (its fields as sent, `fields`) is taken: that form's
 * part of the state replaced, the others kept. The panel's experiences keep the parts of the address
 * that none of its boxes (`named`) holds ('Cachoeiras' of a shared link stays a filter).
 */
export function withForm(
  current: FilterState,
  form: FilterForm,
  fields: URLSearchParams,
  config: FilterConfig,
  named: readonly string[] = [],
): FilterState {
  const sent = parseFilters(fields, config);
  if (form === 'search') return { ...current, search: sent.search };
  if (form === 'order') return { ...current, order: sent.order };
  const boxes = new Set(named.map(fold));
  const unnamed = current.experiences.filter((part) => !boxes.has(fold(part)));
  return { ...sent, search: current.search, order: current.order, experiences: [...unnamed, ...sent.experiences] };
}

/** Whether the panel's box `name`=`value` (its field, as FILTER_PARAMS names it) is ticked in a state. */
export function isChosen(state: FilterState, name: string, value: string, duration: DurationKind): boolean {
  if (name === FILTER_PARAMS.onSale) return state.isOnSale && value === ON_SALE_VALUE;
  if (name === FILTER_PARAMS.free) return state.isFree && value === FREE_VALUE;
  if (name === FILTER_PARAMS.experience) return state.experiences.some((part) => fold(part) === fold(value));
  if (name === FILTER_PARAMS.locality) return state.localities.some((part) => fold(part) === fold(value));
  if (name === FILTER_PARAMS.rating) return state.ratings.includes(Number(value));
  if (name === durationKey(duration)) return state.durations.includes(Number(value));
  return false;
}

/** Title search: a case- and accent-insensitive substring. */
export function matchesSearch(title: string, search: string): boolean {
  return fold(title).includes(fold(search));
}

/**
 * docs/product.md: each selected experience is split on commas and every part must be contained
 * (case-insensitive; accents ignored too) in one of the item's experiences.
 */
export function matchesExperiences(itemExperiences: readonly string[], selected: readonly string[]): boolean {
  const parts = selected
    .flatMap((value) => value.split(','))
    .map(fold)
    .filter(Boolean);
  const offered = itemExperiences.map(fold);
  return parts.every((part) => offered.some((experience) => experience.includes(part)));
}

/** Locality: any selected one (case- and accent-insensitive); none selected keeps everything. */
export function matchesLocality(locality: string, selected: readonly string[]): boolean {
  return selected.length === 0 || selected.some((value) => fold(value) === fold(locality));
}

/** Rating: at or above any selected option, i.e. at or above the smallest one; an unrated item only when none is selected. */
export function matchesRating(rating: number | null, selected: readonly number[]): boolean {
  return selected.length === 0 || (rating !== null && rating >= Math.min(...selected));
}

/**
 * Hour buckets (docs/product.md: 'Até 1h'=1, '1-2h'=2, '2-4h'=4, '4h+'=5): up to 1 h, over 1 up to 2, over 2
 * up to 4, over 4. An item whose length is unknown passes only when no bucket is selected.
 */
export function hoursBucket(hours: number): number {
  if (hours <= 1) return 1;
  if (hours <= 2) return 2;
  if (hours <= 4) return 4;
  return 5;
}

export function matchesHours(hours: number | null, selected: readonly number[]): boolean {
  if (selected.length === 0) return true;
  return hours !== null && selected.includes(hoursBucket(hours));
}

/** Day buckets (DAY_OPTIONS): one day, two or three, four or more. */
function daysBucket(days: number): number {
  if (days <= 1) return 1;
  if (days <= 3) return 3;
  return 4;
}

export function matchesDays(days: number | null, selected: readonly number[]): boolean {
  if (selected.length === 0) return true;
  return days !== null && selected.includes(daysBucket(days));
}

/** Nights 1, 2 and 3+ (3 keeps three nights or more). */
export function matchesNights(nights: number | null, selected: readonly number[]): boolean {
  if (selected.length === 0) return true;
  return nights !== null && selected.includes(Math.min(nights, 3));
}

/** Meal period: the item's duration text names one of the selected periods. */
export function matchesMeal(periods: readonly number[], selected: readonly number[]): boolean {
  return selected.length === 0 || selected.some((value) => periods.includes(value));
}

/** 'Em promoção': an item whose card shows a discount; unchecked keeps everything. */
export function matchesOnSale(discount: number | null, isOnSale: boolean): boolean {
  return !isOnSale || discount !== null;
}

/**
 * The price an item is filtered and sorted by: the one its card shows, 0 when the upstream says it is
 * free ('Gratuito', with no amount), null when it gave none.
 */
export function itemPrice(item: Pick<FilterableItem, 'price' | 'isFree'>): number | null {
  return item.price ?? (item.isFree ? 0 : null);
}

/** 'Gratuito': an item that costs nothing (itemPrice 0); unchecked keeps everything. */
export function matchesFree(price: number | null, isFree: boolean): boolean {
  return !isFree || price === 0;
}

/**
 * Price range on an item's price (itemPrice: a free item is R$ 0, so it passes any upper bound), both
 * bounds inclusive; a null bound does not limit; an item without a price only passes no bound.
 */
export function matchesPrice(price: number | null, min: number | null, max: number | null): boolean {
  if (price === null) return min === null && max === null;
  return (min === null || price >= min) && (max === null || price <= max);
}

/** Whether an item passes every filter of the state. */
export function matchesFilters(item: FilterableItem, state: FilterState, duration: DurationKind): boolean {
  const durationOk =
    duration === 'hours'
      ? matchesHours(item.hours, state.durations)
      : duration === 'days'
        ? matchesDays(item.days, state.durations)
        : duration === 'nights'
          ? matchesNights(item.nights, state.durations)
          : duration === 'meal'
            ? matchesMeal(item.periods, state.durations)
            : true;
  return (
    durationOk &&
    matchesSearch(item.title, state.search) &&
    matchesOnSale(item.discount, state.isOnSale) &&
    matchesExperiences(item.experiences, state.experiences) &&
    matchesLocality(item.locality, state.localities) &&
    matchesRating(item.rating, state.ratings) &&
    matchesFree(itemPrice(item), state.isFree) &&
    matchesPrice(itemPrice(item), state.priceMin, state.priceMax)
  );
}

/**
 * Hours of a duration text ('1h', '3 horas', '1h30', '45 min', '2 dias', 'Dia inteiro'), or null
 * when the text says no length. 'Dia inteiro' counts as 8 hours, 'Meio período' as 4.
 */
export function durationHours(text: string): number | null {
  const value = text.toLowerCase();
  const hoursAndMinutes = value.match(/(\d+)\s*h\s*(\d{1,2})\b/);
  if (hoursAndMinutes) return Number(hoursAndMinutes[1]) + Number(hoursAndMinutes[2]) / 60;
  const hours = value.match(/(\d+(?:[.,]\d+)?)\s*(?:h\b|hr|hora)/);
  if (hours?.[1]) return Number(hours[1].replace(',', '.'));
  const minutes = value.match(/(\d+)\s*min/);
  if (minutes) return Number(minutes[1]) / 60;
  const days = value.match(/(\d+)\s*dias?\b/);
  if (days) return Number(days[1]) * 24;
  if (value.includes('dia inteiro')) return 8;
  if (value.includes('meio período') || value.includes('meio periodo')) return 4;
  return null;
}

const DAY_MS = 86_400_000;

/**
 * Days an event lasts: from its first and last days when the upstream gave both, else from its
 * duration text ('10 dias', '3 noites' of a festival's evenings, '4 horas' is one day); null when
 * neither says. A start alone says nothing of the length, and one day counts only for a dated event:
 * one whose date is still to be confirmed is no day out a visitor can plan ('1 dia' of DAY_OPTIONS).
 */
export function eventDays(item: Pick<Item, 'duration' | 'startDate' | 'endDate'>): number | null {
  if (item.startDate && item.endDate) {
    // Calendar days, whatever the times of day: 16 July 19h to 17 July 2h is two days.
    const day = (date: string) => Date.parse(date.slice(0, 10));
    return Math.round((day(item.endDate) - day(item.startDate)) / DAY_MS) + 1;
  }
  const text = item.duration.toLowerCase();
  const counted = text.match(/(\d+)\s*(?:dias?|noites?)\b/);
  const hours = counted ? null : durationHours(text);
  const days = counted ? Number(counted[1]) : hours === null ? null : Math.max(1, Math.ceil(hours / 24));
  return days === 1 && !item.startDate ? null : days;
}

/** Nights of an accommodation duration text ('1 noite', '3 noites'), or null. */
export function durationNights(text: string): number | null {
  const nights = text.toLowerCase().match(/(\d+)\s*noites?/);
  return nights ? Number(nights[1]) : null;
}

/** Meal period values whose name the duration text contains (docs/product.md). */
export function mealPeriods(text: string): number[] {
  const value = text.toLowerCase();
  return MEAL_OPTIONS.filter((option) => value.includes(option.label.toLowerCase())).map((option) => option.value);
}

/**
 * Data attributes on a card's wrapper: everything the list filters need, so it reads
 * the DOM and nothing else. Lists are joined with '|'; unknown numbers are left out. `now`, the
 * build's time, marks an event over then (`data-over`).
 */
export function cardDataAttributes(item: Item, now?: Date): Record<string, string> {
  const attributes: Record<string, string> = {
    'data-title': item.title,
    'data-experiences': item.experiences.join('|'),
    'data-locality': item.locality,
    'data-duration': item.duration,
  };
  if (item.rating !== null) attributes['data-rating'] = String(item.rating);
  // The price the card shows (the sale price when lower), so 'Máximo 100' keeps a tour shown at R$ 99,90.
  const { amount, discountPercent } = displayPrice(item);
  if (amount !== null) attributes['data-price'] = String(amount);
  // 'Gratuito' has no amount: itemPrice reads it as R$ 0, for the price filter and the sort.
  else if (item.isFree) attributes['data-free'] = '1';
  // Only on an item on sale: the list's index (src/lib/lists/paging.ts) grows by a few bytes per offer, not per item.
  if (discountPercent !== null) attributes['data-discount'] = String(discountPercent);
  const hours = durationHours(item.duration);
  if (hours !== null) attributes['data-duration-hours'] = String(Math.round(hours * 100) / 100);
  if (item.kind === 'event') {
    const days = eventDays(item);
    if (days !== null) attributes['data-days'] = String(days);
    if (now && isEventOver(item, now)) attributes['data-over'] = '1';
  }
  if (item.kind === 'accommodation') {
    const nights = durationNights(item.duration);
    if (nights !== null) attributes['data-nights'] = String(nights);
  }
  if (item.kind === 'restaurant') attributes['data-periods'] = mealPeriods(item.duration).join('|');
  return attributes;
}

const numberOrNull = (text: string | undefined): number | null => {
  if (text === undefined || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
};
const splitList = (text: string | undefined): string[] => (text ? text.split('|').filter(Boolean) : []);

/**
 * An item from its card's data attributes (a DOMStringMap: `data-duration-hours` is
 * `durationHours`), as written by cardDataAttributes.
 */
export function itemFromDataset(data: Readonly<Record<string, string | undefined>>): FilterableItem {
  return {
    title: data.title ?? '',
    experiences: splitList(data.experiences),
    locality: data.locality ?? '',
    rating: numberOrNull(data.rating),
    price: numberOrNull(data.price),
    isFree: data.free !== undefined,
    discount: numberOrNull(data.discount),
    hours: numberOrNull(data.durationHours),
    days: numberOrNull(data.days),
    nights: numberOrNull(data.nights),
    periods: splitList(data.periods).map(Number).filter(Number.isFinite),
    isOver: data.over !== undefined,
  };
}

/**
 * What the list filters know of an item, as the browser reads it back from its card
 * (cardDataAttributes, then itemFromDataset): the build asks the matchers which options some item
 * can match through the very data they match in the browser.
 */
export function filterableItem(item: Item): FilterableItem {
  const dataset = Object.fromEntries(
    Object.entries(cardDataAttributes(item)).map(([name, value]) => [
      name.slice('data-'.length).replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase()),
      value,
    ]),
  );
  return itemFromDataset(dataset);
}
