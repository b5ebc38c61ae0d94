/**
 * Save-Data: with `navigator.connection.saveData`, nothing plays by itself and no photo
 * beyond the first of a slideshow or a gallery is drawn or fetched; every photo stays one tap away
 * in the gallery's lightbox. Without it the page is unchanged.
 */
import { expect, type Page, test } from '@playwright/test';
import { candidateUrls, turnOnSaveData } from './support.ts';

const START = new Date('2026-11-21T10:00:00-04:00');

/** Every image URL the page requests from now on. */
function imageRequests(page: Page): Set<string> {
  const urls = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'image') urls.add(request.url());
  });
  return urls;
}

test.describe('Save-Data', () => {
  test('home: the hero draws its first photo only, fetches no other, and does not play by itself', async ({ page }) => {
    await turnOnSaveData(page);
    const requested = imageRequests(page);
    await page.clock.install({ time: START });
    await page.clock.pauseAt(new Date(START.getTime() + 1000));
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/(^|\s)save-data(\s|$)/);
    const hero = page.getByRole('region', { name: 'Barra do Bugres – MT', exact: true });
    await expect(hero.locator('#slide-1 img')).toBeVisible();
    await expect(hero.locator('#slide-2')).toBeHidden();
    await expect(hero.getByRole('navigation', { name: 'Escolher foto' })).toBeHidden();

    // Nothing moves by itself, so nothing is ever due: the controls' island (whose dots are hidden here) does not
    // come unasked, and the strip keeps its first photo.
    await hero.locator('[data-slideshow]').focus();
    await page.clock.runFor(24_000);
    await expect(hero.locator('#slide-1 img')).toBeInViewport({ ratio: 0.9 });
    await expect(hero.locator('a[data-slide-dot]')).toHaveCount(6);
    await expect(hero.locator('.slide-dots')).toHaveCount(0);

    await page.waitForLoadState('networkidle');
    const others = await candidateUrls(page, '[data-slideshow-track] > li:not(:first-child) :is(img, source)');
    expect(others.length).toBeGreaterThan(0);
    expect(others.filter((url) => requested.has(url))).toEqual([]);
    expect([...requested].some((url) => url.includes('/_astro/') || url.includes('/images/'))).toBe(true);
  });

  test('detail: the gallery shows its first photo and says the others are one tap away, in the lightbox', async ({ page }) => {
    await turnOnSaveData(page);
    const requested = imageRequests(page);
    await page.goto('/tour/101');
    const gallery = page.getByRole('region', { name: 'Galeria de fotos' });
    await gallery.scrollIntoViewIfNeeded();
    const thumbs = gallery.locator('[data-gallery] > li');
    await expect(thumbs.first()).toBeVisible();
    for (let index = 1; index < (await thumbs.count()); index += 1) await expect(thumbs.nth(index)).toBeHidden();
    await page.waitForLoadState('networkidle');
    const hidden = await candidateUrls(page, '[data-gallery] > li:not(:first-child) :is(img, source)');
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.filter((url) => requested.has(url))).toEqual([]);
    const hint = await gallery
      .locator('[data-gallery]')
      .evaluate((list) => getComputedStyle(list, '::after').getPropertyValue('content'));
    expect(hint).toContain('Economia de dados ativa');

    await gallery.locator('[data-gallery] a').first().click();
    const dialog = page.getByRole('dialog', { name: /^Fotos: / });
    await expect(dialog.getByText('1 / 9')).toBeVisible();
    await dialog.getByRole('button', { name: 'Próxima foto' }).click();
    await expect(dialog.getByText('2 / 9')).toBeVisible();
  });

  test('without Save-Data the page is unchanged: every thumbnail drawn, the hero plays', async ({ page }) => {
    await page.clock.install({ time: START });
    await page.clock.pauseAt(new Date(START.getTime() + 1000));
    await page.goto('/');
    await expect(page.locator('html')).not.toHaveClass(/(^|\s)save-data(\s|$)/);
    await page.clock.runFor(5100);
    await expect(page.locator('.slide-dots')).toHaveAttribute('data-slideshow-state', 'playing');

    await page.goto('/tour/101');
    const thumbs = page.getByRole('region', { name: 'Galeria de fotos' }).locator('[data-gallery] > li:not(.more)');
    await expect(thumbs).toHaveCount(6);
    for (let index = 0; index < 6; index += 1) await expect(thumbs.nth(index)).toBeVisible();
  });
});
