/**
 * Site search on the sample site, what only a browser shows: nothing of search loads before the visitor opens it
 * (the island runtime the page fetched ahead is React's, not search's) and the first query's bytes; the dialog's
 * results with their kind and marked words, the chips, a result opened by a tap and by the keyboard, Tab and Escape;
 * the drawer's box and Back on a phone; /busca keeping the query in its URL; the entry without JavaScript.
 * What the index finds (every kind, accents, nonsense, a kind's results) and what the pages give it:
 * tests/html/search-index.test.ts; the islands' states on a stand-in index: tests/components/search.test.tsx.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, holdResponses, requestedPaths, WIDTHS } from './support.ts';

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

const results = (page: Page) => dialogOf(page).getByRole('list', { name: 'Resultados da busca' }).getByRole('link');

test.describe(`at ${WIDTHS[1].width} px`, () => {
  test.use({ viewport: { width: WIDTHS[1].width, height: WIDTHS[1].height } });

  test('no search file is requested before search is opened; the first query costs a bounded number of bytes, shows each result with its kind and marked words, narrows by kind with the chips, and a tap opens a result', async ({
    page,
  }) => {
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

    await test.step('nothing of search before it is opened', async () => {
      await page.goto('/tour/101');
      await page.waitForLoadState('networkidle');
      await page.mouse.wheel(0, 2000);
      await page.mouse.move(200, 200);
      expect(requests.filter(isSearchRequest)).toEqual([]);
      // The island runtime comes ahead once the loaded page is idle (within requestIdleCallback's 5 s timeout, which a
      // busy machine may reach): a first search finds it cached.
      await expect.poll(() => requests.some(isReactRuntime), { timeout: 10_000 }).toBe(true);
      expect(requests.filter(isSearchRequest)).toEqual([]);
    });

    await test.step('the first query: its results and what it cost', async () => {
      isOpened = true;
      const dialog = await search(page, 'cachoeira');
      const result = dialog.getByRole('link', { name: /Cachoeiras da Serra das Araras/ }).first();
      await expect(result).toBeVisible();
      await expect(result).toContainText('Passeio');
      await expect(result.locator('mark').first()).toBeVisible();
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

    await test.step('the chips, asked for, narrow the results to a kind', async () => {
      const dialog = dialogOf(page);
      await dialog.getByRole('searchbox').fill('rio paraguai');
      await expect(results(page).first()).toBeVisible();
      // The counts per kind (the filter index) come only when asked for.
      expect(requests.filter((url) => /\/pagefind\/filter\//.test(url))).toEqual([]);
      const ask = dialog.getByRole('button', { name: 'Filtrar por tipo' });
      await ask.click();
      const chips = dialog.getByRole('group', { name: 'Filtrar por tipo' });
      await expect(chips.getByRole('button', { name: /^Todos/ })).toBeFocused();
      await expect(ask).toHaveCount(0);
      await expect(chips.getByRole('button', { name: /^Todos/ })).toHaveAttribute('aria-pressed', 'true');
      const eventChip = chips.getByRole('button', { name: /^Evento/ });
      await eventChip.click();
      await expect(eventChip).toHaveAttribute('aria-pressed', 'true');
      await expect(results(page).first()).toBeVisible();
      const count = Number((await eventChip.locator('.search-chip-count').textContent()) ?? '0');
      await expect(results(page)).toHaveCount(Math.min(count, 8));
      for (const result of await results(page).all()) await expect(result).toContainText('Evento');
      await expectNoSeriousA11yViolations(page);
    });

    await test.step('a tap on a result opens its page', async () => {
      const first = results(page).first();
      const href = await first.getAttribute('href');
      const title = ((await first.locator('.search-result-title').textContent()) ?? '').trim();
      await first.click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    });
  });
});

test('keyboard: Ctrl+K opens, nothing found says so, arrows move through results, Enter opens one, Tab stays inside, Escape closes and returns focus', async ({
  page,
}) => {
  await page.goto('/');
  await page.keyboard.press('Control+k');
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  const box = dialog.getByRole('searchbox');
  await expect(box).toBeFocused();
  // docs/product.md's message when nothing is found.
  await page.keyboard.type('xyzzyqwerty');
  await expect(dialog.getByRole('status')).toHaveText('Nenhum resultado para "xyzzyqwerty"');
  await expect(dialog.getByRole('list', { name: 'Resultados da busca' })).toHaveCount(0);
  await box.clear();
  await page.keyboard.type('pesca');
  await expect(results(page).nth(1)).toBeVisible();

  await page.keyboard.press('ArrowDown');
  await expect(results(page).nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(results(page).nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(results(page).nth(0)).toBeFocused();
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
  const href = await results(page).first().getAttribute('href');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
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

  test('a result opened from the dialog: Back from its page comes to the page the search was made on, in one step; Back closes the dialog and the visitor stays on the page; closed otherwise, Back leaves the page as before', async ({
    page,
  }) => {
    await page.goto('/about');
    await page.goto('/all-restaurants');
    const start = await historyIndex(page);

    await test.step('a result opened, then Back', async () => {
      const dialog = await openDialog(page);
      await dialog.getByRole('searchbox').fill('pousada tuiuiu');
      const first = results(page).first();
      await expect(first).toContainText('Hospedagem');
      await expect(first.locator('mark').first()).toBeVisible();
      const href = await first.getAttribute('href');
      const title = ((await first.locator('.search-result-title').textContent()) ?? '').trim();
      await first.click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      expect(await historyIndex(page)).toBe(start + 1);
      await page.goBack();
      await expect(page).toHaveURL(/\/all-restaurants$/);
      await expect(dialogOf(page)).toBeHidden();
      expect(await historyIndex(page)).toBe(start);
    });

    await test.step('Back with the dialog open closes it', async () => {
      await page.evaluate(() => Object.assign(window, { visitMark: 'still here' }));
      const dialog = await openDialog(page);
      await dialog.getByRole('searchbox').fill('pesca');
      await page.goBack();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/all-restaurants$/);
      expect(await page.evaluate(() => (window as unknown as { visitMark?: string }).visitMark)).toBe('still here');
      expect(await historyIndex(page)).toBe(start);
      await expect(searchEntry(page)).toBeFocused();
    });

    await test.step('closed by its button, then by Escape: no entry is left behind', async () => {
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
  });

  test("the drawer's box opens the dialog with its query and closes the drawer: the dialog takes the drawer's place in the history, Back or Escape closes it", async ({
    page,
  }) => {
    await page.goto('/all-tours');
    const start = await historyIndex(page);
    const banner = page.getByRole('banner');
    // The drawer's toggle, named 'Abrir menu' by its hidden text (Header.astro).
    const toggle = banner.locator('summary', { hasText: 'Abrir menu' });
    const drawerBox = banner.getByRole('searchbox', { name: 'Buscar no portal' });

    await test.step('sent from the drawer, then Back', async () => {
      await toggle.click();
      await expect.poll(() => historyIndex(page)).toBe(start + 1);
      await drawerBox.fill('pesca');
      await drawerBox.press('Enter');
      await expect(dialogOf(page).getByRole('searchbox')).toHaveValue('pesca');
      await expect(results(page).first()).toBeVisible();
      await expect(drawerBox).toBeHidden();
      // The drawer's entry was taken back before the dialog's was pushed: one entry, not two.
      await expect.poll(() => historyIndex(page)).toBe(start + 1);
      await page.goBack();
      await expect(dialogOf(page)).toBeHidden();
      await expect(page).toHaveURL(/\/all-tours$/);
      await expect(banner.locator('details.drawer')).not.toHaveAttribute('open', '');
      expect(await historyIndex(page)).toBe(start);
    });

    await test.step('sent from the drawer again, then Escape', async () => {
      await toggle.click();
      await drawerBox.fill('pesca');
      await drawerBox.press('Enter');
      await expect(dialogOf(page).getByRole('searchbox')).toHaveValue('pesca');
      await expect(drawerBox).toBeHidden();
      await page.keyboard.press('Escape');
      await expect(dialogOf(page)).toBeHidden();
      await expect(searchEntry(page)).toBeFocused();
    });
  });
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
