/**
 * The sort orders of the lists (src/lib/lists/sort.ts, docs/product.md): which a list offers, and
 * the order each puts the cards in, from the cards' data as the list filters read it. How the order
 * lives in the URL is tests/unit/filter-state.test.ts (parseFilters, serialiseFilters); the control at
 * work on the built pages, tests/html/list-filters.test.ts and tests/e2e/sorting.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { cardDataAttributes, type FilterableItem, itemFromDataset, type SortOrder } from '../../src/lib/lists/filters.ts';
import { cardDataset } from '../../src/lib/lists/paging.ts';
import { defaultOrderLabel, sortItems, sortOptions, sortPrice } from '../../src/lib/lists/sort.ts';
import type { Item } from '../../src/lib/schemas/index.ts';
import { anItem } from '../fixtures/entries.ts';

/** A card's data as the matchers read it: only what a sort reads is given. */
const card = (id: string, data: Partial<FilterableItem>): { id: string; item: FilterableItem } => ({
  id,
  item: {
    title: id,
    experiences: [],
    locality: '',
    rating: null,
    price: null,
    isFree: false,
    discount: null,
    hours: null,
    days: null,
    nights: null,
    periods: [],
    isOver: false,
    ...data,
  },
});

const CARDS = [
  card('a', { title: 'Trilha 10', price: 150, rating: 4.5 }),
  card('b', { title: 'Pôr do sol', price: null, rating: 4.9 }),
  card('c', { title: 'Água Azul', price: 60, rating: null }),
  card('d', { title: 'trilha 2', price: 150, rating: 4.9 }),
  card('e', { title: 'Festival', price: null, isFree: true, rating: 4.5 }),
  card('f', { title: 'Barco', price: null, rating: null }),
];

describe.each<[string, SortOrder, string[]]>([
  ["the list's own order", '', ['a', 'b', 'c', 'd', 'e', 'f']],
  // Free first (R$ 0), equal prices in the list's order, the ones without a price last in it.
  ['the lowest price', 'preco', ['e', 'c', 'a', 'd', 'b', 'f']],
  // Highest first, equal ratings in the list's order, the unrated last.
  ['the best rating', 'avaliacao', ['b', 'd', 'a', 'e', 'c', 'f']],
  // The Portuguese way: 'Água' with the a's, case aside, 2 before 10.
  ['the name', 'nome', ['c', 'f', 'e', 'b', 'd', 'a']],
])('sortItems by %s', (_name, order, expected) => {
  it(`is ${expected.join(', ')}`, () => {
    const sorted = sortItems(CARDS, order, (entry) => entry.item);
    expect(sorted.map((entry) => entry.id)).toEqual(expected);
  });

  it('leaves the entries it was given as they were', () => {
    const entries = [...CARDS];
    sortItems(entries, order, (entry) => entry.item);
    expect(entries).toEqual(CARDS);
  });
});

describe('sortItems with events over', () => {
  // The list's own order (byEventDate) already puts them last: to come, then over.
  const EVENTS = [
    card('next', { title: 'Zumba na praça', price: 50 }),
    card('later', { title: 'Arraial', price: 20, rating: 4 }),
    card('over', { title: 'Cavalgada', price: 10, rating: 5, isOver: true }),
    card('over-free', { title: 'Baile', isFree: true, isOver: true }),
  ];
  it.each<[SortOrder, string[]]>([
    ['', ['next', 'later', 'over', 'over-free']],
    ['preco', ['later', 'next', 'over-free', 'over']],
    ['avaliacao', ['later', 'next', 'over', 'over-free']],
    ['nome', ['later', 'next', 'over-free', 'over']],
  ])('by %j keeps what is over after what is to come: %j', (order, expected) => {
    expect(sortItems(EVENTS, order, (entry) => entry.item).map((entry) => entry.id)).toEqual(expected);
  });

  it("reads 'over' from the card's data, written only for an event over on the given day", () => {
    const over = anItem({ id: 'o', kind: 'event', startDate: '2026-01-10', endDate: '2026-01-12' });
    const now = new Date('2026-11-29T12:00:00Z');
    expect(itemFromDataset(cardDataset(over, now)).isOver).toBe(true);
    expect(itemFromDataset(cardDataset(over, new Date('2026-01-12T12:00:00Z'))).isOver).toBe(false);
    expect(itemFromDataset(cardDataset(anItem({ id: 't', kind: 'event', startDate: null }), now)).isOver).toBe(false);
    expect(itemFromDataset(cardDataset(over)).isOver).toBe(false);
  });
});

describe.each([
  ['a price', { price: 90, isFree: false }, 90],
  ['a free item', { price: null, isFree: true }, 0],
  ['no price', { price: null, isFree: false }, null],
])('sortPrice of %s', (_name, item, expected) => {
  it(`is ${expected}`, () => expect(sortPrice(item)).toBe(expected));
});

it("sorts a list's index entries through their cards' data, as the list filters do", () => {
  const items = [
    anItem({ id: '1', title: 'Caro', priceValue: 300 }),
    anItem({ id: '2', title: 'Em promoção', priceValue: 200, salePrice: 'R$ 50,00', salePriceValue: 50, discountPercent: 75 }),
    anItem({ id: '3', title: 'Sem preço' }),
    anItem({ id: '4', title: 'Médio', priceValue: 100 }),
  ];
  const entries = items.map((item) => ({ id: item.id, data: cardDataset(item) }));
  // The price the card shows: the sale price when lower.
  expect(sortItems(entries, 'preco', (entry) => itemFromDataset(entry.data)).map((entry) => entry.id)).toEqual([
    '2',
    '4',
    '1',
    '3',
  ]);
  // And the same from the cards' own attributes, read back as a card's dataset would.
  const dataset = (item: Item) =>
    Object.fromEntries(Object.entries(cardDataAttributes(item)).map(([key, value]) => [key.slice('data-'.length), value]));
  expect(sortItems(items, 'preco', (item) => itemFromDataset(dataset(item))).map((item) => item.id)).toEqual([
    '2',
    '4',
    '1',
    '3',
  ]);
});

const priced = anItem({ id: '1', priceValue: 80 });
const rated = anItem({ id: '2', rating: 4.5 });
const bare = anItem({ id: '3' });
const free = anItem({ id: '4', kind: 'event', isFree: true });

describe.each<[string, Item['kind'], Item[], string[]]>([
  ['a list with prices and ratings', 'tour', [priced, rated, bare], ['', 'preco', 'avaliacao', 'nome']],
  // No 'Menor preço' where no item has a price, no 'Melhor avaliação' where none is rated.
  ['a list without a price', 'guide', [rated, bare], ['', 'avaliacao', 'nome']],
  ['a list without a rating', 'restaurant', [priced, bare], ['', 'preco', 'nome']],
  ['a list of neither', 'agency', [bare, anItem({ id: '5' })], ['', 'nome']],
  // A free event is a price: the cheapest.
  ['events, one of them free', 'event', [free, bare], ['', 'preco', 'nome']],
  // One item: nothing to reorder, no control.
  ['a list of one item', 'tour', [priced], []],
  ['an empty list', 'tour', [], []],
])('sortOptions for %s', (_name, kind, items, expected) => {
  it(`offers ${JSON.stringify(expected)}`, () => {
    const options = sortOptions(kind, items);
    expect(options.map((option) => option.value)).toEqual(expected);
    const labels = { preco: 'Menor preço', avaliacao: 'Melhor avaliação', nome: 'Nome (A–Z)' } as Record<string, string>;
    for (const option of options.slice(1)) expect(option.label).toBe(labels[option.value]);
  });
});

describe.each<[string, Item['kind'], Item[], string]>([
  ['tours', 'tour', [bare], 'Relevância'],
  // The events list is in date order already (byEventDate): its own order says so.
  ['dated events', 'event', [anItem({ kind: 'event', startDate: '2027-07-16' }), bare], 'Data'],
  ['events without a date', 'event', [anItem({ kind: 'event' })], 'Relevância'],
])("the list's own order of %s", (_name, kind, items, expected) => {
  it(`is called '${expected}'`, () => {
    expect(defaultOrderLabel(kind, items)).toBe(expected);
    if (items.length > 1) expect(sortOptions(kind, items)[0]).toEqual({ value: '', label: expected });
  });
});
