/**
 * Site search on the sample site: the header's dialog finds an item of every kind (typed
 * without accents) and opens it, the kinds shared out between both widths; nothing of search loads before the visitor opens
 * it (the island runtime the page fetched ahead is React's, not search's); the keyboard works; /busca keeps the query in its URL; the empty message; the indexing
 * attributes of the built pages; the entry without JavaScript.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { close as closePagefind, createIndex } from 'pagefind';
import { expectNoSeriousA11yViolations, holdResponses, requestedPaths, WIDTHS } from './support.ts';

const SNAPSHOT = 'data/sample-snapshot';
const titleOf = (collection: string, id: string): string => {
  const records = JSON.parse(readFileSync(`${SNAPSHOT}/${collection}.json`, 'utf8')) as {
    id: string;
    title?: string;
    name?: string;
  }[];
  const record = records.find((entry) => entry.id === id);
  if (!record) throw new Error(`${collection}/${id} is not in the sample data`);
  return collection === 'testimonials' ? `Depoimento de ${record.name}` : (record.title ?? '');
};

/** One item of every kind, the query a visitor types (lower case, no accents) and its page. */
const CASES = [
  { kind: 'Passeio', query: 'day use juliao', collection: 'tours', id: '103', path: '/tour/103' },
  { kind: 'Hospedagem', query: 'pousada tuiuiu', collection: 'accommodation', id: '205', path: '/accommodation/205' },
  { kind: 'Restaurante', query: 'churrascaria gaucha', collection: 'restaurants', id: '303', path: '/restaurant/303' },
  { kind: 'Evento', query: 'festa sao benedito', collection: 'events', id: '402', path: '/event/402' },
  { kind: 'Experiência', query: 'experiencia cachoeiras', collection: 'experiences', id: '2', path: '/experience/2' },
  { kind: 'Condutor', query: 'josue ferreira', collection: 'drivers', id: '502', path: '/driver/502' },
  { kind: 'Guia', query: 'camila rocha', collection: 'guides', id: '602', path: '/guide/602' },
  { kind: 'Agência', query: 'pantanal norte viagens', collection: 'agencies', id: '702', path: '/agency/702' },
  {
    kind: 'Fornecedor',
    query: 'turismo comunitario umutina',
    collection: 'tourProviders',
    id: '802',
    path: '/provider-tour/802',
  },
  { kind: 'Notícia', query: 'mojica pintado', collection: 'news', id: '1271', path: '/news/1271' },
  { kind: 'Depoimento', query: 'marcos antonio ribeiro', collection: 'testimonials', id: '1003', path: '/testimonials/1003' },
].map((entry) => ({ ...entry, title: titleOf(entry.collection, entry.id) }));

const searchEntry = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Buscar no portal' });
const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Buscar no portal' });

/**
 * Opens the dialog from the header and types a query. The page's modules run before DOMContentLoaded: a
 * tap before that opens /busca, the entry's link, as without JavaScript.
 */
async function search(page: Page, query: string) {
  await page.waitForLoadState('domcontentloaded');
  await searchEntry(page).click();
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  const box = dialog.getByRole('searchbox');
  await expect(box).toBeFocused();
  await box.fill(query);
  return dialog;
}

/** Pagefind's files and the search's own code: its islands (SearchDialog, SearchPanel, SearchPage), their modules and stylesheet. */
const isSearchRequest = (url: string) => /\/pagefind\/|\/_astro\/(search|Search)[\w.-]*$/.test(url);
/** The island runtime (React, react-dom and Astro's React client), which the page fetches ahead once it is idle. */
const isReactRuntime = (url: string) => /\/(client|react|react-dom)[.-][^/]*$/i.test(url);

// Every kind is searched once, the kinds shared out between the widths: what is found does not depend on the
// width, the dialog that shows it and the page a result opens do.
WIDTHS.forEach((viewport, index) => {
  const cases = CASES.filter((_, position) => position % WIDTHS.length === index);
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`finds an item of each of ${cases.map((entry) => entry.kind).join(', ')}, typed without accents, and opens it`, async ({
      page,
    }) => {
      await page.goto('/');
      for (const entry of cases) {
        const dialog = await search(page, entry.query);
        // Its own page, not a story that names it.
        const result = dialog.getByRole('link', { name: entry.title }).and(page.locator(`[href="${entry.path}"]`));
        await expect(result, `${entry.kind}: "${entry.query}"`).toBeVisible();
        await expect(result).toContainText(entry.kind);
        await expect(result.locator('mark').first()).toBeVisible();
        await result.click();
        await expect(page).toHaveURL(new RegExp(`${entry.path}$`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry.title);
      }
    });
  });
});

test('no search file is requested before search is opened; the first query costs a bounded number of bytes', async ({ page }) => {
  const requests: string[] = [];
  const sizes = new Map<string, number>();
  let isOpened = false;
  page.on('request', (request) => requests.push(request.url()));
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!isOpened || !/^\/(pagefind|_astro)\//.test(url.pathname) || /\.(avif|webp|jpe?g|png|svg|woff2)$/.test(url.pathname))
      return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    sizes.set(response.url(), Number(response.headers()['content-length'] ?? body.length));
  });
  await page.goto('/tour/101');
  await page.waitForLoadState('networkidle');
  await page.mouse.wheel(0, 2000);
  await page.mouse.move(200, 200);
  expect(requests.filter(isSearchRequest)).toEqual([]);
  // The island runtime comes ahead once the loaded page is idle (within requestIdleCallback's 5 s timeout, which a
  // busy machine may reach): a first search finds it cached.
  await expect.poll(() => requests.some(isReactRuntime), { timeout: 10_000 }).toBe(true);
  expect(requests.filter(isSearchRequest)).toEqual([]);

  isOpened = true;
  const dialog = await search(page, 'cachoeira');
  await expect(dialog.getByRole('link', { name: /Cachoeiras da Serra das Araras/ }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requests.some((url) => url.endsWith('/pagefind/pagefind.js'))).toBe(true);
  const sum = (entries: [string, number][]) => entries.reduce((total, [, size]) => total + size, 0);
  const fetched = [...sizes];
  const pagefindBytes = sum(fetched.filter(([url]) => url.includes('/pagefind/')));
  const runtimeBytes = sum(fetched.filter(([url]) => isReactRuntime(url)));
  const codeBytes = sum(fetched.filter(([url]) => url.includes('/_astro/') && !isReactRuntime(url)));
  test.info().annotations.push({
    type: 'first query bytes',
    description: `pagefind ${pagefindBytes} B, search code ${codeBytes} B, island runtime (cached) ${runtimeBytes} B`,
  });
  // Uncompressed (the test server, scripts/serve.ts, does not gzip): Pagefind's script (no worker), WebAssembly, meta, one
  // index chunk and 8 fragments, about 141 kB; no filter index (the counts per kind wait for 'Filtrar por tipo').
  expect(pagefindBytes).toBeLessThan(160_000);
  expect(requests.filter((url) => /\/pagefind\/(pagefind-worker\.js|filter\/)/.test(url))).toEqual([]);
  // The dialog's island, the panel, the stores and helpers they import, and the stylesheet (about 31 kB); React's runtime
  // is the one the page fetched ahead.
  expect(codeBytes).toBeLessThan(40_000);
});

test('keyboard: Ctrl+K opens, arrows move through results, Enter opens one, Tab stays inside, Escape closes and returns focus', async ({
  page,
}) => {
  await page.goto('/');
  await page.keyboard.press('Control+k');
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  const box = dialog.getByRole('searchbox');
  await expect(box).toBeFocused();
  await page.keyboard.type('pesca');
  const results = dialog.getByRole('list', { name: 'Resultados da busca' }).getByRole('link');
  await expect(results.nth(1)).toBeVisible();

  await page.keyboard.press('ArrowDown');
  await expect(results.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(results.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(results.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(box).toBeFocused();

  // Focus stays in the dialog: from the close button, Shift+Tab goes to the last control and back.
  const close = dialog.getByRole('button', { name: 'Fechar busca' });
  await close.focus();
  await page.keyboard.press('Shift+Tab');
  await expect(close).not.toBeFocused();
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(searchEntry(page)).toBeFocused();

  // Enter on the focused header entry opens the dialog again; Enter on a result opens its page.
  await page.keyboard.press('Enter');
  await expect(dialogOf(page)).toBeVisible();
  await page.keyboard.type('tuiuiu');
  const first = dialogOf(page)
    .getByRole('link', { name: /Tuiuiú/ })
    .first();
  await expect(first).toBeVisible();
  const href = await dialogOf(page)
    .getByRole('list', { name: 'Resultados da busca' })
    .getByRole('link')
    .first()
    .getAttribute('href');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('on a phone, the drawer box opens the dialog with its query and closes the drawer', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/all-tours');
  const banner = page.getByRole('banner');
  // The drawer's toggle, named 'Abrir menu' by its hidden text (Header.astro).
  await banner.locator('summary', { hasText: 'Abrir menu' }).click();
  const drawerBox = banner.getByRole('searchbox', { name: 'Buscar no portal' });
  await drawerBox.fill('pesca');
  await drawerBox.press('Enter');
  const dialog = dialogOf(page);
  await expect(dialog.getByRole('searchbox')).toHaveValue('pesca');
  await expect(dialog.getByRole('list', { name: 'Resultados da busca' }).getByRole('link').first()).toBeVisible();
  await expect(drawerBox).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(searchEntry(page)).toBeFocused();
});

test.describe('the dialog and Back, at a phone width (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** The position in the tab's history (Chromium's Navigation API). */
  const historyIndex = (page: Page) =>
    page.evaluate(() => (window as unknown as { navigation: { currentEntry: { index: number } } }).navigation.currentEntry.index);

  /** Opens the dialog by the header's search entry, once its entry is pushed. */
  async function openDialog(page: Page) {
    const before = await historyIndex(page);
    await page.waitForLoadState('domcontentloaded');
    await searchEntry(page).click();
    await expect(dialogOf(page)).toBeVisible();
    await expect.poll(() => historyIndex(page)).toBe(before + 1);
    return dialogOf(page);
  }

  test('Back closes the dialog and the visitor stays on the page; closed otherwise, Back leaves the page as before', async ({
    page,
  }) => {
    await page.goto('/about');
    await page.goto('/all-restaurants');
    await page.evaluate(() => Object.assign(window, { visitMark: 'still here' }));
    const start = await historyIndex(page);

    const dialog = await openDialog(page);
    await dialog.getByRole('searchbox').fill('pesca');
    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/all-restaurants$/);
    expect(await page.evaluate(() => (window as unknown as { visitMark?: string }).visitMark)).toBe('still here');
    expect(await historyIndex(page)).toBe(start);
    await expect(searchEntry(page)).toBeFocused();

    // Closed by its button, then by Escape: no entry is left behind.
    await (await openDialog(page)).getByRole('button', { name: 'Fechar busca' }).click();
    await expect(dialogOf(page)).toBeHidden();
    await expect.poll(() => historyIndex(page)).toBe(start);
    await openDialog(page);
    await page.keyboard.press('Escape');
    await expect(dialogOf(page)).toBeHidden();
    await expect.poll(() => historyIndex(page)).toBe(start);
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
  });

  test("from the drawer's box: the dialog takes the drawer's place in the history, and Back closes it", async ({ page }) => {
    await page.goto('/all-tours');
    const start = await historyIndex(page);
    const banner = page.getByRole('banner');
    await banner.locator('summary', { hasText: 'Abrir menu' }).click();
    await expect.poll(() => historyIndex(page)).toBe(start + 1);
    const box = banner.getByRole('searchbox', { name: 'Buscar no portal' });
    await box.fill('pesca');
    await box.press('Enter');
    await expect(dialogOf(page).getByRole('searchbox')).toHaveValue('pesca');
    // The drawer's entry was taken back before the dialog's was pushed: one entry, not two.
    await expect.poll(() => historyIndex(page)).toBe(start + 1);
    await page.goBack();
    await expect(dialogOf(page)).toBeHidden();
    await expect(page).toHaveURL(/\/all-tours$/);
    await expect(banner.locator('details.drawer')).not.toHaveAttribute('open', '');
    expect(await historyIndex(page)).toBe(start);
  });

  test('a result opened from the dialog: Back from its page comes to the page the search was made on, in one step', async ({
    page,
  }) => {
    await page.goto('/all-restaurants');
    const start = await historyIndex(page);
    const dialog = await openDialog(page);
    await dialog.getByRole('searchbox').fill('pousada tuiuiu');
    const first = dialog.getByRole('list', { name: 'Resultados da busca' }).getByRole('link').first();
    const href = await first.getAttribute('href');
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    expect(await historyIndex(page)).toBe(start + 1);
    await page.goBack();
    await expect(page).toHaveURL(/\/all-restaurants$/);
    await expect(dialogOf(page)).toBeHidden();
  });
});

test('accents and case do not matter; Portuguese word forms match', async ({ page }) => {
  await page.goto('/');
  for (const query of ['CACHOEIRA', 'cachoeiras', 'cachoeíra']) {
    const dialog = await search(page, query);
    await expect(
      dialog.getByRole('link', { name: /Trilha e Banho nas Cachoeiras da Serra das Araras/ }).first(),
      query,
    ).toBeVisible();
    await page.keyboard.press('Escape');
  }
});

test('"acai" finds "açaí": Pagefind folds accents (a page of our own, indexed with the same Node API)', async ({ page }) => {
  // The sample data has no açaí: a one-page site indexed here, served to the browser through routing.
  const dir = mkdtempSync(path.join(tmpdir(), 'pagefind-acai-'));
  try {
    const html = `<!doctype html><html lang="pt-BR"><body><main data-pagefind-body><h1>Tigela de Açaí</h1><p>O melhor açaí com guaraná e pão de queijo.</p></main></body></html>`;
    const { index } = await createIndex();
    await index?.addHTMLFile({ url: '/acai', content: html });
    await index?.writeFiles({ outputPath: path.join(dir, 'pagefind') });
    await closePagefind();
    await page.route('http://fixture.test/**', (route) => {
      const url = new URL(route.request().url());
      return url.pathname === '/'
        ? route.fulfill({ contentType: 'text/html', body: html })
        : route.fulfill({ path: path.join(dir, url.pathname) });
    });
    await page.goto('http://fixture.test/');
    const [acai, upper, guarana, cheese] = await page.evaluate(
      async (queries) => {
        const url = '/pagefind/pagefind.js';
        const pagefind = (await import(url)) as {
          init: () => Promise<void>;
          search: (term: string) => Promise<{ results: { data: () => Promise<{ excerpt: string }> }[] }>;
        };
        await pagefind.init();
        const found: string[] = [];
        for (const query of queries) {
          const answer = await pagefind.search(query);
          found.push((await answer.results[0]?.data())?.excerpt ?? '');
        }
        return found;
      },
      ['acai', 'AÇAI', 'guarana', 'pao de queijo'],
    );
    expect(acai).toContain('<mark>açaí</mark>');
    expect(upper).toContain('<mark>açaí</mark>');
    expect(guarana).toContain('<mark>guaraná</mark>');
    expect(cheese).toContain('<mark>pão</mark>');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('narrowing by kind with the chips', async ({ page }) => {
  await page.goto('/about');
  const requests = requestedPaths(page);
  const dialog = await search(page, 'rio paraguai');
  await expect(dialog.getByRole('list', { name: 'Resultados da busca' }).getByRole('link').first()).toBeVisible();
  // A first search does not fetch the counts per kind (the filter index); the chips come when asked for.
  expect(requests.filter((file) => file.endsWith('.pf_filter'))).toEqual([]);
  const ask = dialog.getByRole('button', { name: 'Filtrar por tipo' });
  await ask.click();
  const chips = dialog.getByRole('group', { name: 'Filtrar por tipo' });
  await expect(chips.getByRole('button', { name: /^Todos/ })).toBeFocused();
  await expect(ask).toHaveCount(0);
  await expect(chips.getByRole('button', { name: /^Todos/ })).toHaveAttribute('aria-pressed', 'true');
  const eventChip = chips.getByRole('button', { name: /^Evento/ });
  await eventChip.click();
  await expect(eventChip).toHaveAttribute('aria-pressed', 'true');
  const results = dialog.getByRole('list', { name: 'Resultados da busca' }).getByRole('link');
  await expect(results.first()).toBeVisible();
  const count = Number((await eventChip.locator('.search-chip-count').textContent()) ?? '0');
  await expect(results).toHaveCount(Math.min(count, 8));
  for (const result of await results.all()) await expect(result).toContainText('Evento');
  await expectNoSeriousA11yViolations(page);
});

test('nothing found: docs/product.md message', async ({ page }) => {
  await page.goto('/about');
  const dialog = await search(page, 'xyzzyqwerty');
  await expect(dialog.getByRole('status')).toHaveText('Nenhum resultado para "xyzzyqwerty"');
  await expect(dialog.getByRole('list', { name: 'Resultados da busca' })).toHaveCount(0);
});

test('nonsense finds nothing, though Pagefind would answer a shorter word (asdfgh → às, rioqqqq → rio)', async ({ page }) => {
  await page.goto('/about');
  for (const query of ['asdfgh', 'asdfgh cachoeira', 'rioqqqq']) {
    const dialog = await search(page, query);
    await expect(dialog.getByRole('status'), query).toHaveText(`Nenhum resultado para "${query}"`);
    await expect(dialog.getByRole('list', { name: 'Resultados da busca' })).toHaveCount(0);
    await page.keyboard.press('Escape');
  }
  // A word cut short still finds what it starts (the visitor is typing).
  const dialog = await search(page, 'cachoei');
  await expect(dialog.getByRole('link', { name: /Cachoeiras/ }).first()).toBeVisible();
});

test('/busca reads ?q= and ?tipo=, keeps the URL in step and shares the same results', async ({ page }) => {
  await page.goto('/busca?q=pesca&tipo=Evento');
  const box = page.getByRole('main').getByRole('searchbox');
  await expect(box).toHaveValue('pesca');
  const chips = page.getByRole('group', { name: 'Filtrar por tipo' });
  await expect(chips.getByRole('button', { name: /^Evento/ })).toHaveAttribute('aria-pressed', 'true');
  const results = page.getByRole('list', { name: 'Resultados da busca' }).getByRole('link');
  await expect(results.first()).toBeVisible();
  for (const result of await results.all()) await expect(result).toContainText('Evento');

  await chips.getByRole('button', { name: /^Todos/ }).click();
  await expect(page).toHaveURL(/\/busca\?q=pesca$/);
  await box.fill('julião');
  await expect(page).toHaveURL(/\/busca\?q=juli%C3%A3o$/);
  await expect(page.getByRole('link', { name: /Day Use na Praia do Julião/ }).first()).toBeVisible();
  // The header entry on /busca focuses the page's own box instead of opening a dialog over it.
  await page.getByRole('heading', { level: 1 }).click();
  await searchEntry(page).click();
  await expect(box).toBeFocused();
  await expect(dialogOf(page)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test.describe('/busca without a query', () => {
  test('loads no panel code until its box is touched; what was typed before the panel arrived is searched', async ({ page }) => {
    const requested = requestedPaths(page);
    const code = () => requested.filter((file) => /\/(SearchPage|SearchPanel|pagefind)[.-][^/]*$/.test(file));
    // The panel's island held back, as on a slow link, so the visitor types into the page's own box first.
    const { held, release } = await holdResponses(page, /\/_astro\/SearchPage\./);
    await page.goto('/busca');
    await page.waitForLoadState('networkidle');
    expect(code()).toEqual([]);

    const box = page.getByRole('main').getByRole('searchbox', { name: 'Buscar no portal' });
    await box.click();
    await expect.poll(() => held.length).toBe(1);
    await box.pressSequentially('pesca');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/busca$/);
    release();
    await expect(page.getByRole('list', { name: 'Resultados da busca' }).getByRole('link').first()).toBeVisible();
    await expect(box).toHaveValue('pesca');
    await expect(box).toBeFocused();
    await expect(page).toHaveURL(/\/busca\?q=pesca$/);
  });
});

test('indexing attributes: only the main content of detail pages, with kind, locality, title, image and price', async ({
  page,
}) => {
  await page.goto('/tour/101');
  const tour = await page.evaluate(() => {
    const bodies = document.querySelectorAll('[data-pagefind-body]');
    const body = bodies[0];
    const attributes = (name: string) => [...document.querySelectorAll(`[${name}]`)].map((element) => element.getAttribute(name));
    const related = [...document.querySelectorAll('h2')].find((heading) => heading.textContent?.trim() === 'Outros passeios');
    return {
      bodies: bodies.length,
      hasTitle: Boolean(body?.querySelector('h1')),
      hasHeader: Boolean(body?.closest('header.site-header') || body?.querySelector('.site-header, footer')),
      hasRelated: Boolean(related && body?.contains(related)),
      filters: attributes('data-pagefind-filter'),
      meta: attributes('data-pagefind-meta'),
    };
  });
  expect(tour).toMatchObject({ bodies: 1, hasTitle: true, hasHeader: false, hasRelated: false });
  expect(tour.filters).toEqual(['tipo:Passeio', 'localidade:Barra do Bugres']);
  expect(tour.meta).toEqual([
    'title:Trilha e Banho nas Cachoeiras da Serra das Araras',
    expect.stringMatching(/^image:\/_astro\/[^/]+\.webp$/),
    'price:R$ 150,00',
  ]);
  // The result's photo is cropped square at twice the 72 px it is drawn at (SEARCH_THUMB), not a card-size photo.
  const image = tour.meta[1]?.replace(/^image:/, '') ?? '';
  const size = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  }, image);
  expect(size).toEqual([144, 144]);

  await page.goto('/news/1271');
  expect(await page.locator('[data-pagefind-body]').count()).toBe(1);
  expect(
    await page
      .locator('[data-pagefind-filter]')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-pagefind-filter'))),
  ).toEqual(['tipo:Notícia']);
  await expect(page.locator('[data-pagefind-body]').getByRole('heading', { name: 'Notícias relacionadas' })).toHaveCount(0);

  for (const path of ['/', '/all-tours', '/news', '/busca', '/contato']) {
    await page.goto(path);
    expect(await page.locator('[data-pagefind-body]').count(), path).toBe(0);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });

  test('no search box is offered, since nothing could search; the header entry leads to /busca, which says so and links every list', async ({
    page,
  }) => {
    await page.goto('/tour/101');
    await page.getByRole('banner').locator('summary', { hasText: 'Abrir menu' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Passeios' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('searchbox')).toHaveCount(0);
    await page.goto('/tour/101');
    await searchEntry(page).click();
    await expect(page).toHaveURL(/\/busca$/);
    await expect(page.getByText('A busca precisa do JavaScript do navegador, que está desativado.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('searchbox')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Listas do portal' })).toBeVisible();
  });
});
