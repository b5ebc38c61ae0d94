/**
 * The header's menus as a visitor uses them (points 2 and 6): the phone drawer and the
 * desktop sub-menus open by tap, close by choosing an item (also one on this same page), by Escape
 * (focus back on the toggle) and by a tap outside; one sub-menu open at a time; the site name keeps
 * its room on the desktop bar. The open drawer leads to every list in one tap, the browser's
 * Back closes it and the visitor stays on the page, and closing it otherwise leaves no history entry behind.
 */
import { expect, type Page, test } from '@playwright/test';
import { ENTITIES } from '../../src/lib/entities.ts';
import { KIND_ORDER } from '../../src/lib/kinds.ts';

const banner = (page: Page) => page.getByRole('banner');

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

test.describe('the phone menu and Back (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** The position in the tab's history (Chromium's Navigation API), which a closed menu must leave as it found it. */
  const historyIndex = (page: Page) =>
    page.evaluate(() => (window as unknown as { navigation: { currentEntry: { index: number } } }).navigation.currentEntry.index);

  /** Opens the drawer, once its module listens (the drawer's entry is pushed once it is open). */
  async function openDrawer(page: Page) {
    const drawer = banner(page).locator('details.drawer');
    const before = await historyIndex(page);
    await drawer.locator('summary').click();
    await expect(drawer).toHaveAttribute('open', '');
    await expect.poll(() => historyIndex(page)).toBe(before + 1);
    return drawer;
  }

  test('the open drawer leads to every list, each named as its page is', async ({ page }) => {
    await page.goto('/about');
    const drawer = await openDrawer(page);
    const nav = drawer.getByRole('navigation', { name: 'Menu' });
    for (const kind of KIND_ORDER) {
      const { listName, listPath } = ENTITIES[kind];
      const link = nav.getByRole('link', { name: listName, exact: true });
      // Shown at once, no sub-menu to open first.
      await expect(link, listName).toBeVisible();
      await expect(link, listName).toHaveAttribute('href', listPath);
    }
    for (const [name, href] of [
      ['Experiências', '/#experiencias'],
      ['Notícias', '/news'],
      ['Promoções', '/promocoes'],
      ['Início', '/'],
    ] as const) {
      await expect(nav.getByRole('link', { name, exact: true }), name).toHaveAttribute('href', href);
    }
    // The four main lists a visitor plans with, among them.
    for (const path of ['/all-tours', '/all-accommodation', '/all-restaurants', '/all-events']) {
      await expect(nav.locator(`a[href="${path}"]`), path).toBeVisible();
    }
  });

  test('Back closes the drawer and the visitor stays on the page; closed by its button or Escape, Back leaves the page as before', async ({
    page,
  }) => {
    await page.goto('/about');
    await page.goto('/all-tours');
    // A mark on this very document: a new load of the page would not have it.
    await page.evaluate(() => Object.assign(window, { visitMark: 'still here' }));
    const start = await historyIndex(page);

    const drawer = await openDrawer(page);
    await page.goBack();
    await expect(drawer).not.toHaveAttribute('open', '');
    await expect(page).toHaveURL(/\/all-tours$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Passeios' })).toBeVisible();
    // The same page, not a new load of it.
    expect(await page.evaluate(() => (window as unknown as { visitMark?: string }).visitMark)).toBe('still here');
    expect(await historyIndex(page)).toBe(start);

    // Closed by its button (the toggle), then by Escape: the history is where it was each time.
    await openDrawer(page);
    await drawer.locator('summary').click();
    await expect(drawer).not.toHaveAttribute('open', '');
    await expect.poll(() => historyIndex(page)).toBe(start);
    await openDrawer(page);
    await page.keyboard.press('Escape');
    await expect(drawer).not.toHaveAttribute('open', '');
    await expect.poll(() => historyIndex(page)).toBe(start);
    // So Back leaves the page, as it would had the drawer never opened.
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
  });

  test('a list chosen in the drawer opens, and Back from it comes to the page the visitor left, in one step', async ({
    page,
  }) => {
    await page.goto('/about');
    const start = await historyIndex(page);
    const drawer = await openDrawer(page);
    await drawer.getByRole('link', { name: ENTITIES.restaurant.listName, exact: true }).click();
    await expect(page).toHaveURL(/\/all-restaurants$/);
    await expect(page.getByRole('heading', { level: 1, name: ENTITIES.restaurant.listName })).toBeVisible();
    expect(await historyIndex(page)).toBe(start + 1);
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    await expect(banner(page).locator('details.drawer')).not.toHaveAttribute('open', '');
  });

  test('without JavaScript the drawer still opens and leads to the lists', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/about');
    const drawer = banner(page).locator('details.drawer');
    await drawer.locator('summary').click();
    await expect(drawer).toHaveAttribute('open', '');
    await drawer.getByRole('link', { name: ENTITIES.event.listName, exact: true }).click();
    await expect(page).toHaveURL(/\/all-events$/);
    await context.close();
  });
});

for (const width of [1280, 1440]) {
  test.describe(`desktop header at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('keeps the site name on at most two lines; one sub-menu open at a time, closed by Escape and outside click', async ({
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
      const promos = menu.locator('details', { has: page.getByText('O que fazer', { exact: true }) });
      const providers = menu.locator('details', { has: page.getByText('Quem contratar', { exact: true }) });
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
    });
  });
}

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
