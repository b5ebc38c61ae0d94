/**
 * Lists of several pages (docs/product.md, Lists; src/lib/lists/paging.ts), on a site built from a
 * generated dataset (scripts/bench/generate.ts) with three pages of tours, against the local upstream:
 * - the static pages: LIST_PAGE_SIZE cards each, in the list's order, the pagination, each page's
 *   canonical URL, title and JSON-LD, the sitemap, the list's index, and the deploy gate;
 * - in Chromium at a phone's width, over the built dist/ served as its host serves it: a filter or a
 *   search covers the whole list (the count, cards taken from the pages that hold them, 'Mostrar
 *   mais'), an order sorts the whole list, the URL is the state (Back), a failed fetch can be tried
 *   again, and without JavaScript no filter or sort is offered and a search goes to the site search;
 * - /promocoes shows PROMOTIONS_PER_KIND tours on sale, and its 'Ver todas as N ofertas de passeios'
 *   lands on the tours list filtered 'Em promoção': every tour on sale, from each page that holds it.
 * One build for all: a whole site costs a minute or two on the project's machine.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateDataset } from '../../scripts/bench/generate.ts';
import { findChromium } from '../../scripts/ensure-browser.ts';
import { type StaticServer, startStaticServer } from '../../scripts/serve.ts';
import { LIST_PAGE_SIZE } from '../../src/lib/lists/paging.ts';
import { PROMOTIONS_PER_KIND } from '../../src/lib/promotions.ts';
import { seriousA11yViolations } from '../e2e/support.ts';
import { type BuiltSite, buildSite, indexSearch, verifyBuiltSite } from '../support/build-site.ts';
import { startUpstreamServer, type UpstreamServer } from '../support/upstream-server.ts';

/** Generous: the machine is shared, and a list's pages come over the network in the browser. */
const UI_TIMEOUT = 20_000;

interface Tour {
  id: string;
  title: string;
  rating: number | null;
  /** Set by the sync only when the sale price is lower than the price: the card then shows the discount. */
  discountPercent: number | null;
  priceValue: number | null;
  salePriceValue: number | null;
  isFree: boolean;
}

let server: UpstreamServer;
let site: BuiltSite;
let host: StaticServer;
let browser: Browser;
/** The listed tours, in the list's order (tours have no registration status: all are listed). */
let tours: Tour[];

beforeAll(async () => {
  let mediaBase = '';
  server = await startUpstreamServer({ reader: async (file) => dataset.files.get(file) });
  mediaBase = `${server.origin}/media`;
  // 500 items make 106 tours: three pages of 48.
  const dataset = await generateDataset({ items: 500, posts: 14, feedbacks: 14, episodes: 3, images: 3, mediaBase });
  const photo = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#2a7' } })
    .jpeg()
    .toBuffer();
  server.setFault(/^\/media\/\d+\.jpg$/, {
    kind: 'respond',
    respond: () => new Response(new Uint8Array(photo), { headers: { 'content-type': 'image/jpeg' } }),
  });
  site = await buildSite(server.env);
  await indexSearch(site);
  tours = JSON.parse(await readFile(path.join(site.snapshot, 'tours.json'), 'utf8')) as Tour[];
  host = await startStaticServer({ root: site.dist, port: 0 });
  const executablePath = findChromium();
  browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await server?.close();
  await site?.remove();
});

/** The item ids of the cards in a page's HTML, in order. */
const cardIds = (html: string) =>
  [...html.matchAll(/<article class="card item-card[^"]*" data-kind="tour" data-id="([^"]+)"/g)].map((m) => m[1]);

/** The JSON-LD objects of a page's HTML. */
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>,
  );

describe('the static pages of a list', () => {
  it("splits the list's cards over its pages in order, each card once", async () => {
    // The dataset makes three pages of tours, the last one short.
    expect(tours.length).toBeGreaterThan(2 * LIST_PAGE_SIZE);
    expect(tours.length).toBeLessThan(3 * LIST_PAGE_SIZE);
    const pages = await Promise.all(['/all-tours', '/all-tours/page/2', '/all-tours/page/3'].map((page) => site.page(page)));
    const ids = pages.map(cardIds);
    expect(ids.map((list) => list.length)).toEqual([LIST_PAGE_SIZE, LIST_PAGE_SIZE, tours.length - 2 * LIST_PAGE_SIZE]);
    expect(ids.flat()).toEqual(tours.map((tour) => tour.id));
    await expect(site.page('/all-tours/page/4')).rejects.toThrow();
  });

  it('gives each page its canonical URL, title, count of the whole list and pagination', async () => {
    const first = await site.page('/all-tours');
    const second = await site.page('/all-tours/page/2');
    expect(first).toMatch(/<link rel="canonical" href="[^"]*\/all-tours">/);
    expect(second).toMatch(/<link rel="canonical" href="[^"]*\/all-tours\/page\/2">/);
    expect(second).toMatch(/<title>Passeios em [^<]* – página 2/);
    for (const html of [first, second]) {
      expect(html).toContain(`${tours.length} resultados`);
      expect(html).toContain('aria-label="Paginação"');
      expect(html).toContain('href="/all-tours/page/3"');
      // Without JavaScript a search from any page goes to the site search; the filter and sort forms, shown only
      // with it, name the list's first page.
      const forms = [...html.matchAll(/<form\b[^>]*>/g)]
        .map((match) => match[0])
        .filter((tag) => /data-list-(search|filters|sort)/.test(tag));
      expect(forms).toHaveLength(3);
      for (const form of forms) expect(form).toContain(/data-list-search/.test(form) ? 'action="/busca"' : 'action="/all-tours"');
    }
    expect(second).toContain('href="/all-tours"');
  });

  it("names the page's items in its ItemList, at their place in the whole list, and the page in the breadcrumb", async () => {
    const structured = jsonLdOf(await site.page('/all-tours/page/2'));
    const list = structured.find((entry) => entry['@type'] === 'ItemList') as {
      numberOfItems: number;
      itemListElement: { position: number; url: string }[];
    };
    expect(list.numberOfItems).toBe(tours.length);
    expect(list.itemListElement).toHaveLength(LIST_PAGE_SIZE);
    expect(list.itemListElement[0]?.position).toBe(LIST_PAGE_SIZE + 1);
    expect(list.itemListElement[0]?.url).toMatch(new RegExp(`/tour/${tours[LIST_PAGE_SIZE]?.id}$`));
    const breadcrumb = structured.find((entry) => entry['@type'] === 'BreadcrumbList') as {
      itemListElement: { name: string; item: string }[];
    };
    expect(breadcrumb.itemListElement.map((entry) => entry.name)).toEqual(['Início', 'Passeios', 'Página 2']);
    expect(breadcrumb.itemListElement[2]?.item).toMatch(/\/all-tours\/page\/2$/);
  });

  it('indexes the whole list with the page of each card', async () => {
    const index = JSON.parse(await readFile(path.join(site.dist, 'all-tours/index.json'), 'utf8')) as {
      id: string;
      page: number;
      data: Record<string, string>;
    }[];
    expect(index.map((entry) => entry.id)).toEqual(tours.map((tour) => tour.id));
    expect(index.map((entry) => entry.page)).toEqual(tours.map((_, position) => Math.floor(position / LIST_PAGE_SIZE) + 1));
    expect(index[0]?.data.title).toBe(tours[0]?.title);
  });

  it('shows a dozen tours on sale on /promocoes, the largest discounts, and links to the list of them all', async () => {
    const onSale = toursOnSale();
    const html = await site.page('/promocoes');
    const section = html.slice(html.indexOf('<section id="passeios"'), html.indexOf('</section>', html.indexOf('id="passeios"')));
    const discounts = cardIds(section).map((id) => tours.find((tour) => tour.id === id)?.discountPercent ?? null);
    // The largest discounts of all the tours on sale, largest first.
    expect(discounts).toEqual(
      onSale
        .map((tour) => tour.discountPercent)
        .sort((x, y) => (y ?? 0) - (x ?? 0))
        .slice(0, PROMOTIONS_PER_KIND),
    );
    expect(section).toMatch(
      new RegExp(`<a [^>]*href="/all-tours\\?promocao=1"[^>]*>\\s*Ver todas as ${onSale.length} ofertas de passeios\\s*</a>`),
    );
  });

  it('puts the later pages in the sitemap, and passes the deploy gate', async () => {
    const sitemap = await readFile(path.join(site.dist, 'sitemap-0.xml'), 'utf8');
    expect(sitemap).toMatch(/\/all-tours\/page\/2<\/loc>/);
    expect(sitemap).toMatch(/\/all-tours\/page\/3<\/loc>/);
    expect(sitemap).not.toContain('index.json');
    expect(await verifyBuiltSite(site, server.env)).toEqual([]);
  });
});

/** The tours on sale, in the list's order: spread over its three pages. */
function toursOnSale(): Tour[] {
  const onSale = tours.filter((tour) => tour.discountPercent !== null);
  expect(onSale.length).toBeGreaterThan(PROMOTIONS_PER_KIND);
  expect(new Set(onSale.map((tour) => Math.floor(tours.indexOf(tour) / LIST_PAGE_SIZE))).size).toBe(3);
  return onSale;
}

/** What a page fetched of the list besides the document: its index and its other pages. */
function listFetches(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() !== 'document' && /^\/all-tours\/(index\.json|page\/\d+)$/.test(pathname)) paths.push(pathname);
  });
  return paths;
}

/** The ids of the cards in the grid, in order. */
const shownIds = (page: Page) =>
  page.locator('[data-list-grid] > li [data-id]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-id') ?? ''));

const countText = (count: number) => `${count.toLocaleString('pt-BR')} ${count === 1 ? 'resultado' : 'resultados'}`;

/** The tours whose title contains `text` (ASCII, any case), in the list's order. */
const titled = (text: string) => tours.filter((tour) => tour.title.toLowerCase().includes(text.toLowerCase()));

/** A word of the sample's tour titles that the generated titles repeat on every page. */
function spreadWord(): string {
  const word = tours[0]?.title.split(' ').find((part) => part.length > 4 && /^[a-z]+$/i.test(part)) ?? '';
  expect(new Set(titled(word).map((tour) => Math.floor(tours.indexOf(tour) / LIST_PAGE_SIZE))).size).toBe(3);
  return word;
}

async function openFilters(page: Page) {
  const summary = page.locator('details.filters > summary');
  if (await summary.isVisible()) await summary.click();
  return page.getByRole('form', { name: 'Filtros' });
}

/**
 * What the page requests, answers, logs and throws, with the time since it opened, and each press it is given:
 * the element it lands on, and for a button whether it was marked busy (aria-disabled), so that a press that
 * brought nothing says where it went.
 */
async function recordPage(page: Page): Promise<string[]> {
  const log: string[] = [];
  const opened = performance.now();
  const add = (line: string) => log.push(`${String(Math.round(performance.now() - opened)).padStart(6)} ms ${line}`);
  const where = (url: string) => {
    const { pathname, search } = new URL(url);
    return pathname + search;
  };
  page.on('request', (request) => add(`→ ${where(request.url())}`));
  page.on('response', (response) => add(`← ${response.status()} ${where(response.url())}`));
  page.on('requestfailed', (request) => add(`✗ ${where(request.url())}: ${request.failure()?.errorText}`));
  page.on('console', (message) => add(`console.${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => add(`page error: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener(
      'click',
      (event) => {
        const target = event.target as Element;
        const button = target.closest?.('button');
        const what = button
          ? `button '${button.textContent?.trim()}' aria-disabled=${button.getAttribute('aria-disabled')}`
          : target.tagName;
        console.debug(`click on ${what}`);
      },
      true,
    );
  });
  return log;
}

/** The list's results as the visitor sees them now: the address, the count, the cards, the messages. */
function resultsState(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const results = document.querySelector('[data-list-kind]');
      const grid = results?.querySelector<HTMLElement>('[data-list-grid]');
      return JSON.stringify({
        url: location.pathname + location.search,
        count: results?.querySelector('[data-list-count]')?.textContent?.trim(),
        busy: results?.getAttribute('aria-busy'),
        cards: grid?.children.length,
        gridHidden: grid?.hidden,
        messages: [...(results?.querySelectorAll('[data-list-empty]') ?? [])].map((message) => message.textContent?.trim()),
      });
    })
    .catch((error: Error) => `the page's state could not be read: ${error.message}`);
}

// At a phone's width only: what a filter over several pages brings does not depend on the width. The filter panel at
// both widths (a drawer on phones, a column on desktops) is the end-to-end filter tests'.
describe('in Chromium at 390 px', () => {
  const viewport = { width: 390, height: 844 };
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    // No service worker: each test counts the requests the page itself makes.
    context = await browser.newContext({ viewport, serviceWorkers: 'block' });
    context.setDefaultTimeout(UI_TIMEOUT);
  });
  afterAll(async () => {
    await context?.close();
  });
  let pageLog: string[] = [];
  beforeEach(async () => {
    page = await context.newPage();
    pageLog = await recordPage(page);
  });
  afterEach(async ({ task }) => {
    // A failure prints what the page did and shows: a failure under load cannot be made again at will, and a CI
    // run's output is all there is to read of it.
    if (task.result?.state === 'fail') console.error(`${task.name}\n${[...pageLog, await resultsState(page)].join('\n')}`);
    await page?.close();
  });

  it('a search in the address covers the whole list, taking the cards from the pages that hold them', async () => {
    const word = spreadWord();
    const expected = titled(word);
    const fetches = listFetches(page);
    await page.goto(`${host.origin}/all-tours?q=${word}`);
    await expect.poll(() => shownIds(page), { timeout: UI_TIMEOUT }).toEqual(expected.map((tour) => tour.id));
    expect(await page.locator('[data-list-count]').textContent()).toBe(countText(expected.length));
    // The index once, and only the pages that hold matches (page 1 is this document).
    expect(fetches).toEqual(['/all-tours/index.json', '/all-tours/page/2', '/all-tours/page/3']);
    expect(await page.locator('[data-list-pagination]').isHidden()).toBe(true);
    expect(await page.getByRole('button', { name: 'Mostrar mais' }).isHidden()).toBe(true);
    // A card from page 3 is a card like the others: its photo and its heart.
    const last = page.locator('[data-list-grid] > li').last();
    await expect
      .poll(() => last.getByRole('button', { name: /Salvar nos favoritos/ }).isVisible(), { timeout: UI_TIMEOUT })
      .toBe(true);
    expect(await last.locator('img').first().getAttribute('loading')).toBe('lazy');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it("a filter with more matches than a page shows a page of them, 'Mostrar mais' the rest; Back and Forward step through", async () => {
    const expected = tours.filter((tour) => tour.rating !== null && tour.rating >= 4);
    expect(expected.length).toBeGreaterThan(LIST_PAGE_SIZE);
    const fetches = listFetches(page);
    await page.goto(`${host.origin}/all-tours`);
    expect(await page.locator('[data-list-grid] > li').count()).toBe(LIST_PAGE_SIZE);
    expect(await page.locator('[data-list-pagination]').isVisible()).toBe(true);
    const form = await openFilters(page);
    await form.getByLabel('Nota 4 ou mais').check();
    await expect
      .poll(() => shownIds(page), { timeout: UI_TIMEOUT })
      .toEqual(expected.slice(0, LIST_PAGE_SIZE).map((tour) => tour.id));
    expect(await page.locator('[data-list-count]').textContent()).toBe(countText(expected.length));
    expect(page.url()).toMatch(/\/all-tours\?avaliacao=4$/);
    const more = page.getByRole('button', { name: 'Mostrar mais' });
    await more.click();
    await expect.poll(() => shownIds(page), { timeout: UI_TIMEOUT }).toEqual(expected.map((tour) => tour.id));
    expect(await more.isHidden()).toBe(true);
    // The keyboard goes on from the first card 'Mostrar mais' brought.
    const focused = await page.evaluate(() =>
      document.activeElement?.closest('li')?.querySelector('[data-id]')?.getAttribute('data-id'),
    );
    expect(focused).toBe(expected[LIST_PAGE_SIZE]?.id);
    expect(fetches.filter((fetched) => fetched === '/all-tours/index.json')).toHaveLength(1);
    expect(new Set(fetches).size).toBe(fetches.length);

    await page.goBack();
    await expect.poll(() => page.url()).toMatch(/\/all-tours$/);
    await expect.poll(() => shownIds(page)).toEqual(tours.slice(0, LIST_PAGE_SIZE).map((tour) => tour.id));
    expect(await page.locator('[data-list-count]').textContent()).toBe(countText(tours.length));
    expect(await page.locator('[data-list-pagination]').isVisible()).toBe(true);
    await page.goForward();
    await expect
      .poll(() => shownIds(page), { timeout: UI_TIMEOUT })
      .toEqual(expected.slice(0, LIST_PAGE_SIZE).map((tour) => tour.id));
    // Pages fetched once serve every later state.
    expect(new Set(fetches).size).toBe(fetches.length);
  });

  it("from a later page a search covers the whole list, and 'Limpar filtros' brings that page back", async () => {
    const word = spreadWord();
    await page.goto(`${host.origin}/all-tours/page/3`);
    const own = await shownIds(page);
    expect(own).toEqual(tours.slice(2 * LIST_PAGE_SIZE).map((tour) => tour.id));
    await page.getByRole('searchbox', { name: 'Buscar por nome' }).fill(word);
    await expect.poll(() => shownIds(page), { timeout: UI_TIMEOUT }).toEqual(titled(word).map((tour) => tour.id));
    expect(page.url()).toMatch(new RegExp(`/all-tours/page/3\\?q=${word}$`));
    await page.getByRole('link', { name: 'Limpar filtros' }).click();
    await expect.poll(() => shownIds(page)).toEqual(own);
    expect(page.url()).toMatch(/\/all-tours\/page\/3$/);
  });

  it("/promocoes' 'Ver todas as N ofertas de passeios' lands on every tour on sale, from the pages that hold them, with the other filters", async () => {
    const onSale = toursOnSale();
    await page.goto(`${host.origin}/promocoes`);
    const section = page.getByRole('region', { name: 'Passeios' });
    expect(await section.locator('article.item-card').count()).toBe(PROMOTIONS_PER_KIND);
    const fetches = listFetches(page);
    await section.getByRole('link', { name: `Ver todas as ${onSale.length} ofertas de passeios` }).click();
    await page.waitForURL(/\/all-tours\?promocao=1$/);
    await expect
      .poll(() => shownIds(page), { timeout: UI_TIMEOUT })
      .toEqual(onSale.slice(0, LIST_PAGE_SIZE).map((tour) => tour.id));
    const more = page.getByRole('button', { name: 'Mostrar mais' });
    while (await more.isVisible()) await more.click();
    await expect.poll(() => shownIds(page), { timeout: UI_TIMEOUT }).toEqual(onSale.map((tour) => tour.id));
    expect(await page.locator('[data-list-count]').textContent()).toBe(countText(onSale.length));
    expect(await page.locator('[data-list-grid] > li .discount').count()).toBe(onSale.length);
    expect(fetches).toEqual(['/all-tours/index.json', '/all-tours/page/2', '/all-tours/page/3']);
    const form = await openFilters(page);
    expect(await form.getByLabel('Em promoção').isChecked()).toBe(true);
    await form.getByLabel('Nota 4 ou mais').check();
    const rated = onSale.filter((tour) => tour.rating !== null && tour.rating >= 4);
    expect(rated.length).toBeLessThan(onSale.length);
    await expect.poll(() => shownIds(page), { timeout: UI_TIMEOUT }).toEqual(rated.map((tour) => tour.id));
    expect(await page.locator('[data-list-count]').textContent()).toBe(countText(rated.length));
    expect(page.url()).toMatch(/\/all-tours\?promocao=1&avaliacao=4$/);
  });

  it("'Menor preço' sorts the whole list: the cheapest first, from the pages that hold them, 'Mostrar mais' the rest; Back", async () => {
    // The price a card shows: the sale price when it has a discount; 'Gratuito' is 0; no price last, ties in the list's order.
    const priceOf = (tour: Tour) =>
      (tour.discountPercent !== null ? tour.salePriceValue : tour.priceValue) ?? (tour.isFree ? 0 : null);
    const expected = tours
      .map((tour, index) => ({ id: tour.id, index, price: priceOf(tour) }))
      .sort((a, b) => Number(a.price === null) - Number(b.price === null) || (a.price ?? 0) - (b.price ?? 0) || a.index - b.index)
      .map((entry) => entry.id);
    expect(expected.slice(0, LIST_PAGE_SIZE)).not.toEqual(tours.slice(0, LIST_PAGE_SIZE).map((tour) => tour.id));
    await page.goto(`${host.origin}/all-tours`);
    await page.getByLabel('Ordenar por').selectOption({ label: 'Menor preço' });
    await page.waitForURL(/\/all-tours\?ordem=preco$/);
    await expect.poll(() => shownIds(page), { timeout: UI_TIMEOUT }).toEqual(expected.slice(0, LIST_PAGE_SIZE));
    expect(await page.locator('[data-list-count]').textContent()).toBe(countText(tours.length));
    expect(await page.locator('[data-list-pagination]').isHidden()).toBe(true);
    const more = page.getByRole('button', { name: 'Mostrar mais' });
    while (await more.isVisible()) {
      const before = (await shownIds(page)).length;
      await more.click();
      await expect.poll(async () => (await shownIds(page)).length, { timeout: UI_TIMEOUT }).toBeGreaterThan(before);
    }
    expect(await shownIds(page)).toEqual(expected);
    await page.goBack();
    await page.waitForURL(/\/all-tours$/);
    await expect
      .poll(() => shownIds(page), { timeout: UI_TIMEOUT })
      .toEqual(tours.slice(0, LIST_PAGE_SIZE).map((tour) => tour.id));
    expect(await page.locator('[data-list-pagination]').isVisible()).toBe(true);
  });

  it("a list's index that does not come says so, and 'Tentar novamente' brings the results", async () => {
    let failures = 1;
    await page.route('**/all-tours/index.json', (route) => (failures-- > 0 ? route.abort() : route.continue()));
    const word = spreadWord();
    await page.goto(`${host.origin}/all-tours?q=${word}`);
    const alert = page.getByRole('alert').filter({ hasText: 'Erro ao carregar passeios.' });
    await expect.poll(() => alert.isVisible(), { timeout: UI_TIMEOUT }).toBe(true);
    await alert.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect.poll(() => shownIds(page), { timeout: UI_TIMEOUT }).toEqual(titled(word).map((tour) => tour.id));
    expect(await alert.count()).toBe(0);
  });

  it('without JavaScript the list stands in its own order with its pagination, and offers no search it could not do', async () => {
    const noScript = await browser.newContext({ viewport, javaScriptEnabled: false });
    try {
      const plain = await noScript.newPage();
      await plain.goto(`${host.origin}/all-tours?ordem=preco`);
      expect(await shownIds(plain)).toEqual(tours.slice(0, LIST_PAGE_SIZE).map((tour) => tour.id));
      expect(await plain.getByLabel('Ordenar por').isVisible()).toBe(false);
      expect(await plain.getByRole('button', { name: 'Aplicar filtros' }).isVisible()).toBe(false);
      await plain.getByRole('navigation', { name: 'Paginação' }).getByRole('link', { name: 'Próxima' }).click();
      await plain.waitForURL(/\/all-tours\/page\/2$/);
      expect(await shownIds(plain)).toEqual(tours.slice(LIST_PAGE_SIZE, 2 * LIST_PAGE_SIZE).map((tour) => tour.id));
      expect(await plain.getByRole('searchbox', { name: 'Buscar por nome' }).isVisible()).toBe(false);
    } finally {
      await noScript.close();
    }
  });
});
