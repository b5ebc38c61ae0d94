/**
 * The list pages (docs/product.md) on the sample site: titles, search box,
 * filter panel with the documented options and ranges, cards with the filter data attributes, the
 * `?experience=` texts kept for the ListFilters island, JSON-LD, and the accessibility sweep at both widths.
 */
import { expect, type Page, test } from '@playwright/test';
import { collectForeignRequests, expectNoSeriousA11yViolations, ORIGIN, WIDTHS } from './support.ts';

interface ListCase {
  path: string;
  title: string;
  placeholder: string;
  legends: string[];
  price: { min: number; max: number; step: number };
  hasBackLink?: boolean;
}

/** 'Em promoção' heads the panel of a list with an item on sale: every sample list but the guides'. */
const ON_SALE = 'Promoções';
const TOUR_LEGENDS = [ON_SALE, 'Experiências', 'Localidade', 'Avaliação', 'Duração', 'Preço (R$)'];
/** Drivers, guides and agencies filter by the experiences they offer too. */
const PEOPLE_LEGENDS = ['Experiências', 'Localidade', 'Avaliação', 'Preço (R$)'];
/** Events list no experience, so they offer no checkbox of one; their duration is in days. */
const EVENT_LEGENDS = [ON_SALE, 'Localidade', 'Avaliação', 'Duração', 'Preço (R$)'];
const PRICE_300 = { min: 0, max: 300, step: 10 };

const LISTS: ListCase[] = [
  { path: '/all-tours', title: 'Atrativos', placeholder: 'Buscar passeios...', legends: TOUR_LEGENDS, price: PRICE_300 },
  {
    path: '/all-providers-tours',
    title: 'Fornecedores de Atrativos',
    placeholder: 'Buscar fornecedores...',
    legends: TOUR_LEGENDS,
    price: PRICE_300,
  },
  {
    path: '/all-accommodation',
    title: 'Hospedagens',
    placeholder: 'Buscar hospedagens...',
    legends: [ON_SALE, 'Localidade', 'Avaliação', 'Duração', 'Preço (R$)'],
    price: { min: 0, max: 700, step: 10 },
  },
  {
    path: '/all-restaurants',
    title: 'Encontre o restaurante ideal',
    placeholder: 'Buscar por nome do restaurante...',
    legends: [ON_SALE, 'Localidade', 'Avaliação', 'Período', 'Preço (R$)'],
    price: { min: 0, max: 100, step: 5 },
  },
  {
    path: '/all-drivers',
    title: 'Encontre o seu condutor',
    placeholder: 'Buscar condutores...',
    legends: [ON_SALE, ...PEOPLE_LEGENDS],
    price: PRICE_300,
  },
  {
    path: '/all-guides',
    title: 'Encontre o seu guia de viagem',
    placeholder: 'Buscar guias...',
    // No listed guide is on sale: an 'Em promoção' that could only answer nothing is not offered.
    legends: PEOPLE_LEGENDS,
    price: PRICE_300,
  },
  {
    path: '/all-agencies',
    title: 'Encontre a sua agência de viagem',
    placeholder: 'Buscar agências...',
    legends: [ON_SALE, ...PEOPLE_LEGENDS],
    price: PRICE_300,
  },
  {
    path: '/all-events',
    title: 'Todos os Eventos',
    placeholder: 'Buscar eventos...',
    legends: EVENT_LEGENDS,
    price: PRICE_300,
    hasBackLink: true,
  },
];

/** The filter form, opening the collapsed 'Filtros' panel first on phones. */
async function openFilters(page: Page) {
  const summary = page.locator('details.filters > summary');
  if (await summary.isVisible()) await summary.click();
  const form = page.getByRole('form', { name: 'Filtros' });
  await expect(form).toBeVisible();
  return form;
}

/** The page's JSON-LD objects. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

for (const list of LISTS) {
  for (const viewport of WIDTHS) {
    test(`${list.path} at ${viewport.width} px: title, search, filters, cards, JSON-LD, a11y`, async ({ page, baseURL }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const foreign = collectForeignRequests(page, baseURL ?? ORIGIN);
      const response = await page.goto(list.path);
      expect(response?.status()).toBe(200);

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(list.title);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${list.path}$`));
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description).toContain('Barra do Bugres');
      if (list.hasBackLink) await expect(page.getByRole('link', { name: 'Voltar', exact: true })).toHaveAttribute('href', '/');

      // Search box: a labelled input `q` in a GET form to the list itself.
      const search = page.getByRole('searchbox', { name: 'Buscar por nome' });
      await expect(search).toHaveAttribute('placeholder', list.placeholder);
      await expect(search).toHaveAttribute('name', 'q');
      await expect(page.getByRole('search')).toHaveAttribute('action', list.path);
      await expect(page.getByRole('button', { name: 'Buscar', exact: true })).toBeVisible();

      // Results: 'N resultados', one card per item, each linking to its detail.
      const cards = page.locator('.results .grid > li');
      const count = await cards.count();
      expect(count).toBeGreaterThan(0);
      await expect(page.getByText(`${count} resultados`)).toBeVisible();
      await expect(cards.first().getByRole('heading', { level: 2 })).toBeVisible();

      // Filter panel: collapsed on phones, open on desktop.
      if (viewport.width < 960) {
        await expect(page.getByRole('button', { name: 'Aplicar filtros' })).toBeHidden();
        await expect(page.locator('details.filters > summary')).toHaveText('Filtros');
      } else {
        await expect(page.getByRole('button', { name: 'Aplicar filtros' })).toBeVisible();
        await expect(page.locator('details.filters > summary')).toBeHidden();
      }
      const form = await openFilters(page);
      await expect(form).toHaveAttribute('method', 'get');
      await expect(form.locator('legend')).toHaveText(list.legends);
      for (const label of ['4+ estrelas', '4,5+ estrelas', '5 estrelas']) await expect(form.getByLabel(label)).toBeVisible();
      const min = form.getByLabel('Mínimo');
      const max = form.getByLabel('Máximo');
      await expect(min).toHaveAttribute('name', 'preco_min');
      await expect(max).toHaveAttribute('name', 'preco_max');
      for (const input of [min, max]) {
        await expect(input).toHaveAttribute('min', String(list.price.min));
        await expect(input).toHaveAttribute('max', String(list.price.max));
        await expect(input).toHaveAttribute('step', String(list.price.step));
      }
      await expect(min).toHaveValue(String(list.price.min));
      await expect(max).toHaveValue(String(list.price.max));
      await expect(form.getByRole('button', { name: 'Aplicar filtros' })).toBeVisible();
      await expect(form.getByRole('link', { name: 'Limpar' })).toHaveAttribute('href', list.path);

      // JSON-LD: an ItemList of the cards and the breadcrumb Início → the list.
      const structured = await jsonLd(page);
      const itemList = structured.find((entry) => entry['@type'] === 'ItemList');
      expect(itemList?.numberOfItems).toBe(count);
      const breadcrumb = structured.find((entry) => entry['@type'] === 'BreadcrumbList') as
        | { itemListElement: { name: string; item: string }[] }
        | undefined;
      expect(breadcrumb?.itemListElement.map((entry) => entry.name)).toEqual(['Início', list.title]);
      expect(breadcrumb?.itemListElement[1]?.item).toMatch(new RegExp(`${list.path}$`));

      await expectNoSeriousA11yViolations(page);
      expect(foreign).toEqual([]);
    });
  }
}

test('the tour list offers docs/product.md options: experiences scrolling at 200 px, localities, durations', async ({ page }) => {
  await page.goto('/all-tours');
  const form = await openFilters(page);
  const experiences = form.locator('input[name="experience"]');
  expect(await experiences.count()).toBeGreaterThanOrEqual(9);
  await expect(form.getByLabel('Experiência de Pesca Esportiva')).toHaveAttribute('value', 'Experiência de Pesca Esportiva');
  const box = form.locator('.scrolls');
  await expect(box).toHaveCSS('max-height', '200px');
  await expect(box).toHaveCSS('overflow-y', 'auto');
  await expect(form.getByLabel('Barra do Bugres')).toHaveAttribute('name', 'localidade');
  const durations = form.locator('input[name="duracao"]');
  expect(await durations.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual([
    '1',
    '2',
    '4',
    '5',
  ]);
  for (const label of ['Até 1h', '1-2h', '2-4h', '4h+']) await expect(form.getByLabel(label, { exact: true })).toBeVisible();
});

test('accommodation filters by 1, 2 and 3+ nights; restaurants by the four meal periods', async ({ page }) => {
  await page.goto('/all-accommodation');
  let form = await openFilters(page);
  for (const [label, value] of [
    ['1 noite', '1'],
    ['2 noites', '2'],
    ['3+ noites', '3'],
  ] as const) {
    await expect(form.getByLabel(label, { exact: true })).toHaveAttribute('value', value);
  }
  await page.goto('/all-restaurants');
  form = await openFilters(page);
  for (const [label, value] of [
    ['Almoço', '1'],
    ['Jantar', '2'],
    ['Noite', '3'],
    ['Almoço/Jantar', '4'],
  ] as const) {
    await expect(form.getByLabel(label, { exact: true })).toHaveAttribute('value', value);
  }
});

test('each card wrapper carries the values the filtering island needs', async ({ page }) => {
  await page.goto('/all-tours');
  const tour = page.locator('.grid > li', { has: page.locator('[data-id="101"]') });
  await expect(tour).toHaveAttribute('data-experiences', 'Experiência em Cachoeiras|Ecoturismo|Turismo de Aventura');
  await expect(tour).toHaveAttribute('data-locality', 'Barra do Bugres');
  await expect(tour).toHaveAttribute('data-rating', '4.9');
  // The price the card shows: R$ 150,00, the sale price under the struck-through R$ 180,00.
  await expect(tour).toHaveAttribute('data-price', '150');
  await expect(tour).toHaveAttribute('data-discount', '17');
  await expect(tour).toHaveAttribute('data-duration-hours', '8');
  const twoHours = page.locator('.grid > li', { has: page.locator('[data-id="111"]') });
  await expect(twoHours).toHaveAttribute('data-duration-hours', '2');
  // 109 gives no rating and 112 no price: no attribute, so a chosen rating or price leaves them out.
  await expect(page.locator('.grid > li', { has: page.locator('[data-id="109"]') })).not.toHaveAttribute('data-rating');
  await expect(page.locator('.grid > li', { has: page.locator('[data-id="112"]') })).not.toHaveAttribute('data-price');
  // 107's sale price is above its price: the card shows no discount, and 'Em promoção' leaves it out.
  await expect(page.locator('.grid > li', { has: page.locator('[data-id="107"]') })).not.toHaveAttribute('data-discount');

  await page.goto('/all-restaurants');
  const both = page.locator('.grid > li', { has: page.locator('[data-id="301"]') });
  await expect(both).toHaveAttribute('data-periods', '1|2|4');
  const night = page.locator('.grid > li', { has: page.locator('[data-id="305"]') });
  await expect(night).toHaveAttribute('data-periods', '3');

  await page.goto('/all-accommodation');
  const threeNights = page.locator('.grid > li', { has: page.locator('[data-id="207"]') });
  await expect(threeNights).toHaveAttribute('data-nights', '3');

  // Events: their length in days, from their dates (16 to 25 July) or their duration.
  await page.goto('/all-events');
  await expect(page.locator('.grid > li', { has: page.locator('[data-id="401"]') })).toHaveAttribute('data-days', '10');
  await expect(page.locator('.grid > li', { has: page.locator('[data-id="403"]') })).toHaveAttribute('data-days', '3');
});

// Without JavaScript the pages are plain static HTML (the ListFilters island, tested in
// filters.spec.ts, applies the query in the browser).
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('?experience= is static markup: the page ships the filtered heading and no-match message', async ({ page }) => {
    await page.goto('/all-providers-tours?experience=Ecoturismo,Cachoeiras');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Fornecedores de Atrativos');
    await expect(heading).toHaveAttribute('data-title-filtered', 'Fornecedores de Atrativos Filtrados por Experiência');
    const template = page.locator('template[data-template="experience-no-match"]');
    expect(await template.evaluate((node) => (node as HTMLTemplateElement).content.textContent)).toContain(
      'Nenhum fornecedor encontrado para as experiências selecionadas: {list}.',
    );
    // Not filtered at build time: every provider is still listed.
    const count = await page.locator('.grid > li').count();
    await expect(page.getByText(`${count} resultados`)).toBeVisible();

    await page.goto('/all-tours?experience=Ecoturismo');
    await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('data-title-filtered', /Filtrados por Experiência/);
    await expect(page.locator('template[data-template="experience-no-match"]')).toHaveCount(1);
    // Lists without the query parameter ship neither.
    await page.goto('/all-restaurants');
    await expect(page.locator('template[data-template="experience-no-match"]')).toHaveCount(0);
  });

  test('search and filter forms are plain GET forms; Limpar returns to the bare list', async ({ page }) => {
    await page.goto('/all-drivers');
    const total = await page.locator('.grid > li').count();
    await page.getByRole('searchbox', { name: 'Buscar por nome' }).fill('Paulo');
    await page.getByRole('searchbox', { name: 'Buscar por nome' }).press('Enter');
    await expect(page).toHaveURL(/\/all-drivers\/?\?q=Paulo$/);
    await expect(page.locator('.grid > li')).toHaveCount(total);

    await page.goto('/all-tours');
    const form = await openFilters(page);
    await form.getByLabel('Ecoturismo').check();
    await form.getByRole('button', { name: 'Aplicar filtros' }).click();
    await expect(page).toHaveURL(/experience=Ecoturismo/);
    await expect(page).toHaveURL(/preco_max=300/);
    await (await openFilters(page)).getByRole('link', { name: 'Limpar' }).click();
    await expect(page).toHaveURL(/\/all-tours\/?$/);
  });
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
  // The wrapper clips its painting 32 px out, past the card's shadow and focus ring.
  expect(await cards.first().evaluate((item) => getComputedStyle(item).overflowClipMargin)).toBe('32px');
});

test('cards of sample records without a location show the fallback text', async ({ page }) => {
  await page.goto('/all-tours');
  await expect(page.locator('[data-id="112"]')).toContainText('Local não informado');
  await page.goto('/all-providers-tours');
  const provider = page.locator('[data-id="807"]');
  await expect(provider).toContainText('Local não informado');
  await expect(provider.locator('img')).toHaveAttribute('src', '/images/placeholder.svg');
  await page.goto('/all-drivers');
  await expect(page.locator('[data-id="506"]')).toContainText('Local não informado');
});

test('the older addresses of two lists send the visitor to the list, written once and alone in the sitemap', async ({
  page,
  request,
}) => {
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  for (const [older, list] of [
    ['/accommodation', '/all-accommodation'],
    ['/events', '/all-events'],
  ] as const) {
    const html = await (await request.get(older)).text();
    expect(html).toContain(`<meta http-equiv="refresh" content="0;url=${list}">`);
    expect(html).not.toContain('class="grid');
    await page.goto(older);
    await page.waitForURL((url) => url.pathname === list);
    await expect(page.locator('.grid > li').first()).toBeVisible();
    expect(sitemap).toContain(`${list}</loc>`);
    expect(sitemap).not.toMatch(new RegExp(`/${older.slice(1)}/?</loc>`));
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
