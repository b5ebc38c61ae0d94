/**
 * The list's islands (src/islands/ListSearch.tsx, ListFilters.tsx, ListResults.tsx; docs/product.md) in Chromium, for what needs a
 * browser: at each width a visitor types and ticks in the panel (folded on phones), and a reload
 * and the back button keep the state; a choice made while the filters are still on their way is
 * applied when they come; the filtered list and its 'nothing found' message pass the accessibility
 * sweep. What each control filters, the chips, 'Limpar' and the state of a shared address are
 * checked on the built pages without a browser, in tests/html/list-filters.test.ts.
 * Sample values come from data/sample-snapshot/*.json.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, filtersStarted, holdResponses, openList, WIDTHS } from './support.ts';

/** The filter form, opening the collapsed 'Filtros' panel first on phones. */
async function openFilters(page: Page): Promise<Locator> {
  const details = page.locator('details.filters');
  const summary = details.locator('> summary');
  if ((await summary.isVisible()) && (await details.getAttribute('open')) === null) await summary.click();
  const form = page.getByRole('form', { name: 'Filtros' });
  await expect(form).toBeVisible();
  return form;
}

const shownCards = (page: Page) => page.locator('.results .grid > li:not([hidden])');

/** The data-id of every card still shown, in page order. */
async function shownIds(page: Page): Promise<string[]> {
  return shownCards(page)
    .locator('[data-id]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-id') ?? ''));
}

async function expectShown(page: Page, ids: string[]): Promise<void> {
  await expect.poll(() => shownIds(page)).toEqual(ids);
  await expect(page.locator('[data-list-count]')).toHaveText(`${ids.length} ${ids.length === 1 ? 'resultado' : 'resultados'}`);
}

test.describe('at 375 px', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: WIDTHS[0].width, height: WIDTHS[0].height });
  });

  test.describe('on a slow link', () => {
    test('a filter chosen while the filters are still on their way is applied when they arrive', async ({ page }) => {
      const slowFilters = await holdResponses(page, /\/_astro\/ListFilters\.[\w-]+\.js$/);
      await openList(page, '/all-tours');
      const form = await openFilters(page);
      await form.getByLabel('1-2h', { exact: true }).check();
      await expect.poll(() => slowFilters.held.length).toBeGreaterThan(0);
      // Nothing filtered yet, and the box stays as the visitor left it.
      await expect(shownCards(page)).toHaveCount(14);
      slowFilters.release();
      await expectShown(page, ['111', '112']);
      await expect(form.getByLabel('1-2h', { exact: true })).toBeChecked();
      await expect(page).toHaveURL(/\/all-tours\?duracao=2$/);
    });
  });

  test('a price typed between two steps of the arrows (95 on a range in steps of 20) is applied at Enter', async ({ page }) => {
    await openList(page, '/all-tours');
    const form = await openFilters(page);
    const highest = form.getByLabel('Máximo', { exact: true });
    await expect(highest).toHaveAttribute('step', '20');
    // The filters running (the reach of opening the panel started them), as a visitor who types a price meets them.
    await highest.focus();
    await expect(filtersStarted(page)).toHaveCount(1);
    await highest.fill('95');
    await highest.press('Enter');
    await expect(page).toHaveURL(/\/all-tours\?preco_max=95$/);
  });

  test('nothing matching two experiences: the message names both and passes the accessibility sweep', async ({ page }) => {
    await openList(page, '/all-providers-tours?experience=Cultura Indígena,Turismo Rural');
    await expectShown(page, []);
    await expect(
      page.getByText('Nenhum fornecedor encontrado para as experiências selecionadas: Cultura Indígena, Turismo Rural.'),
    ).toBeVisible();
    await openFilters(page);
    await expectNoSeriousA11yViolations(page);
  });
});

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
    });

    test('typing and ticking filter the cards; a reload and the back button keep the state', async ({ page }) => {
      await openList(page, '/all-tours');
      const search = page.getByRole('searchbox', { name: 'Buscar por nome' });
      await search.fill('VIVENCIA');
      await expectShown(page, ['106']);
      await expect(page).toHaveURL(/\/all-tours\?q=VIVENCIA$/);
      await search.fill('');
      await search.press('Enter');
      await expect(page).toHaveURL(/\/all-tours$/);
      const form = await openFilters(page);
      await form.getByLabel('2-4h', { exact: true }).check();
      await expectShown(page, ['102', '105', '108', '109']);
      await form.getByLabel('Em promoção').check();
      await expectShown(page, ['102', '108']);
      await expect(page).toHaveURL(/\/all-tours\?promocao=1&duracao=4$/);
      await page.reload();
      await expect(filtersStarted(page)).toHaveCount(1);
      await expectShown(page, ['102', '108']);
      await expect((await openFilters(page)).getByLabel('Em promoção')).toBeChecked();
      await page.goBack();
      await expect(page).toHaveURL(/\/all-tours\?duracao=4$/);
      await expectShown(page, ['102', '105', '108', '109']);
      await expect((await openFilters(page)).getByLabel('Em promoção')).not.toBeChecked();
    });

    test('a filtered list passes the accessibility sweep', async ({ page }) => {
      await openList(page, '/all-tours?experience=Ecoturismo&avaliacao=4.5');
      await expectShown(page, ['101', '105', '113']);
      await openFilters(page);
      await expectNoSeriousA11yViolations(page);
    });
  });
}
