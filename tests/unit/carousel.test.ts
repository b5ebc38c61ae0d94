import { describe, expect, it } from 'vitest';
import {
  canAutoSlide,
  canGo,
  clampPage,
  firstItemOfPage,
  isSavingData,
  itemAfterKey,
  itemsPerView,
  nextPage,
  pageAtScroll,
  pageIndicator,
  pageOfItem,
  previousPage,
  swipeDirection,
  tabStopAfterTurn,
  visibleItems,
  wrapIndex,
} from '../../src/lib/carousel.ts';
import { pageCount } from '../../src/lib/page-count.ts';

describe('itemsPerView', () => {
  it.each([
    [320, 1],
    [375, 1],
    [767, 1],
    [768, 3],
    [1280, 3],
  ])('%i px → %i per view', (width, expected) => {
    expect(itemsPerView(width)).toBe(expected);
  });
});

describe('pageCount', () => {
  it.each([
    [12, 3, 4],
    [11, 3, 4],
    [7, 3, 3],
    [3, 3, 1],
    [2, 3, 1],
    [1, 3, 1],
    [0, 3, 1],
    [12, 1, 12],
    [3, 1, 3],
    [1, 1, 1],
  ])('%i items, %i per view → %i pages', (count, perView, expected) => {
    expect(pageCount(count, perView)).toBe(expected);
  });
});

describe('clampPage', () => {
  it.each([
    [-1, 4, 0],
    [0, 4, 0],
    [3, 4, 3],
    [9, 4, 3],
    [2, 1, 0],
  ])('page %i of %i → %i', (page, pages, expected) => {
    expect(clampPage(page, pages)).toBe(expected);
  });
});

describe.each([
  { isWrapping: true, name: 'wrapping' },
  { isWrapping: false, name: 'clamped at the ends' },
])('next/previous, $name', ({ isWrapping }) => {
  it.each([
    // page, pages, next (wrapping), next (clamped), previous (wrapping), previous (clamped)
    [0, 4, 1, 1, 3, 0],
    [1, 4, 2, 2, 0, 0],
    [3, 4, 0, 3, 2, 2],
    [0, 1, 0, 0, 0, 0],
    [0, 12, 1, 1, 11, 0],
    [11, 12, 0, 11, 10, 10],
  ])('page %i of %i', (page, pages, nextWrap, nextClamp, prevWrap, prevClamp) => {
    expect(nextPage(page, pages, isWrapping)).toBe(isWrapping ? nextWrap : nextClamp);
    expect(previousPage(page, pages, isWrapping)).toBe(isWrapping ? prevWrap : prevClamp);
  });
});

describe('canGo', () => {
  it.each([
    ['previous', 0, 3, true, true],
    ['next', 2, 3, true, true],
    ['previous', 0, 3, false, false],
    ['next', 0, 3, false, true],
    ['next', 2, 3, false, false],
    ['previous', 2, 3, false, true],
    ['next', 0, 1, true, false],
    ['previous', 0, 1, false, false],
  ] as const)('%s from page %i of %i (wrapping %s) → %s', (direction, page, pages, isWrapping, expected) => {
    expect(canGo(direction, page, pages, isWrapping)).toBe(expected);
  });
});

describe('firstItemOfPage', () => {
  it.each([
    [0, 3, 12, 0],
    [1, 3, 12, 3],
    [3, 3, 11, 9],
    [4, 3, 11, 10],
    [5, 1, 12, 5],
  ])('page %i, %i per view, %i items → item %i', (page, perView, count, expected) => {
    expect(firstItemOfPage(page, perView, count)).toBe(expected);
  });
});

describe('pageAtScroll', () => {
  it.each([
    [0, 3, 4, false, 0],
    [2, 3, 4, false, 0],
    [3, 3, 4, false, 1],
    [8, 3, 4, false, 2],
    [8, 3, 4, true, 3],
    [5, 1, 12, false, 5],
    [10, 1, 12, true, 11],
    [40, 1, 12, false, 11],
  ])('first visible %i, %i per view, %i pages, at end %s → page %i', (first, perView, pages, isAtEnd, expected) => {
    expect(pageAtScroll(first, perView, pages, isAtEnd)).toBe(expected);
  });
});

describe('pageIndicator', () => {
  it.each([
    [0, 4, '1 de 4'],
    [3, 4, '4 de 4'],
    [0, 1, '1 de 1'],
    [9, 12, '10 de 12'],
    [7, 4, '4 de 4'],
  ])('page %i of %i → %s', (page, pages, expected) => {
    expect(pageIndicator(page, pages)).toBe(expected);
  });
});

describe('canAutoSlide', () => {
  const base = { count: 12, perView: 3, interval: 5000, prefersReducedMotion: false, isSavingData: false };
  it.each([
    ['more items than one view', base, true],
    ['exactly one view', { ...base, count: 3 }, false],
    ['fewer items than one view', { ...base, count: 2 }, false],
    ['one per view on a phone, 3 items', { ...base, count: 3, perView: 1 }, true],
    ['reduced motion', { ...base, prefersReducedMotion: true }, false],
    ['data saving', { ...base, isSavingData: true }, false],
    ['no interval', { ...base, interval: 0 }, false],
  ])('%s', (_, conditions, expected) => {
    expect(canAutoSlide(conditions)).toBe(expected);
  });
});

describe('wrapIndex', () => {
  it.each([
    [0, 6, 0],
    [5, 6, 5],
    [6, 6, 0],
    [-1, 6, 5],
    [13, 6, 1],
    [3, 0, 0],
  ])('%i in %i → %i', (index, count, expected) => {
    expect(wrapIndex(index, count)).toBe(expected);
  });
});

describe('visibleItems', () => {
  it.each([
    ['the first page of a phone', 0, 1, 12, [0, 1]],
    ['a middle page of a phone', 4, 1, 12, [4, 5]],
    ['the first page of a desktop', 0, 3, 12, [0, 3]],
    ['the second page of a desktop', 1, 3, 12, [3, 6]],
    ['a short last page ends on the last item', 2, 3, 7, [4, 7]],
    ['fewer items than a view', 0, 3, 2, [0, 2]],
    ['a page past the end', 9, 3, 7, [4, 7]],
    ['no items', 0, 3, 0, [0, 0]],
  ] as const)('%s', (_, page, perView, count, expected) => {
    expect(visibleItems(page, perView, count)).toEqual(expected);
  });
});

describe('pageOfItem', () => {
  it.each([
    // 12 cards, 3 a view: 4 pages.
    [0, 3, 4, 0],
    [2, 3, 4, 0],
    [3, 3, 4, 1],
    [11, 3, 4, 3],
    // 11 cards, 3 a view: the last page shows cards 8 to 10, and card 9 and 10 are on it.
    [10, 3, 4, 3],
    [9, 3, 4, 3],
    // One a view (a phone).
    [5, 1, 12, 5],
    // Out of range stays on the pages there are.
    [-1, 3, 4, 0],
    [40, 3, 4, 3],
  ])('card %i, %i a view, %i pages → page %i', (index, perView, pages, expected) => {
    expect(pageOfItem(index, perView, pages)).toBe(expected);
  });
});

describe('tabStopAfterTurn', () => {
  it.each([
    ['a card has the focus: the stop stays with it', 1, 7, 0, 3, 12, 7],
    ['the stop is on a card still shown: it stays', 4, -1, 1, 3, 12, 4],
    ['the page turned away from it: the first card shown', 1, -1, 1, 3, 12, 3],
    ['turned back: the first card of that page', 5, -1, 0, 3, 12, 0],
    ['a short last page: its first card shown', 0, -1, 2, 3, 7, 4],
    ['a phone: the card of the page', 0, -1, 5, 1, 12, 5],
  ])('%s', (_, current, focused, page, perView, count, expected) => {
    expect(tabStopAfterTurn(current, focused, page, perView, count)).toBe(expected);
  });
});

describe('itemAfterKey', () => {
  it.each([
    ['ArrowRight', 0, 12, true, 1],
    ['ArrowRight', 11, 12, true, 0],
    ['ArrowRight', 11, 12, false, 11],
    ['ArrowLeft', 5, 12, true, 4],
    ['ArrowLeft', 0, 12, true, 11],
    ['ArrowLeft', 0, 12, false, 0],
    ['Home', 7, 12, true, 0],
    ['End', 2, 12, false, 11],
  ] as const)('%s from card %i of %i (wrapping: %s) → card %i', (key, index, count, isWrapping, expected) => {
    expect(itemAfterKey(key, index, count, isWrapping)).toBe(expected);
  });

  it('leaves every other key to the browser, and an empty carousel alone', () => {
    for (const key of ['Tab', 'Enter', ' ', 'ArrowUp', 'ArrowDown', 'a']) expect(itemAfterKey(key, 3, 12), key).toBeNull();
    expect(itemAfterKey('ArrowRight', 0, 0)).toBeNull();
  });
});

describe('swipeDirection', () => {
  it.each([
    ['a finger moved left: the next photo', -120, 10, 1],
    ['a finger moved right: the previous photo', 90, -20, -1],
    ['exactly the threshold', -50, 0, 1],
    ['too short: a tap or a wobble', -49, 0, 0],
    ['more up and down than sideways: a scroll', -80, 70, 0],
    ['no move', 0, 0, 0],
  ] as const)('%s', (_, dx, dy, expected) => {
    expect(swipeDirection(dx, dy)).toBe(expected);
  });
});

describe.each([
  [{ saveData: true }, [], true],
  [undefined, ['save-data'], true],
  [{ saveData: false }, ['save-data'], true],
  [{ saveData: false }, [], false],
  [undefined, ['js'], false],
])('isSavingData(%j, %j)', (connection, classes, expected) => {
  it(`is ${expected}`, () => expect(isSavingData(connection, { contains: (name) => classes.includes(name) })).toBe(expected));
});
