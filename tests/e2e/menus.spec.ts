/**
 * The header's menus and the promotions banner under it as a visitor uses them (points 2 and 6), one page load
 * for several checks: the phone drawer and the desktop sub-menus open by tap or from the keyboard, close by
 * choosing an item (also one on this same page), by Escape (focus back on the toggle) and by a tap outside; the
 * open drawer says so, keeps Tab inside and leads to every list in one tap; one sub-menu open at a time; the site
 * name keeps its room on the desktop bar. The browser's Back closes the drawer and the visitor stays on the page,
 * and closing it otherwise leaves no history entry behind. The banner is one slim line, leads to the items on sale,
 * stays closed once closed, and without JavaScript stays with no dead button. Where each menu leads and what the
 * banner's link and /promocoes say: tests/html/menu.test.ts and tests/html/words.test.ts.
 */
import { expect, type Page, test } from '@playwright/test';
import { ENTITIES } from '../../src/lib/entities.ts';
import { KIND_ORDER } from '../../src/lib/kinds.ts';
import { PROMOTIONS_LINK } from '../../src/lib/navigation.ts';
import { boxOf, shareARow } from './support.ts';

const banner = (page: Page) => page.getByRole('banner');
const promoBanner = (page: Page) => page.getByRole('complementary', { name: 'Promoções' });

/** The promotions banner is slim: its words, its link and its close button on one line. */
async function expectSlimBanner(page: Page): Promise<void> {
  const promo = promoBanner(page);
  await expect(promo).toBeVisible();
  const words = await boxOf(promo.locator('p').filter({ visible: true }));
  const link = await boxOf(promo.getByRole('link', { name: /^Ver/ }));
  const close = await boxOf(promo.getByRole('button', { name: 'Fechar o aviso de promoções' }));
  expect(shareARow(words, link) && shareARow(words, close)).toBe(true);
  // The words in one line: no taller than the one-line link beside them (three lines would be three times its height).
  expect(words.height).toBeLessThan(link.height * 1.5);
}

test.describe('phone drawer', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('closes on a same-page item, Escape and a tap on its backdrop; Escape gives the toggle the focus', async ({ page }) => {
    await page.goto('/');
    const drawer = banner(page).locator('details.drawer');
    const toggle = drawer.locator('summary');

    await toggle.click();
    await expect(drawer).toHaveAttribute('open', '');
    await drawer.getByRole('link', { name: 'Experiências', exact: true }).click();
    await expect(drawer).not.toHaveAttribute('open', '');
    await expect(page).toHaveURL(/#experiencias$/);

    await toggle.click();
    await expect(drawer).toHaveAttribute('open', '');
    await page.keyboard.press('Escape');
    await expect(drawer).not.toHaveAttribute('open', '');
    await expect(toggle).toBeFocused();

    await toggle.click();
    // The page beside the panel is dimmed and a tap there closes the drawer, nothing under it is hit.
    const backdrop = await page.evaluate(() => {
      const hit = document.elementFromPoint(20, 500);
      return {
        isToggle: hit?.matches('details.drawer > summary') ?? false,
        color: getComputedStyle(hit ?? document.body, '::before').backgroundColor,
      };
    });
    expect(backdrop.isToggle).toBe(true);
    expect(backdrop.color).not.toBe('rgba(0, 0, 0, 0)');
    await page.mouse.click(20, 500);
    await expect(drawer).not.toHaveAttribute('open', '');
  });
});

test.describe('the phone menu, the keyboard and Back (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** The position in the tab's history (Chromium's Navigation API), which a closed menu must leave as it found it. */
  const historyIndex = (page: Page) =>
    page.evaluate(() => (window as unknown as { navigation: { currentEntry: { index: number } } }).navigation.currentEntry.index);

  /** Opens the drawer by a tap, once its module listens (the drawer's entry is pushed once it is open). */
  async function openDrawer(page: Page) {
    const drawer = banner(page).locator('details.drawer');
    const before = await historyIndex(page);
    await drawer.locator('summary').click();
    await expect(drawer).toHaveAttribute('open', '');
    await expect.poll(() => historyIndex(page)).toBe(before + 1);
    return drawer;
  }

  test('the banner is one slim line; the drawer opened from the keyboard says so, shows every list, keeps Tab inside and closes by Escape or its button leaving the history as it was; a list chosen opens, Back closes the drawer there, and Back from the list comes to the page the visitor left', async ({
    page,
  }) => {
    test.slow();
    await page.goto('/about');
    const start = await historyIndex(page);
    const drawer = banner(page).locator('details.drawer');
    const toggle = drawer.locator('summary');

    await test.step('the promotions banner is slim: its words, its link and its close button on one line', async () => {
      await expectSlimBanner(page);
    });

    await test.step('the drawer opened from the keyboard says so, shows every list at once and keeps Tab inside; Escape closes it back onto its button', async () => {
      await expect(toggle).toHaveAccessibleName('Abrir menu');
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(drawer).toHaveAttribute('open', '');
      await expect(toggle).toHaveAccessibleName('Fechar menu');
      await expect.poll(() => historyIndex(page)).toBe(start + 1);

      // Every list in one tap, shown at once, no sub-menu to open first (their names and addresses: tests/html/menu.test.ts).
      const nav = drawer.getByRole('navigation', { name: 'Menu' });
      for (const kind of KIND_ORDER) {
        await expect(nav.getByRole('link', { name: ENTITIES[kind].listName, exact: true }), kind).toBeVisible();
      }
      // The four main lists a visitor plans with, among them.
      for (const path of ['/all-tours', '/all-accommodation', '/all-restaurants', '/all-events']) {
        await expect(nav.locator(`a[href="${path}"]`), path).toBeVisible();
      }

      const stops = await drawer.evaluate(
        (details) =>
          [...details.querySelectorAll<HTMLElement>('summary, a[href], button:not([disabled]), input')].filter(
            (element) => element.getClientRects().length > 0,
          ).length,
      );
      expect(stops).toBeGreaterThan(5);
      // Once round the drawer and back to its button, never out to the page hidden behind it.
      for (let press = 1; press <= stops; press++) {
        await page.keyboard.press('Tab');
        expect(await drawer.evaluate((details) => details.contains(document.activeElement))).toBe(true);
      }
      await expect(toggle).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      expect(await drawer.evaluate((details) => details.contains(document.activeElement))).toBe(true);
      await expect(toggle).not.toBeFocused();

      await page.keyboard.press('Escape');
      await expect(drawer).not.toHaveAttribute('open', '');
      await expect(toggle).toBeFocused();
      await expect(toggle).toHaveAccessibleName('Abrir menu');
      // Closed by Escape, the history is where it was.
      await expect.poll(() => historyIndex(page)).toBe(start);
    });

    await test.step('closed by its button, the history is where it was', async () => {
      await openDrawer(page);
      await toggle.click();
      await expect(drawer).not.toHaveAttribute('open', '');
      await expect.poll(() => historyIndex(page)).toBe(start);
    });

    const { listName } = ENTITIES.restaurant;
    await test.step('a list chosen in the drawer opens, one step on in the history', async () => {
      await openDrawer(page);
      await drawer.getByRole('link', { name: listName, exact: true }).click();
      await expect(page).toHaveURL(/\/all-restaurants$/);
      await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
      expect(await historyIndex(page)).toBe(start + 1);
    });

    await test.step('Back closes the drawer and the visitor stays on the page', async () => {
      // A mark on this very document: a new load of the page would not have it.
      await page.evaluate(() => Object.assign(window, { visitMark: 'still here' }));
      await openDrawer(page);
      await page.goBack();
      await expect(drawer).not.toHaveAttribute('open', '');
      await expect(page).toHaveURL(/\/all-restaurants$/);
      await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
      // The same page, not a new load of it.
      expect(await page.evaluate(() => (window as unknown as { visitMark?: string }).visitMark)).toBe('still here');
      expect(await historyIndex(page)).toBe(start + 1);
    });

    await test.step('so Back from the list comes to the page the visitor left, in one step, as had the drawer never opened', async () => {
      await page.goBack();
      await expect(page).toHaveURL(/\/about$/);
      await expect(drawer).not.toHaveAttribute('open', '');
    });
  });
});

for (const width of [1280, 1440]) {
  test.describe(`desktop header at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test(`keeps the site name on at most two lines; one sub-menu open at a time, closed by Escape and outside click${width === 1280 ? '; from the keyboard too, Escape giving the focus back; the promotions banner on one slim line' : ''}`, async ({
      page,
    }) => {
      await page.goto('/about');
      const lines = await banner(page)
        .locator('.brand-name')
        .evaluate((name) =>
          Math.round(name.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(name).lineHeight)),
        );
      expect(lines).toBeLessThanOrEqual(2);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      const menu = banner(page).getByRole('navigation', { name: 'Menu principal' });
      const submenu = (label: string) => menu.locator('details', { has: page.getByText(label, { exact: true }) });
      const promos = submenu('O que fazer');
      const providers = submenu('Quem contratar');
      await promos.locator('summary').click();
      await expect(promos).toHaveAttribute('open', '');
      await providers.locator('summary').click();
      await expect(providers).toHaveAttribute('open', '');
      await expect(promos).not.toHaveAttribute('open', '');

      await page.keyboard.press('Escape');
      await expect(providers).not.toHaveAttribute('open', '');
      await expect(providers.locator('summary')).toBeFocused();

      await promos.locator('summary').click();
      await expect(promos).toHaveAttribute('open', '');
      await page.mouse.click(width / 2, 600);
      await expect(promos).not.toHaveAttribute('open', '');

      // What the keyboard does and how the banner is laid out do not change from 1280 px on.
      if (width !== 1280) return;
      for (const label of ['O que fazer', 'Quem contratar']) {
        await test.step(`Escape closes '${label}' opened from the keyboard, focus back on it`, async () => {
          const opened = submenu(label);
          await opened.locator('summary').focus();
          await page.keyboard.press('Enter');
          await expect(opened).toHaveAttribute('open', '');
          await page.keyboard.press('Escape');
          await expect(opened).not.toHaveAttribute('open', '');
          await expect(opened.locator('summary')).toBeFocused();

          // From inside the open sub-menu too.
          await page.keyboard.press('Enter');
          await page.keyboard.press('Tab');
          expect(await opened.evaluate((details) => details.contains(document.activeElement))).toBe(true);
          await page.keyboard.press('Escape');
          await expect(opened).not.toHaveAttribute('open', '');
          await expect(opened.locator('summary')).toBeFocused();
        });
      }
      await test.step('the promotions banner is slim: its words, its link and its close button on one line', async () => {
        await expectSlimBanner(page);
      });
    });
  });
}

test.describe('promotions banner at phone width (390 px)', () => {
  // Where it leads and how it stays closed do not depend on the width.
  test.use({ viewport: { width: 390, height: 844 } });

  test('leads to items on sale, and once closed stays closed on the next pages', async ({ page }) => {
    await page.goto('/about');
    await promoBanner(page).getByRole('link', { name: 'Ver promoções' }).click();
    await expect(page).toHaveURL(/\/promocoes$/);
    // The header's 'Promoções' (src/lib/navigation.ts) leads to this same page; every card on it shows its discount:
    // tests/html/words.test.ts.
    expect(new URL(page.url()).pathname).toBe(PROMOTIONS_LINK.href);
    // The URL changes as the page starts to come: its cards are there once the first is.
    await expect(page.getByRole('main').locator('article.item-card').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Passeios' })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    await promoBanner(page).getByRole('button', { name: 'Fechar o aviso de promoções' }).click();
    await expect(promoBanner(page)).toBeHidden();
    await expect(page.getByRole('main')).toBeFocused();
    await page.goto('/all-tours');
    await expect(promoBanner(page)).toBeHidden();
    // A new set of promotions (another signature) shows it again.
    await page.evaluate(() => localStorage.setItem('bb-promo-closed', 'older-promotions'));
    await page.reload();
    await expect(promoBanner(page)).toBeVisible();
  });
});

test('without JavaScript the promotions banner stays with no dead close button, at 1280 and 390 px, and the phone drawer still opens and leads to the lists', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/about');
  // Widest first, so no photo is fetched again; its link's address: tests/html/words.test.ts.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await expect(promoBanner(page), `${width} px`).toBeVisible();
    await expect(promoBanner(page).getByRole('button'), `${width} px`).toBeHidden();
    await expect(promoBanner(page).getByRole('link', { name: 'Ver promoções' }), `${width} px`).toBeVisible();
  }
  const drawer = banner(page).locator('details.drawer');
  await drawer.locator('summary').click();
  await expect(drawer).toHaveAttribute('open', '');
  await drawer.getByRole('link', { name: ENTITIES.event.listName, exact: true }).click();
  await expect(page).toHaveURL(/\/all-events$/);
  await context.close();
});

test.describe('a logo that fails to load', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('gives way to the site name, with no broken-image box', async ({ page }) => {
    await page.route('**/logo.svg', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/about');
    const brand = banner(page).locator('.brand');
    await expect(brand.locator('img')).toBeHidden();
    await expect(brand.locator('.brand-name')).toBeVisible();
  });
});
