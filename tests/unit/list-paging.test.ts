/**
 * The list pages' paging (src/lib/lists/paging.ts, docs/product.md Lists): the static pages of
 * cards, the compact index the list's results match, and the plan of which static pages a
 * batch of filtered results fetches.
 */
import { describe, expect, it } from 'vitest';
import { cardDataAttributes, itemFromDataset } from '../../src/lib/lists/filters.ts';
import {
  cardDataset,
  datasetOf,
  LIST_PAGE_SIZE,
  laterListPages,
  listIndex,
  listIndexPath,
  listPageCount,
  listPageItems,
  listPagePath,
  planBatch,
  planBatches,
} from '../../src/lib/lists/paging.ts';
import { anItem } from '../fixtures/entries.ts';

const numbers = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe.each([
  [0, 1],
  [1, 1],
  [LIST_PAGE_SIZE, 1],
  [LIST_PAGE_SIZE + 1, 2],
  [1061, 23],
])('listPageCount(%i)', (count, pages) => {
  it(`is ${pages}`, () => expect(listPageCount(count)).toBe(pages));
});

describe.each([
  [0, []],
  [LIST_PAGE_SIZE, []],
  [LIST_PAGE_SIZE + 1, [2]],
  [2 * LIST_PAGE_SIZE + 1, [2, 3]],
])('laterListPages(%i)', (count, pages) => {
  it(`is ${JSON.stringify(pages)}: page 1 is the list's own route`, () => expect(laterListPages(count)).toEqual(pages));
});

describe.each([
  [1, 1, LIST_PAGE_SIZE],
  [2, LIST_PAGE_SIZE + 1, 2 * LIST_PAGE_SIZE],
  [3, 2 * LIST_PAGE_SIZE + 1, 2 * LIST_PAGE_SIZE + 10],
])('listPageItems(page %i) of %s items', (page, first, last) => {
  it(`holds items ${first} to ${last}`, () => {
    const items = listPageItems(numbers(2 * LIST_PAGE_SIZE + 10), page);
    expect(items[0]).toBe(first);
    expect(items.at(-1)).toBe(last);
  });
});

describe.each([
  ['/all-tours', 1, '/all-tours'],
  ['/all-tours', 2, '/all-tours/page/2'],
  ['/all-providers-tours', 23, '/all-providers-tours/page/23'],
])('listPagePath(%j, %i)', (listPath, page, expected) => {
  it(`is ${expected}`, () => expect(listPagePath(listPath, page)).toBe(expected));
});

it('the index of a list lives beside it', () => {
  expect(listIndexPath('/all-events')).toBe('/all-events/index.json');
});

describe('listIndex', () => {
  const items = numbers(LIST_PAGE_SIZE + 2).map((n) => anItem({ id: String(n), title: `Passeio ${n}` }));
  const index = listIndex(items);

  it('lists every item in order, with the page its card is on', () => {
    expect(index.map((entry) => entry.id)).toEqual(items.map((item) => item.id));
    expect(index[0]?.page).toBe(1);
    expect(index[LIST_PAGE_SIZE - 1]?.page).toBe(1);
    expect(index[LIST_PAGE_SIZE]?.page).toBe(2);
    expect(index.at(-1)?.page).toBe(2);
  });

  it.each([
    [
      'a tour',
      anItem({ title: 'Trilha', experiences: ['Ecoturismo', 'Aves'], rating: 4.5, priceValue: 120, duration: '1h30' }),
      {
        title: 'Trilha',
        experiences: 'Ecoturismo|Aves',
        locality: 'Barra do Bugres',
        rating: '4.5',
        price: '120',
        durationHours: '1.5',
      },
    ],
    [
      'a restaurant',
      anItem({ kind: 'restaurant', title: 'Peixaria', duration: 'Almoço/Jantar' }),
      { title: 'Peixaria', experiences: '', locality: 'Barra do Bugres', periods: '1|2|4' },
    ],
    [
      'an accommodation',
      anItem({ kind: 'accommodation', title: 'Pousada', duration: '3 noites' }),
      { title: 'Pousada', experiences: '', locality: 'Barra do Bugres', nights: '3', durationHours: null },
    ],
    [
      // 'Em promoção' filters the whole list from the index: the discount is in it, for the items on sale only.
      'a guide on sale',
      anItem({
        kind: 'guide',
        title: 'Guia',
        price: 'R$ 120,00',
        priceValue: 120,
        salePrice: 'R$ 100,00',
        salePriceValue: 100,
        discountPercent: 17,
      }),
      { title: 'Guia', experiences: '', locality: 'Barra do Bugres', price: '100', discount: '17', durationHours: null },
    ],
    [
      // A free event has no amount: the index says it is free, so sorting by price puts it first.
      'a free event',
      anItem({ kind: 'event', title: 'Festival', price: 'Gratuito', priceValue: null, isFree: true, duration: '' }),
      { title: 'Festival', experiences: '', locality: 'Barra do Bugres', free: '1', durationHours: null },
    ],
  ])("holds %s's card data as its dataset reads it, and nothing the matchers ignore", (_, item, expected) => {
    const data = cardDataset(item);
    const { durationHours, ...rest } = expected as Record<string, string | null>;
    expect(data).toEqual(durationHours === null || durationHours === undefined ? rest : { ...rest, durationHours });
    expect(data).not.toHaveProperty('duration');
  });

  it('reads back through itemFromDataset as the card would', () => {
    const item = anItem({ title: 'Trilha', experiences: ['Aves'], rating: 4, priceValue: 80, duration: '2 horas' });
    expect(itemFromDataset(cardDataset(item))).toEqual({
      title: 'Trilha',
      experiences: ['Aves'],
      locality: 'Barra do Bugres',
      rating: 4,
      price: 80,
      isFree: false,
      discount: null,
      hours: 2,
      days: null,
      nights: null,
      periods: [],
      isOver: false,
    });
  });
});

/** Matches named by the pages they are on: [1, 1, 3] is two on page 1 then one on page 3, ids m0, m1, m2. */
const onPages = (pages: number[]) => pages.map((page, index) => ({ id: `m${index}`, page }));

describe.each([
  {
    what: 'every match at hand: no page to fetch',
    pages: [1, 1, 1],
    shown: 0,
    have: ['m0', 'm1', 'm2'],
    limits: { maxCards: 48, maxPages: 4 },
    ids: ['m0', 'm1', 'm2'],
    fetch: [],
  },
  {
    what: 'the first batch stops at maxCards',
    pages: [1, 1, 2, 2, 3],
    shown: 0,
    have: [],
    limits: { maxCards: 3, maxPages: 4 },
    ids: ['m0', 'm1', 'm2'],
    fetch: [1, 2],
  },
  {
    what: "'Mostrar mais' goes on from what is shown",
    pages: [1, 1, 2, 2, 3],
    shown: 3,
    // Page 2, fetched for m2, brought m3 too.
    have: ['m0', 'm1', 'm2', 'm3'],
    limits: { maxCards: 3, maxPages: 4 },
    ids: ['m3', 'm4'],
    fetch: [3],
  },
  {
    what: 'one match per page stops at maxPages new pages',
    pages: [2, 5, 9, 14, 20, 23],
    shown: 0,
    have: [],
    limits: { maxCards: 48, maxPages: 4 },
    ids: ['m0', 'm1', 'm2', 'm3'],
    fetch: [2, 5, 9, 14],
  },
  {
    what: 'cards at hand do not count against maxPages',
    pages: [2, 3, 4, 5],
    shown: 0,
    have: ['m0', 'm1'],
    limits: { maxCards: 48, maxPages: 1 },
    ids: ['m0', 'm1', 'm2'],
    fetch: [4],
  },
  {
    what: 'a page already planned is not fetched twice',
    pages: [7, 7, 7, 8],
    shown: 0,
    have: [],
    limits: { maxCards: 48, maxPages: 1 },
    ids: ['m0', 'm1', 'm2'],
    fetch: [7],
  },
  {
    what: 'limits below one still bring one card',
    pages: [4, 5],
    shown: 0,
    have: [],
    limits: { maxCards: 0, maxPages: 0 },
    ids: ['m0'],
    fetch: [4],
  },
  {
    what: 'everything shown: nothing left',
    pages: [1, 2],
    shown: 2,
    have: ['m0', 'm1'],
    limits: { maxCards: 48, maxPages: 4 },
    ids: [],
    fetch: [],
  },
])('planBatch: $what', ({ pages, shown, have, limits, ids, fetch }) => {
  it(`shows ${JSON.stringify(ids)} after fetching pages ${JSON.stringify(fetch)}`, () => {
    const atHand = new Set(have);
    expect(planBatch(onPages(pages), shown, (id) => atHand.has(id), limits)).toEqual({ ids, pages: fetch });
  });
});

describe.each([
  {
    what: 'one batch is planBatch from the start',
    pages: [1, 1, 2, 2, 3],
    batches: 1,
    have: [],
    limits: { maxCards: 3, maxPages: 4 },
    ids: ['m0', 'm1', 'm2'],
    fetch: [1, 2],
  },
  {
    what: "two batches ('Mostrar mais' once): a page planned for the first holds cards of the second",
    pages: [1, 1, 2, 2, 3],
    batches: 2,
    have: [],
    limits: { maxCards: 3, maxPages: 4 },
    ids: ['m0', 'm1', 'm2', 'm3', 'm4'],
    fetch: [1, 2, 3],
  },
  {
    what: 'each batch keeps its own bound of new pages',
    pages: [2, 5, 9, 14, 20, 23],
    batches: 2,
    have: [],
    limits: { maxCards: 48, maxPages: 2 },
    ids: ['m0', 'm1', 'm2', 'm3'],
    fetch: [2, 5, 9, 14],
  },
  {
    what: 'more batches than matches stop at the last match',
    pages: [1, 2],
    batches: 5,
    have: ['m0'],
    limits: { maxCards: 1, maxPages: 4 },
    ids: ['m0', 'm1'],
    fetch: [2],
  },
  {
    what: 'no batch asked still plans the first',
    pages: [3],
    batches: 0,
    have: [],
    limits: { maxCards: 48, maxPages: 4 },
    ids: ['m0'],
    fetch: [3],
  },
])('planBatches: $what', ({ pages, batches, have, limits, ids, fetch }) => {
  it(`shows ${JSON.stringify(ids)} after fetching pages ${JSON.stringify(fetch)}`, () => {
    const atHand = new Set(have);
    expect(planBatches(onPages(pages), batches, (id) => atHand.has(id), limits)).toEqual({ ids, pages: fetch });
  });
});

describe('datasetOf', () => {
  it.each([
    [
      { 'data-title': 'Trilha', 'data-duration-hours': '2', class: 'x' },
      { title: 'Trilha', durationHours: '2' },
    ],
    [{ 'data-free': '1' }, { free: '1' }],
    [{ id: 'a' }, {}],
  ])('%j → %j', (attributes, dataset) => expect(datasetOf(attributes)).toEqual(dataset));

  it("reads a card's wrapper as cardDataset writes the index", () => {
    const item = anItem({ title: 'Trilha', rating: 4, priceValue: 80, duration: '2 horas' });
    const { 'data-duration': _duration, ...attributes } = cardDataAttributes(item);
    expect(datasetOf(attributes)).toEqual(cardDataset(item));
  });
});
