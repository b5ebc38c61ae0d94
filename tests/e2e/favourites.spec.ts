/**
 * Favourites: the heart on cards and detail pages saves the item in localStorage through
 * `$favourites`; the choice survives a reload, shows on /favoritos ('Meus favoritos'), can be
 * removed there, and follows the visitor across tabs. Without JavaScript no heart is shown.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, holdResponses, requestedPaths, WIDTHS } from './support.ts';

const SAVE = 'Salvar nos favoritos: ';

/** The first card heart of the page (shown once the favourites module has run) and its item's title. */
async function firstCardHeart(page: Page) {
  const heart = page.getByRole('button', { name: new RegExp(`^${SAVE}`) }).first();
  await expect(heart).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  const title = ((await heart.getAttribute('aria-label')) ?? '').slice(SAVE.length);
  expect(title).not.toBe('');
  return { heart, title };
}

for (const { name, width, height } of WIDTHS) {
  test.describe(`favourites at ${name} width`, () => {
    test.use({ viewport: { width, height } });

    test('a card heart survives a reload, lists the item on /favoritos, and removing it works', async ({ page }) => {
      await page.goto('/all-tours');
      const { heart, title } = await firstCardHeart(page);
      await heart.click();
      const saved = page.getByRole('button', { name: `Remover dos favoritos: ${title}`, exact: true });
      await expect(saved).toHaveAttribute('aria-pressed', 'true');

      await page.reload();
      await expect(page.getByRole('button', { name: `Remover dos favoritos: ${title}`, exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );

      await page.goto('/favoritos');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'Meus favoritos' })).toBeVisible();
      await expect(main.getByText('1 item salvo')).toBeVisible();
      const link = main.getByRole('link', { name: title, exact: true });
      await expect(link).toHaveAttribute('href', /^\/tour\/[^/]+$/);
      await expect(main.getByText('Passeio', { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await main.getByRole('button', { name: `Remover ${title} dos favoritos` }).click();
      const empty = main.getByRole('heading', { name: 'Nenhum favorito salvo' });
      await expect(empty).toBeVisible();
      await expect(empty).toBeFocused();
      await expect(main.getByRole('link', { name: 'Explorar passeios e atrativos' })).toHaveAttribute('href', '/all-tours');
      await expectNoSeriousA11yViolations(page);

      await page.reload();
      await expect(main.getByRole('heading', { name: 'Nenhum favorito salvo' })).toBeVisible();
      await page.goto('/all-tours');
      await expect(page.getByRole('button', { name: `${SAVE}${title}`, exact: true })).toHaveAttribute('aria-pressed', 'false');
    });

    test('the detail page heart saves the item; its card elsewhere shows it saved', async ({ page }) => {
      await page.goto('/restaurant/301');
      const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
      const heart = page.getByRole('button', { name: 'Salvar nos favoritos', exact: true });
      await expect(heart).toBeVisible();
      await heart.click();
      await expect(page.getByRole('button', { name: 'Remover dos favoritos', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expectNoSeriousA11yViolations(page);

      await page.goto('/all-restaurants');
      await expect(page.getByRole('button', { name: `Remover dos favoritos: ${title}`, exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );

      await page.goto('/favoritos');
      await expect(page.getByRole('main').getByRole('link', { name: title, exact: true })).toHaveAttribute(
        'href',
        '/restaurant/301',
      );
    });
  });
}

test.describe('/favoritos runs its island only for a saved list', () => {
  test("with nothing saved: the empty state, the list's island not loaded; with a saved list: 'Carregando…' until it is drawn", async ({
    page,
  }) => {
    const requested = requestedPaths(page);
    // The island runtime (React) may come ahead once the page is idle, for the header's search entry (an island on every
    // page); the list's own island waits for something saved.
    const code = () => requested.filter((file) => /\/FavouritesList[.-][^/]*$/.test(file));
    await page.goto('/favoritos');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Nenhum favorito salvo' })).toBeVisible();
    await expect(main.getByText('aparecem aqui quando o JavaScript')).toBeHidden();
    await page.waitForLoadState('networkidle');
    expect(code()).toEqual([]);
    await expect(main.locator('astro-island[client="stored"]')).toHaveAttribute('ssr', '');

    const { heart, title } = await (async () => {
      await page.goto('/all-tours');
      return firstCardHeart(page);
    })();
    await heart.click();
    const { release } = await holdResponses(page, /\/_astro\/FavouritesList\./);
    await page.goto('/favoritos');
    await expect(main.getByText('Carregando seus favoritos…')).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Nenhum favorito salvo' })).toBeHidden();
    release();
    await expect(main.getByRole('link', { name: title, exact: true })).toBeVisible();
    await expect(main.getByText('Carregando seus favoritos…')).toBeHidden();

    // Removing the last one brings the empty state back (the island no longer waits for anything).
    await main.getByRole('button', { name: `Remover ${title} dos favoritos` }).click();
    await expect(main.getByRole('heading', { name: 'Nenhum favorito salvo' })).toBeVisible();
  });
});

test('two tabs stay in sync', async ({ context }) => {
  const list = await context.newPage();
  const favourites = await context.newPage();
  await list.goto('/all-accommodation');
  await favourites.goto('/favoritos');
  await expect(favourites.getByRole('heading', { name: 'Nenhum favorito salvo' })).toBeVisible();

  const { heart, title } = await firstCardHeart(list);
  await heart.click();
  await expect(favourites.getByRole('main').getByRole('link', { name: title, exact: true })).toBeVisible();

  await favourites.getByRole('button', { name: `Remover ${title} dos favoritos` }).click();
  await expect(list.getByRole('button', { name: `${SAVE}${title}`, exact: true })).toHaveAttribute('aria-pressed', 'false');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('no heart is shown and /favoritos explains why', async ({ page }) => {
    await page.goto('/all-tours');
    await expect(page.locator('button[data-favourite]').first()).toBeHidden();
    await expect(page.getByRole('button', { name: /favoritos/ })).toHaveCount(0);
    await page.goto('/tour/101');
    await expect(page.getByRole('button', { name: /favoritos/ })).toHaveCount(0);
    await page.goto('/favoritos');
    await expect(page.getByText('aparecem aqui quando o JavaScript do navegador está ativado')).toBeVisible();
  });
});
