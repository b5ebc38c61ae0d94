/**
 * A filtered list on a phone shows its active filters outside the collapsed 'Filtros' panel: one
 * removable chip per filter and 'Limpar filtros', from a shared link and after choosing in the
 * panel. Without JavaScript the query filters nothing, so no summary claims it does. A crafted link
 * makes the page say no more than 80 characters of its search, none of them reversed, and none of a
 * value the list does not offer (src/lib/lists/active-filters.ts; the rules: tests/unit/active-filters.test.ts).
 * Sample values come from data/sample-snapshot/*.json.
 */
import { expect, type Page, test } from '@playwright/test';
import { boxOf, filtersStarted, isAbove, isWithinWidth, openList } from './support.ts';

const summaryOf = (page: Page) => page.getByRole('region', { name: /filtros? ativos?$/ });
const shownCards = (page: Page) => page.locator('.results .grid > li:not([hidden])');

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a shared filtered link names its filters above the results, with the panel still collapsed', async ({ page }) => {
    await openList(page, '/all-restaurants?localidade=Barra+do+Bugres&preco_min=50&preco_max=80');
    await expect(page.locator('details.filters')).not.toHaveAttribute('open');
    const summary = summaryOf(page);
    await expect(summary).toBeVisible();
    await expect(summary).toHaveAccessibleName('3 filtros ativos');
    await expect(summary.getByRole('button')).toHaveText(['Barra do Bugres×', 'A partir de R$ 50×', 'Até R$ 80×']);
    await expect(shownCards(page)).toHaveCount(4);
    // Above the cards, inside the phone's width.
    const box = await boxOf(summary);
    expect(isAbove(box, await boxOf(shownCards(page).first()))).toBe(true);
    expect(isWithinWidth(box, page)).toBe(true);

    // One chip removes its one filter; focus moves to the chip that took its place.
    await summary.getByRole('button', { name: 'Remover filtro: A partir de R$ 50' }).click();
    await expect(page).toHaveURL(/\/all-restaurants\?localidade=Barra\+do\+Bugres&preco_max=80$/);
    await expect(summary).toHaveAccessibleName('2 filtros ativos');
    await expect(summary.getByRole('button', { name: 'Remover filtro: Até R$ 80' })).toBeFocused();
    // 308 gives no price: a bounded list leaves it out rather than take it for R$ 0.
    await expect(shownCards(page)).toHaveCount(7);

    // 'Limpar filtros' without opening the panel: the whole list, and the summary goes.
    await summary.getByRole('link', { name: 'Limpar filtros' }).click();
    await expect(page).toHaveURL(/\/all-restaurants$/);
    await expect(summary).toBeHidden();
    await expect(shownCards(page)).toHaveCount(await page.locator('.results .grid > li').count());
    await expect(page.locator('details.filters > summary')).toBeFocused();
  });

  test('choices made in the panel appear in the summary, and the back button brings earlier ones back', async ({ page }) => {
    await openList(page, '/all-tours');
    await expect(summaryOf(page)).toBeHidden();
    await page.locator('details.filters > summary').click();
    // Opening the panel brings the list's islands (client:reach), which are there for the first choice: each choice is
    // one step of the history. (Choices made before they run are applied together, as one step.)
    await expect(filtersStarted(page)).toHaveCount(1);
    const form = page.getByRole('form', { name: 'Filtros' });
    await form.getByLabel('Nota 4,5 ou mais').check();
    await form.getByLabel('4h+', { exact: true }).check();
    await page.locator('details.filters > summary').click();
    await expect(form).toBeHidden();
    const summary = summaryOf(page);
    await expect(summary.getByRole('button')).toHaveText(['Nota 4,5 ou mais×', '4h+×']);
    await page.goBack();
    await expect(summary.getByRole('button')).toHaveText(['Nota 4,5 ou mais×']);
    await expect(summary).toHaveAccessibleName('1 filtro ativo');
  });
});

test.describe('a crafted link', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows 80 characters of its search, none reversed, and names what the list does not offer "filtro desconhecido"', async ({
    page,
  }) => {
    // 400 characters, the first a right-to-left override that would show the notice backwards.
    const notice = `\u202e${'ATENÇÃO: este site foi desativado pela Prefeitura. Ligue (65) 99999-0000 agora. '.repeat(5)}`.slice(
      0,
      400,
    );
    const shown = `${notice.slice(1, 80).trimEnd()}…`;
    await openList(
      page,
      `/all-tours?q=${encodeURIComponent(notice)}&experience=${encodeURIComponent('Site desativado: pague a taxa por PIX')}` +
        `&localidade=${encodeURIComponent('\u202ePIX rop axat')}`,
    );
    const summary = summaryOf(page);
    await expect(summary.getByRole('button')).toHaveText([`Busca: “${shown}”×`, 'filtro desconhecido×', 'filtro desconhecido×']);
    await expect(page.getByRole('searchbox', { name: 'Buscar por nome' })).toHaveValue(shown);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Passeios Filtrados por Experiência');
    await expect(
      page.getByText('Nenhum passeio encontrado para as experiências selecionadas: filtro desconhecido.', { exact: true }),
    ).toBeVisible();
    // biome-ignore lint/performance/useDomNodeTextContent: what the visitor sees, not what the page holds hidden.
    const text = await page.locator('body').innerText();
    expect(text).not.toContain('PIX');
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });
});

test('at 320 px the summary of a long filter wraps inside the screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await openList(
    page,
    '/all-tours?experience=Experi%C3%AAncia+em+Cachoeiras&experience=Cultura+Ind%C3%ADgena&avaliacao=4&q=cachoeira',
  );
  const summary = summaryOf(page);
  await expect(summary.getByRole('button')).toHaveCount(4);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  for (const chip of await summary.getByRole('button').all()) expect(isWithinWidth(await boxOf(chip), page)).toBe(true);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('a query that the static page does not apply is not announced as active', async ({ page }) => {
    await page.goto('/all-restaurants?preco_max=80');
    await expect(page.locator('[data-active-filters]')).toBeHidden();
    await expect(page.getByRole('link', { name: 'Limpar filtros' })).toBeHidden();
  });
});
