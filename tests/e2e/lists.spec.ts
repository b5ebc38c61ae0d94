/**
 * The list pages (docs/product.md) in Chromium at both widths: the filter panel collapsed on phones and
 * open on desktop, the sort control, what it shows, nothing foreign loaded, the accessibility sweep;
 * without JavaScript no filter or sort control and a search box that goes to /busca, cards drawn as
 * they come into view, the older addresses and 'Voltar' at work. Sorting at work: sorting.spec.ts.
 * What the static HTML says (texts, options, ranges, card data, JSON-LD) is tests/html/lists.test.ts.
 */
import { expect, type Page, test } from '@playwright/test';
import { LISTS } from '../fixtures/list-pages.ts';
import { boxOf, collectForeignRequests, expectNoSeriousA11yViolations, ORIGIN, WIDTHS } from './support.ts';

/** The filter form, opening the collapsed 'Filtros' panel first on phones. */
async function openFilters(page: Page) {
  const summary = page.locator('details.filters > summary');
  if (await summary.isVisible()) await summary.click();
  const form = page.getByRole('form', { name: 'Filtros' });
  await expect(form).toBeVisible();
  return form;
}

for (const viewport of WIDTHS) {
  test(`every list at ${viewport.width} px: search, results and filter panel shown, nothing foreign; /all-tours passes axe`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const foreign = collectForeignRequests(page, baseURL ?? ORIGIN);
    for (const list of LISTS) {
      const response = await page.goto(list.path);
      expect(response?.status(), list.path).toBe(200);
      await expect(page.getByRole('button', { name: 'Buscar', exact: true }), list.path).toBeVisible();
      const cards = page.locator('.results .grid > li');
      await expect(page.getByText(`${await cards.count()} resultados`), list.path).toBeVisible();
      await expect(cards.first().getByRole('heading', { level: 2 }), list.path).toBeVisible();
      await expect(page.getByLabel('Ordenar por'), list.path).toBeVisible();

      // Filter panel: collapsed on phones, open on desktop.
      if (viewport.width < 960) {
        await expect(page.getByRole('button', { name: 'Aplicar filtros' }), list.path).toBeHidden();
        await expect(page.locator('details.filters > summary'), list.path).toBeVisible();
      } else {
        await expect(page.getByRole('button', { name: 'Aplicar filtros' }), list.path).toBeVisible();
        await expect(page.locator('details.filters > summary'), list.path).toBeHidden();
      }
      const form = await openFilters(page);
      // 'Nota 5' only where some record has five (tests/html/lists.test.ts): each list has a 4,5 or better.
      for (const label of ['Nota 4 ou mais', 'Nota 4,5 ou mais']) await expect(form.getByLabel(label)).toBeVisible();
      await expect(form.getByRole('button', { name: 'Aplicar filtros' }), list.path).toBeVisible();
      // The list template's sweep, once per width: on the tours, whose panel has every kind of filter.
      if (list.path === '/all-tours') await expectNoSeriousA11yViolations(page);
    }
    expect(foreign).toEqual([]);
  });
}

test("the tour list's experiences scroll in a box of 200 px; the durations are shown", async ({ page }) => {
  await page.goto('/all-tours');
  const form = await openFilters(page);
  const box = form.locator('.scrolls');
  await expect(box).toHaveCSS('max-height', '200px');
  await expect(box).toHaveCSS('overflow-y', 'auto');
  // No sample tour lasts an hour or less: no 'Até 1h' (offeredChoices, src/lib/lists/list-page.ts).
  for (const label of ['1-2h', '2-4h', '4h+']) await expect(form.getByLabel(label, { exact: true })).toBeVisible();
});

// Without JavaScript the pages are plain static HTML: no control that only the list filters could
// apply (tests/html/lists.test.ts: marked .js-only), the search box included (/busca needs JavaScript too).
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const viewport of WIDTHS) {
    test(`at ${viewport.width} px no filter panel, sort control or search box is shown`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto('/all-drivers');
      const cards = page.locator('.results .grid > li');
      await expect(cards.first()).toBeVisible();
      await expect(page.getByText(`${await cards.count()} resultados`, { exact: true })).toBeVisible();
      await expect(page.locator('details.filters')).toBeHidden();
      await expect(page.getByRole('button', { name: 'Aplicar filtros' })).toBeHidden();
      await expect(page.getByLabel('Ordenar por')).toBeHidden();
      await expect(page.getByText('precisam de JavaScript')).toHaveCount(0);
      // No empty side column: the results take the width the panel would have had.
      const content = await page.locator('.list-page').evaluate((list) => {
        const box = list.getBoundingClientRect();
        const style = getComputedStyle(list);
        return {
          left: box.left + Number.parseFloat(style.paddingLeft),
          right: box.right - Number.parseFloat(style.paddingRight),
        };
      });
      const results = await boxOf(page.getByRole('region', { name: 'Resultados' }));
      expect(Math.abs(results.x - content.left)).toBeLessThanOrEqual(1);
      expect(Math.abs(results.x + results.width - content.right)).toBeLessThanOrEqual(1);
      await expect(page.getByRole('main').getByRole('searchbox')).toHaveCount(0);
    });
  }
});

test('a card far down a list is not drawn until the visitor scrolls near it; its shadow is not cut', async ({ page }) => {
  // content-visibility: auto on each card's wrapper: a list of hundreds of cards lays out the ones in view.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/all-tours');
  const cards = page.locator('[data-list-grid] > li');
  expect(await cards.count()).toBeGreaterThan(4);
  const drawn = (index: number) =>
    cards
      .nth(index)
      .locator('.title')
      .evaluate((title) => title.checkVisibility({ contentVisibilityAuto: true }));
  expect(await drawn(0)).toBe(true);
  expect(await drawn(-1)).toBe(false);
  await cards.last().scrollIntoViewIfNeeded();
  await expect.poll(() => drawn(-1)).toBe(true);
  // The wrapper clips its painting far enough out to keep a hovered card whole: its lift and the reach of its shadow.
  await cards.first().locator('.card').hover();
  const reach = () =>
    cards.first().evaluate((item) => {
      const card = item.querySelector('.card') as Element;
      const { boxShadow, transform } = getComputedStyle(card);
      const lift = Math.abs(new DOMMatrix(transform).m42);
      const shadows = [...boxShadow.matchAll(/(-?[\d.]+)px (-?[\d.]+)px ([\d.]+)px (-?[\d.]+)px/g)].map(
        ([, x, y, blur, spread]) => Math.max(Math.abs(Number(x)), Math.abs(Number(y))) + Number(blur) + Number(spread),
      );
      return { lift, shadow: Math.max(0, ...shadows), margin: Number.parseFloat(getComputedStyle(item).overflowClipMargin) };
    });
  // Once the hover's transition is over, the margin covers it.
  await expect
    .poll(() =>
      cards
        .first()
        .locator('.card')
        .evaluate((card) => card.getAnimations().length),
    )
    .toBe(0);
  const { lift, shadow, margin } = await reach();
  expect(lift).toBeGreaterThan(0);
  expect(margin).toBeGreaterThanOrEqual(lift + shadow);
});

test('the older addresses of two lists send the visitor to the list', async ({ page }) => {
  for (const [older, list] of [
    ['/accommodation', '/all-accommodation'],
    ['/events', '/all-events'],
  ] as const) {
    await page.goto(older);
    await page.waitForURL((url) => url.pathname === list);
    await expect(page.locator('.grid > li').first()).toBeVisible();
  }
});

test("'Voltar' goes back to the page of this site the visitor came from, else to the home", async ({ page }) => {
  // Arriving from a filtered list of this site: back to it, as it was left.
  await page.goto('/all-tours?q=cachoeira');
  await page.evaluate(() => {
    location.href = '/all-events';
  });
  await page.waitForURL('**/all-events');
  await page.getByRole('link', { name: 'Voltar', exact: true }).click();
  await page.waitForURL('**/all-tours?q=cachoeira');
  // Arriving from nowhere (a typed or shared address): the link's own target.
  await page.goto('/all-events');
  await page.getByRole('link', { name: 'Voltar', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
});
