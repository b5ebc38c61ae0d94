/**
 * JavaScript only when a widget needs it: what each page type fetches in the browser before the
 * visitor touches anything or scrolls, weighed from the built files (gzip -9, as the budgets do).
 * The clock is Playwright's, paused before the load and run 4 s past it: idle callbacks fire, the
 * hero's first advance (5 s) is not yet due. The static counterpart is `jsAtLoad` in budgets.json.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { DIST } from '../support/dist-dir.ts';
import { pauseClock, stubThirdParties } from './support.ts';

/** The most a page may fetch before the visitor reaches a widget (docs/performance.md). */
const LIMIT = 15 * 1024;

/** The site's own script files the page fetched (paths under /_astro/ and the like). */
function collectScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script' && url.origin === new URL(page.url() || url.href).origin) scripts.push(url.pathname);
  });
  return scripts;
}

const gzipOf = (sitePath: string) => gzipSync(readFileSync(path.join(DIST, sitePath)), { level: 9 }).byteLength;
/** The inline scripts of the page (island runtime, directives, the shell's head script). */
const inlineBytes = (page: Page) =>
  page
    .locator('script:not([src]):not([type="application/ld+json"])')
    .evaluateAll((scripts) => scripts.map((script) => script.textContent ?? ''))
    .then((sources) => sources.reduce((sum, source) => sum + gzipSync(source, { level: 9 }).byteLength, 0));

test.use({ viewport: { width: 390, height: 844 } });

for (const pagePath of [
  '/',
  '/all-tours',
  '/tour/101',
  '/news/1312',
  '/news',
  '/testimonials',
  '/contato',
  '/busca',
  '/favoritos',
]) {
  test(`${pagePath} fetches at most 15 KB of JavaScript before the visitor reaches a widget, and no React`, async ({ page }) => {
    await pauseClock(page);
    const scripts = collectScripts(page);
    await page.goto(pagePath);
    await page.waitForLoadState('networkidle');
    await page.clock.runFor(4000);
    await page.waitForLoadState('networkidle');

    const files = [...new Set(scripts)];
    const bytes = files.reduce((sum, file) => sum + gzipOf(file), 0) + (await inlineBytes(page));
    expect(files.filter((file) => /\/(client|react)[.-]/i.test(path.basename(file)))).toEqual([]);
    expect(bytes, files.join(', ')).toBeLessThanOrEqual(LIMIT);
  });
}

test('the first touch brings the widget: a filter on a list fetches the filters then', async ({ page }) => {
  await page.clock.install();
  const scripts = collectScripts(page);
  await page.goto('/all-tours');
  await page.waitForLoadState('networkidle');
  await page.clock.runFor(4000);
  expect(scripts.some((file) => file.includes('list-filters'))).toBe(false);
  await page.getByRole('searchbox', { name: 'Buscar por nome' }).focus();
  await expect.poll(() => scripts.some((file) => file.includes('list-filters'))).toBe(true);
});

test('a detail page opens its gallery and its map without React: both are plain modules of the page', async ({ page }) => {
  const scripts = collectScripts(page);
  await stubThirdParties(page);
  await page.goto('/accommodation/201');
  const gallery = page.getByRole('region', { name: 'Galeria de fotos' });
  await gallery.locator('[data-gallery] a').first().click();
  const dialog = page.getByRole('dialog', { name: /^Fotos: / });
  await expect(dialog.getByText(/^1 \/ \d+$/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Mostrar mapa' }).click();
  // Focused, the frame shows that the map's module has run; no island is there to fetch React later (the last
  // check). The test waited for a quiet network here, which once never came within 30 s.
  await expect(page.locator('.map-frame iframe')).toBeFocused();
  expect(scripts.filter((file) => /\/(client|react)[.-]/i.test(path.basename(file)))).toEqual([]);
  expect(await page.locator('astro-island').count()).toBe(0);
});
