/**
 * Saved places offline: a tour saved from /all-tours, never opened, opens
 * with the network off, photo and styles included; /favoritos works offline and says which items are
 * kept; removing the favourite deletes its kept copies.
 */
import { expect, type Page, test } from '@playwright/test';
import { SAVED_CACHE } from '../../src/lib/offline.ts';
import { savedCard } from './support.ts';

const SAVE = 'Salvar nos favoritos: ';

test.use({ serviceWorkers: 'allow' });

/** Whether the saved-places cache holds `url` (a site path). */
const isKept = (page: Page, url: string) =>
  page.evaluate(async ([name, path]) => Boolean(await (await caches.open(name)).match(new URL(path, location.href).href)), [
    SAVED_CACHE,
    url,
  ] as const);

test('a tour saved from the list opens offline; /favoritos works offline; removing it releases its copy', async ({
  page,
  context,
}) => {
  await page.goto('/all-tours');
  const heart = page.getByRole('button', { name: new RegExp(`^${SAVE}`) }).first();
  await expect(heart).toBeVisible();
  const saved = await savedCard(heart);
  const { title, path } = saved;
  const photo = (await saved.card.locator('picture img').getAttribute('src')) ?? '';
  expect(path).toMatch(/^\/tour\//);
  await heart.click();
  await expect(page.getByRole('button', { name: `Remover dos favoritos: ${title}`, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The worker keeps the page and the card's photo without the visitor opening the page.
  const keptNow = async () => [await isKept(page, path), await isKept(page, photo), await isKept(page, '/favoritos')];
  await expect.poll(keptNow, { timeout: 20_000 }).toEqual([true, true, true]);

  await context.setOffline(true);
  const response = await page.goto(path);
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('header').first()).toHaveCSS('position', 'sticky');
  const hero = page.locator('main img').first();
  await expect.poll(() => hero.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

  await page.goto('/favoritos');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Meus favoritos' })).toBeVisible();
  const card = main.getByRole('listitem').filter({ hasText: title });
  await expect(card.getByText('Disponível sem internet', { exact: true })).toBeVisible();
  await expect
    .poll(() => card.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);

  await context.setOffline(false);
  await main.getByRole('button', { name: `Remover ${title} dos favoritos` }).click();
  await expect(main.getByRole('heading', { name: 'Nenhum favorito salvo' })).toBeVisible();
  // /favoritos itself stays kept, and the page is no longer served from the saved copies offline.
  await expect.poll(keptNow, { timeout: 20_000 }).toEqual([false, false, true]);
  await context.setOffline(true);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Você está offline');
  await context.setOffline(false);
});
