/**
 * Menu anchors: every home section the header links to lands just under the
 * sticky header, from the home and from another page (the second variants of two anchors too: each one's
 * section and heading are tests/html/home.test.ts), after the carousels have started; and no
 * carousel or slideshow moves the sections when it starts (their positions without JavaScript, the
 * server HTML, equal those once every carousel on the page has started).
 */
import { expect, type Page, test } from '@playwright/test';

/** The section ids the header's menu links to (`/#noticias` → `noticias`), in menu order. */
async function menuAnchors(page: Page): Promise<string[]> {
  // The header's links, in the desktop menu and the drawer alike (one of them is hidden at each width).
  const hrefs = await page
    .locator('.site-header a[href^="/#"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs.map((href) => href.slice(2)))];
}

/** Scrolls the whole page in viewport steps, so every carousel starts (when it comes into view), then waits for them. */
async function hydrateAll(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Two frames and a little more at each stop: the observers see every carousel pass, also on a busy machine.
    // A step of a whole viewport leaves no part of the page unseen, and the carousels start 200 px before they
    // come into view (enhancements.ts).
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const step = async () => {
      await frame();
      await frame();
      await new Promise((resolve) => setTimeout(resolve, 60));
    };
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await step();
    }
  });
  await expect(page.locator('[data-carousel-pending]')).toHaveCount(0, { timeout: 20_000 });
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

/**
 * Waits until the page is still (the scroll and the section's place the same over several frames: late
 * layout, a section drawn as it comes into view), then where the section sits. Frames, not a fixed sleep:
 * a page that is still at once is read at once; one that keeps moving is read once it stops, or fails.
 */
async function landing(page: Page, id: string) {
  return page.evaluate(async (target) => {
    const section = () => document.getElementById(target)?.getBoundingClientRect().top ?? Number.NaN;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    let last = '';
    let still = 0;
    for (let round = 0; still < 6 && round < 300; round += 1) {
      await frame();
      const now = `${window.scrollY} ${section()}`;
      still = now === last ? still + 1 : 0;
      last = now;
    }
    const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
    const atBottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    return { id: target, gap: Math.round(section() - header), atBottom };
  }, id);
}

const underHeader = (spot: { gap: number; atBottom: boolean }) => spot.gap >= 0 && (spot.atBottom || spot.gap <= 32);

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('every menu anchor lands its section just under the header, arriving from another page', async ({ page, context }) => {
      test.slow();
      await page.goto('/about');
      const menu = await menuAnchors(page);
      // The menu leads to the list pages; the experiences, which have none, to their home section.
      expect(menu).toContain('experiencias');
      // The second variants of two anchors (an earlier menu's, still in shared links: src/lib/entities.ts) land too.
      const anchors = [...menu, 'promocoes', 'provedores'];
      // A new document for each anchor, as when the visitor comes from another page (not a same-page hash change),
      // each in its own tab: the waits for the network and for stillness are timers, so the tabs wait side by side.
      const spots = await Promise.all(
        anchors.map(async (id) => {
          const tab = await context.newPage();
          await tab.goto(`/#${id}`);
          await tab.waitForLoadState('networkidle');
          const spot = await landing(tab, id);
          await tab.close();
          return spot;
        }),
      );
      expect(spots.filter((spot) => !underHeader(spot))).toEqual([]);
    });

    test('starting the carousels and the slideshow moves no section of the home; then every menu anchor tapped lands its section just under the header', async ({
      page,
      browser,
    }) => {
      test.slow();
      // Sections out of sight keep an estimated size until they are first rendered
      // (content-visibility: auto); laid out in full, both pages compare their real layout.
      const positions = (target: Page) =>
        target.evaluate(() => {
          for (const section of document.querySelectorAll<HTMLElement>('.home-section')) {
            section.style.contentVisibility = 'visible';
          }
          return Array.from(document.querySelectorAll('main section[id], main [id].home-section')).map((section) => ({
            id: section.id,
            top: section.getBoundingClientRect().top + window.scrollY,
          }));
        });
      const context = await browser.newContext({ javaScriptEnabled: false, viewport });
      const serverHtml = await context.newPage();
      await serverHtml.goto('/');
      // As first drawn with JavaScript: the head's inline script marks html.js before the first paint (the phone's
      // podcast shows three episodes from the start), so that is no move of hydration.
      await serverHtml.evaluate(() => document.documentElement.classList.add('js'));
      const before = await positions(serverHtml);
      await context.close();

      await page.goto('/');
      await page.waitForLoadState('networkidle');
      await hydrateAll(page);

      await test.step('every menu anchor tapped, carousels started and sliding, lands its section just under the header', async () => {
        const anchors = await menuAnchors(page);
        // As a visitor does it: in the drawer on a phone; on a laptop the menu's own items and sub-menu items.
        const isPhone = viewport.width < 1280;
        const spots = [];
        for (const id of anchors) {
          const scope = page.locator(isPhone ? '.site-header details.drawer' : '.site-header .menu-desktop');
          const link = scope.locator(`a[href="/#${id}"]`).first();
          if (isPhone) await scope.locator('summary').first().click();
          else if (!(await link.isVisible())) {
            await scope
              .locator('details', { has: page.locator(`a[href="/#${id}"]`) })
              .locator('summary')
              .click();
          }
          await link.click();
          spots.push(await landing(page, id));
        }
        expect(spots.filter((spot) => !underHeader(spot))).toEqual([]);
      });

      // Measured last: laying every section out in full (positions) would leave no section for the taps to draw late.
      await test.step('no section moved from where the server HTML put it', async () => {
        expect(before.length).toBeGreaterThan(5);
        // Sub-pixel differences are the photos' rounding (a loaded encode's own ratio for its width and height attributes).
        const after = await positions(page);
        expect(after.map((section) => section.id)).toEqual(before.map((section) => section.id));
        const moved = after.filter((section, index) => Math.abs(section.top - (before[index]?.top ?? 0)) >= 1);
        expect(moved, `before: ${JSON.stringify(before)}`).toEqual([]);
      });
    });
  });
}
