/**
 * What a page must say of a record, written out here from the record's own fields and the rules of
 * docs/product.md ("Formats", "Facts shown only when the data gives them"), for the truth checks
 * (tests/support/truth.ts). Nothing here comes from src/lib's facts, format, filters or testimonials
 * modules: a check that computed its expectation with the code it checks would find a wrong fact
 * right by definition. Each rule is short enough to read against the doc, and
 * tests/unit/expected-facts.test.ts holds it to the doc's own examples.
 *
 * Allowed imports are the data contract only: the snapshot's types (src/lib/schemas) and ENTITIES'
 * routes (src/lib/entities.ts), which say what a record is and where its page lives, not how a fact
 * about it is written.
 */
import { ENTITIES } from '../../src/lib/entities.ts';
import type { Item, ItemKind, Testimonial } from '../../src/lib/schemas/index.ts';

/** CITY_TIME_ZONE's default (docs/configuration.md): the clock of a build that sets none. */
export const DEFAULT_TIME_ZONE = 'America/Cuiaba';

/**
 * The Portuguese name of each clock the tests build with (docs/product.md, an event's dates). A zone
 * missing here is a test's mistake, not a page's: expectedEventDates says so rather than guess.
 */
const CLOCK_NAMES: Readonly<Record<string, string>> = {
  'America/Cuiaba': 'horário de Mato Grosso',
  'America/Sao_Paulo': 'horário de Brasília',
};

/** The months as a Portuguese reader names them. */
export const MONTHS = [
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

/** 'Nota dos visitantes 4,5 de 5': the rating as given, with a decimal comma; null when there is none. */
export const expectedRating = (rating: number | null): string | null =>
  rating === null ? null : `Nota dos visitantes ${String(rating).replace('.', ',')} de 5`;

/** '1 pessoa', '8 pessoas'; null when the record gives no group size. */
export const expectedPeople = (people: number | null): string | null =>
  people === null ? null : `${people} ${people === 1 ? 'pessoa' : 'pessoas'}`;

/** An amount of reais as Brazilians write it ('R$ 1.234,50'), with a plain space where Intl puts a no-break one. */
export const reais = (amount: number): string =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(amount).replace(/\s/g, ' ');

/** Amounts are charged in whole cents: 99.999 is R$ 100,00. */
const cents = (amount: number) => Math.round(amount * 100);

/** The amount a visitor pays: the sale price when it is lower in cents than the price, else the price; null when no amount was given. */
export function chargedAmount(item: Pick<Item, 'priceValue' | 'salePriceValue'>): number | null {
  const { priceValue: price, salePriceValue: sale } = item;
  if (price === null) return null;
  return sale !== null && cents(sale) < cents(price) ? sale : price;
}

/** The discount a page marks ('-13%'): (original − sale) / original, rounded, and only from 1 %; else null. */
export function expectedDiscount(item: Pick<Item, 'priceValue' | 'salePriceValue'>): number | null {
  const { priceValue: price, salePriceValue: sale } = item;
  if (price === null || sale === null || cents(sale) >= cents(price)) return null;
  const percent = Math.round(((price - sale) / price) * 100);
  return percent >= 1 ? percent : null;
}

/** The price a visitor reads: the amount charged, 'Gratuito' when the record says so, else 'Preço sob consulta' (never 'R$ 0'). */
export function expectedPrice(item: Pick<Item, 'priceValue' | 'salePriceValue' | 'isFree'>): string {
  const amount = chargedAmount(item);
  if (amount !== null) return reais(amount);
  return item.isFree ? 'Gratuito' : 'Preço sob consulta';
}

/** The price of an Offer in structured data: the amount charged with two decimals, '0.00' when free, null without a price. */
export function expectedOfferPrice(item: Pick<Item, 'priceValue' | 'salePriceValue' | 'isFree'>): string | null {
  const amount = chargedAmount(item);
  if (amount !== null) return amount.toFixed(2);
  return item.isFree ? '0.00' : null;
}

/** A day of the city's calendar, and its time of day when the record gives one. */
interface CityMoment {
  year: number;
  month: number;
  day: number;
  /** Minutes after midnight; null for a day-only date and for midnight, which is a day without a time. */
  minutes: number | null;
  /** The time as Brazilians write it ('19h', '7h30'), or null. */
  time: string | null;
}

/** Where a date of the snapshot falls on the city's clock: a day-only date as written, a time at its instant in `timeZone`. */
function cityMoment(value: string, timeZone: string): CityMoment {
  if (value.length === 10) {
    const [year, month, day] = value.split('-').map(Number);
    return { year: year ?? 0, month: month ?? 0, day: day ?? 0, minutes: null, time: null };
  }
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(new Date(value));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value);
  const [hour, minute] = [part('hour'), part('minute')];
  const isMidnight = hour === 0 && minute === 0;
  const time = isMidnight ? null : `${hour}h${minute === 0 ? '' : String(minute).padStart(2, '0')}`;
  return { year: part('year'), month: part('month'), day: part('day'), minutes: isMidnight ? null : hour * 60 + minute, time };
}

/** The city's day of `now` ('YYYY-MM-DD'), by which an event is over. */
export function cityToday(now: Date, timeZone: string): string {
  const { year, month, day } = cityMoment(now.toISOString(), timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * An event's dates as docs/product.md writes them: '16 de julho de 2027'; '16 a 19 de julho de 2027';
 * '24 de junho a 2 de julho de 2027'; '27 de dezembro de 2026, das 19h às 23h, horário de Mato
 * Grosso'; '1 de julho, 19h, a 4 de julho de 2027, horário de Brasília'. A range says of its start
 * only what its end does not repeat (the year, and the month unless a time follows the start); a
 * time only when the record gives one, and then the clock it is on. 'Data a confirmar' for an
 * undated event, null for any other kind.
 */
export function expectedEventDates(item: Pick<Item, 'kind' | 'startDate' | 'endDate'>, timeZone: string): string | null {
  if (item.kind !== 'event') return null;
  if (item.startDate === null) return 'Data a confirmar';
  const start = cityMoment(item.startDate, timeZone);
  const end = item.endDate === null ? null : cityMoment(item.endDate, timeZone);
  const full = (moment: CityMoment) => `${moment.day} de ${MONTHS[moment.month - 1]} de ${moment.year}`;
  const isSameDay = end !== null && full(end) === full(start);
  let dates: string;
  if (end === null || (isSameDay && !(start.time && end.time)))
    dates = start.time ? `${full(start)}, ${start.time}` : full(start);
  else if (isSameDay) dates = `${full(start)}, das ${start.time} às ${end.time}`;
  else {
    const from =
      start.year !== end.year
        ? full(start)
        : start.month === end.month && !start.time
          ? String(start.day)
          : `${start.day} de ${MONTHS[start.month - 1]}`;
    dates = `${from}${start.time ? `, ${start.time},` : ''} a ${full(end)}${end.time ? `, ${end.time}` : ''}`;
  }
  if (!/\dh/.test(dates)) return dates;
  const clock = CLOCK_NAMES[timeZone];
  if (!clock) throw new Error(`expected-facts.ts names no clock for ${timeZone}: add its Portuguese name to CLOCK_NAMES`);
  return `${dates}, ${clock}`;
}

/** An article's day as docs/product.md writes dates: 'dd/mm/aaaa', on the city's calendar. */
export function expectedArticleDay(publishedAt: string, timeZone: string): string {
  const { year, month, day } = cityMoment(publishedAt, timeZone);
  return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
}

/** An event's last day ('YYYY-MM-DD'), or its only one; '' for an undated event. */
export const lastDayOf = (event: Pick<Item, 'startDate' | 'endDate'>): string =>
  (event.endDate ?? event.startDate ?? '').slice(0, 10);

/** Whether a dated event is over on the city's day `today`: its last day is before it. */
export const isOverOn = (event: Pick<Item, 'startDate' | 'endDate'>, today: string): boolean =>
  event.startDate !== null && lastDayOf(event) < today;

/**
 * /all-events' order (docs/product.md, an event's dates): what is still on, soonest first; then the
 * undated, in the record's order; then what is over, latest first.
 */
export function expectedEventOrder<T extends Pick<Item, 'startDate' | 'endDate'>>(
  events: readonly T[],
  today: string,
  timeZone: string,
): T[] {
  const startOf = (event: T) => {
    const { year, month, day, minutes } = cityMoment(event.startDate ?? '', timeZone);
    // A day-only start comes before the timed ones of its day.
    return [year, month, day, minutes ?? -1];
  };
  const soonestFirst = (a: T, b: T) => {
    const [left, right] = [startOf(a), startOf(b)];
    return left.map((value, index) => value - (right[index] ?? 0)).find((difference) => difference !== 0) ?? 0;
  };
  const dated = events.filter((event) => event.startDate !== null);
  return [
    ...dated.filter((event) => !isOverOn(event, today)).sort(soonestFirst),
    ...events.filter((event) => event.startDate === null),
    ...dated.filter((event) => isOverOn(event, today)).sort((a, b) => soonestFirst(b, a)),
  ];
}

/** Folded for comparison: no accents, no case, one space. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Whether an item offers an experience link's value (docs/product.md, `?experience=`): each part of
 * it between commas is contained, ignoring case and accents, in one of the item's experience names.
 */
export function offersExperience(item: Pick<Item, 'experiences'>, value: string): boolean {
  const parts = value.split(',').map(folded).filter(Boolean);
  const offered = item.experiences.map(folded);
  return parts.every((part) => offered.some((name) => name.includes(part)));
}

/** The kind of item each testimonial experience type is about (docs/product.md, testimonials). */
const REVIEWED_KINDS: Readonly<Record<string, ItemKind>> = {
  tours: 'tour',
  restaurants: 'restaurant',
  accommodations: 'accommodation',
  events: 'event',
  agencies: 'agency',
};

/** The page a testimonial links as what it is about ('/tour/t1'), when the snapshot has that item; else null. */
export function expectedReviewedPath(
  testimonial: Pick<Testimonial, 'experience' | 'experienceId'>,
  has: (key: string) => boolean,
): string | null {
  const kind = REVIEWED_KINDS[testimonial.experience];
  const id = testimonial.experienceId;
  return kind && id && has(`${kind}/${id}`) ? `${ENTITIES[kind].detailPrefix}/${id}` : null;
}
