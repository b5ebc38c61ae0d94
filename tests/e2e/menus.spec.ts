/**
 * The header's menus as a visitor uses them (issue 12, points 2 and 6): the phone drawer and the
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
