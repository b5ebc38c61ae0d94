/**
 * Carousels, the hero slideshow with its pause button and the gallery lightbox (docs/product.md, Home)
 * on the sample site, at phone and desktop widths (the slideshow at phone width).
 * Timers run on Playwright's controlled clock, paused right after load so every step moves time by hand.
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

    test('next and previous move a page of cards, wrap at both ends and show X de Y', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
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

    test('news: previous and next stop at the ends', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
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

    test('a swipe (native scroll) keeps the indicator in step', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      const restaurants = await carousel(page, 'Restaurantes');
      const pages = isDesktop ? 4 : 11;
      await restaurants.root.locator('[data-carousel-track]').evaluate((track: HTMLElement, index) => {
        const card = track.querySelectorAll<HTMLElement>('[data-carousel-item]')[index];
        if (card) track.scrollTo({ left: card.offsetLeft - track.offsetLeft, behavior: 'instant' });
      }, perView * 2);
      await expect(restaurants.position).toHaveText(new RegExp(`3 de ${pages}$`));
    });

    test('auto-slide follows each interval, pauses on hover and on focus', async ({ page }) => {
      await openWithClock(page);
      await page.mouse.move(1, height - 1);
      const tours = await carousel(page, 'Passeios');
      const pages = isDesktop ? 4 : 12;
      await expect(tours.frame).toHaveAttribute('data-carousel-auto', 'running');
      await page.clock.runFor(4900);
      await expect(tours.position).toHaveText(new RegExp(`1 de ${pages}$`));
      await page.clock.runFor(200);
      await expect(tours.position).toHaveText(new RegExp(`2 de ${pages}$`));
      await expect.poll(() => firstVisibleCard(tours.root)).toBe(perView);
      // Hover pauses it.
      await tours.root.locator('[data-carousel-track]').hover();
      await expect(tours.frame).toHaveAttribute('data-carousel-auto', 'paused');
      await page.clock.runFor(12_000);
      await expect(tours.position).toHaveText(new RegExp(`2 de ${pages}$`));
      await page.mouse.move(1, height - 1);
      await expect(tours.frame).toHaveAttribute('data-carousel-auto', 'running');
      await page.clock.runFor(5100);
      await expect(tours.position).toHaveText(new RegExp(`3 de ${pages}$`));
      // Focus inside pauses it too.
      await tours.next.focus();
      await expect(tours.frame).toHaveAttribute('data-carousel-auto', 'paused');
      await page.clock.runFor(12_000);
      await expect(tours.position).toHaveText(new RegExp(`3 de ${pages}$`));

      // Restaurants slide every 4.5 s.
      const restaurants = await carousel(page, 'Restaurantes');
      await page.mouse.move(1, 1);
      await expect(restaurants.frame).toHaveAttribute('data-carousel-auto', 'running');
      await page.clock.runFor(4400);
      await expect(restaurants.position).toHaveText(/1 de \d+$/);
      await page.clock.runFor(200);
      await expect(restaurants.position).toHaveText(/2 de \d+$/);
    });

    test('testimonials slide every 6 s on a phone and stay a still grid on desktop', async ({ page }) => {
      await openWithClock(page);
      await page.mouse.move(1, 1);
      const root = section(page, 'Depoimentos dos visitantes').locator('[data-carousel]');
      await root.scrollIntoViewIfNeeded();
      if (isDesktop) {
        await expect(root.locator('.carousel-frame')).toHaveAttribute('data-carousel-auto', 'off');
        await expect(root.getByRole('button')).toHaveCount(0);
        return;
      }
      const testimonials = await carousel(page, 'Depoimentos dos visitantes');
      await expect(testimonials.previous).toBeDisabled();
      await page.clock.runFor(5900);
      await expect(testimonials.position).toHaveText(/1 de 3$/);
      await page.clock.runFor(200);
      await expect(testimonials.position).toHaveText(/2 de 3$/);
    });

    // Whether the carousels slide under reduced motion does not depend on the width.
    if (name === 'phone') {
      test('no auto-slide under reduced motion', async ({ page }) => {
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await openWithClock(page);
        const tours = await carousel(page, 'Passeios');
        await expect(tours.frame).toHaveAttribute('data-carousel-auto', 'off');
        await page.clock.runFor(30_000);
        await expect(tours.position).toHaveText(/^.*1 de \d+$/);
        expect(await firstVisibleCard(tours.root)).toBe(0);
      });
    }
  });

  test.describe(`gallery lightbox at ${name} width`, () => {
    test.use({ viewport: { width, height } });

    /** /tour/101 has 9 photos, 6 of them as thumbnails. */
    async function openGallery(page: Page) {
      await page.goto('/tour/101');
      const gallery = page.getByRole('region', { name: 'Galeria de fotos' });
      await gallery.scrollIntoViewIfNeeded();
      // The photos' thumbnails; the 'Mais N fotos' tile (li.more) opens the first photo not shown.
      return { gallery, thumbs: gallery.locator('[data-gallery] > li:not(.more) a') };
    }

    test('opens on a thumbnail, counts, wraps with buttons and arrows, closes by Escape back to the thumbnail', async ({
      page,
    }) => {
      const { thumbs } = await openGallery(page);
      await expect(thumbs).toHaveCount(6);
      const href = await thumbs.nth(1).getAttribute('href');
      await thumbs.nth(1).click();
      const dialog = page.getByRole('dialog', { name: /^Fotos: / });
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(/\/tour\/101$/);
      await expect(dialog.getByText('2 / 9')).toBeVisible();
      await expect(dialog.getByRole('img')).toHaveAttribute('src', href ?? '');
      await expect(dialog.getByRole('img')).toHaveAttribute('alt', /foto 2 de 9$/);

      // Arrow keys go past the 6 thumbnails to every photo and wrap.
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

      // Tab stays inside the dialog.
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

    test('closes by the close button and by a click on the overlay', async ({ page }) => {
      const { thumbs } = await openGallery(page);
      const dialog = page.getByRole('dialog', { name: /^Fotos: / });
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

    test('passes axe with the lightbox open', async ({ page }) => {
      const { thumbs } = await openGallery(page);
      await thumbs.first().click();
      await expect(page.getByRole('dialog', { name: /^Fotos: / })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}

// The slideshow's timers, dots and pause button do not depend on the width (the layout tests check the hero at
// each width).
test.describe('hero slideshow at phone width', () => {
  test.use({ viewport: { width: WIDTHS[0].width, height: WIDTHS[0].height } });
  /** The photo of the hero's slide `number` (from 1). */
  const slidePhoto = (hero: Locator, number: number) => hero.locator(`[id="slide-${number}"] img`);

  test('the dot links serve until the island comes, a second before the first advance, due 5 s after the page started; a dot jumps and pauses', async ({
    page,
  }) => {
    // The whole cycle (every 5 s, round to the first photo, a dot's 3 s pause) on a fake clock without a browser:
    // tests/components/slideshow.test.tsx. Here, once each, what only a browser shows: the island's arrival, the strip
    // scrolled to the photo, the first photo the server's LCP image.
    await openWithClock(page);
    const hero = section(page, 'Barra do Bugres – MT');
    await page.clock.runFor(3000);
    await expect(hero.getByRole('link', { name: 'Foto 3 de 6' })).toBeVisible();
    await page.clock.runFor(1100);
    const dots = hero.getByRole('navigation', { name: 'Escolher foto' }).getByRole('button');
    await expect(dots).toHaveCount(6);
    await expect(dots.nth(2)).toHaveAccessibleName('Foto 3 de 6');
    const state = hero.locator('.slide-dots');
    await expect(state).toHaveAttribute('data-slideshow-state', 'playing');
    await expect(slidePhoto(hero, 1)).toHaveAttribute('fetchpriority', 'high');

    await page.clock.runFor(800);
    await expect(dots.first()).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(200);
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(slidePhoto(hero, 2)).toBeInViewport({ ratio: 0.9 });

    await dots.nth(4).click();
    await expect(dots.nth(4)).toHaveAttribute('aria-current', 'true');
    await expect(slidePhoto(hero, 5)).toBeInViewport({ ratio: 0.9 });
    await expect(state).toHaveAttribute('data-slideshow-state', 'paused');
    await page.clock.runFor(3100);
    await expect(state).toHaveAttribute('data-slideshow-state', 'playing');
  });

  test('stays still under reduced motion; the dots still jump', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openWithClock(page);
    const hero = section(page, 'Barra do Bugres – MT');
    // A dot link (server HTML) jumps before the island comes (the tap brings it: nothing is due under reduced motion);
    // the island takes up the photo shown.
    await hero.getByRole('link', { name: 'Foto 4 de 6' }).click();
    await expect(slidePhoto(hero, 4)).toBeInViewport({ ratio: 0.9 });
    await page.clock.runFor(4100);
    const dots = hero.getByRole('navigation', { name: 'Escolher foto' }).getByRole('button');
    await expect(hero.locator('.slide-dots')).toHaveAttribute('data-slideshow-state', 'still');
    await expect(dots.nth(3)).toHaveAttribute('aria-current', 'true');
    // Nothing moves by itself; the dots still jump.
    await page.clock.runFor(20_000);
    await expect(dots.nth(3)).toHaveAttribute('aria-current', 'true');
    await dots.nth(1).click();
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(slidePhoto(hero, 2)).toBeInViewport({ ratio: 0.9 });
  });

  test('the slideshow pauses and resumes with its button, which keeps the focus', async ({ page }) => {
    // What a dot does to a paused slideshow, and the full 5 s after it resumes: tests/components/slideshow.test.tsx.
    await openWithClock(page);
    const hero = section(page, 'Barra do Bugres – MT');
    await page.clock.runFor(4100);
    const dots = hero.getByRole('navigation', { name: 'Escolher foto' }).getByRole('button');
    const state = hero.locator('.slide-dots');
    await expect(state).toHaveAttribute('data-slideshow-state', 'playing');
    const pause = hero.getByRole('button', { name: 'Pausar apresentação' });
    await expect(pause).toBeVisible();

    await pause.click();
    const resume = hero.getByRole('button', { name: 'Retomar apresentação' });
    await expect(resume).toBeFocused();
    await expect(state).toHaveAttribute('data-slideshow-state', 'paused');
    await page.clock.runFor(20_000);
    await expect(dots.first()).toHaveAttribute('aria-current', 'true');
    await expect(slidePhoto(hero, 1)).toBeInViewport({ ratio: 0.9 });

    await resume.click();
    await expect(hero.getByRole('button', { name: 'Pausar apresentação' })).toBeFocused();
    await expect(state).toHaveAttribute('data-slideshow-state', 'playing');
  });

  test('under reduced motion nothing moves, so there is no pause button', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openWithClock(page);
    const hero = section(page, 'Barra do Bugres – MT');
    await page.clock.runFor(20_000);
    await expect(slidePhoto(hero, 1)).toBeInViewport({ ratio: 0.9 });
    // Nothing was due, so the island waited for the visitor: the dot links are still there. Nor is there a button
    // once the visitor reaches for the dots and it runs.
    await hero.getByRole('link', { name: 'Foto 1 de 6' }).focus();
    await page.clock.runFor(100);
    await expect(hero.locator('.slide-dots')).toHaveAttribute('data-slideshow-state', 'still');
    await expect(hero.getByRole('button', { name: /apresentação/ })).toHaveCount(0);
  });
});

test('without JavaScript a thumbnail still opens its large photo', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/tour/101');
  const thumb = page.locator('[data-gallery] a').first();
  const href = await thumb.getAttribute('href');
  expect(href).toBeTruthy();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Próximo/ })).toHaveCount(0);
  await context.close();
});
