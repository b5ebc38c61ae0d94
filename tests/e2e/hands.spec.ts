/**
 * What a visitor's hands meet, at a phone's width (390 px) and a desktop's (1280 px): gestures on
 * the photo viewer (a swipe, the Back gesture, the page behind kept still), the keyboard in the
 * header's menus and through the home's carousels, the contact at hand on a detail page, 'Mais 3
 * fotos', the site search's answers and ranking, the lists without JavaScript, the promotions banner,
 * the home's podcast and 'Voltar ao topo'. The words the static pages say (a button, a price, the
 * footer's facts): tests/html/words.test.ts.
 */
import { expect, type Page, test } from '@playwright/test';
import { PROMOTIONS_LINK } from '../../src/lib/navigation.ts';
import { boxOf, isSameSize, shareARow } from './support.ts';

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

/** A finger's move from one point to another, as real touch events (Chromium's input pipeline, not synthetic DOM events). */
async function swipe(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let step = 1; step <= 6; step++) {
    const point = { x: from.x + ((to.x - from.x) * step) / 6, y: from.y + ((to.y - from.y) * step) / 6 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

for (const { name, width, height } of SIZES) {
  test.describe(`photo viewer at ${name} width (${width} px)`, () => {
    test.use({ viewport: { width, height }, hasTouch: true });

    /** /tour/101 has 9 photos; `from` the page the visitor came from (Back off the tour lands there). */
    async function openViewer(page: Page, from?: string) {
      if (from) await page.goto(from);
      await page.goto('/tour/101');
      const gallery = page.getByRole('region', { name: 'Galeria de fotos' });
      await gallery.scrollIntoViewIfNeeded();
      await gallery.locator('[data-gallery] a').first().click();
      const dialog = page.getByRole('dialog', { name: /^Fotos: / });
      await expect(dialog.getByText('1 / 9')).toBeVisible();
      return dialog;
    }

    test('a sideways swipe pages through the photos; an up-and-down one does not', async ({ page }) => {
      const dialog = await openViewer(page);
      const middle = { x: width / 2, y: height / 2 };
      await swipe(page, { x: middle.x + 120, y: middle.y }, { x: middle.x - 120, y: middle.y + 10 });
      await expect(dialog.getByText('2 / 9')).toBeVisible();
      await swipe(page, { x: middle.x + 120, y: middle.y }, { x: middle.x - 120, y: middle.y });
      await expect(dialog.getByText('3 / 9')).toBeVisible();
      await swipe(page, { x: middle.x - 120, y: middle.y }, { x: middle.x + 120, y: middle.y });
      await expect(dialog.getByText('2 / 9')).toBeVisible();
      await swipe(page, { x: middle.x, y: middle.y - 150 }, { x: middle.x + 20, y: middle.y + 150 });
      await expect(dialog.getByText('2 / 9')).toBeVisible();
    });

    test('Back closes the viewer and stays on the page; closed by its button, Back leaves the page as before', async ({
      page,
    }) => {
      const dialog = await openViewer(page, '/all-tours');
      await page.goBack();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/tour\/101$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      await page.getByRole('region', { name: 'Galeria de fotos' }).locator('[data-gallery] a').nth(2).click();
      await expect(dialog.getByText('3 / 9')).toBeVisible();
      await dialog.getByRole('button', { name: 'Fechar' }).click();
      await expect(dialog).toBeHidden();
      await page.goBack();
      await expect(page).toHaveURL(/\/all-tours$/);
    });

    test('the page behind stays still while the viewer is open', async ({ page }) => {
      await openViewer(page);
      const before = await page.evaluate(() => window.scrollY);
      await page.mouse.move(width / 2, height / 2);
      await page.mouse.wheel(0, 800);
      await swipe(page, { x: 20, y: height - 100 }, { x: 24, y: 120 });
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => window.scrollY)).toBe(before);
    });
  });
}

test.describe('keyboard in the header at phone width (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the open drawer says so, keeps Tab inside, and Escape closes it back onto its button', async ({ page }) => {
    await page.goto('/about');
    const drawer = page.getByRole('banner').locator('details.drawer');
    const toggle = drawer.locator('summary');
    await expect(toggle).toHaveAccessibleName('Abrir menu');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(drawer).toHaveAttribute('open', '');
    await expect(toggle).toHaveAccessibleName('Fechar menu');

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
  });
});

test.describe('keyboard in the header at desktop width (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const label of ['O que fazer', 'Quem contratar']) {
    test(`Escape closes '${label}' opened from the keyboard, focus back on it`, async ({ page }) => {
      await page.goto('/about');
      const menu = page.getByRole('navigation', { name: 'Menu principal' });
      const submenu = menu.locator('details', { has: page.getByText(label, { exact: true }) });
      await submenu.locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect(submenu).toHaveAttribute('open', '');
      await page.keyboard.press('Escape');
      await expect(submenu).not.toHaveAttribute('open', '');
      await expect(submenu.locator('summary')).toBeFocused();

      // From inside the open sub-menu too.
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      expect(await submenu.evaluate((details) => details.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(submenu).not.toHaveAttribute('open', '');
      await expect(submenu.locator('summary')).toBeFocused();
    });
  }
});

/** The home's carousels, each started (as they are once they come near the view, or at the first Tab). */
async function startCarousels(page: Page) {
  await page.keyboard.press('Tab');
  // Every carousel's island hydrates then, React fetched first if it was not ahead: slow on a loaded machine.
  await expect(page.locator('main [data-carousel-pending]')).toHaveCount(0, { timeout: 15_000 });
}

for (const { name, width, height } of SIZES) {
  test.describe(`tab stops of the home at ${name} width (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test('a carousel costs one card and its pause button, then Tab leaves for its list link; at most 120 stops in all', async ({
      page,
    }) => {
      await page.goto('/');
      await startCarousels(page);

      // Each stop's section, and whether it is in the section's carousel ('' outside a section; null once focus has
      // left the main content), logged by the page itself.
      await page.evaluate(() => {
        const stops: (string | null)[] = [];
        (window as unknown as { tabStops: typeof stops }).tabStops = stops;
        document.addEventListener('focusin', () => {
          const focused = document.activeElement;
          if (!focused || !document.querySelector('main')?.contains(focused)) {
            stops.push(null);
            return;
          }
          stops.push(`${focused.closest('section[id]')?.id ?? ''}${focused.closest('[data-carousel]') ? ' carousel' : ''}`);
        });
      });
      await page.locator('main').focus();
      const stopsSoFar = () => page.evaluate(() => (window as unknown as { tabStops: (string | null)[] }).tabStops.slice(1));
      // Tabs in rounds of 20, until focus leaves the main content (or 400 presses).
      for (let press = 0; press < 400 && !(await stopsSoFar()).includes(null); press += 20) {
        for (let step = 0; step < 20; step++) await page.keyboard.press('Tab');
      }
      const stops = await stopsSoFar();
      const left = stops.indexOf(null);
      const sections = (left === -1 ? stops : stops.slice(0, left)) as string[];
      const per = (id: string) => sections.filter((section) => section === id).length;
      // A carousel of many cards: its pause button and one card (its heart and its link).
      for (const id of ['tours', 'eventos', 'accommodations', 'restaurants']) {
        expect(per(`${id} carousel`), id).toBeLessThanOrEqual(3);
      }
      // Counted as the browser reaches them: what is there to reach, visible, inside the main content.
      const reachable = await page.evaluate(
        () =>
          [
            ...document.querySelectorAll<HTMLElement>(
              'main :is(a[href], button, input, select, textarea, summary, iframe, [tabindex])',
            ),
          ].filter(
            (element) =>
              element.tabIndex >= 0 &&
              !(element as HTMLButtonElement).disabled &&
              element.checkVisibility({ visibilityProperty: true }) &&
              !element.closest('details:not([open]) > :not(summary)'),
          ).length,
      );
      // It was 179 (desktop) and 186 (phone) stops on the sample's home when every card of a carousel was a stop (about 25 a carousel).
      expect(sections.length).toBeLessThanOrEqual(120);
      expect(reachable).toBeLessThanOrEqual(120);
    });

    test("the keyboard in a carousel: Tab lands on one card, → moves to the next card and turns the page, the next Tab reaches 'Ver mais'", async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      await startCarousels(page);
      const section = page.locator('section#restaurants');
      const cards = section.locator('[data-carousel-item]');
      const titleLink = (index: number) => cards.nth(index).locator('h3 a');
      const position = section.locator('[data-carousel-position]');
      const perView = width >= 768 ? 3 : 1;
      // The hearts come when the browser is idle (enhancements.ts).
      await expect(cards.nth(0).locator('button[data-favourite]')).toBeAttached();
      await expect(cards.nth(0).locator('button[data-favourite]')).not.toHaveAttribute('hidden');

      // From the section's heading area, Tab enters the carousel on its first card (its heart, then its link; under
      // reduced motion nothing slides, so there is no pause button).
      await section.locator('h2').evaluate((heading) => {
        heading.setAttribute('tabindex', '-1');
        heading.focus();
      });
      await page.keyboard.press('Tab');
      await expect(cards.nth(0).locator('button[data-favourite]')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(titleLink(0)).toBeFocused();

      // → moves to the next card, focus and tab stop alike; past the last card of a view the page turns.
      for (let step = 1; step <= perView; step++) {
        await page.keyboard.press('ArrowRight');
        await expect(titleLink(step)).toBeFocused();
      }
      await expect(position).toHaveText(/2 de \d+$/);
      await expect(cards.nth(perView)).toBeInViewport();
      await page.keyboard.press('ArrowLeft');
      await expect(titleLink(perView - 1)).toBeFocused();
      await page.keyboard.press('End');
      await expect(titleLink((await cards.count()) - 1)).toBeFocused();
      await page.keyboard.press('Home');
      await expect(titleLink(0)).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect(titleLink(1)).toBeFocused();

      // The next Tab leaves the carousel for the section's list link; Shift+Tab comes back to the card it left.
      await page.keyboard.press('Tab');
      const more = section.getByRole('link', { name: /^Ver mais/ });
      await expect(more).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await expect(titleLink(1)).toBeFocused();
    });

    test('a carousel that slides by itself has a pause button, before its cards for Tab', async ({ page }) => {
      await page.goto('/');
      await startCarousels(page);
      const section = page.locator('section#tours');
      await section.scrollIntoViewIfNeeded();
      const frame = section.locator('.carousel-frame');
      await expect(frame).toHaveAttribute('data-carousel-auto', 'running');
      const pause = section.getByRole('button', { name: 'Pausar: Passeios' });
      await expect(pause).toBeVisible();
      await pause.click();
      await expect(section.getByRole('button', { name: 'Retomar: Passeios' })).toBeFocused();
      // Stopped by the visitor: it stays so with the pointer and the focus gone.
      await page.mouse.move(1, 1);
      await page.locator('main').focus();
      await expect(frame).toHaveAttribute('data-carousel-auto', 'paused');
      await section.getByRole('button', { name: 'Retomar: Passeios' }).click();
      await page.mouse.move(1, 1);
      await page.locator('main').focus();
      await expect(frame).toHaveAttribute('data-carousel-auto', 'running');
      // Tab goes from the pause button to the first card.
      await section.getByRole('button', { name: 'Pausar: Passeios' }).focus();
      await page.keyboard.press('Tab');
      expect(
        await section
          .locator('[data-carousel-item]')
          .first()
          .evaluate((card) => card.contains(document.activeElement)),
      ).toBe(true);
    });
  });
}

for (const { name, width, height } of SIZES) {
  test.describe(`contact at hand on a tour at ${name} width (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test("the price card of a tour without a booking link offers WhatsApp under the price; without a phone, 'Enviar e-mail'", async ({
      page,
    }) => {
      await page.goto('/tour/101');
      const price = page.getByRole('region', { name: 'Preço' });
      const whatsapp = price.getByRole('link', { name: /^Conversar no WhatsApp/ });
      await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/5565992103388\?text=/);
      // Right under the price, at most a short scroll below the title (it was in the provider's card, 5,500 px down on a phone).
      const top = (await whatsapp.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
      expect(top).toBeLessThan(height * 1.25);
      // Once on the page: the provider's card no longer repeats it.
      await expect(page.getByRole('link', { name: /^Conversar no WhatsApp/ })).toHaveCount(1);

      // Tour 112 has no phone but an e-mail: written to (with neither, 'Fale Conosco': tests/html/details.test.ts).
      await page.goto('/tour/112');
      await expect(page.getByRole('region', { name: 'Preço' }).getByRole('link', { name: /^Enviar e-mail/ })).toHaveAttribute(
        'href',
        /^mailto:eventos@turismobarradobugres\.com\.br\?subject=/,
      );
    });
  });
}

test.describe('words, at a phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("'Mais 3 fotos' opens the viewer on the first photo beyond the thumbnails", async ({ page }) => {
    // The other words (the agencies' button, a stay's price): tests/html/words.test.ts.
    await page.goto('/tour/101');
    const gallery = page.getByRole('region', { name: 'Galeria de fotos' });
    await expect(gallery).not.toContainText('mais fotos disponíveis');
    // A tile of the grid the size of a photo, not a block across the gallery.
    const more = gallery.getByRole('link', { name: 'Mais 3 fotos', exact: true });
    const photo = await boxOf(gallery.getByRole('link', { name: /foto 1 de 9$/ }));
    expect(isSameSize(await boxOf(more), photo)).toBe(true);
    // 'Mais 3 fotos' is a link to the first of them: in the viewer, the 7th of 9.
    await more.click();
    await expect(page.getByRole('dialog', { name: /^Fotos: / }).getByText('7 / 9')).toBeVisible();
  });
});

test.describe('site search at a phone width', () => {
  // What the search answers and what a list says without JavaScript do not depend on the width.
  test.use({ viewport: { width: 390, height: 844 } });

  test('/busca does not tell a visitor with JavaScript that results need it', async ({ page }) => {
    await page.goto('/busca');
    await expect(page.getByText('Digite o que procura: os resultados aparecem aqui.', { exact: false })).toBeVisible();
    await expect(page.getByText('quando o JavaScript do navegador está ativado', { exact: false })).toBeHidden();
  });

  test("'festival julho' finds the July festival by its month's name, and the result shows its dates", async ({ page }) => {
    // Event 401 of the sample, 'Festival de Praia', runs 16 to 25 July 2027; no word of its text names the month.
    await page.goto(`/busca?q=${encodeURIComponent('festival julho')}`);
    // The first search of a page fetches Pagefind and its index: slow on a loaded machine.
    await expect(page.getByRole('status').getByText(/\d+ resultados?/)).toBeVisible({ timeout: 20_000 });
    const result = page.getByRole('list', { name: 'Resultados da busca' }).locator('a[data-result-link][href="/event/401"]');
    await expect(result).toBeVisible();
    await expect(result.locator('.search-result-date')).toHaveText('16 a 25 de julho de 2027');
  });

  for (const [query, kind, path] of [
    ['passeio de barco', 'Passeio', /^\/tour\//],
    ['hotel', 'Hospedagem', /^\/accommodation\//],
  ] as const) {
    test(`'${query}': the first result is a ${kind.toLowerCase()}, and no excerpt is page labels`, async ({ page }) => {
      await page.goto(`/busca?q=${encodeURIComponent(query)}`);
      const results = page.getByRole('list', { name: 'Resultados da busca' }).locator('a[data-result-link]');
      await expect(results.first()).toBeVisible();
      await expect(results.first().locator('.search-result-kind')).toContainText(kind);
      expect(await results.first().getAttribute('href')).toMatch(path);
      for (const excerpt of await results.locator('.search-result-excerpt').allTextContents()) {
        expect(excerpt).not.toMatch(/Galeria|mais fotos|Mais \d+ fotos?|Características\.|Comodidades\.|Sobre o passeio\./);
      }
    });
  }
});

test.describe('lists without JavaScript at a phone width', () => {
  // What the search answers and what a list says without JavaScript do not depend on the width.
  test.use({ viewport: { width: 390, height: 844 } });

  test('a filtered address shows every item; neither a list nor a portal offers a filter or a search that could not work', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/all-tours?q=barco&avaliacao=5');
    const results = page.getByRole('region', { name: 'Resultados' });
    const cards = await results.locator('[data-list-grid] > li').count();
    await expect(results.getByText(`${cards} resultados`, { exact: true })).toBeVisible();
    // No filter is offered without JavaScript (tests/e2e/lists.spec.ts), so no note about them either.
    await expect(page.getByText('precisam de JavaScript')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Aplicar filtros' })).toBeHidden();

    await page.goto('/news?q=pesca');
    await expect(page.locator('[data-portal-static] .news-card').first()).toBeVisible();
    await expect(page.getByRole('main').getByRole('searchbox')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: 'Todas' })).toBeHidden();
    await expect(page.getByText('precisam de JavaScript')).toHaveCount(0);
    await context.close();
  });

  test('with JavaScript a portal offers its search and its chips', async ({ page }) => {
    await page.goto('/news');
    await expect(page.getByRole('main').getByRole('searchbox')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Todas', exact: true })).toBeVisible();
  });
});

const bannerOf = (page: Page) => page.getByRole('complementary', { name: 'Promoções' });

for (const { name, width, height } of SIZES) {
  test.describe(`promotions banner at ${name} width (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test('is slim: its words, its link and its close button on one line', async ({ page }) => {
      await page.goto('/about');
      const banner = bannerOf(page);
      await expect(banner).toBeVisible();
      const words = await boxOf(banner.locator('p').filter({ visible: true }));
      const link = await boxOf(banner.getByRole('link', { name: /^Ver/ }));
      const close = await boxOf(banner.getByRole('button', { name: 'Fechar o aviso de promoções' }));
      expect(shareARow(words, link) && shareARow(words, close)).toBe(true);
      // The words in one line: no taller than the one-line link beside them (three lines would be three times its height).
      expect(words.height).toBeLessThan(link.height * 1.5);
    });

    test('without JavaScript it stays, with no dead close button', async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height } });
      const page = await context.newPage();
      await page.goto('/about');
      await expect(bannerOf(page)).toBeVisible();
      await expect(bannerOf(page).getByRole('button')).toBeHidden();
      await expect(bannerOf(page).getByRole('link', { name: 'Ver promoções' })).toHaveAttribute('href', '/promocoes');
      await context.close();
    });
  });
}

test.describe('promotions banner at phone width (390 px)', () => {
  // Where it leads and how it stays closed do not depend on the width.
  test.use({ viewport: { width: 390, height: 844 } });

  test('leads to items on sale, and once closed stays closed on the next pages', async ({ page }) => {
    await page.goto('/about');
    const banner = bannerOf(page);
    await banner.getByRole('link', { name: 'Ver promoções' }).click();
    await expect(page).toHaveURL(/\/promocoes$/);
    const cards = page.getByRole('main').locator('article.item-card');
    // The URL changes as the page starts to come: its cards are there once the first is.
    await expect(cards.first()).toBeVisible();
    // Every card shown is on sale: its discount is on it.
    for (const card of await cards.all()) await expect(card.locator('.discount')).toHaveText(/^-\d+%$/);
    await expect(page.getByRole('region', { name: 'Passeios' })).toBeVisible();
    // The header's 'Promoções' (src/lib/navigation.ts), one entry, leads to this page.
    expect(await page.getByRole('banner').locator(`a[href="${PROMOTIONS_LINK.href}"]`).count()).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe(PROMOTIONS_LINK.href);

    await page.goto('/about');
    await banner.getByRole('button', { name: 'Fechar o aviso de promoções' }).click();
    await expect(banner).toBeHidden();
    await expect(page.getByRole('main')).toBeFocused();
    await page.goto('/all-tours');
    await expect(bannerOf(page)).toBeHidden();
    // A new set of promotions (another signature) shows it again.
    await page.evaluate(() => localStorage.setItem('bb-promo-closed', 'older-promotions'));
    await page.reload();
    await expect(bannerOf(page)).toBeVisible();
  });
});

for (const { name, width, height } of SIZES) {
  test.describe(`home's podcast and 'Voltar ao topo' at ${name} width (${width} px)`, () => {
    test.use({ viewport: { width, height } });
    const isPhone = width < 768;

    test('each episode once, fewer on a phone until asked, chips that really filter', async ({ page }) => {
      await page.goto('/');
      const podcast = page.getByRole('region', { name: 'Vozes do Turismo', exact: true });
      await podcast.scrollIntoViewIfNeeded();
      const latest = (await podcast.locator('.player-title').textContent())?.trim() ?? '';
      const titles = (await podcast.locator('[data-podcast-episodes] h3').allTextContents()).map((title) => title.trim());
      expect(latest).not.toBe('');
      expect(titles).not.toContain(latest);
      expect(titles).toHaveLength(6);

      const cards = podcast.locator('[data-podcast-episodes] > li');
      const visible = async () =>
        (await cards.evaluateAll((items) => items.filter((item) => item.getClientRects().length > 0))).length;
      const more = podcast.getByRole('button', { name: 'Ver todos os episódios' });
      if (isPhone) {
        expect(await visible()).toBe(3);
        // The first tap brings the island (client:reach), which then does what it asked.
        await more.click();
        await expect.poll(visible).toBe(6);
        await podcast.getByRole('button', { name: 'Mostrar menos episódios' }).click();
        await expect.poll(visible).toBe(3);
      } else {
        await expect(more).toBeHidden();
        expect(await visible()).toBe(6);
      }

      // Every chip keeps some episodes and hides others; pressed again, all are back.
      const chips = podcast.getByRole('list', { name: 'Temas do podcast' }).getByRole('button');
      await expect(chips.first()).toBeVisible();
      for (const chip of await chips.all()) {
        await chip.click();
        await expect(chip).toHaveAttribute('aria-pressed', 'true');
        const kept = () => cards.evaluateAll((items) => items.filter((item) => !(item as HTMLElement).hidden).length);
        // The episodes are an island of their own, drawn once the chip's store has changed.
        await expect.poll(kept).toBeLessThan(6);
        expect(await kept()).toBeGreaterThan(0);
        await chip.click();
        await expect(chip).toHaveAttribute('aria-pressed', 'false');
      }
    });

    // The height that grew with the podcast cards is the phone's.
    if (isPhone) {
      test('the phone home is shorter', async ({ page }) => {
        await page.goto('/');
        // Laid out in full (sections out of sight keep an estimated size until first drawn: content-visibility).
        const [home, podcast] = await page.evaluate(() => {
          for (const section of document.querySelectorAll<HTMLElement>('.home-section'))
            section.style.contentVisibility = 'visible';
          return [document.documentElement.scrollHeight, document.getElementById('podcast')?.getBoundingClientRect().height ?? 0];
        });
        // On the sample at 390 px the podcast section was 3,478 px (six cards under the player, which repeated the
        // newest) and the home about 17,100 px.
        expect(podcast).toBeLessThan(2_500);
        expect(home).toBeLessThan(16_200);
      });
    }

    test("'Voltar ao topo' comes within reach when scrolling back up, and leaves the content alone otherwise", async ({
      page,
    }) => {
      await page.goto('/');
      const backToTop = page.getByRole('link', { name: 'Voltar ao topo' });
      await page.mouse.move(width / 2, height / 2);
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(300);
      await expect(backToTop).toBeHidden();
      await page.mouse.wheel(0, -400);
      await expect(backToTop).toBeVisible();
      await expect(backToTop).toBeInViewport();
      await backToTop.click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);
    });
  });
}
