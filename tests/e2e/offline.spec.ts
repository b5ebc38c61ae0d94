/**
 * Offline: the service worker keeps the pages a visitor opened, with their images and
 * stylesheets, and serves them when the network is gone; a page never opened shows the Portuguese
 * offline notice at its own address, not the browser's error page.
 */
import { expect, type Page, test } from '@playwright/test';

/** Waits until the service worker controls the page and has kept `path`. */
async function waitUntilKept(page: Page, path: string): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(async (url) => Boolean(await caches.match(url)), path), { timeout: 15_000 }).toBe(true);
}

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a visited page comes from the service worker with the network off, images and styles included', async ({
    page,
    context,
  }) => {
    await page.goto('/tour/101');
    const title = await page.getByRole('heading', { level: 1 }).textContent();
    await waitUntilKept(page, '/tour/101');

    await context.setOffline(true);
    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title ?? '');
    // The stylesheet came along: the header is laid out, not a bare list.
    await expect(page.locator('header').first()).toHaveCSS('position', 'sticky');
    // The hero photo (the LCP image) is drawn from the cache.
    const hero = page.locator('img[fetchpriority="high"]').first();
    await expect.poll(() => hero.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await context.setOffline(false);
  });

  test('a page never visited shows "Você está offline" at its own address, and works again once online', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await waitUntilKept(page, '/');
    await context.setOffline(true);

    const response = await page.goto('/about');
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Você está offline' })).toBeVisible();
    await expect(page.getByText('Esta página ainda não foi salva neste aparelho')).toBeVisible();
    // The offline page is styled too: the shell's stylesheet was kept when the worker was installed.
    await expect(page.locator('header').first()).toHaveCSS('position', 'sticky');

    await context.setOffline(false);
    await page.getByRole('link', { name: 'Tentar de novo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sobre o portal' })).toBeVisible();
  });

  test('online, a kept page is fetched again from the network, never served from the cache', async ({ page }) => {
    await page.goto('/all-tours');
    await waitUntilKept(page, '/all-tours');
    const kept = await page.evaluate(async () => (await caches.match('/all-tours'))?.headers.get('date') ?? '');
    expect(kept).not.toBe('');
    // HTTP dates count seconds: a copy from the cache would carry the kept date, a fresh answer a later one.
    await page.waitForTimeout(1_100);
    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    expect(Date.parse((await response?.headerValue('date')) ?? '')).toBeGreaterThan(Date.parse(kept));
  });
});
