/**
 * JavaScript only when a widget needs it: what each page type fetches in the browser before its `load`
 * event, weighed from the built files (gzip -9, as the budgets do): at most 15 KB, and no React. React
 * (the island runtime, `client.*.js`) comes after the load: at the first reach for a widget, or fetched
 * ahead when the loaded page is idle (src/directives/hydrate.ts). The static counterpart is `jsAtLoad`
 * in budgets.json.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { DIST } from '../support/dist-dir.ts';
import { pauseClock, stubThirdParties, turnOnSaveData } from './support.ts';

/** The most a page may fetch before its load (docs/performance.md). */
const LIMIT = 15 * 1024;

/** The island runtime's files: React, react-dom and Astro's React client (`client.*.js`, `react.*.js`, `react-dom.*.js`). */
const isReact = (file: string) => /^(client|react)[.-]/i.test(path.basename(file));

/** The site's own script files the page asks for (paths under /_astro/), and which of them before its load. */
function collectScripts(page: Page): { all: string[]; beforeLoad: string[] } {
  const scripts = { all: [] as string[], beforeLoad: [] as string[] };
  let isLoaded = false;
  page.on('load', () => {
    isLoaded = true;
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.endsWith('.js') || url.origin !== new URL(page.url() || url.href).origin) return;
    scripts.all.push(url.pathname);
    if (!isLoaded) scripts.beforeLoad.push(url.pathname);
  });
  return scripts;
}

/**
 * Resolves once the test has seen every request the page started before now: the page asks for a marker,
 * and the browser reports its requests in the order they start. What came to nothing by then is not coming
 * from what has already run.
 */
async function seenSoFar(page: Page): Promise<void> {
  const marker = `/robots.txt?seen-so-far=${Math.random()}`;
  await Promise.all([
    page.waitForRequest((request) => request.url().endsWith(marker)),
    page.evaluate((url) => void fetch(url), marker),
  ]);
}

/**
 * Whether anything of the islands was asked for: the module graph comes first (src/directives/island-modules.ts),
 * fetched ahead as the page loads or asked for by an island's start, and the window keeps that request.
 */
const hasBegunIslands = (page: Page) => page.evaluate(() => 'islandModules' in window);

/** Past every idle callback (at most 5 s) and timer (1 s) the directives set after the load (src/directives/hydrate.ts). */
const IDLE_DUE_MS = 6000;

const gzipOf = (sitePath: string) => gzipSync(readFileSync(path.join(DIST, sitePath)), { level: 9 }).byteLength;
/** The inline scripts of the page (island runtime, directives, the shell's head script). */
const inlineBytes = (page: Page) =>
  page
    .locator('script:not([src]):not([type="application/ld+json"])')
    .evaluateAll((scripts) => scripts.map((script) => script.textContent ?? ''))
    .then((sources) => sources.reduce((sum, source) => sum + gzipSync(source, { level: 9 }).byteLength, 0));

test.use({ viewport: { width: 390, height: 844 } });

/** Fails when the page fetched React, or more than LIMIT of JavaScript, before its load. */
async function expectLightLoad(page: Page, scripts: { beforeLoad: string[] }): Promise<void> {
  const files = [...new Set(scripts.beforeLoad)];
  const bytes = files.reduce((sum, file) => sum + gzipOf(file), 0) + (await inlineBytes(page));
  expect(files.filter(isReact)).toEqual([]);
  expect(bytes, files.join(', ')).toBeLessThanOrEqual(LIMIT);
}

for (const pagePath of [
  '/',
  '/tour/101',
  '/news/1312',
  '/news',
  '/testimonials',
  '/contato',
  '/busca',
  '/favoritos',
  '/agenda',
]) {
  test(`${pagePath} fetches at most 15 KB of JavaScript before its load, and no React`, async ({ page }) => {
    const scripts = collectScripts(page);
    await page.goto(pagePath);
    await expectLightLoad(page, scripts);
  });
}

test('/all-tours fetches at most 15 KB of JavaScript before its load, and no React; once idle, the island runtime ahead', async ({
  page,
}) => {
  const scripts = collectScripts(page);
  await page.goto('/all-tours');
  await expectLightLoad(page, scripts);
  await expect.poll(() => scripts.all.filter(isReact).length, { timeout: 10_000 }).toBeGreaterThan(0);
  // The signal the Save-Data tests below read: given when anything is fetched ahead.
  expect(await hasBegunIslands(page)).toBe(true);
});

test('on Save-Data nothing comes ahead when the page is idle; the first touch brings the widget, a list its islands and React', async ({
  page,
}) => {
  await turnOnSaveData(page);
  // The page's clock is paused and then moved past every idle callback: what would come ahead has been asked for by
  // then, however busy the machine (a wait of real seconds proved less, and cost them).
  await pauseClock(page);
  const scripts = collectScripts(page);
  await page.goto('/all-tours');
  await page.clock.runFor(IDLE_DUE_MS);
  await seenSoFar(page);
  const isListIsland = (file: string) => /^List(Search|Filters|Results)\./.test(path.basename(file));
  expect(await hasBegunIslands(page)).toBe(false);
  expect(scripts.all.filter((file) => isListIsland(file) || isReact(file))).toEqual([]);

  await page.clock.resume();
  await page.getByRole('searchbox', { name: 'Buscar por nome' }).focus();
  // The group: reaching the search box brings the panel and the results too.
  await expect
    .poll(() => new Set(scripts.all.filter(isListIsland).map((file) => path.basename(file).split('.')[0])).size)
    .toBe(3);
  await expect.poll(() => scripts.all.some(isReact)).toBe(true);
});

test('a detail page brings React for its gallery at the first reach into it, not before, and opens its map on request', async ({
  page,
}) => {
  // Save-Data: nothing is fetched ahead when the page is idle (src/directives/hydrate.ts), so only the visitor's reach
  // brings React.
  await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
  const scripts = collectScripts(page);
  await stubThirdParties(page);
  await page.goto('/accommodation/201');
  const gallery = page.getByRole('region', { name: 'Galeria de fotos' });
  await gallery.scrollIntoViewIfNeeded();
  // Two frames: whatever watches the view (an IntersectionObserver) has been told the gallery came into it.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await seenSoFar(page);
  const isViewer = (file: string) => path.basename(file).startsWith('PhotoViewer.');
  expect(await hasBegunIslands(page)).toBe(false);
  expect(scripts.all.filter((file) => isReact(file) || isViewer(file))).toEqual([]);
  // The thumbnail is a link to its photo until the island runs; chosen before, the viewer opens once it has.
  await gallery.locator('[data-gallery] a').first().click();
  const dialog = page.getByRole('dialog', { name: /^Fotos: / });
  await expect(dialog.getByText(/^1 \/ \d+$/)).toBeVisible();
  expect(scripts.all.filter(isReact)).not.toEqual([]);
  expect(scripts.all.filter(isViewer)).toHaveLength(1);
  await expect(page).toHaveURL(/\/accommodation\/201$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The map is an island (EmbedOnRequest.tsx) that waits for the reach: its code comes with the tap on 'Mostrar
  // mapa', which it then carries out. The test waited for a quiet network once, which never came.
  const isMap = (file: string) => /\/EmbedOnRequest\.[\w-]+\.js$/.test(file);
  expect(scripts.all.filter(isMap)).toEqual([]);
  await page.getByRole('button', { name: 'Mostrar mapa' }).click();
  await expect(page.locator('.map-frame iframe')).toBeFocused();
  expect(scripts.all.filter(isMap)).toHaveLength(1);
});
