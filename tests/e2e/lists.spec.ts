/**
 * The list pages (docs/product.md) in Chromium: every list answers and loads nothing foreign; the list
 * template (one for every list, ListPage.astro) at both widths in one load: search, results and sort
 * control shown, the filter panel open on desktop and folded on phones, the experiences in a box that
 * scrolls, the accessibility sweep, cards drawn as they come into view; without JavaScript no filter or
 * sort control or search box and the results at full width; the older addresses and 'Voltar' at work.
 * Sorting at work: tests/e2e/sorting.spec.ts. What the static HTML says, for every list (texts, counts, options,
 * ranges, what only scripts can use, card data, JSON-LD), is tests/html/lists.test.ts.
 */
import { expect, type Page, test } from '@playwright/test';
import { LISTS } from '../fixtures/list-pages.ts';
import { boxOf, collectForeignRequests, expectNoSeriousA11yViolations, ORIGIN, WIDTHS } from './support.ts';

const [PHONE, DESKTOP] = WIDTHS;

/** The filter form, opening the collapsed 'Filtros' panel first on phones. */
async function openFilters(page: Page) {
  const summary = page.locator('details.filters > summary');
  if (await summary.isVisible()) await summary.click();
  const form = page.getByRole('form', { name: 'Filtros' });
  await expect(form).toBeVisible();
  return form;
}

/** Search, count, first card, sort control: what every list shows where scripts run, at any width. */
async function expectListShown(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Buscar', exact: true })).toBeVisible();
  const cards = page.locator('.results .grid > li');
  await expect(page.getByText(`${await cards.count()} resultados`)).toBeVisible();
  await expect(cards.first().getByRole('heading', { level: 2 })).toBeVisible();
  await expect(page.getByLabel('Ordenar por')).toBeVisible();
}

test('every list answers and loads nothing foreign; the list at 1280 then 375 px: panel open or folded, passes axe, cards drawn as they come into view', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  const foreign = collectForeignRequests(page, baseURL ?? ORIGIN);
  // The tours last: their page, whose panel has every kind of filter, is the template's at both widths.
  const paths = LISTS.map((list) => list.path).sort((a, b) => Number(a === '/all-tours') - Number(b === '/all-tours'));
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
  }
  await expect(page).toHaveURL(/\/all-tours$/);

  await test.step(`at ${DESKTOP.width} px the filter panel is open beside the results; the experiences scroll in a box of 200 px`, async () => {
    await expectListShown(page);
    await expect(page.locator('details.filters > summary')).toBeHidden();
    const form = page.getByRole('form', { name: 'Filtros' });
    await expect(form.getByRole('button', { name: 'Aplicar filtros' })).toBeVisible();
    // 'Nota 5' only where some record has five (tests/html/lists.test.ts): each list has a 4,5 or better.
    for (const label of ['Nota 4 ou mais', 'Nota 4,5 ou mais']) await expect(form.getByLabel(label)).toBeVisible();
    // No sample tour lasts an hour or less: no 'Até 1h' (offeredChoices, src/lib/lists/list-page.ts).
    for (const label of ['1-2h', '2-4h', '4h+']) await expect(form.getByLabel(label, { exact: true })).toBeVisible();
    const box = form.locator('.scrolls');
    await expect(box).toHaveCSS('max-height', '200px');
    await expect(box).toHaveCSS('overflow-y', 'auto');
    await expectNoSeriousA11yViolations(page);
  });

  await page.setViewportSize({ width: PHONE.width, height: PHONE.height });

  await test.step(`at ${PHONE.width} px a card far down is not drawn until the visitor scrolls near it; its shadow is not cut`, async () => {
    // content-visibility: auto on each card's wrapper: a list of hundreds of cards lays out the ones in view.
    const cards = page.locator('[data-list-grid] > li');
    expect(await cards.count()).toBeGreaterThan(4);
    const drawn = (index: number) =>
      cards
        .nth(index)
        .locator('.title')
        .evaluate((title) => title.checkVisibility({ contentVisibilityAuto: true }));
    await expect.poll(() => drawn(-1)).toBe(false);
    expect(await drawn(0)).toBe(true);
    await cards.last().scrollIntoViewIfNeeded();
    await expect.poll(() => drawn(-1)).toBe(true);
    // The wrapper clips its painting far enough out to keep a hovered card whole: its lift and the reach of its shadow.
    await cards.first().locator('.card').hover();
    // Once the hover's transition is over, the margin covers it.
    await expect
      .poll(() =>
        cards
          .first()
          .locator('.card')
          .evaluate((card) => card.getAnimations().length),
      )
      .toBe(0);
    const { lift, shadow, margin } = await cards.first().evaluate((item) => {
      const card = item.querySelector('.card') as Element;
      const { boxShadow, transform } = getComputedStyle(card);
      const shadows = [...boxShadow.matchAll(/(-?[\d.]+)px (-?[\d.]+)px ([\d.]+)px (-?[\d.]+)px/g)].map(
        ([, x, y, blur, spread]) => Math.max(Math.abs(Number(x)), Math.abs(Number(y))) + Number(blur) + Number(spread),
      );
      return {
        lift: Math.abs(new DOMMatrix(transform).m42),
        shadow: Math.max(0, ...shadows),
        margin: Number.parseFloat(getComputedStyle(item).overflowClipMargin),
      };
    });
    expect(lift).toBeGreaterThan(0);
    expect(margin).toBeGreaterThanOrEqual(lift + shadow);
  });

  await test.step(`at ${PHONE.width} px the filter panel is folded under 'Filtros' until the visitor opens it`, async () => {
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expectListShown(page);
    await expect(page.getByRole('button', { name: 'Aplicar filtros' })).toBeHidden();
    await expect(page.locator('details.filters > summary')).toBeVisible();
    const form = await openFilters(page);
    for (const label of ['Nota 4 ou mais', 'Nota 4,5 ou mais']) await expect(form.getByLabel(label)).toBeVisible();
    await expect(form.getByRole('button', { name: 'Aplicar filtros' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
  expect(foreign).toEqual([]);
});

// Without JavaScript the pages are plain static HTML: no control that only the list filters could
// apply (tests/html/lists.test.ts: marked .js-only), the search box included (/busca needs JavaScript too).
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test(`at ${DESKTOP.width} and ${PHONE.width} px no filter panel, sort control or search box is shown, and the results take the width`, async ({
    page,
  }) => {
    // One load, widest first: the narrower layout is the same page resized, no photo fetched again.
    await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
    await page.goto('/all-drivers');
    for (const viewport of [DESKTOP, PHONE]) {
      await test.step(`at ${viewport.width} px`, async () => {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        const cards = page.locator('.results .grid > li');
        await expect(cards.first()).toBeVisible();
        await expect(page.getByText(`${await cards.count()} resultados`, { exact: true })).toBeVisible();
        await expect(page.locator('details.filters')).toBeHidden();
        await expect(page.getByRole('button', { name: 'Aplicar filtros' })).toBeHidden();
        await expect(page.getByLabel('Ordenar por')).toBeHidden();
        await expect(page.getByRole('main').getByRole('searchbox')).toHaveCount(0);
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
      });
    }
  });
});

test('the older addresses of two lists send the visitor to the list', async ({ page }) => {
  // What the redirect pages hold: tests/html/lists.test.ts; here the browser follows them.
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
