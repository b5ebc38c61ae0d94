/**
 * What a page states, and only when the upstream gave it (src/lib/facts.ts): the price the
 * visitor sees from the normaliser's numbers (cards, the price box, search results and JSON-LD
 * share it), ratings, group sizes, an event's dates and order, and why a provider is not listed.
 */
import { describe, expect, it } from 'vitest';
import { RawItemSchema, toItem } from '../../scripts/sync/normalise/item.ts';
import {
  byEventDate,
  displayPrice,
  endedNotice,
  eventDatesFact,
  isEventOver,
  listingNotice,
  offerAmount,
  peopleFact,
  ratingFact,
  shownExperienceProvider,
  shownProvider,
  showsPrice,
  upcomingEvents,
} from '../../src/lib/facts.ts';
import { anItem } from '../fixtures/entries.ts';
import { contextFor } from '../support/record-context.ts';

/** The price fields of a provider record as the sync keeps them. */
const priced = (price: unknown, sale_price: unknown) =>
  toItem(RawItemSchema.parse({ id: 1, title: 'Passeio', price, sale_price }), 'tour', contextFor());

describe.each([
  // price, sale_price → shown price, shown sale, discount, amount charged, stated
  ['R$ 200,00', 'R$ 150,00', 'R$ 200,00', 'R$ 150,00', 25, 150, true],
  ['R$ 1.234,50', '999.90', 'R$ 1.234,50', 'R$ 999,90', 19, 999.9, true],
  [200, 250, 'R$ 200,00', null, null, 200, true],
  [200, 200, 'R$ 200,00', null, null, 200, true],
  ['150.00', undefined, 'R$ 150,00', null, null, 150, true],
  // What the upstream did not price is said plainly, never 'R$ 0'.
  ['Sob consulta', undefined, 'Preço sob consulta', null, null, null, false],
  [undefined, undefined, 'Preço sob consulta', null, null, null, false],
  [0, 50, 'Preço sob consulta', null, null, null, false],
  ['R$ 0,00', undefined, 'Preço sob consulta', null, null, null, false],
  // An amount that is no whole cent is no price: never 'R$ 0,00'.
  [1e-7, undefined, 'Preço sob consulta', null, null, null, false],
  // A sale that is the same price in cents is no sale, and less than 1 % off no promotion: never 'R$ 100,00' and '-0%'.
  [100, 99.999, 'R$ 100,00', null, null, 100, true],
  // Less than 1 % off: the price charged, without a crossed-out original.
  [100, 99.6, 'R$ 99,60', null, null, 99.6, true],
  [100, 99, 'R$ 100,00', 'R$ 99,00', 1, 99, true],
  // Free only when the upstream says so in words.
  ['Gratuito', undefined, 'Gratuito', null, null, null, true],
  ['Entrada franca', undefined, 'Gratuito', null, null, null, true],
  ['grátis', undefined, 'Gratuito', null, null, null, true],
])('price %j, sale %j', (price, sale, shownPrice, shownSale, discount, amount, isStated) => {
  const item = priced(price, sale);
  it(`shows ${shownPrice}${shownSale ? ` and ${shownSale} (-${discount}%)` : ''}, charges ${amount}`, () =>
    expect(displayPrice(item)).toEqual({ price: shownPrice, salePrice: shownSale, discountPercent: discount, amount, isStated }));
});

it('shows no promotion a snapshot from before the rule kept at 0 % or at the same price', () => {
  const kept = { price: 'R$ 100,00', priceValue: 100, salePrice: 'R$ 100,00', salePriceValue: 99.999, isFree: false };
  expect(displayPrice(anItem({ ...kept, discountPercent: 0 }))).toMatchObject({
    salePrice: null,
    discountPercent: null,
    amount: 100,
  });
  expect(displayPrice(anItem({ ...kept, discountPercent: 1 }))).toMatchObject({
    salePrice: null,
    discountPercent: null,
    amount: 100,
  });
  // Lower in cents but by less than 1 %: the price charged, as the card's plain price.
  const slightly = { ...kept, salePrice: 'R$ 999,00', salePriceValue: 999, price: 'R$ 1.000,00', priceValue: 1000 };
  expect(displayPrice(anItem({ ...slightly, discountPercent: 0 }))).toMatchObject({
    price: 'R$ 999,00',
    salePrice: null,
    discountPercent: null,
    amount: 999,
  });
});

describe.each([
  ['R$ 200,00', 'R$ 150,00', 150],
  ['R$ 200,00', 'R$ 250,00', 250],
  ['R$ 200,00', undefined, null],
  ['R$ 200,00', 'grátis', null],
])('salePriceValue of price %j, sale %j', (price, sale, expected) => {
  it(`is ${expected}: the number next to its text`, () => expect(priced(price, sale).salePriceValue).toBe(expected));
});

describe.each([
  [{ price: 'R$ 80,00', priceValue: 80 }, '80.00'],
  [{ isFree: true }, '0.00'],
  [{}, null],
])('offerAmount(%j)', (fields, expected) => {
  it(`is ${expected}`, () => expect(offerAmount(anItem(fields))).toBe(expected));
});

describe.each([
  // Visitors' marks on the scale of the stars, never 'estrelas' (a hotel's official class).
  [4.5, 'Nota dos visitantes 4,5 de 5'],
  [1, 'Nota dos visitantes 1 de 5'],
  [0, 'Nota dos visitantes 0 de 5'],
  [null, null],
])('ratingFact(%j)', (rating, expected) => {
  it(`is ${expected}`, () => expect(ratingFact(rating)).toBe(expected));
});

describe.each([
  [12, '12 pessoas'],
  [1, '1 pessoa'],
  [null, null],
])('peopleFact(%j)', (people, expected) => {
  it(`is ${expected}`, () => expect(peopleFact(people)).toBe(expected));
});

const MT = ', horário de Mato Grosso';
describe.each([
  // Days alone: no hour is invented, and no clock named.
  ['2027-07-16', null, '16 de julho de 2027'],
  ['2027-07-16', '2027-07-25', '16 a 25 de julho de 2027'],
  ['2027-06-24', '2027-07-02', '24 de junho a 2 de julho de 2027'],
  ['2026-12-30', '2027-01-02', '30 de dezembro de 2026 a 2 de janeiro de 2027'],
  // A time of day, as the city reads it, and the clock it is on.
  ['2026-12-27T19:00:00-04:00', null, `27 de dezembro de 2026, 19h${MT}`],
  ['2026-12-27T07:30:00-04:00', null, `27 de dezembro de 2026, 7h30${MT}`],
  ['2026-12-27T19:00:00-04:00', '2026-12-27T23:00:00-04:00', `27 de dezembro de 2026, das 19h às 23h${MT}`],
  ['2027-07-16T19:00:00-04:00', '2027-07-25', `16 de julho, 19h, a 25 de julho de 2027${MT}`],
  ['2027-07-16', '2027-07-25T22:00:00-04:00', `16 a 25 de julho de 2027, 22h${MT}`],
  ['2026-12-31T21:00:00-04:00', '2027-01-01T02:00:00-04:00', `31 de dezembro de 2026, 21h, a 1 de janeiro de 2027, 2h${MT}`],
  // Undated: said plainly where the date would be.
  [null, null, 'Data a confirmar'],
])('eventDatesFact(%j, %j) in Cuiabá', (startDate, endDate, expected) => {
  it(`is ${expected}`, () =>
    expect(eventDatesFact(anItem({ kind: 'event', startDate, endDate }), 'America/Cuiaba')).toBe(expected));
});

describe.each([
  // Another city's zone by its own name; a zone with no Portuguese name by its offset at the event's time.
  ['America/Sao_Paulo', '2026-12-27T19:00:00-03:00', '27 de dezembro de 2026, 19h, horário de Brasília'],
  ['Brazil/East', '2026-12-27T19:00:00-03:00', '27 de dezembro de 2026, 19h, horário de Brasília'],
  ['America/Manaus', '2026-12-27T19:00:00-04:00', '27 de dezembro de 2026, 19h, horário do Amazonas'],
  ['America/Asuncion', '2026-12-27T19:00:00-03:00', '27 de dezembro de 2026, 19h (UTC\u22123)'],
  ['America/La_Paz', '2026-12-27T19:00:00-04:00', '27 de dezembro de 2026, 19h (UTC\u22124)'],
  ['Asia/Kolkata', '2026-12-27T19:00:00+05:30', '27 de dezembro de 2026, 19h (UTC+5:30)'],
  ['UTC', '2026-12-27T19:00:00+00:00', '27 de dezembro de 2026, 19h (UTC)'],
])('eventDatesFact in %s', (zone, startDate, expected) => {
  it(`is ${expected}`, () => expect(eventDatesFact(anItem({ kind: 'event', startDate, endDate: null }), zone)).toBe(expected));
});

describe('eventDatesFact of other kinds', () => {
  it('is nothing: only events have dates', () => expect(eventDatesFact(anItem({ kind: 'tour' }))).toBeNull());
});

describe('byEventDate', () => {
  const event = (id: string, startDate: string | null, endDate: string | null = null) =>
    anItem({ id, kind: 'event', startDate, endDate });
  const events = [
    event('undated-1', null),
    event('august', '2027-08-27'),
    event('over', '2026-06-01'),
    event('december-running', '2026-11-01', '2026-12-31'),
    event('april-evening', '2027-04-16T19:00:00-04:00'),
    event('april', '2027-04-16'),
    event('undated-2', null),
    event('long-over', '2025-06-01T20:00:00-04:00'),
  ];
  it('puts what is still on soonest first, then the undated in their order, then what is over, latest first', () =>
    expect(byEventDate(events, new Date('2026-11-25T12:00:00Z')).map((item) => item.id)).toEqual([
      'december-running',
      'april',
      'april-evening',
      'august',
      'undated-1',
      'undated-2',
      'over',
      'long-over',
    ]));

  // 22:00 in Cuiabá on 27 December is 02:00 of the 28th in UTC: the evening's event is still on in the city.
  const tonight = [event('yesterday', '2026-12-26'), event('undated', null), event('tonight', '2026-12-27T23:00:00-04:00')];
  it.each([
    ['2026-12-28T02:00:00Z', ['tonight', 'undated', 'yesterday'], ['tonight']],
    ['2026-12-28T04:00:00Z', ['undated', 'tonight', 'yesterday'], []],
  ])('at %s, counts a day over by the city calendar: %j, upcoming %j', (now, order, upcoming) => {
    expect(byEventDate(tonight, new Date(now)).map((item) => item.id)).toEqual(order);
    expect(upcomingEvents(tonight, new Date(now)).map((item) => item.id)).toEqual(upcoming);
  });
  it('announces in the carousel only what is still to come, soonest first', () =>
    expect(upcomingEvents(events, new Date('2026-11-25T12:00:00Z')).map((item) => item.id)).toEqual([
      'december-running',
      'april',
      'april-evening',
      'august',
    ]));
});

describe.each<[string, string | null, string | null, string, boolean, string | null]>([
  // startDate, endDate, now (UTC) → over, what its page says
  ['a day past', '2026-01-10', null, '2026-11-29T12:00:00Z', true, 'Evento encerrado em 10/01/2026'],
  ['days past, by the last', '2026-01-10', '2026-01-12', '2026-11-29T12:00:00Z', true, 'Evento encerrado em 12/01/2026'],
  ['a timed evening past', '2026-10-19T19:00:00-04:00', null, '2026-10-20T12:00:00Z', true, 'Evento encerrado em 19/10/2026'],
  ['under way on its last day', '2026-11-20', '2026-11-29', '2026-11-29T12:00:00Z', false, null],
  // 23:30 in Cuiabá on the 29th is already the 30th in UTC: the city's day decides.
  ['its day in the city, the next in UTC', '2026-11-29', null, '2026-11-30T03:30:00Z', false, null],
  ['its day over in the city', '2026-11-29', null, '2026-11-30T04:30:00Z', true, 'Evento encerrado em 29/11/2026'],
  ['to come', '2027-07-16', '2027-07-19', '2026-11-29T12:00:00Z', false, null],
  ['undated', null, null, '2026-11-29T12:00:00Z', false, null],
])('an event %s', (_, startDate, endDate, now, isOver, notice) => {
  const event = anItem({ kind: 'event', startDate, endDate });
  it(`is ${isOver ? '' : 'not '}over, and its page says ${JSON.stringify(notice)}`, () => {
    expect(isEventOver(event, new Date(now))).toBe(isOver);
    expect(endedNotice(event, new Date(now))).toBe(notice);
  });
});

it('says no event is over of another kind', () =>
  expect(endedNotice(anItem({ kind: 'tour', startDate: '2020-01-01' }), new Date())).toBeNull());

describe.each([
  [true, null, null],
  [false, { value: 'em_analise', label: 'Cadastro em análise', tone: 'warning' as const }, /^Cadastro em análise: /],
  [false, { value: 'inactive', label: 'Inativo', tone: 'error' as const }, /^Inativo: /],
  [false, null, /^Cadastro não publicado: /],
])('listingNotice(listed %s, %j)', (isListed, status, expected) => {
  it(`is ${expected}`, () => {
    const notice = listingNotice({ isListed, status });
    if (expected === null) expect(notice).toBeNull();
    else expect(notice).toMatch(expected);
  });
});

describe.each([
  ['tour', false, true],
  ['event', false, true],
  ['accommodation', false, true],
  ['restaurant', false, true],
  ['driver', false, false],
  ['guide', true, true],
  ['tourProvider', true, true],
] as const)('showsPrice(%s, a price given: %s)', (kind, isGiven, expected) => {
  it(`is ${expected}: 'Preço sob consulta' on the offers' cards and pages, a provider's price only when it has one`, () => {
    const item = { ...anItem({ kind }), price: isGiven ? 'R$ 80,00' : null, priceValue: isGiven ? 80 : null, isFree: false };
    expect(showsPrice(item)).toBe(expected);
  });
});

describe('the provider blocks', () => {
  const empty = {
    name: null,
    contact: null,
    phone: null,
    email: null,
    website: null,
    address: null,
    cnpj: '12',
    social: anItem().social,
  };
  it.each([
    [null, false],
    [empty, false],
    [{ ...empty, address: 'Rua A, 1' }, true],
    [{ ...empty, website: 'https://x.example' }, true],
  ])('an item provider %j is shown: %s', (provider, expected) => {
    expect(shownProvider(provider) !== null).toBe(expected);
  });

  it.each([
    [null, false],
    [{ name: null, phone: null, email: null }, false],
    [{ name: null, phone: '65999990000', email: null }, true],
  ])("an experience's provider %j is shown: %s", (provider, expected) => {
    expect(shownExperienceProvider(provider) !== null).toBe(expected);
  });
});
