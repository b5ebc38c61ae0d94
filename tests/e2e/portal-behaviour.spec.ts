/**
 * The news and testimonials portals in the browser (docs/product.md): search on Enter and the
 * chips with Back and Forward, the results' and the empty state's sweep, the save heart and sharing.
 * The portal's islands and the JSON index load only when the visitor reaches for the search or chips;
 * the cards of filtered results are the static pages' own, grid or large (what does not change with
 * the width runs at one). What the results hold (chips, pages of results, the empty state, a filtered
 * link, the load error) is checked on the built pages without a browser, in
 * tests/html/portal-results.test.ts; what the portals serve, in tests/html/portals.test.ts. Sample
 * data: 30 news, 30 testimonials.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, WIDTHS } from './support.ts';

/** Counts the requests for the portal's JSON index, its islands' own chunks and its other static pages. */
function watchLazyLoads(page: Page): { index: string[]; island: string[]; pages: string[] } {
  const seen = { index: [] as string[], island: [] as string[], pages: [] as string[] };
  page.on('request', (request) => {
    const url = request.url();
    if (/\/(news|testimonials)\/index\.json$/.test(url)) seen.index.push(url);
    if (/\/_astro\/Portal(Search|Results)\.[\w-]+\.js$/.test(url)) seen.island.push(url);
    if (request.resourceType() === 'fetch' && /\/(news|testimonials)(\/page\/\d+)?$/.test(new URL(url).pathname))
      seen.pages.push(new URL(url).pathname);
  });
  return seen;
}

/**
 * The markup of the card of article `id` as `html` (a static page as served) has it and as the
 * filtered results show it, both without what scripts set on a served card: the shown state of the
 * heart and share buttons, their names, lazy loading, and the large card's class and photo sizes.
 */
async function servedAndShown(page: Page, html: string, id: string): Promise<[string, string]> {
  return page.evaluate(
    ([served, cardId]) => {
      const normalise = (card: Element | null | undefined) => {
        if (!card) return '';
        const copy = card.cloneNode(true) as Element;
        copy.classList.remove('lead');
        for (const element of [copy, ...copy.querySelectorAll('*')])
          for (const name of ['hidden', 'aria-pressed', 'aria-label', 'loading', 'fetchpriority', 'sizes', 'data-card-sizes'])
            element.removeAttribute(name);
        for (const text of copy.querySelectorAll('[data-share-text], [data-share-status]')) text.replaceChildren();
        return copy.outerHTML;
      };
      const selector = `article[data-id="${cardId}"]`;
      const doc = new DOMParser().parseFromString(served, 'text/html');
      return [
        normalise(doc.querySelector(`[data-portal-static] ${selector}`)),
        normalise(document.querySelector(`.portal-results ${selector}`)),
      ] as [string, string];
    },
    [html, id] as const,
  );
}

const newsParts = (page: Page) => ({
  search: page.getByRole('searchbox', { name: 'Buscar notícias' }),
  chips: page.getByRole('list', { name: 'Categorias' }),
  status: page.locator('.portal-status'),
  results: page.locator('.portal-results'),
  staticResults: page.locator('[data-portal-static]'),
});

async function searchNews(page: Page, text: string): Promise<void> {
  const search = page.getByRole('searchbox', { name: 'Buscar notícias' });
  await search.fill(text);
  await search.press('Enter');
}

const [PHONE, DESKTOP] = WIDTHS;

/**
 * The portal as a search left it (its search, chips, status line and results), swept at the phone's width the search
 * ran at, then at the desktop's. The rest of the page is as served, swept by tests/e2e/portals.spec.ts.
 */
async function sweepResultsAtEachWidth(page: Page): Promise<void> {
  for (const size of [PHONE, DESKTOP]) {
    await test.step(`accessibility sweep at ${size.width} px`, async () => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await expectNoSeriousA11yViolations(page, '[data-portal]');
    });
  }
}

// A search, its chips, Back and which card a result is (its size, its photo's sizes, its cut text) behave alike at any
// width: tested at a phone's, the results swept at both widths. What the results hold, chip by chip and page by page,
// is tests/html/portal-results.test.ts.
test.describe('portals at phone width', () => {
  test.use({ viewport: { width: PHONE.width, height: PHONE.height } });

  test('search on Enter loads the index only then, once; chips keep the search; the URL follows and Back and Forward restore it', async ({
    page,
  }) => {
    const lazy = watchLazyLoads(page);
    // A campaign parameter is not a filter: the static portal starts no island and fetches no index.
    await page.goto('/news?utm_source=boletim');
    await page.waitForLoadState('networkidle');
    expect(lazy).toEqual({ index: [], island: [], pages: [] });
    const news = newsParts(page);

    await searchNews(page, 'JULIAO');
    await expect(page).toHaveURL(/\/news\?q=JULIAO$/);
    await expect(news.status).toHaveText('3 notícias encontradas');
    const cards = news.results.locator('.news-card');
    await expect(cards).toHaveCount(3);
    await expect(news.staticResults).toBeHidden();
    await expect(news.results.locator('.news-card.lead')).toHaveAttribute('data-id', '1241');
    expect(lazy.index).toHaveLength(1);

    // A chip keeps the search.
    await news.chips.getByRole('link', { name: 'Eventos', exact: true }).click();
    await expect(page).toHaveURL(/\/news\?q=JULIAO&categoria=Eventos$/);
    await expect(news.status).toHaveText('1 notícia encontrada');
    await expect(cards).toHaveCount(1);

    // Back: the search alone, then the static portal again.
    await page.goBack();
    await expect(page).toHaveURL(/\/news\?q=JULIAO$/);
    await expect(cards).toHaveCount(3);
    await page.goBack();
    await expect(page).toHaveURL(/\/news\?utm_source=boletim$/);
    await expect(news.staticResults).toBeVisible();
    await expect(news.results).toBeHidden();
    await expect(news.status).toBeHidden();
    await expect(news.search).toHaveValue('');
    await page.goForward();
    await expect(news.search).toHaveValue('JULIAO');
    await expect(cards).toHaveCount(3);
    // One download of the index for the whole visit.
    expect(lazy.index).toHaveLength(1);
  });

  test('a filtered news result is the card its static page serves, grid or large; its heart and share button work', async ({
    page,
    request,
  }) => {
    const lazy = watchLazyLoads(page);
    const served = await (await request.get('/news/page/3')).text();
    const index: { id: string; summary: string }[] = await (await request.get('/news/index.json')).json();
    const summary = index.find((entry) => entry.id === '903')?.summary ?? '';
    expect(summary.length).toBeGreaterThan(150);
    await page.goto('/news');
    const news = newsParts(page);
    // 1290 is featured but not the lead of /news: a grid card, without the large card's 'Destaque'.
    await expect(news.staticResults.locator('.news-card[data-id="1290"]')).not.toContainText('Destaque', {
      useInnerText: true,
    });

    // 903 is on static page 3; 'temporada de praia' finds it third, in the grid.
    await searchNews(page, 'temporada de praia');
    await expect(news.status).toHaveText('3 notícias encontradas');
    const card = news.results.locator('.news-card[data-id="903"]');
    await expect(card).toBeVisible();
    await expect(card).not.toHaveClass(/\blead\b/);
    const [servedCard, shownCard] = await servedAndShown(page, served, '903');
    expect(servedCard).toContain('data-id="903"');
    expect(shownCard).toBe(servedCard);
    expect(lazy.pages).toEqual(['/news/page/3']);
    await expect(card.locator('img')).toHaveAttribute('loading', 'lazy');
    // Cut at 150 characters, as on its static page.
    // biome-ignore lint/performance/useDomNodeTextContent: what the visitor sees; the large card's end is in the DOM, hidden.
    const cut = await card.locator('.summary').innerText();
    expect(cut).toMatch(/\.\.\.$/);
    expect(cut.length).toBeLessThanOrEqual(153);
    expect(summary.startsWith(cut.slice(0, -3))).toBe(true);

    const title = (await card.getByRole('heading').textContent())?.trim() ?? '';
    await card.getByRole('button', { name: `Salvar nos favoritos: ${title}` }).click();
    await expect(card.getByRole('button', { name: `Remover dos favoritos: ${title}` })).toHaveAttribute('aria-pressed', 'true');
    await expect(card.getByRole('button', { name: /^(Compartilhar|Copiar link): / })).toBeVisible();

    // Alone in a search, the same card is the large one: its whole summary (up to 240), no other fetch.
    await searchNews(page, 'bancos de areia');
    await expect(news.status).toHaveText('1 notícia encontrada');
    const lead = news.results.locator('.news-card.lead');
    await expect(lead).toHaveAttribute('data-id', '903');
    await expect(lead.locator('.summary')).toHaveText(summary, { useInnerText: true });
    const [servedAgain, shownLead] = await servedAndShown(page, served, '903');
    expect(shownLead).toBe(servedAgain);
    await expect(lead.getByRole('button', { name: `Remover dos favoritos: ${title}` })).toBeVisible();
    expect(lazy.pages).toEqual(['/news/page/3']);
    // Its photo is sized for the large card, and for a grid card again once it is one.
    await expect(lead.locator('source')).toHaveAttribute('sizes', /660px/);
    await page.goBack();
    await expect(card).not.toHaveClass(/\blead\b/);
    await expect(card.locator('source')).toHaveAttribute('sizes', /400px/);

    // A featured article made the large card says so, as the static lead does.
    await searchNews(page, 'como chegar');
    await expect(news.results.locator('.news-card.lead')).toHaveAttribute('data-id', '1290');
    await expect(news.results.locator('.news-card.lead')).toContainText('Destaque', { useInnerText: true });
    await expect(news.results.locator('.news-card:not(.lead) .chip:visible', { hasText: 'Destaque' })).toHaveCount(0);
    await sweepResultsAtEachWidth(page);
  });

  test('a filtered testimonial is the card its static page serves, large with its whole text and large photo', async ({
    page,
    request,
  }) => {
    const lazy = watchLazyLoads(page);
    const served = await (await request.get('/testimonials/page/3')).text();
    await page.goto('/testimonials');
    const results = page.locator('.portal-results');
    const search = page.getByRole('searchbox', { name: 'Buscar depoimentos' });

    // 1004 (static page 3, featured, a 202-character text) is second for 'umutina': a grid card.
    await search.fill('umutina');
    await search.press('Enter');
    await expect(page.locator('.portal-status')).toHaveText('2 depoimentos encontrados');
    const card = results.locator('.testimonial-card[data-id="1004"]');
    await expect(card).not.toHaveClass(/\blead\b/);
    const [servedCard, shownCard] = await servedAndShown(page, served, '1004');
    expect(servedCard).toContain('data-id="1004"');
    expect(shownCard).toBe(servedCard);
    // The two pages that hold the results (1016 is on page 2), each fetched once.
    expect([...lazy.pages].sort()).toEqual(['/testimonials/page/2', '/testimonials/page/3']);
    await expect(card).not.toContainText('Destaque', { useInnerText: true });
    await expect(card.locator('blockquote')).toHaveText(/\.\.\.$/, { useInnerText: true });
    await expect(card.locator('img.avatar')).toHaveJSProperty('width', 56);
    await expect(card.getByRole('button', { name: /^(Compartilhar|Copiar link): / })).toBeVisible();

    await search.fill('Juliana Castro');
    await search.press('Enter');
    const lead = results.locator('.testimonial-card.lead');
    await expect(lead).toHaveAttribute('data-id', '1004');
    await expect(lead).toContainText('Destaque', { useInnerText: true });
    await expect(lead.locator('blockquote')).not.toHaveText(/\.\.\.$/, { useInnerText: true });
    await expect(lead.locator('img.avatar')).toHaveJSProperty('width', 72);
    expect(lazy.pages).toHaveLength(2);
    await sweepResultsAtEachWidth(page);
  });

  test('a search loads the results only then, the hero figures staying; Back gives the portal as served', async ({ page }) => {
    const lazy = watchLazyLoads(page);
    await page.goto('/testimonials');
    await page.waitForLoadState('networkidle');
    expect(lazy).toEqual({ index: [], island: [], pages: [] });
    const status = page.locator('.portal-status');
    const results = page.locator('.portal-results');

    const search = page.getByRole('searchbox', { name: 'Buscar depoimentos' });
    await search.fill('CACHOEIRA');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/testimonials\?q=CACHOEIRA$/);
    await expect(status).toHaveText('3 depoimentos encontrados');
    await expect(results.locator('.testimonial-card', { hasText: /cachoeira/i })).toHaveCount(3);
    await expect(page.locator('.portal-hero')).toContainText('30 depoimentos');

    await page.goBack();
    await expect(page).toHaveURL(/\/testimonials$/);
    await expect(page.locator('[data-portal-static]')).toBeVisible();
    await expect(results).toBeHidden();
    expect(lazy.index).toHaveLength(1);
  });
});

// The heart and the share button behave alike at any width: tested at a phone's.
test.describe("news portal's heart and share button at phone width", () => {
  test.use({ viewport: { width: PHONE.width, height: PHONE.height } });

  test('the save heart is kept in this browser and the article is listed on /favoritos', async ({ page }) => {
    await page.goto('/news');
    const lead = page.locator('[data-portal-static] .news-card.lead');
    const title = (await lead.getByRole('heading').textContent())?.trim() ?? '';
    const heart = lead.getByRole('button', { name: `Salvar nos favoritos: ${title}` });
    await heart.click();
    await expect(lead.getByRole('button', { name: `Remover dos favoritos: ${title}` })).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(lead.getByRole('button', { name: `Remover dos favoritos: ${title}` })).toHaveAttribute('aria-pressed', 'true');

    // The island's cards show the same state and toggle the same store.
    await searchNews(page, 'natal');
    const found = page.locator('.portal-results .news-card[data-id="1305"]');
    await expect(found.getByRole('button', { name: `Remover dos favoritos: ${title}` })).toHaveAttribute('aria-pressed', 'true');
    const other = page.locator('.portal-results .news-card[data-id="1063"]');
    await other.getByRole('button', { name: /^Salvar nos favoritos: / }).click();
    await expect(other.getByRole('button', { name: /^Remover dos favoritos: / })).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/favoritos');
    const saved = page.getByRole('link', { name: title });
    await expect(saved).toHaveAttribute('href', '/news/1305');
    await expect(page.getByText('2 itens salvos')).toBeVisible();
    await expect(page.locator('.favourite-kind', { hasText: 'Notícia' })).toHaveCount(2);
    // The saved picture is the site's own encoded image, not an upstream URL.
    await expect(page.locator('.favourite-card img').first()).toHaveAttribute('src', /^\/_astro\/.+\.webp$/);
  });

  test('without a share sheet, Copiar link copies the canonical link and says so', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    });
    await page.goto('/news');
    const lead = page.locator('[data-portal-static] .news-card.lead');
    await lead.getByRole('button', { name: /^Copiar link: / }).click();
    await expect(lead.getByRole('status')).toHaveText('Link copiado');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^https:\/\/[^/]+\/news\/1305$/);
    // The plain share links stay for whoever prefers them (and for no JavaScript).
    await expect(lead.locator('details.share-menu')).toBeAttached();

    await searchNews(page, 'festival');
    const card = page.locator('.portal-results .news-card').first();
    await card.getByRole('button', { name: /^Copiar link: / }).click();
    await expect(card.getByRole('status')).toHaveText('Link copiado');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/news\/1236$/);

    await page.goto('/news/1305');
    await page
      .getByRole('region', { name: 'Compartilhe esta notícia' })
      .getByRole('button', { name: /^Copiar link/ })
      .click();
    await expect(page.getByRole('region', { name: 'Compartilhe esta notícia' }).getByRole('status')).toHaveText('Link copiado');
  });

  test('with a share sheet, Compartilhar opens it with the article link', async ({ page }) => {
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { shareCalls: unknown[] }).shareCalls = calls;
      Object.defineProperty(Navigator.prototype, 'share', {
        value: async (data: unknown) => {
          calls.push(data);
        },
        configurable: true,
      });
      Object.defineProperty(Navigator.prototype, 'canShare', { value: () => true, configurable: true });
    });
    await page.goto('/news');
    const lead = page.locator('[data-portal-static] .news-card.lead');
    await lead.getByRole('button', { name: /^Compartilhar: / }).click();
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { shareCalls: { url: string }[] }).shareCalls.map((call) => call.url)),
      )
      .toEqual([expect.stringMatching(/\/news\/1305$/)]);
    await expect(lead.getByRole('status')).toHaveText('');
  });
});

test('at 375 px, the empty state passes the accessibility sweep', async ({ page }) => {
  await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
  await page.goto('/news?q=natal&categoria=Gastronomia');
  const results = page.locator('.portal-results');
  await expect(results.getByText('Nenhuma notícia encontrada')).toBeVisible();
  await expect(results.getByRole('button', { name: 'Limpar Filtros' })).toBeVisible();
  // The rest of the page is as served, swept by tests/e2e/portals.spec.ts.
  await expectNoSeriousA11yViolations(page, '[data-portal]');
});
