/**
 * The list filters' matchers (docs/product.md): each matcher on its own, and matchesFilters on whole
 * items. The URL, the cards' data attributes, the form and `$filters` are in filter-state.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  emptyFilters,
  eventDays,
  type FilterableItem,
  type FilterState,
  hoursBucket,
  itemPrice,
  matchesDays,
  matchesExperiences,
  matchesFilters,
  matchesFree,
  matchesHours,
  matchesLocality,
  matchesMeal,
  matchesNights,
  matchesOnSale,
  matchesPrice,
  matchesRating,
  matchesSearch,
} from '../../src/lib/lists/filters.ts';

const state = (partial: Partial<FilterState>): FilterState => ({ ...emptyFilters(), ...partial });

describe.each([
  ['Trilha e Banho nas Cachoeiras', 'cachoeiras', true],
  ['Trilha e Banho nas Cachoeiras', 'CACHOEIRAS', true],
  ['Vivência Cultural Umutina', 'vivencia', true],
  ['Café & Chipa da Vó Benedita', 'cafe & chipa da vo', true],
  ['Pesca Esportiva', 'pesca noturna', false],
  ['Qualquer', '', true],
])('matchesSearch(%j, %j)', (title, search, expected) => {
  it(`is ${expected}`, () => expect(matchesSearch(title, search)).toBe(expected));
});

describe.each([
  [['Ecoturismo', 'Experiência em Cachoeiras'], ['Ecoturismo'], true],
  [['Ecoturismo', 'Experiência em Cachoeiras'], ['ecoturismo,cachoeiras'], true],
  [['Ecoturismo', 'Experiência em Cachoeiras'], ['Ecoturismo', 'Cachoeiras'], true],
  [['Ecoturismo', 'Experiência em Cachoeiras'], ['Ecoturismo,Cultura Indígena'], false],
  [['Cultura Indígena'], ['Cultura Indígena', 'Observação de Aves'], false],
  [['Cultura Indígena'], ['cultura indigena'], true],
  [[], ['Ecoturismo'], false],
  [[], [], true],
  [['Ecoturismo'], [' , '], true],
  // The experience page asks with its one title: the tours /all-tours?experience={title} lists.
  [['Pesca Esportiva', 'Ecoturismo'], ['Pesca Esportiva'], true],
  [['Ecoturismo'], ['Pesca Esportiva'], false],
  // A title with no part left after the split selects nothing, so it keeps every tour (its own copy
  // on the experience page, offersExperience, listed none, unlike the /all-tours link it points to).
  [['Ecoturismo'], [','], true],
])('matchesExperiences(%j, %j)', (offered, selected, expected) => {
  it(`is ${expected}`, () => expect(matchesExperiences(offered, selected)).toBe(expected));
});

describe.each([
  ['Barra do Bugres', [], true],
  ['Barra do Bugres', ['Barra do Bugres'], true],
  ['Barra do Bugres', ['barra do bugres', 'Cáceres'], true],
  ['Cáceres', ['Barra do Bugres'], false],
  ['', ['Barra do Bugres'], false],
])('matchesLocality(%j, %j)', (locality, selected, expected) => {
  it(`is ${expected}`, () => expect(matchesLocality(locality, selected)).toBe(expected));
});

describe.each([
  [3.8, [], true],
  [4, [4], true],
  [4.4, [4.5], false],
  [4.5, [4.5], true],
  [4.6, [5, 4.5], true],
  [4.9, [5], false],
  [4.2, [5, 4], true],
  // No rating given: listed until a rating is chosen, never taken for a rating it does not have.
  [null, [], true],
  [null, [4], false],
])('matchesRating(%j, %j)', (rating, selected, expected) => {
  it(`is ${expected}`, () => expect(matchesRating(rating, selected)).toBe(expected));
});

describe.each([
  [0.75, 1],
  [1, 1],
  [1.5, 2],
  [2, 2],
  [3, 4],
  [4, 4],
  [4.01, 5],
  [8, 5],
])('hoursBucket(%d)', (hours, bucket) => {
  it(`is ${bucket}`, () => expect(hoursBucket(hours)).toBe(bucket));
});

describe.each([
  [1, [], true],
  [null, [], true],
  [null, [1], false],
  [1, [1], true],
  [1, [2], false],
  [2, [2], true],
  [3, [4], true],
  [4, [4, 5], true],
  [8, [5], true],
  [8, [1, 2, 4], false],
])('matchesHours(%j, %j)', (hours, selected, expected) => {
  it(`is ${expected}`, () => expect(matchesHours(hours, selected)).toBe(expected));
});

describe.each([
  [1, [1], true],
  [2, [1], false],
  [2, [3], true],
  [3, [3], true],
  [4, [3], false],
  [10, [4], true],
  [10, [1, 3], false],
  [null, [1], false],
  [null, [], true],
])('matchesDays(%j, %j)', (days, selected, expected) => {
  it(`is ${expected}`, () => expect(matchesDays(days, selected)).toBe(expected));
});

describe.each([
  // An event's days: from its dates when both are given, else its duration in days, nights or hours.
  ['2027-07-16', '2027-07-25', '10 dias', 10],
  ['2026-12-01', '2026-12-31', 'Todo o mês de dezembro', 31],
  // Calendar days, whatever the times: an evening to the small hours is two.
  ['2026-12-31T21:00:00-04:00', '2027-01-01T02:00:00-04:00', '', 2],
  ['2027-07-16T19:00:00-04:00', '2027-07-18', '', 3],
  ['2027-07-16', null, '3 noites', 3],
  ['2027-07-16', null, '4 dias', 4],
  ['2027-07-16T19:00:00-04:00', null, '4 horas', 1],
  ['2027-07-16', null, '36 horas', 2],
  // A start alone says no length: not a one-day event.
  ['2027-04-16', null, '', null],
  ['2027-04-16T19:00:00-04:00', null, '', null],
  ['2027-04-16', null, 'Todo o mês de dezembro', null],
  // Dates to be confirmed: a length of days stays the data's, but one day is no day out a visitor can plan.
  [null, null, '3 noites', 3],
  [null, null, '4 horas', null],
  [null, null, '1 dia', null],
  [null, null, '', null],
])('eventDays(%j, %j, %j)', (startDate, endDate, duration, expected) => {
  it(`is ${expected}`, () => expect(eventDays({ startDate, endDate, duration })).toBe(expected));
});

describe.each([
  [1, [1], true],
  [2, [1], false],
  [2, [1, 2], true],
  [3, [3], true],
  [5, [3], true],
  [null, [3], false],
  [null, [], true],
])('matchesNights(%j, %j)', (nights, selected, expected) => {
  it(`is ${expected}`, () => expect(matchesNights(nights, selected)).toBe(expected));
});

describe.each([
  [[1, 2, 4], [2], true],
  [[3], [1, 2], false],
  [[3], [3], true],
  [[], [1], false],
  [[], [], true],
])('matchesMeal(%j, %j)', (periods, selected, expected) => {
  it(`is ${expected}`, () => expect(matchesMeal(periods, selected)).toBe(expected));
});

describe.each([
  [180, null, null, true],
  [180, 100, 200, true],
  [100, 100, 200, true],
  [200, 100, 200, true],
  [99.9, 100, null, false],
  [450, 100, null, true],
  [450, null, 300, false],
  [0, 10, null, false],
  // No price given: it passes only a list whose price is not limited, never as if it were R$ 0.
  [null, null, null, true],
  [null, 0, null, false],
  [null, null, 300, false],
])('matchesPrice(%j, %j, %j)', (price, min, max, expected) => {
  it(`is ${expected}`, () => expect(matchesPrice(price, min, max)).toBe(expected));
});

describe.each([
  [180, false, 180],
  // 'Gratuito' with no amount is R$ 0, to the filter and the sort alike.
  [null, true, 0],
  [0, false, 0],
  [null, false, null],
])('itemPrice(price %j, isFree %j)', (price, isFree, expected) => {
  it(`is ${expected}`, () => expect(itemPrice({ price, isFree })).toBe(expected));
});

describe.each([
  [0, true, true],
  [null, false, true],
  [180, false, true],
  [180, true, false],
  // No price given is not free: 'Gratuito' leaves it out.
  [null, true, false],
])('matchesFree(%j, %j)', (price, isFree, expected) => {
  it(`is ${expected}`, () => expect(matchesFree(price, isFree)).toBe(expected));
});

describe.each([
  [15, false, true],
  [null, false, true],
  [15, true, true],
  // Not on sale: left out once 'Em promoção' is checked.
  [null, true, false],
])('matchesOnSale(%j, %j)', (discount, isOnSale, expected) => {
  it(`is ${expected}`, () => expect(matchesOnSale(discount, isOnSale)).toBe(expected));
});

const TOUR: FilterableItem = {
  title: 'Trilha e Banho nas Cachoeiras da Serra das Araras',
  experiences: ['Experiência em Cachoeiras', 'Ecoturismo', 'Turismo de Aventura'],
  locality: 'Barra do Bugres',
  rating: 4.9,
  price: 180,
  isFree: false,
  discount: null,
  hours: 8,
  days: null,
  nights: null,
  periods: [],
  isOver: false,
};

describe.each([
  ['no filter', emptyFilters(), true],
  [
    'every filter passing',
    state({
      search: 'trilha',
      experiences: ['Ecoturismo'],
      localities: ['Barra do Bugres'],
      ratings: [4.5],
      durations: [5],
      priceMin: 100,
      priceMax: 200,
    }),
    true,
  ],
  ['search failing', state({ search: 'barco' }), false],
  ['experience failing', state({ experiences: ['Cultura'] }), false],
  ['locality failing', state({ localities: ['Cáceres'] }), false],
  ['rating failing', state({ ratings: [5] }), false],
  ['duration failing', state({ durations: [1, 2] }), false],
  ['price failing', state({ priceMax: 150 }), false],
  ['on sale failing', state({ isOnSale: true }), false],
])('matchesFilters(tour, %s)', (_name, filters, expected) => {
  it(`is ${expected}`, () => expect(matchesFilters(TOUR, filters, 'hours')).toBe(expected));
});

describe.each([
  ['on sale alone', state({ isOnSale: true }), true],
  ['on sale with every other filter passing', state({ isOnSale: true, search: 'trilha', ratings: [4.5], priceMax: 150 }), true],
  ['on sale with another filter failing', state({ isOnSale: true, search: 'barco' }), false],
])('matchesFilters(a tour on sale, %s)', (_name, filters, expected) => {
  it(`is ${expected}`, () => expect(matchesFilters({ ...TOUR, price: 135, discount: 25 }, filters, 'hours')).toBe(expected));
});

const FREE_EVENT: FilterableItem = { ...TOUR, title: 'Festival de Praia', price: null, isFree: true };

describe.each([
  ['a price limit', state({ priceMax: 50 }), true],
  ['a price limit of R$ 0', state({ priceMax: 0 }), true],
  ["'Gratuito'", state({ isFree: true }), true],
  ["'Gratuito' and a limit", state({ isFree: true, priceMax: 50 }), true],
  ['a lowest price above zero', state({ priceMin: 10 }), false],
])('matchesFilters(a free event, %s)', (_name, filters, expected) => {
  it(`is ${expected}`, () => expect(matchesFilters(FREE_EVENT, filters, 'days')).toBe(expected));
});

describe.each([
  ["'Gratuito'", state({ isFree: true }), false],
  ['a price limit', state({ priceMax: 50 }), false],
])('matchesFilters(a tour with no price given, %s)', (_name, filters, expected) => {
  it(`is ${expected}`, () => expect(matchesFilters({ ...TOUR, price: null }, filters, 'hours')).toBe(expected));
});

describe('matchesFilters by duration kind', () => {
  it('reads nights for accommodation and periods for restaurants, and ignores the group elsewhere', () => {
    const room = { ...TOUR, hours: null, nights: 3 };
    expect(matchesFilters(room, state({ durations: [3] }), 'nights')).toBe(true);
    expect(matchesFilters(room, state({ durations: [1] }), 'nights')).toBe(false);
    const restaurant = { ...TOUR, hours: null, periods: [1, 2, 4] };
    expect(matchesFilters(restaurant, state({ durations: [2] }), 'meal')).toBe(true);
    expect(matchesFilters(restaurant, state({ durations: [3] }), 'meal')).toBe(false);
    expect(matchesFilters(TOUR, state({ durations: [1] }), null)).toBe(true);
  });
});
