/**
 * What a visitor's hands meet, at a phone's width (390 px) and a desktop's (1280 px), one page load for
 * several checks: on a tour, the contact at hand, 'Mais 3 fotos' and the photo viewer's gestures (a swipe, the
 * Back gesture, the page behind kept still); on the home, the keyboard through its carousels (the pause button,
 * the arrows), the podcast's episodes, the home's height and 'Voltar ao topo'; the site search's answers and
 * ranking; the lists without JavaScript. The header's menus and the promotions banner: tests/e2e/menus.spec.ts. The words
 * the static pages say (a button, a price, a tour's contact, the footer's facts): tests/html/words.test.ts; the
 * podcast's episodes and chips in the static page: tests/html/home.test.ts.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { boxOf, isSameSize } from './support.ts';

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

/** Two frames on: what an input began (a scroll, a smooth one too) has moved the page by then. */
const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

for (const { name, width, height } of SIZES) {
  const isPhone = width < 768;
  test.describe(`a tour at ${name} width (${width} px)`, () => {
    test.use({ viewport: { width, height }, hasTouch: true });

    test(`the contact within a short scroll, then the photo viewer: a sideways swipe pages through the photos, the page behind stays still${isPhone ? "; 'Mais 3 fotos' is a photo's tile; Back and 'Fechar' close the viewer, the visitor on the page" : ''}`, async ({
      page,
    }) => {
      // Back off the tour lands on the page the visitor came from (the history steps are width-independent: phone only).
      if (isPhone) await page.goto('/all-tours');
      await page.goto('/tour/101');

      await test.step("the price card's WhatsApp is at most a short scroll below the title", async () => {
        // It was in the provider's card, 5,500 px down on a phone. Its address and that it is there once:
        // tests/html/words.test.ts.
        const whatsapp = page.getByRole('region', { name: 'Preço' }).getByRole('link', { name: /^Conversar no WhatsApp/ });
        expect((await boxOf(whatsapp)).y).toBeLessThan(height * 1.25);
      });

      const gallery = page.getByRole('region', { name: 'Galeria de fotos' });
      const dialog = page.getByRole('dialog', { name: /^Fotos: / });
      // /tour/101 has 9 photos.
      const open = async (thumbnail: Locator, at: string) => {
        await thumbnail.click();
        await expect(dialog.getByText(at)).toBeVisible();
      };
      if (isPhone) {
        await test.step("'Mais 3 fotos' is a tile of the grid the size of a photo, not a block across the gallery", async () => {
          const more = gallery.getByRole('link', { name: 'Mais 3 fotos', exact: true });
          await more.scrollIntoViewIfNeeded();
          const photo = await boxOf(gallery.getByRole('link', { name: /foto 1 de 9$/ }));
          expect(isSameSize(await boxOf(more), photo)).toBe(true);
        });
      }

      await test.step('a sideways swipe pages through the photos; an up-and-down one does not', async () => {
        await gallery.scrollIntoViewIfNeeded();
        await open(gallery.locator('[data-gallery] a').first(), '1 / 9');
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

      await test.step('the page behind stays still while the viewer is open', async () => {
        const before = await page.evaluate(() => {
          // The gestures below, as the page receives them.
          const seen = { wheel: false, touchend: false };
          Object.assign(window, { gesturesSeen: seen });
          window.addEventListener('wheel', () => (seen.wheel = true), { passive: true });
          window.addEventListener('touchend', () => (seen.touchend = true), { passive: true });
          return window.scrollY;
        });
        await page.mouse.move(width / 2, height / 2);
        await page.mouse.wheel(0, 800);
        await swipe(page, { x: 20, y: height - 100 }, { x: 24, y: 120 });
        await expect
          .poll(() =>
            page.evaluate(() => {
              const seen = (window as unknown as { gesturesSeen: { wheel: boolean; touchend: boolean } }).gesturesSeen;
              return seen.wheel && seen.touchend;
            }),
          )
          .toBe(true);
        await twoFrames(page);
        expect(await page.evaluate(() => window.scrollY)).toBe(before);
      });

      if (isPhone) {
        await test.step("Back closes the viewer and stays on the page; 'Mais 3 fotos' opens it on the 7th photo; closed by 'Fechar', Back leaves the page as before", async () => {
          await page.goBack();
          await expect(dialog).toBeHidden();
          await expect(page).toHaveURL(/\/tour\/101$/);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

          // 'Mais 3 fotos' is a link to the first photo beyond the thumbnails: the 7th of 9.
          await open(gallery.getByRole('link', { name: 'Mais 3 fotos', exact: true }), '7 / 9');
          await dialog.getByRole('button', { name: 'Fechar' }).click();
          await expect(dialog).toBeHidden();
          await open(gallery.locator('[data-gallery] a').nth(2), '3 / 9');
          await dialog.getByRole('button', { name: 'Fechar' }).click();
          await expect(dialog).toBeHidden();
          await page.goBack();
          await expect(page).toHaveURL(/\/all-tours$/);
        });
      }
    });
  });
}

/** The home's carousels, each started (as they are once they come near the view, or at the first Tab). */
async function startCarousels(page: Page) {
  await page.keyboard.press('Tab');
  // Every carousel's island hydrates then, React fetched first if it was not ahead: slow on a loaded machine.
  await expect(page.locator('main [data-carousel-pending]')).toHaveCount(0, { timeout: 15_000 });
}

for (const { name, width, height } of SIZES) {
  const isPhone = width < 768;
  test.describe(`the home at ${name} width (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test('the keyboard through the home: a carousel that slides by itself has a pause button before its cards, and costs that button and one card; at most 120 stops in all', async ({
      page,
    }) => {
      await page.goto('/');
      await startCarousels(page);

      await test.step('a carousel that slides by itself has a pause button, before its cards for Tab', async () => {
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

      await test.step('a carousel costs one card and its pause button, then Tab leaves for its list link; at most 120 stops in all', async () => {
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
    });

    test(`in a carousel → moves card to card and turns the page, the next Tab reaches 'Ver mais'; the podcast shows ${isPhone ? 'three episodes until asked for all six' : 'its six episodes'}${isPhone ? ', the home is shorter' : ''}; 'Voltar ao topo' comes within reach when scrolling back up, and leaves the content alone otherwise`, async ({
      page,
    }) => {
      // Under reduced motion nothing slides (no pause button), so Tab finds a carousel at its first card, and a page
      // turns at once.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      await startCarousels(page);

      await test.step("in a carousel Tab lands on one card, → moves to the next card and turns the page, the next Tab reaches 'Ver mais'", async () => {
        const section = page.locator('section#restaurants');
        const cards = section.locator('[data-carousel-item]');
        const titleLink = (index: number) => cards.nth(index).locator('h3 a');
        const position = section.locator('[data-carousel-position]');
        const perView = width >= 768 ? 3 : 1;
        // The hearts come when the browser is idle (enhancements.ts).
        await expect(cards.nth(0).locator('button[data-favourite]')).toBeAttached();
        await expect(cards.nth(0).locator('button[data-favourite]')).not.toHaveAttribute('hidden');

        // From the section's heading area, Tab enters the carousel on its first card (its heart, then its link; under
        // reduced motion there is no pause button).
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

      await test.step(`the podcast's episodes: ${isPhone ? 'three, all six on request' : 'all six'}`, async () => {
        // Each episode once, the player's apart, and chips that really filter: tests/html/home.test.ts; the chips
        // at work: tests/e2e/home-behaviour.spec.ts.
        const podcast = page.getByRole('region', { name: 'Vozes do Turismo', exact: true });
        await podcast.scrollIntoViewIfNeeded();
        const cards = podcast.locator('[data-podcast-episodes] > li');
        await expect(cards).toHaveCount(6);
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
      });

      // The height that grew with the podcast cards is the phone's.
      if (isPhone) {
        await test.step('the phone home is shorter', async () => {
          // Laid out in full (sections out of sight keep an estimated size until first drawn: content-visibility).
          const [home, podcast] = await page.evaluate(() => {
            for (const section of document.querySelectorAll<HTMLElement>('.home-section'))
              section.style.contentVisibility = 'visible';
            return [
              document.documentElement.scrollHeight,
              document.getElementById('podcast')?.getBoundingClientRect().height ?? 0,
            ];
          });
          // On the sample at 390 px the podcast section was 3,478 px (six cards under the player, which repeated the
          // newest) and the home about 17,100 px.
          expect(podcast).toBeLessThan(2_500);
          expect(home).toBeLessThan(16_200);
        });
      }

      await test.step("'Voltar ao topo' comes within reach when scrolling back up, and leaves the content alone otherwise", async () => {
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
        const backToTop = page.getByRole('link', { name: 'Voltar ao topo' });
        await page.mouse.move(width / 2, height / 2);
        await page.mouse.wheel(0, 4000);
        // Down a few screens, the scroll at rest (unchanged over two frames): only then is its hiding meant.
        await expect
          .poll(() =>
            page.evaluate(async () => {
              const y = window.scrollY;
              await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
              return y > 2 * window.innerHeight && window.scrollY === y;
            }),
          )
          .toBe(true);
        // Read once, the scroll at rest: a retrying assertion would also pass on a link that showed and went again.
        expect(await backToTop.isHidden()).toBe(true);
        await page.mouse.wheel(0, -400);
        await expect(backToTop).toBeVisible();
        await expect(backToTop).toBeInViewport();
        await backToTop.click();
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);
      });
    });
  });
}

test.describe('site search at a phone width', () => {
  // What the search answers does not depend on the width.
  test.use({ viewport: { width: 390, height: 844 } });

  test("/busca does not tell a visitor with JavaScript that results need it; 'festival julho' finds the July festival with its dates, 'passeio de barco' a tour first and 'hotel' a stay, no excerpt made of page labels", async ({
    page,
  }) => {
    await page.goto('/busca');
    await expect(page.getByText('Digite o que procura: os resultados aparecem aqui.', { exact: false })).toBeVisible();
    await expect(page.getByText('quando o JavaScript do navegador está ativado', { exact: false })).toBeHidden();

    const box = page.getByRole('main').getByRole('searchbox', { name: 'Buscar no portal' });
    const results = page.getByRole('list', { name: 'Resultados da busca' }).locator('a[data-result-link]');
    await test.step("'festival julho' finds the July festival by its month's name, and the result shows its dates", async () => {
      // Event 401 of the sample, 'Festival de Praia', runs 16 to 25 July 2027; no word of its text names the month.
      // The first touch of the box brings the search, which searches what was typed (SearchPage.tsx).
      await box.fill('festival julho');
      // The first search of a page fetches Pagefind and its index: slow on a loaded machine.
      await expect(page.getByRole('status').getByText(/\d+ resultados?/)).toBeVisible({ timeout: 20_000 });
      const result = results.and(page.locator('[href="/event/401"]'));
      await expect(result).toBeVisible();
      await expect(result.locator('.search-result-date')).toHaveText('16 a 25 de julho de 2027');
    });

    for (const [query, kind, path] of [
      ['passeio de barco', 'Passeio', /^\/tour\//],
      ['hotel', 'Hospedagem', /^\/accommodation\//],
    ] as const) {
      await test.step(`'${query}': the first result is a ${kind.toLowerCase()}, and no excerpt is page labels`, async () => {
        // An empty box clears the results (src/stores/search.ts): those shown next are this query's.
        await box.fill('');
        await expect(results).toHaveCount(0);
        await box.fill(query);
        await expect(results.first()).toHaveAttribute('href', path);
        await expect(results.first().locator('.search-result-kind')).toContainText(kind);
        for (const excerpt of await results.locator('.search-result-excerpt').allTextContents()) {
          expect(excerpt).not.toMatch(/Galeria|mais fotos|Mais \d+ fotos?|Características\.|Comodidades\.|Sobre o passeio\./);
        }
      });
    }
  });
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
    // No filter is offered without JavaScript (tests/e2e/lists.spec.ts), so no note about them either (a list's and
    // a portal's: tests/html/lists.test.ts, tests/html/portals.test.ts).
    await expect(page.getByRole('button', { name: 'Aplicar filtros' })).toBeHidden();

    await page.goto('/news?q=pesca');
    await expect(page.locator('[data-portal-static] .news-card').first()).toBeVisible();
    await expect(page.getByRole('main').getByRole('searchbox')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: 'Todas' })).toBeHidden();
    await context.close();
  });

  test('with JavaScript a portal offers its search and its chips', async ({ page }) => {
    await page.goto('/news');
    await expect(page.getByRole('main').getByRole('searchbox')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Todas', exact: true })).toBeVisible();
  });
});
