/**
 * The visitor's guide in a browser. In the trip kit: once a place is saved, the worker keeps the guide too
 * (src/service-worker/sw.ts, downloadGuide), in Portuguese and in the browser's language when the guide has it, and
 * not in another; with the network off, the guide's pages open, their links between each other and to the Spanish
 * version work, and a number is a link to call. And the accessibility sweep of its page and of a language's home,
 * at each width. What the guide's pages say: tests/integration/visitor-guide.test.ts.
 */
import { expect, type Page, test } from '@playwright/test';
import { GUIDE_PATH, SAVED_CACHE } from '../../src/lib/offline.ts';
import { expectNoSeriousA11yViolations, savedCard, WIDTHS } from './support.ts';

for (const { name, width, height } of WIDTHS) {
  test(`a page of the guide and the Spanish home have no serious accessibility violation at ${name} width`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/guia/como-chegar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Como chegar');
    await expectNoSeriousA11yViolations(page);
    await page.goto('/es');
    await expect(page.getByRole('navigation', { name: 'Idiomas' }).getByRole('link', { name: 'Português' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test.describe('offline', () => {
  // A visitor whose phone is in Spanish: the Spanish guide goes with the Portuguese one.
  test.use({ serviceWorkers: 'allow', locale: 'es-ES' });

  /** Whether the saved-places cache holds the page at `path`. */
  const isKept = (page: Page, path: string) =>
    page.evaluate(async ([name, url]) => Boolean(await (await caches.open(name)).match(new URL(url, location.href).href)), [
      SAVED_CACHE,
      path,
    ] as const);

  test('the guide goes with a saved place, and is read offline, in Portuguese and in the phone’s language', async ({
    page,
    context,
  }) => {
    await page.goto('/all-tours');
    const heart = page.getByRole('button', { name: /^Salvar nos favoritos: / }).first();
    await savedCard(heart);
    await heart.click();

    const kept = async () =>
      Promise.all(
        [GUIDE_PATH, '/guia/como-chegar', '/guia/telefones-uteis', '/es/guia', '/es/guia/como-chegar', '/en/guia'].map((path) =>
          isKept(page, path),
        ),
      );
    // English is not the phone's language: its guide stays on the site.
    await expect.poll(kept, { timeout: 30_000 }).toEqual([true, true, true, true, true, false]);

    await context.setOffline(true);
    const response = await page.goto(GUIDE_PATH);
    expect(response?.fromServiceWorker()).toBe(true);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Guia do visitante');

    await main.getByRole('navigation', { name: 'Neste guia' }).getByRole('link', { name: 'Como chegar' }).click();
    await expect(page).toHaveURL(/\/guia\/como-chegar$/);
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Como chegar');
    await expect(main.getByRole('heading', { level: 2, name: 'De ônibus' })).toBeVisible();
    await expect(main.getByRole('link', { name: '(65) 3361-1234' })).toHaveAttribute('href', 'tel:+556533611234');

    await page.getByRole('navigation', { name: 'Idiomas' }).getByRole('link', { name: 'Español' }).click();
    await expect(page).toHaveURL(/\/es\/guia\/como-chegar$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Cómo llegar');

    // A page of the guide the trip kit did not keep says so, at its own address.
    await page.goto('/en/guia');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Você está offline');
    await context.setOffline(false);
  });
});
