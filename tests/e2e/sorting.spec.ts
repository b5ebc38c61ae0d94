/**
 * The sort control of the lists (docs/product.md, Lists; src/lib/lists/sort.ts) in Chromium at a
 * phone's width: an order chosen reorders the cards and goes into the address, a reload keeps it,
 * and Back and forward step between the orders as they do between filters. The order each option
 * gives, with the filters, is checked on the built pages without a browser
 * (tests/html/list-filters.test.ts); the control's markup and its absence without JavaScript in
 * tests/html/lists.test.ts and tests/e2e/lists.spec.ts.
 */
import { expect, type Page, test } from '@playwright/test';
import { filtersStarted, openList } from './support.ts';

test.use({ viewport: { width: 390, height: 844 } });

const shownCards = (page: Page) => page.locator('.results [data-list-grid]:not([hidden]) > li');

/** The data-id of every card shown, in the order a visitor reads them. */
const shownIds = (page: Page) =>
  shownCards(page)
    .locator('[data-id]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-id') ?? ''));

/** What each card shown sorts by, read from its data attributes: its price (0 when free) or its rating, null when none. */
const shownValues = (page: Page, key: 'price' | 'rating') =>
  shownCards(page).evaluateAll(
    (items, name) =>
      items.map((item) => {
        const data = (item as HTMLElement).dataset;
        if (data[name] !== undefined) return Number(data[name]);
        return name === 'price' && data.free !== undefined ? 0 : null;
      }),
    key,
  );

/** Whether the values run in one direction, the unknown ones after every known one. */
function isSorted(values: (number | null)[], direction: 'up' | 'down'): boolean {
  const known = values.filter((value): value is number => value !== null);
  const isKnownFirst = values.slice(0, known.length).every((value) => value !== null);
  const isInOrder = known.every((value, index) => {
    const before = known[index - 1];
    return before === undefined || (direction === 'up' ? value >= before : value <= before);
  });
  return isKnownFirst && isInOrder;
}

async function expectOrder(page: Page, key: 'price' | 'rating', count: number): Promise<void> {
  await expect.poll(async () => isSorted(await shownValues(page, key), key === 'price' ? 'up' : 'down')).toBe(true);
  await expect(shownCards(page)).toHaveCount(count);
}

test("'Menor preço' orders the cards and the address; a reload keeps the order, Back and forward step between orders", async ({
  page,
}) => {
  await openList(page, '/all-tours');
  const own = await shownIds(page);
  const prices = await shownValues(page, 'price');
  // The sample's tours are not already in price order, so the sort has something to do.
  expect(isSorted(prices, 'up')).toBe(false);
  const order = page.getByLabel('Ordenar por');
  await expect(order).toBeVisible();
  await expect(order).toHaveValue('');

  await order.selectOption({ label: 'Menor preço' });
  await expect(page).toHaveURL(/\/all-tours\?ordem=preco$/);
  await expectOrder(page, 'price', own.length);
  expect([...(await shownIds(page))].sort()).toEqual([...own].sort());
  const byPrice = await shownIds(page);
  expect(byPrice).not.toEqual(own);

  await order.selectOption({ label: 'Melhor avaliação' });
  await expect(page).toHaveURL(/\/all-tours\?ordem=avaliacao$/);
  await expectOrder(page, 'rating', own.length);
  const byRating = await shownIds(page);

  await page.reload();
  await expect(filtersStarted(page)).toHaveCount(1);
  await expect(order).toHaveValue('avaliacao');
  await expect.poll(() => shownIds(page)).toEqual(byRating);

  await page.goBack();
  await expect(page).toHaveURL(/\/all-tours\?ordem=preco$/);
  await expect.poll(() => shownIds(page)).toEqual(byPrice);
  await expect(order).toHaveValue('preco');

  await page.goBack();
  await expect(page).toHaveURL(/\/all-tours$/);
  await expect.poll(() => shownIds(page)).toEqual(own);
  await expect(order).toHaveValue('');

  await page.goForward();
  await expect(page).toHaveURL(/\/all-tours\?ordem=preco$/);
  await expect.poll(() => shownIds(page)).toEqual(byPrice);
  await expect(order).toHaveValue('preco');
});

test('an order and a filter together: the filtered cards in price order, both in the address', async ({ page }) => {
  await openList(page, '/all-restaurants?ordem=preco');
  await expect(page.getByLabel('Ordenar por')).toHaveValue('preco');
  const all = await shownIds(page);
  await page.locator('details.filters > summary').click();
  await page.getByRole('form', { name: 'Filtros' }).getByLabel('Em promoção').check();
  await expect(page).toHaveURL(/\/all-restaurants\?promocao=1&ordem=preco$/);
  await expect.poll(async () => (await shownIds(page)).length).toBeLessThan(all.length);
  await expectOrder(page, 'price', (await shownIds(page)).length);
  for (const card of await shownCards(page).all()) await expect(card.locator('.discount')).toHaveText(/^-\d+%$/);
});
