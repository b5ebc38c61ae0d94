/**
 * Warm pages: in one context, each page is visited and used once (its chunks cached), then visited again
 * and used by the same series of taps and keys (filters, sort, the phone menu, a carousel, the photo
 * viewer, the search dialog). The probe's Event Timing entries give each interaction's latency to the
 * next paint, and the page's INP (interactionToNextPaint).
 */
import type { Browser, Page } from '@playwright/test';
import { FILTER_BOXES, FILTER_PANEL, nextFrames, PHONE, phonePage, thumbnails } from './browser.ts';
import { interactionsOf, interactionToNextPaint, type WarmPage } from './figures.ts';

/** Runs `action`, marked as `label` in the page first, so that its interactions carry the label. */
type Act = (label: string, action: () => Promise<unknown>) => Promise<void>;

/** What a visitor does on a warm page: a series of taps and keys, each labelled by the kind of interaction. */
interface Series {
  page: string;
  use: (page: Page, act: Act) => Promise<void>;
}

/** `action` on the list, then until the address has left its search, the list is not loading and that is drawn. */
async function changeList(page: Page, act: Act, label: string, action: () => Promise<unknown>): Promise<void> {
  const search = await page.evaluate(() => window.location.search);
  await act(label, action);
  await page.waitForFunction(
    (before) => window.location.search !== before && !document.querySelector('.results[aria-busy="true"]'),
    search,
    { polling: 100 },
  );
  await nextFrames(page);
}

/** The list's, the home page's, the gallery's and the search dialog's series. */
export function warmSeries(listPath: string, galleryPath: string): Series[] {
  return [
    {
      page: listPath,
      use: async (page, act) => {
        const boxes = page.locator(FILTER_BOXES);
        const summary = page.locator(`${FILTER_PANEL} > summary`);
        if (await summary.isVisible()) await act('filter panel', () => summary.tap());
        for (const box of [boxes.nth(0), boxes.nth(1), boxes.nth(0)]) await changeList(page, act, 'filter box', () => box.tap());
        const sort = page.locator('form[data-list-sort] select');
        if ((await sort.count()) > 0) {
          await sort.focus();
          // A closed select takes the arrow keys as a choice (the phone's picker is the browser's, not the page's).
          await changeList(page, act, 'sort', () => page.keyboard.press('ArrowDown'));
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

/** `pagePath` loaded, and then the network quiet. */
async function visit(page: Page, pagePath: string): Promise<void> {
  await page.goto(pagePath, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
}

/** One warm run: every page used once to fill the cache, then each visited again and used, its interactions read. */
export async function warmRun(browser: Browser, origin: string, series: readonly Series[]): Promise<WarmPage[]> {
  const { page, close } = await phonePage(browser, origin);
  try {
    const unmarked: Act = async (_label, action) => {
      await action();
    };
    for (const { page: pagePath, use } of series) {
      await visit(page, pagePath);
      await use(page, unmarked);
    }
    const pages: WarmPage[] = [];
    for (const { page: pagePath, use } of series) {
      await visit(page, pagePath);
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
