/**
 * First touch, cold cache: a fresh context opens a list or a detail page with a gallery, waits for `load`,
 * and taps a box of the list's filter panel (opened first, as on a phone) or a thumbnail of the gallery.
 * The probe times it from the tap's `pointerdown` to the first frame that shows the result: the filtered
 * list drawn by its island, or the photo viewer open with its photo loaded. React and the island's chunks
 * come at that tap (`client:reach`, docs/architecture.md "Islands") unless the runtime was fetched ahead
 * once the loaded page was idle, so each is measured both right after `load` and after that fetch.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { FILTER_BOXES, FILTER_PANEL, phonePage, thumbnails } from './browser.ts';
import type { FirstTouch, TapMoment, Widget } from './figures.ts';

/** How long a loaded page is given to fetch the island runtime ahead. */
const RUNTIME_AHEAD_WAIT_MS = 30_000;

/**
 * Waits until the loaded page has fetched the island runtime ahead (the directives' `fetchAhead`)
 * and the network is quiet; false when it did not within RUNTIME_AHEAD_WAIT_MS.
 */
async function untilRuntimeAhead(page: Page): Promise<boolean> {
  const isAhead = await page
    .waitForFunction(
      () => {
        const url = document.querySelector('astro-island[renderer-url]')?.getAttribute('renderer-url');
        if (!url) return false;
        const href = new URL(url, window.location.href).href;
        return performance
          .getEntriesByType('resource')
          .some((entry) => entry.name === href && (entry as PerformanceResourceTiming).responseEnd > 0);
      },
      undefined,
      { timeout: RUNTIME_AHEAD_WAIT_MS, polling: 100 },
    )
    .then(
      () => true,
      () => false,
    );
  await page.waitForLoadState('networkidle');
  return isAhead;
}

/** The list's filter panel opened (folded on a phone: a tap on 'Filtros'), and its boxes. */
async function openFilters(page: Page): Promise<Locator> {
  const details = page.locator(FILTER_PANEL);
  const summary = details.locator('> summary');
  if ((await summary.isVisible()) && (await details.getAttribute('open')) === null) await summary.tap();
  return page.locator(FILTER_BOXES);
}

/** One cold first touch of `widget` on `pagePath`, tapped right after `load` or once the runtime was fetched ahead. */
export async function firstTouch(
  browser: Browser,
  origin: string,
  pagePath: string,
  widget: Widget,
  when: TapMoment,
): Promise<FirstTouch> {
  const { page, close } = await phonePage(browser, origin);
  const watch = (tapSelector: string) =>
    page.evaluate(([name, tap]) => window.interactionBench.watch(name, tap), [widget, tapSelector] as const);
  try {
    await page.goto(pagePath, { waitUntil: 'load' });
    if (when === 'at idle' && !(await untilRuntimeAhead(page)))
      console.warn(
        `  ${pagePath}: the island runtime was not fetched ahead within ${RUNTIME_AHEAD_WAIT_MS / 1000} s of the load`,
      );
    if (widget === 'list filter') {
      await watch(FILTER_BOXES);
      const boxes = await openFilters(page);
      await boxes.first().tap();
    } else {
      const thumbnail = thumbnails(page).first();
      await thumbnail.scrollIntoViewIfNeeded();
      await watch('[data-gallery] a');
      await thumbnail.tap();
    }
    await page.waitForFunction(() => window.interactionBench.watched().shownAt !== null, undefined, {
      timeout: 60_000,
      polling: 100,
    });
    const { firstTouchAt, tapAt, openAt, shownAt, isRuntimeAhead } = await page.evaluate(() => window.interactionBench.watched());
    if (firstTouchAt === null || tapAt === null || shownAt === null) throw new Error(`${pagePath}: the tap was not seen`);
    return {
      widget,
      when,
      fromTapMs: shownAt - tapAt,
      fromFirstTouchMs: shownAt - firstTouchAt,
      openMs: openAt === null ? null : openAt - tapAt,
      isRuntimeAhead,
    };
  } finally {
    await close();
  }
}
