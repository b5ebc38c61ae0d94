/**
 * What a filtered or sorted list shows (src/lib/lists/results.ts): the matches of the whole list in
 * the state's order, how many, and the first batches of them; an index entry checked for the shape the
 * matchers read; a card of this page read as an entry.
 */
import { describe, expect, it } from 'vitest';
import { emptyFilters, type FilterState } from '../../src/lib/lists/filters.ts';
import { LIST_BATCH_SIZE } from '../../src/lib/lists/paging.ts';
import { cardEntry, isListEntry, type ListEntry, listView } from '../../src/lib/lists/results.ts';

/** An entry of static page `page` with the card data a matcher reads. */
const entry = (id: string, page: number, data: Record<string, string>): ListEntry => ({ id, page, data: { title: id, ...data } });

const ENTRIES = [
  entry('a', 1, { title: 'Trilha', price: '80', rating: '4.5' }),
  entry('b', 1, { title: 'Barco', price: '40' }),
  entry('c', 2, { title: 'Pesca', price: '120', rating: '5' }),
  entry('d', 3, { title: 'Aves', rating: '4' }),
];
const state = (part: Partial<FilterState>): FilterState => ({ ...emptyFilters(), ...part });
const nothingAtHand = () => false;

describe.each([
  { what: 'a rating keeps the rated at or above it, in the list’s order', part: { ratings: [4.5] }, ids: ['a', 'c'], total: 2 },
  { what: 'a search reads the titles', part: { search: 'barco' }, ids: ['b'], total: 1 },
  {
    what: 'an order sorts every match: the unpriced last',
    part: { order: 'preco' as const },
    ids: ['b', 'a', 'c', 'd'],
    total: 4,
  },
  { what: 'a price bound leaves out the unpriced', part: { priceMax: 100 }, ids: ['a', 'b'], total: 2 },
  { what: 'nothing matches', part: { search: 'zzz' }, ids: [], total: 0 },
])('listView: $what', ({ part, ids, total }) => {
  it(`draws ${JSON.stringify(ids)} of ${total}`, () => {
    expect(listView(ENTRIES, state(part), null, 1, nothingAtHand)).toEqual({ ids, total, hasMore: false });
  });
});

describe('listView over more matches than a batch', () => {
  const many = Array.from({ length: LIST_BATCH_SIZE + 5 }, (_, index) => entry(`m${index}`, 1 + Math.floor(index / 48), {}));

  it('draws a batch and says more are left; two batches draw them all', () => {
    const first = listView(many, state({}), null, 1, nothingAtHand);
    expect(first.ids).toEqual(many.slice(0, LIST_BATCH_SIZE).map((each) => each.id));
    expect([first.total, first.hasMore]).toEqual([many.length, true]);
    const both = listView(many, state({}), null, 2, nothingAtHand);
    expect([both.ids.length, both.hasMore]).toEqual([many.length, false]);
  });
});

describe('isListEntry', () => {
  it.each([
    [{ id: '1', page: 1, data: {} }, true],
    [{ id: '1', page: 1.5, data: {} }, false],
    [{ id: 1, page: 1, data: {} }, false],
    [{ id: '1', page: 1, data: null }, false],
    [{ id: '1', page: 1 }, false],
    [null, false],
    ['1', false],
  ])('%j → %s', (value, expected) => expect(isListEntry(value)).toBe(expected));
});

describe('cardEntry', () => {
  it("reads a card's wrapper as the index's entry of its page", () => {
    expect(
      cardEntry({ id: '101', attributes: { 'data-title': 'Trilha', 'data-duration-hours': '8', 'data-price': '150' } }, 1),
    ).toEqual({ id: '101', page: 1, data: { title: 'Trilha', durationHours: '8', price: '150' } });
  });
});
