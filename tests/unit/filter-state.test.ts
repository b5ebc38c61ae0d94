/**
 * @vitest-environment jsdom
 *
 * The list filters' state (docs/product.md): read from a card's data attributes, the URL parse and
 * serialise round trip, the form, and `$filters` with its history entries (jsdom gives it a window).
 * The matchers are in filters.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cardDataAttributes,
  emptyFilters,
  type FilterConfig,
  type FilterState,
  isChosen,
  itemFromDataset,
  parseFilters,
  serialiseFilters,
  withForm,
} from '../../src/lib/lists/filters.ts';
import { $filterConfig, $filters, applyFilters, initFilters, resetFilters } from '../../src/stores/filters.ts';
import { $query } from '../../src/stores/query.ts';
import { anItem } from '../fixtures/entries.ts';

const TOURS: FilterConfig = { duration: 'hours', price: { min: 0, max: 300 } };
/** A list none of whose items has a price: it offers no 'Menor preço' (src/lib/lists/sort.ts). */
const UNPRICED: FilterConfig = { ...TOURS, orders: ['', 'avaliacao', 'nome'] };
const ROOMS: FilterConfig = { duration: 'nights', price: { min: 0, max: 700 } };
const MEALS: FilterConfig = { duration: 'meal', price: { min: 0, max: 100 } };
const PEOPLE: FilterConfig = { duration: null, price: { min: 0, max: 300 } };

const state = (partial: Partial<FilterState>): FilterState => ({ ...emptyFilters(), ...partial });

describe.each([
  [
    'a tour card',
    {
      title: 'Passeio',
      experiences: 'Ecoturismo|Turismo de Aventura',
      locality: 'Barra do Bugres',
      rating: '4.6',
      price: '95',
      discount: '21',
      duration: '4 horas',
      durationHours: '4',
    },
    {
      title: 'Passeio',
      experiences: ['Ecoturismo', 'Turismo de Aventura'],
      locality: 'Barra do Bugres',
      rating: 4.6,
      price: 95,
      isFree: false,
      discount: 21,
      hours: 4,
      days: null,
      nights: null,
      periods: [],
      isOver: false,
    },
  ],
  [
    'a restaurant card',
    {
      title: 'Peixaria',
      experiences: '',
      locality: '',
      rating: '4.8',
      price: '89.9',
      duration: 'Almoço/Jantar',
      periods: '1|2|4',
    },
    {
      title: 'Peixaria',
      experiences: [],
      locality: '',
      rating: 4.8,
      price: 89.9,
      isFree: false,
      discount: null,
      hours: null,
      days: null,
      nights: null,
      periods: [1, 2, 4],
      isOver: false,
    },
  ],
  [
    'an accommodation card',
    { title: 'Chalés', rating: '4.8', price: '690', duration: '3 noites', nights: '3' },
    {
      title: 'Chalés',
      experiences: [],
      locality: '',
      rating: 4.8,
      price: 690,
      isFree: false,
      discount: null,
      hours: null,
      days: null,
      nights: 3,
      periods: [],
      isOver: false,
    },
  ],
  [
    'a card whose upstream gave no rating and no price',
    { title: 'Festa', duration: '3 noites', days: '3' },
    {
      title: 'Festa',
      experiences: [],
      locality: '',
      rating: null,
      price: null,
      isFree: false,
      discount: null,
      hours: null,
      days: 3,
      nights: null,
      periods: [],
      isOver: false,
    },
  ],
  [
    // 'Gratuito' gives no amount (the price bounds leave it out) but sorts first by price.
    'a free event card',
    { title: 'Festival', free: '1', days: '10' },
    {
      title: 'Festival',
      experiences: [],
      locality: '',
      rating: null,
      price: null,
      isFree: true,
      discount: null,
      hours: null,
      days: 10,
      nights: null,
      periods: [],
      isOver: false,
    },
  ],
])('itemFromDataset(%s)', (_name, dataset, expected) => {
  it('parses the data attributes', () => expect(itemFromDataset(dataset)).toEqual(expected));
});

describe.each([
  ['', TOURS, emptyFilters()],
  ['?q=%20Trilha%20', TOURS, state({ search: 'Trilha' })],
  ['experience=Ecoturismo,Cachoeiras', TOURS, state({ experiences: ['Ecoturismo', 'Cachoeiras'] })],
  ['experience=Ecoturismo&experience=Cachoeiras', TOURS, state({ experiences: ['Ecoturismo', 'Cachoeiras'] })],
  ['localidade=Barra+do+Bugres&localidade=C%C3%A1ceres', TOURS, state({ localities: ['Barra do Bugres', 'Cáceres'] })],
  ['avaliacao=5&avaliacao=4.5', TOURS, state({ ratings: [4.5, 5] })],
  ['avaliacao=4,x', TOURS, state({ ratings: [4] })],
  ['duracao=1,5&noites=2', TOURS, state({ durations: [1, 5] })],
  ['noites=3&duracao=1', ROOMS, state({ durations: [3] })],
  ['periodo=4', MEALS, state({ durations: [4] })],
  ['duracao=1', PEOPLE, emptyFilters()],
  ['preco_min=0&preco_max=300', TOURS, emptyFilters()],
  ['preco_min=0&preco_max=100', MEALS, emptyFilters()],
  ['preco_min=50&preco_max=200', TOURS, state({ priceMin: 50, priceMax: 200 })],
  ['preco_min=&preco_max=abc', TOURS, emptyFilters()],
  ['promocao=1', PEOPLE, state({ isOnSale: true })],
  ['promocao=1&avaliacao=4', ROOMS, state({ isOnSale: true, ratings: [4] })],
  // A checkbox sends '1'; anything else is no choice.
  ['promocao=0', TOURS, emptyFilters()],
  ['gratuito=1&preco_max=50', TOURS, state({ isFree: true, priceMax: 50 })],
  ['gratuito=sim', TOURS, emptyFilters()],
  ['promocao=', TOURS, emptyFilters()],
  // The sort order (src/lib/lists/sort.ts): one the list offers, else the list's own.
  ['ordem=preco', TOURS, state({ order: 'preco' })],
  ['q=rio&ordem=nome', TOURS, state({ search: 'rio', order: 'nome' })],
  ['ordem=data', TOURS, emptyFilters()],
  ['ordem=preco', UNPRICED, emptyFilters()],
  ['ordem=avaliacao', UNPRICED, state({ order: 'avaliacao' })],
  // What a page may show of a text from its address (echoText): no control or bidi character, 80 characters at most.
  ['q=%E2%80%AEoir%0Ao%09ed', TOURS, state({ search: 'oir o ed' })],
  [`q=${'a'.repeat(400)}`, TOURS, state({ search: `${'a'.repeat(79)}…` })],
  ['experience=%E2%81%A6Ecoturismo%E2%81%A9&localidade=%E2%80%AE', TOURS, state({ experiences: ['Ecoturismo'] })],
  [`localidade=${'b'.repeat(100)}`, TOURS, state({ localities: [`${'b'.repeat(79)}…`] })],
])('parseFilters(%j)', (query, config, expected) => {
  it('reads the state', () => expect(parseFilters(query, config)).toEqual(expected));
});

describe.each([
  [emptyFilters(), TOURS, ''],
  [state({ search: 'pôr do sol' }), TOURS, 'q=p%C3%B4r+do+sol'],
  [
    state({ experiences: ['Ecoturismo', 'Observação de Aves'] }),
    TOURS,
    'experience=Ecoturismo&experience=Observa%C3%A7%C3%A3o+de+Aves',
  ],
  [state({ ratings: [4.5], durations: [2, 4] }), TOURS, 'avaliacao=4.5&duracao=2&duracao=4'],
  [state({ durations: [3] }), ROOMS, 'noites=3'],
  [state({ durations: [1] }), MEALS, 'periodo=1'],
  [
    state({ localities: ['Barra do Bugres'], priceMin: 20, priceMax: 80 }),
    MEALS,
    'localidade=Barra+do+Bugres&preco_min=20&preco_max=80',
  ],
  [state({ isOnSale: true }), TOURS, 'promocao=1'],
  [state({ isFree: true, priceMax: 50 }), TOURS, 'gratuito=1&preco_max=50'],
  [state({ search: 'rio', isOnSale: true, ratings: [4] }), MEALS, 'q=rio&promocao=1&avaliacao=4'],
  [state({ order: 'preco' }), TOURS, 'ordem=preco'],
  [state({ ratings: [4], order: 'avaliacao' }), ROOMS, 'avaliacao=4&ordem=avaliacao'],
])('serialiseFilters(%j)', (filters, config, expected) => {
  it(`is ${JSON.stringify(expected)} and reads back the same`, () => {
    const query = serialiseFilters(filters, config);
    expect(query).toBe(expected);
    expect(parseFilters(query, config)).toEqual(filters);
  });
});

describe.each([
  ['no sale price', { price: 'R$ 120,00', priceValue: 120 }, '120'],
  [
    'a lower sale price',
    { price: 'R$ 150,00', priceValue: 150, salePrice: 'R$ 99,90', salePriceValue: 99.9, discountPercent: 33 },
    '99.9',
  ],
  // No data-price at all: the island reads no price, and a price filter leaves the card out instead of taking it for R$ 0.
  ['no price', {}, undefined],
  ['a free event', { isFree: true }, undefined],
])('cardDataAttributes with %s', (_name, prices, expected) => {
  // The price filter compares the price the card shows, not the struck-through original.
  it(`writes data-price ${expected}`, () => expect(cardDataAttributes(anItem(prices))['data-price']).toBe(expected));
});

describe.each([
  ['no sale price', { price: 'R$ 120,00', priceValue: 120 }, undefined],
  [
    'a lower sale price',
    { price: 'R$ 150,00', priceValue: 150, salePrice: 'R$ 99,90', salePriceValue: 99.9, discountPercent: 33 },
    '33',
  ],
  // The normaliser sets no discount for a sale price above the price: the card shows none, so 'Em promoção' leaves it out.
  [
    'a sale price with no discount',
    { price: 'R$ 150,00', priceValue: 150, salePrice: 'R$ 160,00', salePriceValue: 160 },
    undefined,
  ],
  ['no price', {}, undefined],
])('cardDataAttributes with %s', (_name, prices, expected) => {
  it(`writes data-discount ${expected}`, () => expect(cardDataAttributes(anItem(prices))['data-discount']).toBe(expected));
});

describe.each([
  {
    what: "the search box's words replace the search alone",
    form: 'search' as const,
    fields: 'q=+barco++&tipo=Passeio',
    current: state({ ratings: [4], order: 'preco', search: 'rio' }),
    expected: state({ ratings: [4], order: 'preco', search: 'barco' }),
  },
  {
    what: "the sort control's order replaces the order alone",
    form: 'order' as const,
    fields: 'ordem=nome',
    current: state({ search: 'rio', ratings: [4] }),
    expected: state({ search: 'rio', ratings: [4], order: 'nome' }),
  },
  {
    what: 'an order the list does not offer is its own',
    form: 'order' as const,
    fields: 'ordem=data',
    current: state({ order: 'preco' }),
    expected: state({}),
  },
  {
    what: 'the panel replaces every filter but the search and the order',
    form: 'panel' as const,
    fields: 'promocao=1&avaliacao=4.5&duracao=2&duracao=4&preco_min=10&preco_max=300',
    current: state({ search: 'rio', order: 'nome', ratings: [5], localities: ['Centro'] }),
    expected: state({ search: 'rio', order: 'nome', isOnSale: true, ratings: [4.5], durations: [2, 4], priceMin: 10 }),
  },
  {
    what: 'the panel keeps the parts of the address that no box holds, and drops the boxes unticked',
    form: 'panel' as const,
    fields: 'experience=Ecoturismo',
    current: state({ experiences: ['cachoeiras', 'Observação de Aves'] }),
    expected: state({ experiences: ['cachoeiras', 'Ecoturismo'] }),
  },
])('withForm: $what', ({ form, fields, current, expected }) => {
  it(`${form} ${fields}`, () => {
    expect(withForm(current, form, new URLSearchParams(fields), TOURS, ['Ecoturismo', 'Observação de Aves'])).toEqual(expected);
  });
});

describe.each([
  [state({ isOnSale: true }), 'promocao', '1', 'hours', true],
  [state({}), 'promocao', '1', 'hours', false],
  [state({ experiences: ['ecoturismo'] }), 'experience', 'Ecoturismo', 'hours', true],
  [state({ experiences: ['cachoeiras'] }), 'experience', 'Experiência em Cachoeiras', 'hours', false],
  [state({ localities: ['barra do bugres'] }), 'localidade', 'Barra do Bugres', 'hours', true],
  [state({ ratings: [4.5] }), 'avaliacao', '4.5', 'hours', true],
  [state({ ratings: [4.5] }), 'avaliacao', '4', 'hours', false],
  [state({ durations: [2] }), 'duracao', '2', 'hours', true],
  [state({ durations: [2] }), 'noites', '2', 'hours', false],
  [state({ durations: [2] }), 'noites', '2', 'nights', true],
  [state({ isFree: true }), 'gratuito', '1', null, true],
  [emptyFilters(), 'gratuito', '1', null, false],
  [state({ durations: [2] }), 'duracao', '2', null, false],
] as const)('isChosen(%j, %s, %s, %s)', (filters, name, value, duration, expected) => {
  it(`is ${expected}`, () => expect(isChosen(filters, name, value, duration)).toBe(expected));
});

describe('$filters', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/all-tours?experience=Ecoturismo&preco_max=300');
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    $query.set('');
    $filterConfig.set(PEOPLE);
  });

  it('starts from the address bar', () => {
    initFilters(TOURS);
    expect($filters.get()).toEqual(state({ experiences: ['Ecoturismo'] }));
  });

  it('pushes one history entry per change and none for an unchanged state', () => {
    initFilters(TOURS);
    const length = window.history.length;
    applyFilters(state({ experiences: ['Ecoturismo'], ratings: [5] }));
    expect(window.location.search).toBe('?experience=Ecoturismo&avaliacao=5');
    expect(window.history.length).toBe(length + 1);
    applyFilters(state({ experiences: ['Ecoturismo'], ratings: [5] }));
    expect(window.history.length).toBe(length + 1);
    resetFilters();
    expect(window.location.pathname).toBe('/all-tours');
    expect(window.location.search).toBe('');
    expect($filters.get()).toEqual(emptyFilters());
  });

  it("'Limpar' clears the filters and keeps the order the visitor chose, which is no filter", () => {
    initFilters(TOURS);
    applyFilters(state({ ratings: [4], order: 'preco' }));
    expect(window.location.search).toBe('?avaliacao=4&ordem=preco');
    resetFilters();
    expect(window.location.search).toBe('?ordem=preco');
    expect($filters.get()).toEqual(state({ order: 'preco' }));
  });

  it('restores the state of the address bar on popstate while listened to', () => {
    const unlisten = $filters.listen(() => {});
    initFilters(TOURS);
    applyFilters(state({ search: 'barco' }));
    window.history.replaceState(null, '', '/all-tours?q=trilha&duracao=5');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect($filters.get()).toEqual(state({ search: 'trilha', durations: [5] }));
    unlisten();
  });
});
