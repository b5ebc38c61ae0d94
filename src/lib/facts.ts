/**
 * What the portal states about an item, and only when its upstream gave it: rating, group size,
 * duration, price, an event's dates and a provider's listing. Cards, detail pages, JSON-LD, the
 * search metadata and the share texts read each fact through here, so none of them states a
 * default as if it were the city's word. docs/product.md lists each rule ("Facts shown only when
 * the data gives them").
 */
import { TIME_ZONE } from './format.ts';
import type { Item } from './schemas/index.ts';
import { peopleLabel, starsLabel } from './text.ts';

/** What a price that was not given reads: said plainly, never 'R$ 0'. */
export const PRICE_ON_REQUEST = 'Preço sob consulta';
/** What a price reads when the upstream says the offer is free. */
export const FREE_PRICE = 'Gratuito';

/** A rating as the visitor reads it ('4,5 estrelas'), or null when the upstream gave none. */
export function ratingFact(rating: number | null): string | null {
  return rating === null ? null : starsLabel(rating);
}

/** Who an offer is for ('2 pessoas'), or null when the upstream did not say. */
export function peopleFact(people: number | null): string | null {
  return people === null ? null : peopleLabel(people);
}

/** What displayPrice reads of an item. */
export type Priced = Pick<Item, 'price' | 'priceValue' | 'salePrice' | 'salePriceValue' | 'discountPercent' | 'isFree'>;

/** The price the visitor sees, and whether the upstream stated one at all. */
export interface ShownPrice {
  /** 'R$ 150,00', 'Gratuito' or 'Preço sob consulta'. */
  price: string;
  /** The sale price, only when it is lower than the price. */
  salePrice: string | null;
  discountPercent: number | null;
  /** The amount actually charged, for schema.org offers, filters and search results; null when none was given. */
  amount: number | null;
  /** True when the upstream gave an amount or said the offer is free: the price is a fact, not 'sob consulta'. */
  isStated: boolean;
}

/**
 * The prices the visitor sees: the original, and the sale price only when it is lower (the
 * normaliser sets discountPercent only then); 'Gratuito' only when the upstream said so, and
 * 'Preço sob consulta' when it gave no amount.
 */
export function displayPrice(item: Priced): ShownPrice {
  const isDiscounted = item.salePrice !== null && item.salePriceValue !== null && item.discountPercent !== null;
  const price = item.price ?? (item.isFree ? FREE_PRICE : PRICE_ON_REQUEST);
  return {
    price,
    salePrice: isDiscounted ? item.salePrice : null,
    discountPercent: isDiscounted ? item.discountPercent : null,
    amount: isDiscounted ? item.salePriceValue : item.priceValue,
    isStated: item.priceValue !== null || item.isFree,
  };
}

/** The amount of a price as shown in structured data: '150.00', '0.00' for a free offer, null when not stated. */
export function offerAmount(item: Priced): string | null {
  const { amount } = displayPrice(item);
  if (amount !== null) return amount.toFixed(2);
  return item.isFree ? '0.00' : null;
}

const dayMonth = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, day: 'numeric', month: 'long' });
const dayMonthYear = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const parts = (date: Date) =>
  Object.fromEntries(dayMonthYear.formatToParts(date).map((part) => [part.type, part.value])) as Record<string, string>;

/**
 * An event's dates as the visitor reads them: '16 de julho de 2027', '16 a 25 de julho de 2027',
 * '24 de junho a 2 de julho de 2027'; null when the upstream gave no date.
 */
export function eventDatesFact(item: Pick<Item, 'startDate' | 'endDate'>): string | null {
  if (!item.startDate) return null;
  const start = new Date(item.startDate);
  if (!item.endDate) return dayMonthYear.format(start);
  const end = new Date(item.endDate);
  const [from, to] = [parts(start), parts(end)];
  if (from.year !== to.year) return `${dayMonthYear.format(start)} a ${dayMonthYear.format(end)}`;
  if (from.month !== to.month) return `${dayMonth.format(start)} a ${dayMonthYear.format(end)}`;
  return `${from.day} a ${dayMonthYear.format(end)}`;
}

/**
 * Events in date order: those not yet over by their first day, soonest first; then the undated
 * ones in the upstream's order; then those already over, the latest first.
 */
export function byEventDate<T extends Pick<Item, 'startDate' | 'endDate'>>(events: readonly T[], now: Date): T[] {
  const today = now.toISOString().slice(0, 10);
  const isOver = (event: T) => (event.endDate ?? event.startDate ?? '9999').slice(0, 10) < today;
  const dated = events.filter((event) => event.startDate !== null);
  const byStart = (a: T, b: T) => (a.startDate ?? '').localeCompare(b.startDate ?? '');
  return [
    ...dated.filter((event) => !isOver(event)).sort(byStart),
    ...events.filter((event) => event.startDate === null),
    ...dated.filter(isOver).sort((a, b) => byStart(b, a)),
  ];
}

/**
 * What the page of a provider that is not listed says in place of its contacts ('Cadastro em
 * análise: …'), or null for a listed item.
 */
export function listingNotice(item: Pick<Item, 'isListed' | 'status'>): string | null {
  if (item.isListed) return null;
  return `${item.status?.label ?? 'Cadastro não publicado'}: este cadastro não está disponível para contato pelo portal no momento.`;
}
