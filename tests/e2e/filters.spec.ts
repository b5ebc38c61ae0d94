/**
 * The list's islands (src/islands/ListSearch.tsx, ListFilters.tsx, ListResults.tsx; docs/product.md) in Chromium, for what needs a
 * browser: a visitor types and ticks in the panel (folded on a phone), and a reload and the back button
 * keep the state; a choice made while the filters are still on their way is applied when they come; a
 * price between two of the arrows' steps is taken; the filtered list and its 'nothing found' message pass
 * the accessibility sweep (the filtered list at both widths, one load resized). The behaviour does not
 * depend on the width: it runs at a phone's, where the panel is folded. What each control filters, the
 * chips, 'Limpar' and the state of a shared address are checked on the built pages without a browser, in
 * tests/html/list-filters.test.ts; the panel open or folded at each width, in tests/e2e/lists.spec.ts.
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

const [PHONE, DESKTOP] = WIDTHS;

test.use({ viewport: { width: PHONE.width, height: PHONE.height } });

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

test('a filtered list, at both widths, and one where nothing matches two experiences pass the accessibility sweep', async ({
  page,
}) => {
  await test.step(`a filtered list at ${DESKTOP.width} then ${PHONE.width} px, its panel open`, async () => {
    await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
    await openList(page, '/all-tours?experience=Ecoturismo&avaliacao=4.5');
    await expectShown(page, ['101', '105', '113']);
    await openFilters(page);
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
    await openFilters(page);
    await expectNoSeriousA11yViolations(page);
  });

  await test.step('nothing matching two experiences: the message names both', async () => {
    await openList(page, '/all-providers-tours?experience=Cultura Indígena,Turismo Rural');
    await expectShown(page, []);
    await expect(
      page.getByText('Nenhum fornecedor encontrado para as experiências selecionadas: Cultura Indígena, Turismo Rural.'),
    ).toBeVisible();
    await openFilters(page);
    await expectNoSeriousA11yViolations(page);
  });
});
