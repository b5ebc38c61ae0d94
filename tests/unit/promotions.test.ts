/** What is on sale (src/lib/promotions.ts): the groups of the promotions page, the banner's words, the closed banner's key. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyFilters, parseFilters } from '../../src/lib/lists/filters.ts';
import {
  hashText,
  isOnSale,
  onSaleListPath,
  PROMO_CLOSED_KEY,
  PROMOTIONS_PER_KIND,
  promoBanner,
  promotionGroups,
} from '../../src/lib/promotions.ts';
import { ITEM_KINDS, type Item, type ItemKind } from '../../src/lib/schemas/index.ts';
import { anItem } from '../fixtures/entries.ts';

/** An item priced R$ 100 and, when `sale` is given, on sale for it. */
const priced = (kind: ItemKind, id: string, sale: number | null): Item =>
  anItem({
    kind,
    id,
    price: 'R$ 100,00',
    priceValue: 100,
    salePrice: sale === null ? null : `R$ ${sale},00`,
    salePriceValue: sale,
    discountPercent: sale === null ? null : 100 - sale,
  });

const catalogue = (items: Item[]) =>
  Object.fromEntries(ITEM_KINDS.map((kind) => [kind, items.filter((item) => item.kind === kind)])) as Record<ItemKind, Item[]>;

describe('promotionGroups', () => {
  const groups = promotionGroups(
    catalogue([
      priced('tour', 't1', 90),
      priced('tour', 't2', null),
      priced('tour', 't3', 70),
      priced('tour', 't4', 90),
      priced('guide', 'g1', 80),
      priced('driver', 'd1', null),
    ]),
  );

  it.each([
    [
      'the menu kinds always, the others only with an item on sale, in the portal order',
      groups.map((group) => group.kind),
      ['tour', 'accommodation', 'restaurant', 'guide'],
    ],
    ['each its anchor', groups.map((group) => group.id), ['passeios', 'hospedagens', 'restaurantes', 'guias']],
    [
      'the items on sale only, largest discount first, then the upstream order',
      groups[0]?.items.map((item) => item.id),
      ['t3', 't1', 't4'],
    ],
    ['an empty menu kind', groups[1]?.items, []],
    ['a kind with few offers shows them all', groups[0]?.shown.map((item) => item.id), ['t3', 't1', 't4']],
    ['and needs no link to the rest', groups.map((group) => group.more), [null, null, null, null]],
  ])('%s', (_, actual, expected) => expect(actual).toEqual(expected));
});

/** `count` tours on sale in the upstream order t1, t2, …: t1 at 1 % off, t2 at 2 %, … t50 at 50 %, t51 at 1 % again. */
const toursOnSale = (count: number) => Array.from({ length: count }, (_, n) => priced('tour', `t${n + 1}`, 99 - (n % 50)));
const ids = (...numbers: number[]) => numbers.map((n) => `t${n}`);

describe.each([
  [1, ids(1), null],
  [PROMOTIONS_PER_KIND, ids(12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1), null],
  [13, ids(13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2), 'Ver todas as 13 ofertas de passeios'],
  // Equal discounts keep the upstream order: 50 % off for t50, t100, … t1200.
  [1234, ids(50, 100, 150, 200, 250, 300, 350, 400, 450, 500, 550, 600), 'Ver todas as 1.234 ofertas de passeios'],
])('promotionGroups with %d tours on sale', (count, shown, label) => {
  const [tours] = promotionGroups(catalogue([...toursOnSale(count), priced('tour', 'full', null)]));
  it(`shows ${shown.length} cards, the largest discounts first`, () =>
    expect(tours?.shown.map((item) => item.id)).toEqual(shown));
  it('keeps every item on sale for the banner', () => expect(tours?.items).toHaveLength(count));
  it(`links to the rest: ${JSON.stringify(label)}`, () =>
    expect(tours?.more).toEqual(label === null ? null : { label, href: '/all-tours?promocao=1' }));
});

describe('the link to the rest of a kind', () => {
  it.each([
    ['tour', '/all-tours?promocao=1'],
    ['accommodation', '/all-accommodation?promocao=1'],
    ['tourProvider', '/all-providers-tours?promocao=1'],
  ] as const)('of %s is %s', (kind, path) => expect(onSaleListPath(kind)).toBe(path));
  it("lands on the list filtered 'Em promoção'", () => {
    const query = onSaleListPath('restaurant').split('?')[1] ?? '';
    expect(parseFilters(query, { duration: 'meal', price: { min: 0, max: 100 } })).toEqual({
      ...emptyFilters(),
      isOnSale: true,
    });
  });
  it.each([
    ['on sale', priced('guide', 'g1', 80), true],
    ['at its price', priced('guide', 'g1', null), false],
  ])('isOnSale: an item %s is %s', (_, item, expected) => expect(isOnSale(item)).toBe(expected));
});

describe.each([
  ['nothing on sale: no banner', [priced('tour', 't1', null)], null],
  ['one offer', [priced('tour', 't1', 85)], '1 oferta com 15% de desconto'],
  [
    'several offers: the best discount',
    [priced('tour', 't1', 85), priced('restaurant', 'r1', 60)],
    '2 ofertas com até 40% de desconto',
  ],
])('promoBanner: %s', (_, items, summary) => {
  it(`says ${JSON.stringify(summary)}`, () =>
    expect(promoBanner(promotionGroups(catalogue(items)))?.summary ?? null).toBe(summary));
  it('says on a phone what comes after its number of offers', () =>
    expect(promoBanner(promotionGroups(catalogue(items)))?.short ?? null).toBe(
      summary?.replace(/^\d+ ofertas? com /, '') ?? null,
    ));
});

describe('the banner signature', () => {
  const signature = (items: Item[]) => promoBanner(promotionGroups(catalogue(items)))?.signature;
  it('is the same for the same promotions', () =>
    expect(signature([priced('tour', 't1', 85)])).toBe(signature([priced('tour', 't1', 85), priced('tour', 't2', null)])));
  it.each([
    ['another item on sale', [priced('tour', 't1', 85), priced('tour', 't2', 90)]],
    ['another discount', [priced('tour', 't1', 80)]],
  ])('changes with %s, so a closed banner shows again', (_, items) =>
    expect(signature(items)).not.toBe(signature([priced('tour', 't1', 85)])),
  );
  it('is short and made of [0-9a-z]', () => expect(hashText('tour:1:15,'.repeat(500))).toMatch(/^[0-9a-z]{1,7}$/));
});

it('the shell reads the closed banner under the same key', () => {
  const shell = readFileSync(path.resolve(import.meta.dirname, '../../src/scripts/site-shell.js'), 'utf8');
  expect(shell).toContain(`'${PROMO_CLOSED_KEY}'`);
});
