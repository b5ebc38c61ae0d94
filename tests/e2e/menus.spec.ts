/**
 * The header's menus as a visitor uses them (points 2 and 6): the phone drawer and the
 * desktop sub-menus open by tap, close by choosing an item (also one on this same page), by Escape
 * (focus back on the toggle) and by a tap outside; one sub-menu open at a time; the site name keeps
 * its room on the desktop bar.
 */
import { expect, type Page, test } from '@playwright/test';

const banner = (page: Page) => page.getByRole('banner');

test.describe('phone drawer', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('closes on a same-page item, Escape and a tap on its backdrop; Escape gives the toggle the focus', async ({ page }) => {
    await page.goto('/');
    const drawer = banner(page).locator('details.drawer');
    const toggle = drawer.locator('summary');

    await toggle.click();
    await expect(drawer).toHaveAttribute('open', '');
    await drawer.getByRole('link', { name: 'Notícias', exact: true }).click();
    await expect(drawer).not.toHaveAttribute('open', '');
    await expect(page).toHaveURL(/#noticias$/);

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
      const promos = menu.locator('details', { has: page.getByText('Promoções', { exact: true }) });
      const providers = menu.locator('details', { has: page.getByText('Fornecedores', { exact: true }) });
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
