/**
 * `npm run bench:interaction`: how soon a phone answers a visitor's touch, on a built site served as
 * `npm run bench:lighthouse` serves it (scripts/serve.ts with gzip, HTTP/2 over TLS or `--http1`), in
 * headless Chromium on a phone (390 × 844 at DPR 2, touch) with Lighthouse's Slow 4G applied by DevTools
 * (SLOW_4G_CONDITIONS) and the CPU slowed 4 times, as Lighthouse's mobile profile does. No service worker:
 * what is cached is the HTTP cache's.
 *
 * - **First touch, cold cache**: a fresh browser context opens a list and a detail page with a gallery,
 *   waits for `load`, and taps: a box of the list's filter panel (opened first, as on a phone), a
 *   thumbnail of the gallery. Measured in the page from the tap's `pointerdown` to the first frame that
 *   shows the result: the filtered list drawn by its island (the address carries the filter, nothing is
 *   loading), the photo viewer open with its photo loaded. React and the island's chunks come at that
 *   tap (`client:reach`, docs/architecture.md "Islands"), unless the runtime was fetched ahead once the
 *   loaded page was idle: each is measured both right after `load` and after the runtime was fetched ahead.
 * - **Warm**: in one context, each page is visited and used once (its chunks cached), then visited again
 *   and used by the same series of taps and keys (filters, sort, the phone menu, a carousel, the photo
 *   viewer, the search dialog). The page's Event Timing entries (PerformanceObserver, `event`,
 *   durationThreshold 16 ms) give each interaction's latency to the next paint; a page's INP is their
 *   largest, or the 98th percentile from 50 interactions on (interactionToNextPaint).
 *
 * It prints the median of `--runs` runs and exits with 1 when a figure is over its budget
 * (FIRST_TOUCH_BUDGET_MS, INP_BUDGET_MS). Timings are the machine's: a loaded machine makes them worse.
 *
 *   npm run build:sample && npm run bench:interaction
 *   npm run bench:interaction -- --dir <dist> --runs 5 --report <dir>
 *   npm run bench:interaction -- --real-photos --runs 3
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium, type Locator, type Page } from '@playwright/test';
import { findChromium } from '../ensure-browser.ts';
import { buildRealPhotoSite, type Protocol, SLOW_4G, serveStatic } from './lighthouse.ts';
import { formatTable } from './measure.ts';

/** A list filter applied, or the photo viewer open with its photo, this long after the first touch of a cold visit. */
export const FIRST_TOUCH_BUDGET_MS = 1500;
/** Interaction to Next Paint of a warm page. */
export const INP_BUDGET_MS = 200;

/**
 * Lighthouse's Slow 4G as DevTools applies it (what Lighthouse's own `throttlingMethod: 'devtools'` sends,
 * `enableNetworkThrottling` in lighthouse/core/lib/emulation.js): DevTools delays each request rather than
 * each round trip, so the 150 ms RTT becomes a request latency of 562.5 ms, and the throughput is 90 % of
 * the link's, in bytes per second.
 */
export const SLOW_4G_CONDITIONS = {
  offline: false,
  latency: SLOW_4G.requestLatencyMs,
  downloadThroughput: Math.floor((SLOW_4G.downloadThroughputKbps * 1024) / 8),
  uploadThroughput: Math.floor((SLOW_4G.uploadThroughputKbps * 1024) / 8),
};

/** A phone as the bench holds it: a 390 px wide screen at DPR 2, touch. */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const;

/** An Event Timing entry, as the page hands it over. */
export interface EventEntry {
  interactionId: number;
  name: string;
  startTime: number;
  duration: number;
}

/** What the bench marked before each action of a series: its label, at the page's `performance.now()`. */
export interface ActionMark {
  label: string;
  at: number;
}

/** One interaction (the events of one tap or key share an `interactionId`): its longest event, labelled. */
export interface Interaction {
  label: string;
  durationMs: number;
}

/**
 * The page's interactions from its Event Timing entries: each `interactionId` once, at the duration of
 * its longest event (a tap's pointerdown, pointerup and click are one interaction, as INP counts it),
 * labelled by the last action marked at or before it started ('?' before any mark). Entries outside an
 * interaction (interactionId 0: hovers, scrolls) are not the visitor's input.
 */
export function interactionsOf(entries: readonly EventEntry[], marks: readonly ActionMark[]): Interaction[] {
  const byId = new Map<number, { startTime: number; durationMs: number }>();
  for (const entry of entries) {
    if (!entry.interactionId) continue;
    const known = byId.get(entry.interactionId);
    byId.set(entry.interactionId, {
      startTime: Math.min(known?.startTime ?? entry.startTime, entry.startTime),
      durationMs: Math.max(known?.durationMs ?? 0, entry.duration),
    });
  }
  const sortedMarks = [...marks].sort((a, b) => a.at - b.at);
  return [...byId.values()]
    .sort((a, b) => a.startTime - b.startTime)
    .map(({ startTime, durationMs }) => ({
      label: sortedMarks.findLast((mark) => mark.at <= startTime)?.label ?? '?',
      durationMs,
    }));
}

/**
 * Interaction to Next Paint as the web-vitals library computes it: the longest interaction, skipping
 * one for every 50 the page had (the 98th percentile), so that one stray long task on a page used for a
 * long time is not its figure. `count` is every interaction of the page (`performance.interactionCount`),
 * those under the entries' threshold too. Null when no interaction reached the threshold.
 */
export function interactionToNextPaint(durations: readonly number[], count = durations.length): number | null {
  if (durations.length === 0) return null;
  const longest = [...durations].sort((a, b) => b - a);
  const skipped = Math.floor(Math.max(count, durations.length) / 50);
  return longest[Math.min(skipped, longest.length - 1)] ?? null;
}

/** The median of some figures (the lower middle of an even count, as medianRun in lighthouse.ts takes a run); NaN of none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/** The widgets a first touch reaches, and when. */
type Widget = 'list filter' | 'photo viewer';
type TapMoment = 'at load' | 'at idle';

/** One cold first touch. */
interface FirstTouch {
  widget: Widget;
  when: TapMoment;
  /** From the tap on the widget (the filter's box, the thumbnail) to the first frame showing its result. */
  fromTapMs: number;
  /** From the visitor's first touch of the page (on a phone, the filter panel's 'Filtros') to the same frame. */
  fromFirstTouchMs: number;
  /** The viewer's dialog open, before its photo has come (null for the list). */
  openMs: number | null;
  /** The island runtime was already fetched ahead (or on its way) when the visitor first touched the page. */
  isRuntimeAhead: boolean;
}

/** One warm page's interactions. */
interface WarmPage {
  page: string;
  inpMs: number | null;
  interactions: Interaction[];
}

/** A first touch's budget figure and a warm page's INP against their budgets; the lines that say what is over. */
export function budgetFailures(
  firstTouches: readonly { widget: string; when: string; fromTapMs: number }[],
  warmPages: readonly { page: string; inpMs: number | null }[],
): string[] {
  return [
    ...firstTouches
      .filter((touch) => !(touch.fromTapMs <= FIRST_TOUCH_BUDGET_MS))
      .map((touch) => `${touch.widget} ${touch.when}: ${ms(touch.fromTapMs)} from the tap (budget ${FIRST_TOUCH_BUDGET_MS} ms)`),
    ...warmPages
      .filter((page) => page.inpMs !== null && !(page.inpMs <= INP_BUDGET_MS))
      .map((page) => `${page.page}: INP ${ms(page.inpMs)} (budget ${INP_BUDGET_MS} ms)`),
  ];
}

const ms = (value: number | null) => (value === null ? '< 16 ms' : Number.isNaN(value) ? '–' : `${Math.round(value)} ms`);

// ---------------------------------------------------------------------------------------------------------------
// In the page

/** What the page's probe holds: its Event Timing entries and marks, and a first touch being watched. */
interface Probe {
  mark(label: string): void;
  readEntries(): { entries: EventEntry[]; marks: ActionMark[]; count: number };
  watch(widget: Widget, tapSelector: string): void;
  watched(): {
    firstTouchAt: number | null;
    tapAt: number | null;
    openAt: number | null;
    shownAt: number | null;
    isRuntimeAhead: boolean;
  };
}

declare global {
  interface Window {
    interactionBench: Probe;
  }
}

/**
 * Installed before any script of each page (addInitScript): it must hold everything it uses, as
 * Playwright sends its source alone. The Event Timing observer is buffered, so nothing before it is lost.
 */
function installProbe(): void {
  const entries: EventEntry[] = [];
  const marks: ActionMark[] = [];
  const keep = (list: PerformanceEntryList) => {
    for (const entry of list as (PerformanceEntry & { interactionId?: number })[]) {
      if (entry.interactionId)
        entries.push({
          interactionId: entry.interactionId,
          name: entry.name,
          startTime: entry.startTime,
          duration: entry.duration,
        });
    }
  };
  const observer = new PerformanceObserver((list) => keep(list.getEntries()));
  observer.observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  let state = { firstTouchAt: null, tapAt: null, openAt: null, shownAt: null, isRuntimeAhead: false } as ReturnType<
    Probe['watched']
  >;
  const isRuntimeRequested = () => {
    const url = document.querySelector('astro-island[renderer-url]')?.getAttribute('renderer-url');
    return Boolean(url && document.querySelector(`link[rel="prefetch"][href="${url}"]`));
  };
  window.interactionBench = {
    mark: (label) => {
      marks.push({ label, at: performance.now() });
    },
    readEntries: () => {
      keep(observer.takeRecords());
      return { entries, marks, count: (performance as Performance & { interactionCount?: number }).interactionCount ?? 0 };
    },
    watch: (widget, tapSelector) => {
      const search = window.location.search;
      state = { firstTouchAt: null, tapAt: null, openAt: null, shownAt: null, isRuntimeAhead: false };
      // The event's own time stamp: when the touch came in, before any task it waited for.
      const onTouch = (event: Event) => {
        if (state.firstTouchAt === null) {
          state.firstTouchAt = event.timeStamp;
          state.isRuntimeAhead = isRuntimeRequested();
        }
        if (state.tapAt === null && (event.target as Element | null)?.closest?.(tapSelector)) state.tapAt = event.timeStamp;
      };
      window.addEventListener('pointerdown', onTouch, { capture: true, passive: true });
      // A frame's callbacks run before it is painted: what they see is what that frame shows.
      const check = () => {
        const now = performance.now();
        if (state.tapAt !== null) {
          if (widget === 'list filter') {
            const results = document.querySelector('.results[data-list-kind]');
            // The served cards sit in the island's slot; the filtered ones are its own grid.
            const isDrawn =
              window.location.search !== search &&
              results?.getAttribute('aria-busy') !== 'true' &&
              results?.querySelector(':scope > [data-list-grid]');
            if (isDrawn) state.shownAt = now;
          } else {
            const dialog = document.querySelector('dialog[open]');
            if (dialog && state.openAt === null) state.openAt = now;
            const photo = dialog?.querySelector('img');
            if (photo?.complete && photo.naturalWidth > 0) state.shownAt = now;
          }
        }
        if (state.shownAt === null) requestAnimationFrame(check);
        else window.removeEventListener('pointerdown', onTouch, { capture: true });
      };
      requestAnimationFrame(check);
    },
    watched: () => state,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The browser

/** A fresh phone context (an empty HTTP cache, no service worker) and its page, on Slow 4G with the CPU slowed ×4. */
async function phonePage(browser: Browser, origin: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ ...PHONE, baseURL: origin, serviceWorkers: 'block', ignoreHTTPSErrors: true });
  await context.addInitScript(installProbe);
  const page = await context.newPage();
  // A page on Slow 4G at a quarter of a loaded machine's CPU.
  page.setDefaultTimeout(60_000);
  page.setDefaultNavigationTimeout(120_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G_CONDITIONS);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_4G.cpuSlowdownMultiplier });
  return { page, close: () => context.close() };
}

/**
 * Waits until the loaded page has fetched the island runtime ahead (the directives' `fetchAheadWhenIdle`)
 * and the network is quiet; false when it did not within 30 s.
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
      { timeout: 30_000, polling: 100 },
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
  const details = page.locator('details.filters');
  const summary = details.locator('> summary');
  if ((await summary.isVisible()) && (await details.getAttribute('open')) === null) await summary.tap();
  return page.locator('form[data-list-filters] input[type="checkbox"]');
}

/** The gallery's thumbnails (not the 'Mais N fotos' tile). */
const thumbnails = (page: Page) => page.locator('[data-gallery] > li:not(.more) a');

/** One cold first touch of `widget` on `pagePath`, tapped right after `load` or once the runtime was fetched ahead. */
async function firstTouch(
  browser: Browser,
  origin: string,
  pagePath: string,
  widget: Widget,
  when: TapMoment,
): Promise<FirstTouch> {
  const { page, close } = await phonePage(browser, origin);
  try {
    await page.goto(pagePath, { waitUntil: 'load' });
    if (when === 'at idle' && !(await untilRuntimeAhead(page)))
      console.warn(`  ${pagePath}: the island runtime was not fetched ahead within 30 s of the load`);
    if (widget === 'list filter') {
      const selector = 'form[data-list-filters] input[type="checkbox"]';
      await page.evaluate(([name, tap]) => window.interactionBench.watch(name, tap), [widget, selector] as const);
      const boxes = await openFilters(page);
      await boxes.first().tap();
    } else {
      const thumbnail = thumbnails(page).first();
      await thumbnail.scrollIntoViewIfNeeded();
      await page.evaluate(([name, tap]) => window.interactionBench.watch(name, tap), [widget, '[data-gallery] a'] as const);
      await thumbnail.tap();
    }
    await page.waitForFunction(() => window.interactionBench.watched().shownAt !== null, undefined, {
      timeout: 60_000,
      polling: 100,
    });
    const watched = await page.evaluate(() => window.interactionBench.watched());
    const { firstTouchAt, tapAt, openAt, shownAt } = watched;
    if (firstTouchAt === null || tapAt === null || shownAt === null) throw new Error(`${pagePath}: the tap was not seen`);
    return {
      widget,
      when,
      fromTapMs: shownAt - tapAt,
      fromFirstTouchMs: shownAt - firstTouchAt,
      openMs: openAt === null ? null : openAt - tapAt,
      isRuntimeAhead: watched.isRuntimeAhead,
    };
  } finally {
    await close();
  }
}

/**
 * `measure()`, tried a second time when it failed: on a machine loaded by others a page on Slow 4G at a
 * quarter of its CPU sometimes misses a timeout, which says nothing of the site. A second failure stops the bench.
 */
async function twice<T>(what: string, measure: () => Promise<T>): Promise<T> {
  try {
    return await measure();
  } catch (error) {
    console.warn(`  ${what} failed (${(error as Error).message.split('\n')[0]}): once more`);
    return measure();
  }
}

/** Runs `action`, marked as `label` in the page first, so that its interactions carry the label. */
type Act = (label: string, action: () => Promise<unknown>) => Promise<void>;

/** Until the next frames have been drawn: what an action changed has been painted, and its entries dispatched. */
const nextFrames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))),
  );

/** Until the address has left `search` and the list is not loading. */
async function untilListSettled(page: Page, search: string): Promise<void> {
  await page.waitForFunction(
    (before) => window.location.search !== before && !document.querySelector('.results[aria-busy="true"]'),
    search,
    { polling: 100 },
  );
  await nextFrames(page);
}

/** What a visitor does on a warm page: a series of taps and keys, each labelled by the kind of interaction. */
interface Series {
  page: string;
  use: (page: Page, act: Act) => Promise<void>;
}

function warmSeries(listPath: string, galleryPath: string): Series[] {
  return [
    {
      page: listPath,
      use: async (page, act) => {
        const boxes = page.locator('form[data-list-filters] input[type="checkbox"]');
        const summary = page.locator('details.filters > summary');
        if (await summary.isVisible()) await act('filter panel', () => summary.tap());
        for (const box of [boxes.nth(0), boxes.nth(1), boxes.nth(0)]) {
          const search = await page.evaluate(() => window.location.search);
          await act('filter box', () => box.tap());
          await untilListSettled(page, search);
        }
        const sort = page.locator('form[data-list-sort] select');
        if ((await sort.count()) > 0) {
          const search = await page.evaluate(() => window.location.search);
          await sort.focus();
          // A closed select takes the arrow keys as a choice (the phone's picker is the browser's, not the page's).
          await act('sort', () => page.keyboard.press('ArrowDown'));
          await untilListSettled(page, search);
        }
      },
    },
    {
      page: '/',
      use: async (page, act) => {
        const drawer = page.locator('details.drawer');
        await act('menu open/close', () => drawer.locator('> summary').tap());
        await page.waitForFunction(() => document.querySelector('details.drawer')?.hasAttribute('open'));
        await nextFrames(page);
        // The open drawer covers its toggle's middle: the dimmed page beside it (the toggle's backdrop) closes it.
        await act('menu open/close', () => page.touchscreen.tap(20, PHONE.viewport.height - 300));
        await page.waitForFunction(() => !document.querySelector('details.drawer')?.hasAttribute('open'));
        await nextFrames(page);
        const carousel = page.locator('[data-carousel]').first();
        await carousel.scrollIntoViewIfNeeded();
        // The carousel starts as it comes near the view (client:near).
        await carousel.locator('[data-carousel-position]').waitFor({ state: 'visible' });
        const next = carousel.getByRole('button', { name: /^Próximo/ });
        for (let step = 0; step < 3; step += 1) {
          await act('carousel next', () => next.tap());
          await nextFrames(page);
        }
      },
    },
    {
      page: galleryPath,
      use: async (page, act) => {
        const thumbnail = thumbnails(page).first();
        await thumbnail.scrollIntoViewIfNeeded();
        await act('viewer open', () => thumbnail.tap());
        const dialog = page.locator('dialog[open]');
        await dialog.waitFor({ state: 'visible' });
        await nextFrames(page);
        for (let step = 0; step < 3; step += 1) {
          await act('viewer next', () => dialog.getByRole('button', { name: 'Próxima foto' }).tap());
          await nextFrames(page);
        }
        await act('viewer close', () => dialog.getByRole('button', { name: 'Fechar' }).tap());
        await dialog.waitFor({ state: 'detached' });
        await nextFrames(page);
      },
    },
    {
      page: '/about',
      use: async (page, act) => {
        await act('search open', () => page.getByRole('banner').getByRole('link', { name: 'Buscar no portal' }).tap());
        const dialog = page.getByRole('dialog', { name: 'Buscar no portal' });
        const box = dialog.getByRole('searchbox');
        await box.waitFor({ state: 'visible' });
        await nextFrames(page);
        // A visitor's pace on a phone's keyboard.
        await act('search typing', () => box.pressSequentially('cachoeira', { delay: 150 }));
        await dialog.getByRole('list', { name: 'Resultados da busca' }).getByRole('link').first().waitFor();
        await nextFrames(page);
      },
    },
  ];
}

/** One warm run: every page used once to fill the cache, then each visited again and used, its interactions read. */
async function warmRun(browser: Browser, origin: string, series: readonly Series[]): Promise<WarmPage[]> {
  const { page, close } = await phonePage(browser, origin);
  try {
    const unmarked: Act = async (_label, action) => {
      await action();
    };
    for (const { page: pagePath, use } of series) {
      await page.goto(pagePath, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      await use(page, unmarked);
    }
    const pages: WarmPage[] = [];
    for (const { page: pagePath, use } of series) {
      await page.goto(pagePath, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      await use(page, async (label, action) => {
        await page.evaluate((name) => window.interactionBench.mark(name), label);
        await action();
      });
      await nextFrames(page);
      const { entries, marks, count } = await page.evaluate(() => window.interactionBench.readEntries());
      const interactions = interactionsOf(entries, marks);
      pages.push({
        page: pagePath,
        inpMs: interactionToNextPaint(
          interactions.map((interaction) => interaction.durationMs),
          count,
        ),
        interactions,
      });
    }
    return pages;
  } finally {
    await close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The command

interface Figures {
  firstTouches: (FirstTouch & { runs: FirstTouch[] })[];
  warmPages: { page: string; inpMs: number | null; runs: WarmPage[] }[];
}

/** The median of each first touch and each warm page over the runs. */
function summarise(firstTouchRuns: FirstTouch[], warmRuns: WarmPage[][]): Figures {
  const keys = [...new Set(firstTouchRuns.map((touch) => `${touch.widget}|${touch.when}`))];
  const firstTouches = keys.map((key) => {
    const runs = firstTouchRuns.filter((touch) => `${touch.widget}|${touch.when}` === key);
    const [first] = runs as [FirstTouch];
    const opens = runs.flatMap((touch) => (touch.openMs === null ? [] : [touch.openMs]));
    return {
      ...first,
      fromTapMs: median(runs.map((touch) => touch.fromTapMs)),
      fromFirstTouchMs: median(runs.map((touch) => touch.fromFirstTouchMs)),
      openMs: opens.length > 0 ? median(opens) : null,
      isRuntimeAhead: runs.every((touch) => touch.isRuntimeAhead),
      runs,
    };
  });
  const pagePaths = [...new Set(warmRuns.flat().map((page) => page.page))];
  const warmPages = pagePaths.map((pagePath) => {
    const runs = warmRuns.flatMap((run) => run.filter((page) => page.page === pagePath));
    // A page without an interaction over the entries' threshold counts as 0 in the median (under 16 ms).
    const inps = runs.map((run) => run.inpMs ?? 0);
    const inpMs = median(inps);
    return { page: pagePath, inpMs: inpMs === 0 ? null : inpMs, runs };
  });
  return { firstTouches, warmPages };
}

/** Per kind of interaction: its longest in each run, the median of those, and how many a run had. */
function byInteraction(warmPages: Figures['warmPages']): string[][] {
  const rows: string[][] = [];
  for (const { page, runs } of warmPages) {
    const labels = [...new Set(runs.flatMap((run) => run.interactions.map((interaction) => interaction.label)))];
    for (const label of labels) {
      const longest = runs.map((run) =>
        Math.max(0, ...run.interactions.filter((item) => item.label === label).map((item) => item.durationMs)),
      );
      const counts = runs.map((run) => run.interactions.filter((item) => item.label === label).length);
      rows.push([page, label, ms(median(longest)), ms(Math.max(...longest)), String(median(counts))]);
    }
  }
  return rows;
}

/**
 * `npm run bench:interaction [-- --dir dist --runs 3 --list /all-tours --gallery /tour/101 --report <dir>
 * --http1 --real-photos --keep --lock <file> --verbose]`.
 */
export async function runInteractionCli(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      dir: { type: 'string', default: 'dist' },
      runs: { type: 'string', default: '3' },
      list: { type: 'string', default: '/all-tours' },
      gallery: { type: 'string', default: '/tour/101' },
      report: { type: 'string' },
      http1: { type: 'boolean', default: false },
      'real-photos': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      lock: { type: 'string' },
      verbose: { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number of runs, not ${values.runs}`);
  const work = values['real-photos'] ? await mkdtemp(path.join(tmpdir(), 'bench-interaction-')) : null;
  try {
    const dir = work
      ? await buildRealPhotoSite(work, { verbose: values.verbose, ...(values.lock ? { lock: values.lock } : {}) })
      : path.resolve(values.dir);
    if (!existsSync(path.join(dir, 'index.html'))) throw new Error(`no built site in ${dir}: run npm run build:sample first`);
    const protocol: Protocol = values.http1 ? 'http1' : 'h2';
    const { origin, close } = await serveStatic(dir, { protocol });
    const executablePath = findChromium();
    const browser = await chromium.launch({
      ...(executablePath ? { executablePath } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
      const touches: FirstTouch[] = [];
      const warm: WarmPage[][] = [];
      const cases: [string, Widget][] = [
        [values.list, 'list filter'],
        [values.gallery, 'photo viewer'],
      ];
      for (let run = 1; run <= runs; run += 1) {
        console.log(`run ${run} of ${runs}…`);
        for (const [pagePath, widget] of cases)
          for (const when of ['at load', 'at idle'] as const)
            touches.push(await twice(`${widget} ${when}`, () => firstTouch(browser, origin, pagePath, widget, when)));
        warm.push(await twice('the warm pages', () => warmRun(browser, origin, warmSeries(values.list, values.gallery))));
      }
      const figures = summarise(touches, warm);
      const what = work ? 'the sample site with real photographs' : dir;
      const served = protocol === 'h2' ? 'HTTP/2 over TLS' : 'HTTP/1.1';
      console.log(
        `\nA phone (390 × 844, DPR 2, touch) on Slow 4G (DevTools: ${SLOW_4G.requestLatencyMs} ms a request, ` +
          `${(SLOW_4G.downloadThroughputKbps / 1024).toFixed(2)} Mbit/s down), CPU ×${SLOW_4G.cpuSlowdownMultiplier}, ` +
          `${what}, served over ${served}; median of ${runs} run(s)\n`,
      );
      console.log(`First touch, cold cache (budget ${FIRST_TOUCH_BUDGET_MS} ms from the tap):\n`);
      console.log(
        formatTable(
          ['widget', 'page', 'tapped', 'from the tap', 'from the first touch', 'viewer open', 'runtime fetched ahead'],
          figures.firstTouches.map((touch) => [
            touch.widget,
            touch.widget === 'list filter' ? values.list : values.gallery,
            touch.when,
            ms(touch.fromTapMs),
            ms(touch.fromFirstTouchMs),
            touch.openMs === null ? '' : ms(touch.openMs),
            `${touch.runs.filter((item) => item.isRuntimeAhead).length} of ${touch.runs.length}`,
          ]),
        ),
      );
      console.log(`\nWarm pages, INP (budget ${INP_BUDGET_MS} ms):\n`);
      console.log(
        formatTable(
          ['page', 'INP', 'interactions'],
          figures.warmPages.map((page) => [
            page.page,
            ms(page.inpMs),
            String(median(page.runs.map((run) => run.interactions.length))),
          ]),
        ),
      );
      console.log('\nBy interaction (its longest in a run, over 16 ms):\n');
      console.log(formatTable(['page', 'interaction', 'median', 'worst run', 'a run'], byInteraction(figures.warmPages)));
      if (values.report) {
        await mkdir(values.report, { recursive: true });
        const file = path.join(values.report, 'interaction.json');
        await writeFile(file, `${JSON.stringify({ site: what, served, runs, ...figures }, null, 2)}\n`);
        console.log(`\nEvery run (JSON) in ${file}`);
      }
      const failures = budgetFailures(figures.firstTouches, figures.warmPages);
      if (failures.length === 0) {
        console.log('\nWithin the budgets.');
        return 0;
      }
      console.error(`\n${failures.length} over budget:`);
      for (const failure of failures) console.error(`  ${failure}`);
      return 1;
    } finally {
      await browser.close();
      await close();
    }
  } finally {
    if (work && !values.keep) await rm(work, { recursive: true, force: true });
    else if (work) console.log(`kept ${work}`);
  }
}

if (import.meta.main) process.exitCode = await runInteractionCli(process.argv.slice(2));
