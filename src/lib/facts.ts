/**
 * What the portal states about an item, and only when its upstream gave it: rating, group size,
 * duration, price, an event's dates and a provider's listing. Cards, detail pages, JSON-LD, the
 * search metadata and the share texts read each fact through here, so none of them states a
 * default as if it were the city's word. docs/product.md lists each rule ("Facts shown only when
 * the data gives them").
 */
import { ENTITIES } from './entities.ts';
import { cityDay, inCents, TIME_ZONE } from './format.ts';
import type { Experience, Item } from './schemas/index.ts';
import { peopleLabel, visitorRatingLabel } from './text.ts';
import { zoneLabel } from './time-zone.ts';

/** What a price that was not given reads: said plainly, never 'R$ 0'. */
const PRICE_ON_REQUEST = 'Preço sob consulta';
/** What a price reads when the upstream says the offer is free. */
export const FREE_PRICE = 'Gratuito';

/**
 * A rating as the visitor reads it ('Nota dos visitantes 4,5 de 5'), or null when the upstream gave
 * none: visitors' marks, never '4,5 estrelas', which reads as a hotel's official class. The records
 * give no count of reviews, so none is said.
 */
export function ratingFact(rating: number | null): string | null {
  return rating === null ? null : visitorRatingLabel(rating);
}

/** Who an offer is for ('2 pessoas'), or null when the upstream did not say. */
export function peopleFact(people: number | null): string | null {
  return people === null ? null : peopleLabel(people);
}

/** What displayPrice reads of an item. */
export type Priced = Pick<Item, 'price' | 'priceValue' | 'salePrice' | 'salePriceValue' | 'discountPercent' | 'isFree'>;

/** The price the visitor sees, and whether the upstream stated one at all. */
interface ShownPrice {
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
 * 'Preço sob consulta' when it gave no amount. A promotion is a sale at least 1 % below the price
 * (discountPercent, format.ts): a sale lower by less is the price charged, shown without a crossed-out
 * original or a '-0%', and one that is the same in cents (99.999 against 100) is no sale at all,
 * also for a snapshot written before that rule.
 */
export function displayPrice(item: Priced): ShownPrice {
  const isLower =
    item.salePrice !== null &&
    item.salePriceValue !== null &&
    item.priceValue !== null &&
    inCents(item.salePriceValue) < inCents(item.priceValue);
  const isDiscounted = isLower && item.discountPercent !== null && item.discountPercent >= 1;
  const price = (isLower && !isDiscounted ? item.salePrice : item.price) ?? (item.isFree ? FREE_PRICE : PRICE_ON_REQUEST);
  return {
    price,
    salePrice: isDiscounted ? item.salePrice : null,
    discountPercent: isDiscounted ? item.discountPercent : null,
    amount: isLower ? item.salePriceValue : item.priceValue,
    isStated: item.priceValue !== null || item.isFree,
  };
}

/**
 * Whether the item's card and page show a price: always for a kind a visitor expects a price of
 * ('Preço sob consulta' when none was given: ENTITIES' `pricing`), else only when the record gives one.
 */
export function showsPrice(item: Pick<Item, 'kind'> & Priced): boolean {
  return ENTITIES[item.kind].pricing === 'always' || displayPrice(item).isStated;
}

/** The amount of a price as shown in structured data: '150.00', '0.00' for a free offer, null when not stated. */
export function offerAmount(item: Priced): string | null {
  const { amount } = displayPrice(item);
  if (amount !== null) return amount.toFixed(2);
  return item.isFree ? '0.00' : null;
}

/** What an event without a date says where its date would be: on its card and its page's chips. */
export const DATE_TO_BE_CONFIRMED = 'Data a confirmar';

const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/** An event date (EventDateSchema) read back: the city's wall clock is in its text, so no time zone is needed. */
function eventMoment(value: string) {
  const [year = '', month = '', day = ''] = value.slice(0, 10).split('-');
  const [hour = '', minute = ''] = value.slice(11, 16).split(':');
  return {
    year,
    day: String(Number(day)),
    month: MONTHS[Number(month) - 1] ?? '',
    // '19h', '19h30': how Brazilians write a time of day; null for a day-only date, which has none.
    time: hour ? `${Number(hour)}h${minute === '00' ? '' : minute}` : null,
  };
}

/**
 * An event's dates as the visitor reads them: '16 de julho de 2027', '27 de dezembro de 2026, 19h,
 * horário de Mato Grosso', '16 a 25 de julho de 2027', '24 de junho a 2 de julho de 2027', '27 de
 * dezembro de 2026, das 19h às 23h, horário de Mato Grosso', '16 de julho, 19h, a 25 de julho de 2027,
 * horário de Mato Grosso'; a time only when the upstream gave one, and then the clock it is on: the
 * city's zone (`timeZone`, CITY_TIME_ZONE) by its Portuguese name, else by its offset at the event's
 * first time ('19h (UTC−4)', src/lib/time-zone.ts zoneLabel). DATE_TO_BE_CONFIRMED for an event
 * without a date; null for any other kind.
 */
export function eventDatesFact(item: Pick<Item, 'kind' | 'startDate' | 'endDate'>, timeZone: string = TIME_ZONE): string | null {
  if (item.kind !== 'event') return null;
  if (!item.startDate) return DATE_TO_BE_CONFIRMED;
  const dates = datesText(item.startDate, item.endDate);
  // The snapshot's times carry the city's offset (EventDateSchema): Date reads the first as the instant it is.
  const firstTime = [item.startDate, item.endDate].find((value) => value !== null && value.length > 10);
  if (!firstTime) return dates;
  const zone = zoneLabel(timeZone, Date.parse(firstTime));
  return zone.isOffset ? `${dates} (${zone.name})` : `${dates}, ${zone.name}`;
}

/** eventDatesFact's days and times, without the zone. */
function datesText(startDate: string, endDate: string | null): string {
  const start = eventMoment(startDate);
  const dayMonthYear = (moment: typeof start) => `${moment.day} de ${moment.month} de ${moment.year}`;
  const at = (moment: typeof start) => (moment.time ? `, ${moment.time}` : '');
  if (!endDate) return `${dayMonthYear(start)}${at(start)}`;
  const end = eventMoment(endDate);
  if (startDate.slice(0, 10) === endDate.slice(0, 10)) {
    return start.time && end.time
      ? `${dayMonthYear(start)}, das ${start.time} às ${end.time}`
      : `${dayMonthYear(start)}${at(start)}`;
  }
  // The start says only what the end does not repeat; a time after it needs its month to read.
  const sameMonth = start.year === end.year && start.month === end.month;
  const from =
    start.year !== end.year ? dayMonthYear(start) : sameMonth && !start.time ? start.day : `${start.day} de ${start.month}`;
  return `${from}${start.time ? `${at(start)},` : ''} a ${dayMonthYear(end)}${at(end)}`;
}

/** An event's last day ('YYYY-MM-DD'), or its only day; null for an undated event. */
const lastDayOf = (event: Pick<Item, 'startDate' | 'endDate'>) => (event.endDate ?? event.startDate)?.slice(0, 10) ?? null;

/** Whether an event is over in the city on `today` ('YYYY-MM-DD', cityDay): its last day, or its only day, is past. */
const isOver = (event: Pick<Item, 'startDate' | 'endDate'>, today: string) => (lastDayOf(event) ?? '9999') < today;

/**
 * Whether a dated event is over in the city on `now`: its last day (or its only day) is before the
 * city's day (cityDay, in CITY_TIME_ZONE), not UTC's. The one reading of 'past' of the site: the
 * agenda and the home leave such an event out, /all-events lists it last and marked (ENDED_LABEL),
 * its page says so (endedNotice) and offers no booking nor calendar entry. The site is static, so
 * `now` is the build's time (BUILT_AT): an event is over from the first build after its last day.
 */
export function isEventOver(event: Pick<Item, 'startDate' | 'endDate'>, now: Date): boolean {
  return event.startDate !== null && isOver(event, cityDay(now));
}

/** The mark of an event that is over, on its card. */
export const ENDED_LABEL = 'Encerrado';

/**
 * What the page of an event that is over says by its title: 'Evento encerrado em 12/01/2026', its last
 * day as the city's calendar writes it (a day, read as written: no time zone moves it). Null for an
 * event still to come or undated, and for any other kind.
 */
export function endedNotice(event: Pick<Item, 'kind' | 'startDate' | 'endDate'>, now: Date): string | null {
  const last = lastDayOf(event);
  if (event.kind !== 'event' || !last || !isEventOver(event, now)) return null;
  const [year, month, day] = last.split('-');
  return `Evento encerrado em ${day}/${month}/${year}`;
}

/**
 * Events in date order: those not yet over by the city's calendar on `now` (src/lib/format.ts,
 * cityDay), soonest first; then the undated ones in the upstream's order; then those already over,
 * the latest first.
 */
export function byEventDate<T extends Pick<Item, 'startDate' | 'endDate'>>(events: readonly T[], now: Date): T[] {
  const today = cityDay(now);
  const dated = events.filter((event) => event.startDate !== null);
  const byStart = (a: T, b: T) => (a.startDate ?? '').localeCompare(b.startDate ?? '');
  return [
    ...dated.filter((event) => !isOver(event, today)).sort(byStart),
    ...events.filter((event) => event.startDate === null),
    ...dated.filter((event) => isOver(event, today)).sort((a, b) => byStart(b, a)),
  ];
}

/** The events still to come or under way in the city on `now`, soonest first: the home's events carousel. */
export function upcomingEvents<T extends Pick<Item, 'startDate' | 'endDate'>>(events: readonly T[], now: Date): T[] {
  const today = cityDay(now);
  return byEventDate(events, now).filter((event) => event.startDate !== null && !isOver(event, today));
}

/**
 * What the page of a provider that is not listed says in place of its contacts ('Cadastro em
 * análise: …'), or null for a listed item.
 */
export function listingNotice(item: Pick<Item, 'isListed' | 'status'>): string | null {
  if (item.isListed) return null;
  return `${item.status?.label ?? 'Cadastro não publicado'}: este cadastro não está disponível para contato pelo portal no momento.`;
}

/**
 * The status chip a visitor sees: only a registration that is not published ('Cadastro em análise'),
 * never 'Ativo' or 'Publicado', which are the provider panel's workflow and tell a visitor nothing.
 */
export const shownStatus = (item: Pick<Item, 'isListed' | 'status'>): Item['status'] => (item.isListed ? null : item.status);

/** An item's keywords (its card's chips, related items' topics): the ones without a name, then its named attributes' entries, once each. */
export const itemKeywords = (item: Pick<Item, 'tags' | 'attributes'>): string[] => [
  ...new Set([...item.tags, ...item.attributes.flatMap((attribute) => attribute.items)]),
];

/** The keywords an item's card shows: its first five (ItemCard.astro). */
export const cardKeywords = (item: Pick<Item, 'tags' | 'attributes'>): string[] => itemKeywords(item).slice(0, 5);

/**
 * An item's provider block ('Fornecedor', 'Organizador', 'Responsável': ProviderCard.astro) when it has
 * something to show (a name, contact, phone, e-mail, site or address), else null: no empty box.
 */
export function shownProvider(provider: Item['provider']): Item['provider'] {
  if (!provider) return null;
  const { name, contact, phone, email, website, address } = provider;
  return [name, contact, phone, email, website, address].some(Boolean) ? provider : null;
}

/** An experience's 'Fornecedor' block when the record names a provider by name, phone or e-mail, else null (its page has no box then). */
export function shownExperienceProvider(provider: Experience['provider']): Experience['provider'] {
  return provider && (provider.name || provider.phone || provider.email) ? provider : null;
}
