/**
 * The truth checks' own oracle (tests/support/expected-facts.ts) held to docs/product.md's examples,
 * written out as literals: the oracle is what the pages are checked against, so it must itself be
 * right by the doc, not by the code that writes the pages.
 */
import { describe, expect, it } from 'vitest';
import {
  cityToday,
  expectedArticleDay,
  expectedDiscount,
  expectedEventDates,
  expectedEventOrder,
  expectedOfferPrice,
  expectedPeople,
  expectedPrice,
  expectedRating,
  expectedReviewedPath,
  offersExperience,
} from '../support/expected-facts.ts';

const CUIABA = 'America/Cuiaba';
const BRASILIA = 'America/Sao_Paulo';
const event = (startDate: string | null, endDate: string | null = null) => ({ kind: 'event' as const, startDate, endDate });
const priced = (priceValue: number | null, salePriceValue: number | null = null, isFree = false) => ({
  priceValue,
  salePriceValue,
  isFree,
});

describe('expected-facts', () => {
  it.each([
    [4.5, 'Nota dos visitantes 4,5 de 5'],
    [5, 'Nota dos visitantes 5 de 5'],
    [null, null],
  ])('a rating of %s reads %s', (rating, text) => {
    expect(expectedRating(rating)).toBe(text);
  });

  it.each([
    [1, '1 pessoa'],
    [8, '8 pessoas'],
    [null, null],
  ])('a group of %s reads %s', (people, text) => {
    expect(expectedPeople(people)).toBe(text);
  });

  it.each([
    [priced(1234.5), 'R$ 1.234,50', '1234.50', null],
    [priced(320, 279), 'R$ 279,00', '279.00', 13],
    // The discount is rounded (docs/product.md, Formats): 0,5 % lower reads '-1%'.
    [priced(100, 99.5), 'R$ 99,50', '99.50', 1],
    // Lower by less than that: the sale price is what is paid, with no '-0%'.
    [priced(100, 99.7), 'R$ 99,70', '99.70', null],
    // The same in cents is no sale.
    [priced(100, 99.999), 'R$ 100,00', '100.00', null],
    // A sale price above the price is none.
    [priced(30, 35), 'R$ 30,00', '30.00', null],
    [priced(null, null, true), 'Gratuito', '0.00', null],
    [priced(null), 'Preço sob consulta', null, null],
  ])('%o is priced %s, offered at %s, with a discount of %s %', (item, price, offer, discount) => {
    expect(expectedPrice(item)).toBe(price);
    expect(expectedOfferPrice(item)).toBe(offer);
    expect(expectedDiscount(item)).toBe(discount);
  });

  it.each([
    [event('2027-07-16'), CUIABA, '16 de julho de 2027'],
    [event('2027-07-16', '2027-07-19'), CUIABA, '16 a 19 de julho de 2027'],
    [event('2027-06-24', '2027-07-02'), CUIABA, '24 de junho a 2 de julho de 2027'],
    [event('2026-12-30', '2027-01-02'), CUIABA, '30 de dezembro de 2026 a 2 de janeiro de 2027'],
    [event('2026-12-27T19:00:00-04:00'), CUIABA, '27 de dezembro de 2026, 19h, horário de Mato Grosso'],
    [event('2027-03-10T07:30:00-04:00'), CUIABA, '10 de março de 2027, 7h30, horário de Mato Grosso'],
    [
      event('2026-12-27T19:00:00-04:00', '2026-12-27T23:00:00-04:00'),
      CUIABA,
      '27 de dezembro de 2026, das 19h às 23h, horário de Mato Grosso',
    ],
    [event('2027-07-01T19:00:00-03:00', '2027-07-04'), BRASILIA, '1 de julho, 19h, a 4 de julho de 2027, horário de Brasília'],
    // The same instant on Mato Grosso's clock, an hour behind Brasília's.
    [event('2027-07-01T19:00:00-03:00'), CUIABA, '1 de julho de 2027, 18h, horário de Mato Grosso'],
    // Midnight is a day without a time.
    [event('2027-07-16T00:00:00-04:00'), CUIABA, '16 de julho de 2027'],
    [event(null), CUIABA, 'Data a confirmar'],
  ])('%o on %s is dated %s', (item, timeZone, text) => {
    expect(expectedEventDates(item, timeZone)).toBe(text);
  });

  it('dates no other kind, and names no clock it does not know', () => {
    expect(expectedEventDates({ kind: 'tour', startDate: null, endDate: null }, CUIABA)).toBeNull();
    expect(() => expectedEventDates(event('2027-07-16T19:00:00Z'), 'Europe/Lisbon')).toThrow(/CLOCK_NAMES/);
  });

  it("gives the city's day of an instant, and an article's as dd/mm/aaaa", () => {
    // 02:00 UTC is still the evening before in Cuiabá.
    expect(cityToday(new Date('2027-01-02T02:00:00Z'), CUIABA)).toBe('2027-01-01');
    expect(expectedArticleDay('2027-01-02T02:00:00Z', CUIABA)).toBe('01/01/2027');
    expect(expectedArticleDay('2027-01-02T02:00:00Z', BRASILIA)).toBe('01/01/2027');
    expect(expectedArticleDay('2027-01-02T04:00:00Z', CUIABA)).toBe('02/01/2027');
  });

  it('orders events: to come soonest first, undated as given, over latest first', () => {
    const events = [
      { id: 'over-early', ...event('2026-01-10', '2026-01-12') },
      { id: 'undated-1', ...event(null) },
      { id: 'late', ...event('2027-07-16') },
      { id: 'same-day-timed', ...event('2027-03-10T07:00:00-04:00') },
      { id: 'under-way', ...event('2026-12-20', '2027-01-05') },
      { id: 'same-day', ...event('2027-03-10') },
      { id: 'undated-2', ...event(null) },
      { id: 'over-late', ...event('2026-11-01') },
    ];
    expect(expectedEventOrder(events, '2027-01-01', CUIABA).map(({ id }) => id)).toEqual([
      'under-way',
      'same-day',
      'same-day-timed',
      'late',
      'undated-1',
      'undated-2',
      'over-late',
      'over-early',
    ]);
  });

  it.each([
    ['pesca', true],
    ['Pesca Esportiva', true],
    ['observacao de aves', true],
    ['Pesca, Aves', true],
    ['Pesca, Trilha', false],
    ['Cavalgada', false],
  ])("an item offering 'Pesca esportiva' and 'Observação de aves' offers '%s': %s", (value, offers) => {
    expect(offersExperience({ experiences: ['Pesca esportiva', 'Observação de aves'] }, value)).toBe(offers);
  });

  it('links what a testimonial is about only when the snapshot has it', () => {
    const has = (key: string) => key === 'tour/t1' || key === 'restaurant/r1';
    expect(expectedReviewedPath({ experience: 'tours', experienceId: 't1' }, has)).toBe('/tour/t1');
    expect(expectedReviewedPath({ experience: 'restaurants', experienceId: 'r1' }, has)).toBe('/restaurant/r1');
    expect(expectedReviewedPath({ experience: 'tours', experienceId: 't9' }, has)).toBeNull();
    expect(expectedReviewedPath({ experience: 'tours', experienceId: null }, has)).toBeNull();
    expect(expectedReviewedPath({ experience: 'podcasts', experienceId: 't1' }, has)).toBeNull();
  });
});
