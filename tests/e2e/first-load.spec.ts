/**
 * The LCP photo has the link alone: until a visitor's first page has
 * loaded, it fetches no font and, on the home, no hero photo but the first. After the load the
 * next slides come into the strip and Poppins is fetched for the next page, which uses it.
 * The photos are held back while the page loads, so "before the load" is a state, not a race.
 */
import { expect, type Page, test } from '@playwright/test';
import { candidateUrls, holdResponses, requestedPaths, turnOnSaveData } from './support.ts';

/** The photos, held back while the page loads: it cannot reach its load event before they are released. */
const PHOTOS = /\.(avif|webp|jpe?g|png)$/;

test.use({ viewport: { width: 390, height: 844 } });

/** The paths an <img> or <source> under `selector` could fetch (src and srcset candidates). */
const candidatePaths = async (page: Page, selector: string) =>
  (await candidateUrls(page, selector)).map((url) => new URL(url).pathname);

const isFont = (path: string) => path.endsWith('.woff2');

test('until the home has loaded it fetches the first hero photo alone and no font; then the next slides and Poppins', async ({
  page,
}) => {
  const requested = requestedPaths(page);
  const { release } = await holdResponses(page, PHOTOS);
  await page.goto('/', { waitUntil: 'domcontentloaded' });

  const first = await candidatePaths(page, '#slide-1 img, #slide-1 source');
  const others = await candidatePaths(page, '.slide:not(#slide-1) img, .slide:not(#slide-1) source');
  await expect.poll(() => requested.some((path) => first.includes(path))).toBe(true);
  expect(requested.filter((path) => others.includes(path))).toEqual([]);
  expect(requested.filter(isFont)).toEqual([]);
  await expect(page.locator('#slide-2')).toBeHidden();

  release();
  await page.waitForLoadState('load');
  await expect(page.locator('#slide-2')).toBeAttached();
  await expect.poll(() => requested.some((path) => others.includes(path))).toBe(true);
  await expect.poll(() => requested.filter(isFont).length).toBeGreaterThan(0);
  // Fetched for the next page, not swapped in on this one.
  await expect(page.locator('html')).not.toHaveClass(/\bfonts\b/);
  // The shell records that this browser has Poppins once every file has arrived, not when they are asked for.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('bb-fonts'))).toBe('1');

  await page.goto('/all-tours');
  await expect(page.locator('html')).toHaveClass(/\bfonts\b/);
  expect(await page.locator('body').evaluate((body) => getComputedStyle(body).fontFamily)).toMatch(/^Poppins/);
});

test('a dot tapped before the home has loaded still brings its photo', async ({ page }) => {
  const { release } = await holdResponses(page, PHOTOS);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.locator('a[data-slide-dot="3"]').click();
  await expect(page.locator('#slide-3')).toBeInViewport({ ratio: 0.9 });
  release();
});

test('without JavaScript every slide is in the strip from the start', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('.slide')).toHaveCount(await page.locator('a[data-slide-dot]').count());
  for (const slide of await page.locator('.slide').all()) await expect(slide).toBeVisible();
  await page.locator('a[data-slide-dot="2"]').click();
  await expect(page.locator('#slide-2')).toBeInViewport({ ratio: 0.9 });
  await context.close();
});

test('with Save-Data Poppins is never fetched', async ({ page }) => {
  await turnOnSaveData(page);
  const requested = requestedPaths(page);
  await page.goto('/news/1312');
  await page.waitForLoadState('networkidle');
  await page.goto('/all-tours');
  await page.waitForLoadState('networkidle');
  expect(requested.filter(isFont)).toEqual([]);
  await expect(page.locator('html')).not.toHaveClass(/\bfonts\b/);
});
