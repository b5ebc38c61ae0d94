/**
 * Favourites in Chromium: the heart on cards and detail pages saves the item in localStorage through
 * `$favourites`; the choice survives a reload, shows on /favoritos ('Meus favoritos'), whose island runs
 * only for a saved list, can be removed there, and follows the visitor across tabs; the accessibility
 * sweep of each state at both widths. Without JavaScript /favoritos explains why it is empty. What the
 * list does once drawn (counts, kinds, the focus after a removal, sharing) is
 * tests/components/FavouritesList.test.tsx; the hearts served hidden, tests/html/favourites.test.ts.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, holdResponses, requestedPaths, WIDTHS } from './support.ts';

const [PHONE, DESKTOP] = WIDTHS;
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

/**
 * The accessibility sweep at the desktop's width and the phone's, by resizing the page (the state stays),
 * ending at the phone's: the whole page, or only `within`, the part a visitor's action changed.
 */
async function sweepAtBothWidths(page: Page, within?: string): Promise<void> {
  for (const { width, height } of [DESKTOP, PHONE]) {
    await page.setViewportSize({ width, height });
    await expectNoSeriousA11yViolations(page, within);
  }
}

test.use({ viewport: { width: PHONE.width, height: PHONE.height } });

test('/favoritos runs its island only for a saved list; a card heart survives a reload, lists the item, and removing it works', async ({
  page,
}) => {
  const main = page.getByRole('main');
  const empty = main.getByRole('heading', { name: 'Nenhum favorito salvo' });

  await test.step("with nothing saved: the empty state, the list's island not loaded", async () => {
    const requested = requestedPaths(page);
    // The island runtime (React) may come ahead once the page is idle, for the header's search entry (an island on every
    // page); the list's own island waits for something saved.
    await page.goto('/favoritos');
    await expect(empty).toBeVisible();
    await expect(main.getByText('aparecem aqui quando o JavaScript')).toBeHidden();
    await page.waitForLoadState('networkidle');
    expect(requested.filter((file) => /\/FavouritesList[.-][^/]*$/.test(file))).toEqual([]);
    await expect(main.locator('astro-island[client="stored"]')).toHaveAttribute('ssr', '');
  });

  await page.goto('/all-tours');
  const { heart, title } = await firstCardHeart(page);
  const saved = page.getByRole('button', { name: `Remover dos favoritos: ${title}`, exact: true });

  await test.step('the heart is pressed, and still after a reload', async () => {
    await heart.click();
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
  });

  await test.step("/favoritos says 'Carregando…' until the list is drawn, then lists the item", async () => {
    const { release } = await holdResponses(page, /\/_astro\/FavouritesList\./);
    await page.goto('/favoritos');
    await expect(main.getByText('Carregando seus favoritos…')).toBeVisible();
    await expect(empty).toBeHidden();
    release();
    await expect(main.getByRole('heading', { level: 1, name: 'Meus favoritos' })).toBeVisible();
    await expect(main.getByText('1 item salvo')).toBeVisible();
    await expect(main.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', /^\/tour\/[^/]+$/);
    await expect(main.getByText('Passeio', { exact: true })).toBeVisible();
    await expect(main.getByText('Carregando seus favoritos…')).toBeHidden();
    await sweepAtBothWidths(page);
  });

  await test.step('removing the last one brings the empty state back, focused, also after a reload and on the list', async () => {
    await main.getByRole('button', { name: `Remover ${title} dos favoritos` }).click();
    await expect(empty).toBeVisible();
    await expect(empty).toBeFocused();
    await expect(main.getByRole('link', { name: 'Explorar passeios e atrativos' })).toHaveAttribute('href', '/all-tours');
    // The list's island is all that changed: the page around it was swept with the list.
    await sweepAtBothWidths(page, 'astro-island[client="stored"]');
    await page.reload();
    await expect(empty).toBeVisible();
    await page.goto('/all-tours');
    await expect(page.getByRole('button', { name: `${SAVE}${title}`, exact: true })).toHaveAttribute('aria-pressed', 'false');
  });
});

test('the detail page heart saves the item; its card elsewhere shows it saved', async ({ page }) => {
  await page.goto('/restaurant/301');
  const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  const heart = page.getByRole('button', { name: 'Salvar nos favoritos', exact: true });
  await expect(heart).toBeVisible();
  await heart.click();
  await expect(page.getByRole('button', { name: 'Remover dos favoritos', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // The pressed heart is what changed: the detail template is swept in tests/e2e/details.spec.ts.
  await sweepAtBothWidths(page, '.hero');

  await page.goto('/all-restaurants');
  await expect(page.getByRole('button', { name: `Remover dos favoritos: ${title}`, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.goto('/favoritos');
  await expect(page.getByRole('main').getByRole('link', { name: title, exact: true })).toHaveAttribute('href', '/restaurant/301');
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

  // No heart without JavaScript: each is served `hidden` (tests/html/favourites.test.ts); the note is shown by CSS.
  test('/favoritos explains that the favourites need JavaScript', async ({ page }) => {
    await page.goto('/favoritos');
    await expect(page.getByText('aparecem aqui quando o JavaScript do navegador está ativado')).toBeVisible();
  });
});
