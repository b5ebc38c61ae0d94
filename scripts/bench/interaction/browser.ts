/**
 * The phone the bench drives (headless Chromium on Lighthouse's Slow 4G with the CPU slowed as its mobile
 * profile does, no service worker: what is cached is the HTTP cache's), and where it finds the widgets it taps.
 */
import type { Browser, Page } from '@playwright/test';
import { SLOW_4G } from '../lighthouse.ts';
import { EVENT_THRESHOLD_MS } from './figures.ts';
import { installProbe } from './probe.ts';

/** A phone as the bench holds it: a 390 px wide screen at DPR 2, touch. */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const;

/**
 * Lighthouse's Slow 4G as DevTools applies it (what Lighthouse's own `throttlingMethod: 'devtools'` sends,
 * `enableNetworkThrottling` in lighthouse/core/lib/emulation.js): DevTools delays each request rather than
 * each round trip, so the latency is SLOW_4G's per request, and the throughput is in bytes per second.
 */
const SLOW_4G_CONDITIONS = {
  offline: false,
  latency: SLOW_4G.requestLatencyMs,
  downloadThroughput: Math.floor((SLOW_4G.downloadThroughputKbps * 1024) / 8),
  uploadThroughput: Math.floor((SLOW_4G.uploadThroughputKbps * 1024) / 8),
};

/** A fresh phone context (an empty HTTP cache, no service worker) and its page, the probe installed. */
export async function phonePage(browser: Browser, origin: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ ...PHONE, baseURL: origin, serviceWorkers: 'block', ignoreHTTPSErrors: true });
  await context.addInitScript(installProbe, EVENT_THRESHOLD_MS);
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

/** The list's filter panel (folded on a phone under 'Filtros') and its boxes. */
export const FILTER_PANEL = 'details.filters';
export const FILTER_BOXES = 'form[data-list-filters] input[type="checkbox"]';

/** The gallery's thumbnails (not the 'Mais N fotos' tile). */
export const thumbnails = (page: Page) => page.locator('[data-gallery] > li:not(.more) a');

/** Until the next frames have been drawn: what an action changed has been painted, and its entries dispatched. */
export const nextFrames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))),
  );
