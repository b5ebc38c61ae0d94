/**
 * Shared end-to-end helpers: the two widths every page is checked at, and the accessibility sweep
 * (axe-core; serious and critical violations fail the test).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** Origin of the site under test (playwright.config.ts serves it on E2E_PORT, 4322 by default). */
export const ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT) || 4322}`;

/**
 * What a card's heart saves, read as a visitor sees it on the card (favourite-buttons.ts entryOf):
 * the card, and its title link's text and path.
 */
export async function savedCard(heart: Locator): Promise<{ card: Locator; title: string; path: string }> {
  const card = heart.locator('xpath=ancestor::article[1]');
  const link = card.locator('.title a');
  return { card, title: ((await link.textContent()) ?? '').trim(), path: (await link.getAttribute('href')) ?? '' };
}

/**
 * Layout is checked by relations between boxes (inside, above, side by side, as tall as), not by
 * pixel values a style change would move; a size is checked only where docs/product.md or WCAG asks
 * for one, and then as a minimum. Half a pixel of slack absorbs sub-pixel rounding.
 */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const SLACK = 0.5;

/** The box of a locator, failing the test when it is not drawn. */
export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, `${locator} is drawn`).not.toBeNull();
  return box as Box;
}

/** Whether `inner` lies wholly within `outer`. */
export const isInside = (inner: Box, outer: Box): boolean =>
  inner.x >= outer.x - SLACK &&
  inner.y >= outer.y - SLACK &&
  inner.x + inner.width <= outer.x + outer.width + SLACK &&
  inner.y + inner.height <= outer.y + outer.height + SLACK;

/** Whether `box` lies within the page's width (a box may be below the fold: only sideways is checked). */
export const isWithinWidth = (box: Box, page: Page): boolean => {
  const width = page.viewportSize()?.width ?? 0;
  return box.x >= -SLACK && box.x + box.width <= width + SLACK;
};

/** Whether `upper` ends at or above where `lower` starts. */
export const isAbove = (upper: Box, lower: Box): boolean => upper.y + upper.height <= lower.y + SLACK;

/** Whether two boxes share a row: each one's middle is within the other's height. */
export const shareARow = (a: Box, b: Box): boolean => {
  const middle = (box: Box) => box.y + box.height / 2;
  const spans = (box: Box, y: number) => y >= box.y - SLACK && y <= box.y + box.height + SLACK;
  return spans(a, middle(b)) && spans(b, middle(a));
};

/** Whether two boxes are the same size. */
export const isSameSize = (a: Box, b: Box): boolean =>
  Math.abs(a.width - b.width) <= SLACK * 2 && Math.abs(a.height - b.height) <= SLACK * 2;

/** The podcast player's height that docs/product.md asks for: 400 px on phones, 500 px wider; a minimum, not a pinned size. */
export const playerMinHeight = (width: number): number => (width < 768 ? 400 : 500);

export const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

/**
 * The serious or critical axe violations on the current page (or within `within`), one line each: for the
 * end-to-end tests here and for the integration tests that open a page in Chromium.
 */
export async function seriousA11yViolations(page: Page, within?: string): Promise<string[]> {
  // Legacy mode: axe runs in the page itself. The default mode merges frame results in a blank page it opens for
  // each sweep, which took 2-3 times as long (a new renderer each time) for the same results: the site's pages
  // have no frame of their own (the maps and the player are third-party frames, shown on request).
  // Only the violations' nodes are collected (not every node that passed): 10-20 % less time, the same violations.
  const builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 5)
          .join(', ')}`,
    );
}

/** Fails with the list of serious or critical axe violations on the current page. */
export async function expectNoSeriousA11yViolations(page: Page, within?: string): Promise<void> {
  const serious = await seriousA11yViolations(page, within);
  expect(serious, serious.join('\n')).toEqual([]);
}

/** Every path the page requests from now on. */
export function requestedPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

/** Every request the page made to a host other than the site's own. */
export function collectForeignRequests(page: Page, origin: string): string[] {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:')) foreign.push(url);
  });
  return foreign;
}

/** The maps service and Spotify, whose frames the site embeds on request. */
const THIRD_PARTY = /^https?:\/\/([^/]*\.)?(google\.[^/]+|gstatic\.com|spotify\.com|scdn\.co)\//;

/**
 * Answers every request to the maps service or Spotify with a stub page: the tests run without a
 * network, where such a request may hang until the test times out. Returns the URLs asked for.
 */
export async function stubThirdParties(page: Page): Promise<string[]> {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (THIRD_PARTY.test(request.url())) requests.push(request.url());
  });
  await page.route(THIRD_PARTY, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>stub</title>' }),
  );
  return requests;
}

/** The page's scripts are the site's own: JSON-LD, Astro's island loader and modules from /_astro/. */
export async function expectOnlyOwnScripts(page: Page): Promise<void> {
  const sources = await page.locator('script[src]').evaluateAll((scripts) => scripts.map((script) => script.getAttribute('src')));
  for (const source of sources) expect(source).toMatch(/^\/_astro\//);
}

/**
 * Holds back the responses whose URL matches `pattern` (React's client renderer, an island, the
 * photos) until `release()`: what a visitor on a slow link waits for. Returns the held URLs too.
 * Service workers stay blocked (playwright.config.ts): what a worker fetches is not routed through the page.
 */
export async function holdResponses(page: Page, pattern: RegExp): Promise<{ held: string[]; release: () => void }> {
  const held: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  return { held, release };
}

/**
 * The list page once its islands run (src/components/lists/ListPage.astro): none is still as served
 * (Astro's `ssr` mark), and the results say they are hydrated (ListResults.tsx's `data-hydrated`).
 */
export const filtersStarted = (page: Page) =>
  page.locator('.list-page:not(:has(astro-island[ssr])) .results[data-list-kind][data-hydrated]');

/**
 * Opens a list. Its islands start at once for a filtered address; a bare list waits for the visitor's
 * first reach into one of them, which the tests then make as a visitor would.
 */
export async function openList(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('.list-page .results[data-list-kind]')).toHaveCount(1);
  await expect(filtersStarted(page)).toHaveCount(new URL(url, 'http://x').search ? 1 : 0);
}

/** Every URL an <img> or <source> under `selector` could fetch (src and srcset candidates), absolute. */
export function candidateUrls(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements.flatMap((element) => {
      const srcset = (element.getAttribute('srcset') ?? '').split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '');
      return [element.getAttribute('src') ?? '', ...srcset].filter(Boolean).map((url) => new URL(url, location.href).href);
    }),
  );
}

/** The page sees `navigator.connection.saveData === true` before any of its own scripts run. */
export async function turnOnSaveData(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'connection', {
      configurable: true,
      get: () => ({ saveData: true, effectiveType: '3g', addEventListener() {}, removeEventListener() {} }),
    });
  });
}

/** The clock's start in the tests that move time themselves. */
export const CLOCK_START = new Date('2026-11-21T10:00:00-04:00');

/**
 * Installs Playwright's clock paused, before the page loads: an installed clock otherwise also flows
 * with real time, and on a busy machine a timer (the hero's first advance, the splash) fired before
 * the test moved the clock. Time then moves only with `page.clock.runFor`.
 */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.install({ time: CLOCK_START });
  await page.clock.pauseAt(new Date(CLOCK_START.getTime() + 1000));
}

/** Opens a page with the clock paused before its load (pauseClock). */
export async function openWithClock(page: Page, path = '/'): Promise<void> {
  await pauseClock(page);
  await page.goto(path);
}
