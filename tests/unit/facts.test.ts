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
  eventDatesFact,
  listingNotice,
  offerAmount,
  peopleFact,
  ratingFact,
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
  // Free only when the upstream says so in words.
  ['Gratuito', undefined, 'Gratuito', null, null, null, true],
  ['Entrada franca', undefined, 'Gratuito', null, null, null, true],
  ['grátis', undefined, 'Gratuito', null, null, null, true],
])('price %j, sale %j', (price, sale, shownPrice, shownSale, discount, amount, isStated) => {
  const item = priced(price, sale);
  it(`shows ${shownPrice}${shownSale ? ` and ${shownSale} (-${discount}%)` : ''}, charges ${amount}`, () =>
    expect(displayPrice(item)).toEqual({ price: shownPrice, salePrice: shownSale, discountPercent: discount, amount, isStated }));
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
  [4.5, '4,5 estrelas'],
  [1, '1 estrela'],
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

describe.each([
  ['2027-07-16T16:00:00.000Z', null, '16 de julho de 2027'],
  ['2027-07-16T16:00:00.000Z', '2027-07-25T16:00:00.000Z', '16 a 25 de julho de 2027'],
  ['2027-06-24T16:00:00.000Z', '2027-07-02T16:00:00.000Z', '24 de junho a 2 de julho de 2027'],
  ['2026-12-30T16:00:00.000Z', '2027-01-02T16:00:00.000Z', '30 de dezembro de 2026 a 2 de janeiro de 2027'],
  [null, null, null],
])('eventDatesFact(%j, %j)', (startDate, endDate, expected) => {
  it(`is ${expected}`, () => expect(eventDatesFact({ startDate, endDate })).toBe(expected));
});

describe('byEventDate', () => {
  const event = (id: string, startDate: string | null, endDate: string | null = null) =>
    anItem({ id, kind: 'event', startDate, endDate });
  const events = [
    event('undated-1', null),
    event('august', '2027-08-27T16:00:00.000Z'),
    event('over', '2026-06-01T16:00:00.000Z'),
    event('december-running', '2026-11-01T16:00:00.000Z', '2026-12-31T16:00:00.000Z'),
    event('april', '2027-04-16T16:00:00.000Z'),
    event('undated-2', null),
    event('long-over', '2025-06-01T16:00:00.000Z'),
  ];
  it('puts what is still on soonest first, then the undated in their order, then what is over, latest first', () =>
    expect(byEventDate(events, new Date('2026-11-25T12:00:00Z')).map((item) => item.id)).toEqual([
      'december-running',
      'april',
      'august',
      'undated-1',
      'undated-2',
      'over',
      'long-over',
    ]));
});

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
