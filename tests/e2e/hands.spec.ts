/**
 * What a visitor's hands meet, at a phone's width (390 px) and a desktop's (1280 px): gestures on
 * the photo viewer (a swipe, the Back gesture, the page behind kept still), the keyboard in the
 * header's menus and through the home's carousels, the contact at hand on a detail page, 'Mais 3
 * fotos', the site search's answers and ranking, the lists without JavaScript, the promotions banner,
 * the home's podcast and 'Voltar ao topo'. The words the static pages say (a button, a price, the
 * footer's facts): tests/html/words.test.ts.
 */
import { expect, type Page, test } from '@playwright/test';
import { MENU } from '../../src/lib/navigation.ts';

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

  for (const label of ['Promoções', 'Fornecedores']) {
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

for (const { name, width, height } of SIZES) {
  test.describe(`tab stops of the home at ${name} width (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test('the carousels offer Tab the cards in view, not every card', async ({ page }) => {
      await page.goto('/');
      // Every carousel starts when it comes into view, as it does for a visitor going down the page.
      for (const carousel of await page.locator('main [data-carousel]').all()) await carousel.scrollIntoViewIfNeeded();
      await expect(page.locator('main [data-carousel-pending]')).toHaveCount(0);

      // Each stop's section ('' outside one; null once focus has left the main content), logged by the page itself.
      await page.evaluate(() => {
        const stops: (string | null)[] = [];
        (window as unknown as { tabStops: typeof stops }).tabStops = stops;
        document.addEventListener('focusin', () =>
          stops.push(
            document.querySelector('main')?.contains(document.activeElement)
              ? (document.activeElement?.closest('section[id]')?.id ?? '')
              : null,
          ),
        );
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
      // A carousel: the cards of one view (a link and a heart each), 'Anterior', 'Próximo' and 'Ver mais'.
      const cardsPerView = width >= 768 ? 3 : 1;
      for (const id of ['tours', 'eventos', 'accommodations', 'restaurants']) {
        expect(per(id), id).toBeLessThanOrEqual(cardsPerView * 2 + 3);
      }
      // It was 179 (desktop) and 186 (phone) stops on the sample's home.
      expect(sections.length).toBeLessThan(120);
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
    // 'Mais 3 fotos' is a link to the first of them: in the viewer, the 7th of 9.
    await gallery.getByRole('link', { name: 'Mais 3 fotos', exact: true }).click();
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
  const NOTICE = /^Os filtros precisam de JavaScript para funcionar; mostrando (todos os itens|todas as notícias)\.$/;

  test('a filtered address says plainly that the filters need JavaScript and every item is shown', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/all-tours?q=barco&avaliacao=5');
    const results = page.getByRole('region', { name: 'Resultados' });
    await expect(page.getByRole('note').filter({ hasText: NOTICE })).toBeVisible();
    const cards = await results.locator('[data-list-grid] > li').count();
    await expect(results.getByText(`${cards} resultados`, { exact: true })).toBeVisible();

    await page.goto('/news?q=pesca');
    await expect(page.getByRole('note').filter({ hasText: NOTICE })).toBeVisible();
    await context.close();
  });

  test('with JavaScript the notice is not there', async ({ page }) => {
    await page.goto('/all-tours?q=barco');
    await expect(page.getByText('Os filtros precisam de JavaScript', { exact: false })).toBeHidden();
    await page.goto('/news');
    await expect(page.getByText('Os filtros precisam de JavaScript', { exact: false })).toBeHidden();
  });
});

const bannerOf = (page: Page) => page.getByRole('complementary', { name: 'Promoções' });

for (const { name, width, height } of SIZES) {
  test.describe(`promotions banner at ${name} width (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test('is slim', async ({ page }) => {
      await page.goto('/about');
      await expect(bannerOf(page)).toBeVisible();
      // One line on a phone: three lines would take about 85 px.
      expect((await bannerOf(page).boundingBox())?.height ?? 0).toBeLessThanOrEqual(width < 768 ? 40 : 48);
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
    expect(await cards.count()).toBeGreaterThan(0);
    // Every card shown is on sale: its discount is on it.
    for (const card of await cards.all()) await expect(card.locator('.discount')).toHaveText(/^-\d+%$/);
    await expect(page.getByRole('region', { name: 'Passeios' })).toBeVisible();
    // The header's 'Promoções' entries (src/lib/navigation.ts) lead to its sections.
    const promotions = MENU.find((item) => item.href === '/promocoes');
    const { href = '' } = promotions?.children?.find((child) => child.label === 'Hospedagens') ?? {};
    expect(await page.getByRole('banner').locator(`a[href="${href}"]`).count()).toBeGreaterThan(0);
    await expect(page.locator(`[id="${new URL(href, page.url()).hash.slice(1)}"]`)).toHaveCount(1);

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
        await more.click();
        expect(await visible()).toBe(6);
        await podcast.getByRole('button', { name: 'Mostrar menos episódios' }).click();
        expect(await visible()).toBe(3);
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
        const kept = await cards.evaluateAll((items) => items.filter((item) => !(item as HTMLElement).hidden).length);
        expect(kept).toBeGreaterThan(0);
        expect(kept).toBeLessThan(6);
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
