/**
 * Carousels, the hero slideshow with its pause button and the gallery lightbox (docs/product.md, Home)
 * on the sample site, what only a browser shows: the list scrolled to the page the buttons turn and the
 * indicator following a native swipe at phone and desktop widths; the auto-slide paused by a real hover and
 * focus; the testimonials a still grid on desktop; the slideshow's island arriving, its strip scrolled to the
 * photo and its pause button keeping the focus (at phone width); the lightbox's keys, focus and overlay.
 * Timers run on Playwright's controlled clock, paused right after load so every step moves time by hand.
 * The timers' whole cycles, on fake timers without a browser: tests/components/carousel.test.tsx and
 * tests/components/slideshow.test.tsx; each carousel's interval and ends and the served gallery links: tests/html/home.test.ts
 * and tests/html/search-and-gallery.test.ts.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, openWithClock, WIDTHS } from './support.ts';

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Scrolls a carousel into view (its island starts when it comes near the view) and returns its parts once started. */
async function carousel(page: Page, heading: string) {
  const region = section(page, heading);
  const root = region.locator('[data-carousel]');
  await root.scrollIntoViewIfNeeded();
  const position = root.locator('[data-carousel-position]');
  // The first carousel near the view brings the island runtime (React) and hydrates: on a loaded 2-core machine,
  // with the runtime not fetched ahead (Playwright's clock holds the idle callback), that outlasts the default wait.
  await expect(position).toBeVisible({ timeout: 15_000 });
  return {
    root,
    position,
    frame: root.locator('.carousel-frame'),
    previous: root.getByRole('button', { name: /^Anterior/ }),
    next: root.getByRole('button', { name: /^Próximo/ }),
  };
}

/** Index of the card that starts the visible part of a carousel's list. */
async function firstVisibleCard(root: Locator): Promise<number> {
  return root.locator('[data-carousel-track]').evaluate((track) => {
    const left = track.getBoundingClientRect().left;
    const cards = Array.from(track.querySelectorAll('[data-carousel-item]'));
    return cards.findIndex((card) => card.getBoundingClientRect().left - left >= -card.getBoundingClientRect().width / 2);
  });
}

for (const { name, width, height } of WIDTHS) {
  const isDesktop = width >= 768;
  const perView = isDesktop ? 3 : 1;

  test.describe(`carousels at ${name} width`, () => {
    test.use({ viewport: { width, height } });

    test('next and previous move a page of cards and wrap (tours), stop at the ends (news); a swipe keeps the indicator in step', async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');

      await test.step('tours: a page of cards, wrapping at both ends, X de Y', async () => {
        // PASSEIOS: 12 tours, 4 pages of 3 on desktop, 12 of 1 on a phone.
        const pages = isDesktop ? 4 : 12;
        const tours = await carousel(page, 'Passeios');
        await expect(tours.position).toHaveText(new RegExp(`1 de ${pages}$`));
        await expect(tours.previous).toBeEnabled();
        await tours.next.click();
        await expect(tours.position).toHaveText(new RegExp(`2 de ${pages}$`));
        await expect.poll(() => firstVisibleCard(tours.root)).toBe(perView);
        await tours.previous.click();
        await expect(tours.position).toHaveText(new RegExp(`1 de ${pages}$`));
        await expect.poll(() => firstVisibleCard(tours.root)).toBe(0);
        // Previous at the start wraps to the last page, next at the end back to the first.
        await tours.previous.click();
        await expect(tours.position).toHaveText(new RegExp(`${pages} de ${pages}$`));
        await expect(tours.root.locator('[data-carousel-item]').last()).toBeInViewport();
        await tours.next.click();
        await expect(tours.position).toHaveText(new RegExp(`1 de ${pages}$`));
        await expect.poll(() => firstVisibleCard(tours.root)).toBe(0);
      });

      await test.step('restaurants: a swipe (native scroll)', async () => {
        const restaurants = await carousel(page, 'Restaurantes');
        const pages = isDesktop ? 4 : 11;
        await restaurants.root.locator('[data-carousel-track]').evaluate((track: HTMLElement, index) => {
          const card = track.querySelectorAll<HTMLElement>('[data-carousel-item]')[index];
          if (card) track.scrollTo({ left: card.offsetLeft - track.offsetLeft, behavior: 'instant' });
        }, perView * 2);
        await expect(restaurants.position).toHaveText(new RegExp(`3 de ${pages}$`));
      });

      await test.step('news: previous and next stop at the ends', async () => {
        const pages = isDesktop ? 3 : 9;
        const news = await carousel(page, 'Notícias');
        await expect(news.position).toHaveText(new RegExp(`1 de ${pages}$`));
        await expect(news.previous).toBeDisabled();
        for (let step = 2; step <= pages; step++) {
          await news.next.click();
          await expect(news.position).toHaveText(new RegExp(`${step} de ${pages}$`));
        }
        await expect(news.next).toBeDisabled();
        await expect(news.previous).toBeEnabled();
      });
    });
  });

  test.describe(`gallery lightbox at ${name} width`, () => {
    test.use({ viewport: { width, height } });

    test(`opens on a thumbnail and counts, passes axe open${isDesktop ? ', wraps with buttons and arrows' : ''}, keeps Tab inside, and closes by Escape, its button and the overlay, back to the thumbnail`, async ({
      page,
    }) => {
      /** /tour/101 has 9 photos, 6 of them as thumbnails. */
      await page.goto('/tour/101');
      const gallery = page.getByRole('region', { name: 'Galeria de fotos' });
      await gallery.scrollIntoViewIfNeeded();
      // The photos' thumbnails; the 'Mais N fotos' tile (li.more) opens the first photo not shown.
      const thumbs = gallery.locator('[data-gallery] > li:not(.more) a');
      const dialog = page.getByRole('dialog', { name: /^Fotos: / });

      await test.step('opened on a thumbnail', async () => {
        await expect(thumbs).toHaveCount(6);
        const href = await thumbs.nth(1).getAttribute('href');
        await thumbs.nth(1).click();
        await expect(dialog).toBeVisible();
        await expect(page).toHaveURL(/\/tour\/101$/);
        await expect(dialog.getByText('2 / 9')).toBeVisible();
        await expect(dialog.getByRole('img')).toHaveAttribute('src', href ?? '');
        await expect(dialog.getByRole('img')).toHaveAttribute('alt', /foto 2 de 9$/);
        await expectNoSeriousA11yViolations(page);
      });

      // Which photo the keys and buttons bring does not depend on the width.
      if (isDesktop) {
        await test.step('arrow keys and buttons go past the thumbnails to every photo, and wrap', async () => {
          for (let step = 3; step <= 9; step++) await page.keyboard.press('ArrowRight');
          await expect(dialog.getByText('9 / 9')).toBeVisible();
          await page.keyboard.press('ArrowRight');
          await expect(dialog.getByText('1 / 9')).toBeVisible();
          await page.keyboard.press('ArrowLeft');
          await expect(dialog.getByText('9 / 9')).toBeVisible();
          await dialog.getByRole('button', { name: 'Próxima foto' }).click();
          await expect(dialog.getByText('1 / 9')).toBeVisible();
          await dialog.getByRole('button', { name: 'Foto anterior' }).click();
          await expect(dialog.getByText('9 / 9')).toBeVisible();
        });
      }

      await test.step('Tab stays inside; Escape closes, back to the thumbnail', async () => {
        for (let press = 0; press < 5; press++) {
          await page.keyboard.press('Tab');
          expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
        }
        await page.keyboard.press('Shift+Tab');
        expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(thumbs.nth(1)).toBeFocused();
      });

      await test.step('closed by its button, and by a click on the overlay', async () => {
        await thumbs.nth(4).click();
        await expect(dialog.getByText('5 / 9')).toBeVisible();
        await dialog.getByRole('button', { name: 'Fechar' }).click();
        await expect(dialog).toBeHidden();
        await expect(thumbs.nth(4)).toBeFocused();

        await thumbs.first().click();
        await expect(dialog.getByText('1 / 9')).toBeVisible();
        // The photo itself does not close it; the dark overlay around it does.
        await dialog.getByRole('img').click();
        await expect(dialog).toBeVisible();
        await dialog.click({ position: { x: 4, y: height / 2 + 80 } });
        await expect(dialog).toBeHidden();
        await expect(thumbs.first()).toBeFocused();
      });
    });
  });
}

// A real pointer and focus pausing the auto-slide, and the testimonials' grid, at desktop width; what pauses it and
// each interval's whole cycle on fake timers: tests/components/carousel.test.tsx.
test.describe('auto-slide at desktop width', () => {
  const { width, height } = WIDTHS[1];
  test.use({ viewport: { width, height } });

  test('tours slide every 5 s and pause on hover and on focus, restaurants every 4.5 s; the testimonials stay a still grid', async ({
    page,
  }) => {
    await openWithClock(page);
    await page.mouse.move(1, height - 1);
    const tours = await carousel(page, 'Passeios');
    await expect(tours.frame).toHaveAttribute('data-carousel-auto', 'running');
    await page.clock.runFor(4900);
    await expect(tours.position).toHaveText(/1 de 4$/);
    await page.clock.runFor(200);
    await expect(tours.position).toHaveText(/2 de 4$/);
    await expect.poll(() => firstVisibleCard(tours.root)).toBe(3);
    // Hover pauses it.
    await tours.root.locator('[data-carousel-track]').hover();
    await expect(tours.frame).toHaveAttribute('data-carousel-auto', 'paused');
    await page.clock.runFor(12_000);
    await expect(tours.position).toHaveText(/2 de 4$/);
    await page.mouse.move(1, height - 1);
    await expect(tours.frame).toHaveAttribute('data-carousel-auto', 'running');
    await page.clock.runFor(5100);
    await expect(tours.position).toHaveText(/3 de 4$/);
    // Focus inside pauses it too.
    await tours.next.focus();
    await expect(tours.frame).toHaveAttribute('data-carousel-auto', 'paused');
    await page.clock.runFor(12_000);
    await expect(tours.position).toHaveText(/3 de 4$/);

    const restaurants = await carousel(page, 'Restaurantes');
    await page.mouse.move(1, 1);
    await expect(restaurants.frame).toHaveAttribute('data-carousel-auto', 'running');
    await page.clock.runFor(4400);
    await expect(restaurants.position).toHaveText(/1 de \d+$/);
    await page.clock.runFor(200);
    await expect(restaurants.position).toHaveText(/2 de \d+$/);

    const testimonials = section(page, 'Depoimentos dos visitantes').locator('[data-carousel]');
    await testimonials.scrollIntoViewIfNeeded();
    await expect(testimonials.locator('.carousel-frame')).toHaveAttribute('data-carousel-auto', 'off');
    await expect(testimonials.getByRole('button')).toHaveCount(0);
  });
});

// The slideshow's timers, dots and pause button do not depend on the width (the layout tests check the hero at
// each width); nor whether the carousels slide under reduced motion.
test.describe('hero slideshow at phone width', () => {
  test.use({ viewport: { width: WIDTHS[0].width, height: WIDTHS[0].height } });
  /** The photo of the hero's slide `number` (from 1). */
  const slidePhoto = (hero: Locator, number: number) => hero.locator(`[id="slide-${number}"] img`);

  test('the dot links serve until the island comes, a second before the first advance, due 5 s after the page started; a dot jumps and pauses; the pause button stops it and keeps the focus; the testimonials slide every 6 s', async ({
    page,
  }) => {
    // The whole cycle (every 5 s, round to the first photo, a dot's 3 s pause, a full 5 s after resuming) on a fake
    // clock without a browser: tests/components/slideshow.test.tsx. Here, once each, what only a browser shows: the
    // island's arrival, the strip scrolled to the photo, the button keeping the focus.
    await openWithClock(page);
    const hero = section(page, 'Barra do Bugres – MT');
    const dots = hero.getByRole('navigation', { name: 'Escolher foto' }).getByRole('button');
    const state = hero.locator('.slide-dots');

    await test.step('the island comes, then the first advance', async () => {
      await page.clock.runFor(3000);
      await expect(hero.getByRole('link', { name: 'Foto 3 de 6' })).toBeVisible();
      await page.clock.runFor(1100);
      await expect(dots).toHaveCount(6);
      await expect(dots.nth(2)).toHaveAccessibleName('Foto 3 de 6');
      await expect(state).toHaveAttribute('data-slideshow-state', 'playing');
      // Past the first advance, the second photo. The exact instant (not a millisecond before 5 s) is the component
      // test's: here the strip's scroll and the dots follow real frames, which a loaded machine may deliver after
      // the fake clock has moved on (a check at 4.9 s failed so in a clean run).
      await page.clock.runFor(1000);
      await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
      await expect(slidePhoto(hero, 2)).toBeInViewport({ ratio: 0.9 });
    });

    await test.step('a dot jumps and pauses, 3 s', async () => {
      await dots.nth(4).click();
      await expect(dots.nth(4)).toHaveAttribute('aria-current', 'true');
      await expect(slidePhoto(hero, 5)).toBeInViewport({ ratio: 0.9 });
      await expect(state).toHaveAttribute('data-slideshow-state', 'paused');
      await page.clock.runFor(3100);
      await expect(state).toHaveAttribute('data-slideshow-state', 'playing');
    });

    await test.step('the pause button stops it until resumed, keeping the focus', async () => {
      const pause = hero.getByRole('button', { name: 'Pausar apresentação' });
      await expect(pause).toBeVisible();
      await pause.click();
      const resume = hero.getByRole('button', { name: 'Retomar apresentação' });
      await expect(resume).toBeFocused();
      await expect(state).toHaveAttribute('data-slideshow-state', 'paused');
      await page.clock.runFor(20_000);
      await expect(dots.nth(4)).toHaveAttribute('aria-current', 'true');
      await expect(slidePhoto(hero, 5)).toBeInViewport({ ratio: 0.9 });
      await resume.click();
      await expect(hero.getByRole('button', { name: 'Pausar apresentação' })).toBeFocused();
      await expect(state).toHaveAttribute('data-slideshow-state', 'playing');
    });

    await test.step('the testimonials, a carousel on a phone, slide every 6 s', async () => {
      await page.mouse.move(1, 1);
      const testimonials = await carousel(page, 'Depoimentos dos visitantes');
      await expect(testimonials.previous).toBeDisabled();
      await page.clock.runFor(5900);
      await expect(testimonials.position).toHaveText(/1 de 3$/);
      await page.clock.runFor(200);
      await expect(testimonials.position).toHaveText(/2 de 3$/);
    });
  });

  test('under reduced motion nothing moves by itself and there is no pause button; the dots still jump; the carousels do not slide', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openWithClock(page);
    const hero = section(page, 'Barra do Bugres – MT');
    const dots = hero.getByRole('navigation', { name: 'Escolher foto' }).getByRole('button');

    await test.step('the slideshow', async () => {
      // Nothing is due, so the island waits for the visitor: the first photo stays, behind the server's dot links.
      await page.clock.runFor(20_000);
      await expect(slidePhoto(hero, 1)).toBeInViewport({ ratio: 0.9 });
      await expect(dots).toHaveCount(0);
      // A dot link (server HTML) jumps before the island comes (the tap brings it); the island takes up the photo shown.
      await hero.getByRole('link', { name: 'Foto 4 de 6' }).click();
      await expect(slidePhoto(hero, 4)).toBeInViewport({ ratio: 0.9 });
      await page.clock.runFor(4100);
      await expect(hero.locator('.slide-dots')).toHaveAttribute('data-slideshow-state', 'still');
      await expect(dots.nth(3)).toHaveAttribute('aria-current', 'true');
      await expect(hero.getByRole('button', { name: /apresentação/ })).toHaveCount(0);
      // Nothing moves by itself; the dots still jump.
      await page.clock.runFor(20_000);
      await expect(dots.nth(3)).toHaveAttribute('aria-current', 'true');
      await dots.nth(1).click();
      await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
      await expect(slidePhoto(hero, 2)).toBeInViewport({ ratio: 0.9 });
    });

    await test.step('the carousels', async () => {
      const tours = await carousel(page, 'Passeios');
      await expect(tours.frame).toHaveAttribute('data-carousel-auto', 'off');
      await page.clock.runFor(30_000);
      await expect(tours.position).toHaveText(/^.*1 de \d+$/);
      expect(await firstVisibleCard(tours.root)).toBe(0);
    });
  });
});
