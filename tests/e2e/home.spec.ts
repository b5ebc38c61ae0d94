/**
 * The home page in Chromium: at each width it loads nothing foreign, does not scroll sideways and passes
 * the accessibility sweep with every lazy picture loaded; the podcast's episodes, cover gradient and
 * player placeholder at each width; Segmentos' cards open and close; an experience's description shows
 * on hover and focus; sections drawn as they come into view; the menu anchors' second variants in view.
 * The hero's slideshow: interaction.spec.ts and home-behaviour.spec.ts. What its static HTML says (sections,
 * headings, links, counts, texts, JSON-LD) is tests/html/home.test.ts.
 */
import { expect, type Page, test } from '@playwright/test';
import { SECTIONS, SEGMENT_LINKS } from '../fixtures/home-page.ts';
import {
  boxOf,
  collectForeignRequests,
  expectNoSeriousA11yViolations,
  isWithinWidth,
  ORIGIN,
  playerMinHeight,
  WIDTHS,
} from './support.ts';

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Scrolls to the bottom and back so every lazy image has been requested. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

for (const { name, width, height } of WIDTHS) {
  test.describe(`home at ${name} width`, () => {
    test.use({ viewport: { width, height } });

    test('every section shown, no sideways scroll, passes axe and loads nothing foreign', async ({ page, baseURL }) => {
      // Every picture of a long page, then axe over it: on a loaded 2-core machine, near the default timeout.
      test.slow();
      const foreign = collectForeignRequests(page, baseURL ?? ORIGIN);
      const response = await page.goto('/');
      expect(response?.status()).toBe(200);
      for (const [id] of SECTIONS) await expect(page.locator(`main > section#${id}`), id).toHaveCount(1);
      // No page-level horizontal scroll, down to this width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await scrollThrough(page);
      await expectNoSeriousA11yViolations(page);
      expect(foreign).toEqual([]);
    });

    test('podcast: all episodes on request on a phone, the cover gradient, the player placeholder at its height', async ({
      page,
    }) => {
      await page.goto('/');
      const podcast = section(page, 'Vozes do Turismo');
      const episodes = podcast.locator('.episodes > li');
      // A phone shows three until asked for the others.
      if (width < 768) await podcast.getByRole('button', { name: 'Ver todos os episódios' }).click();
      const noImage = episodes.filter({ hasText: 'Ep. 4 – Guias e condutores' });
      await expect(noImage.locator('.gradient')).toHaveCSS('background-image', /linear-gradient/);
      await expect(noImage.getByText('33min 7s')).toBeVisible();
      await expect(noImage.getByText('15/07/2026')).toBeVisible();
      // The embed comes later: a placeholder at least the player's height, within the page's width.
      const box = await boxOf(podcast.locator('[data-podcast-player]'));
      expect(box.height).toBeGreaterThanOrEqual(playerMinHeight(width));
      expect(isWithinWidth(box, page)).toBe(true);
    });
  });
}

test('Segmentos: each card opens to show its list links, and closes', async ({ page }) => {
  await page.goto('/');
  const segments = section(page, 'Segmentos');
  for (const [card, label, href] of SEGMENT_LINKS) {
    const link = segments.getByRole('link', { name: label, exact: true });
    // Collapsed: the link is out of sight (and of the accessibility tree) until the card opens.
    await expect(link).toHaveCount(0);
    await segments.getByRole('heading', { name: card }).click();
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', href);
    await segments.getByRole('heading', { name: card }).click();
    await expect(link).toHaveCount(0);
  }
  await expect(segments.getByText('Não encontrou o que procura?')).toBeVisible();
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an experience shows its description on hover and focus', async ({ page }) => {
    await page.goto('/');
    const experiences = section(page, 'Todas as experiências');
    const link = experiences.getByRole('link', { name: 'Experiência de Pesca Esportiva' });
    const card = experiences
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Experiência de Pesca Esportiva' }) });
    const description = card.getByText('Barcos com piloteiros experientes', { exact: false });
    await expect(description).toBeHidden();
    await link.focus();
    await expect(description).toBeVisible();
    await link.blur();
    await expect(description).toBeHidden();
    await card.hover();
    await expect(description).toBeVisible();
  });
});

test('a section out of sight is not drawn until the visitor scrolls near it, and then is', async ({ page }) => {
  // content-visibility: auto on every home section: the phone's main thread lays out the cards in view, not all 64.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const drawn = (id: string) =>
    page.locator(`section#${id} h2`).evaluate((heading) => heading.checkVisibility({ contentVisibilityAuto: true }));
  expect(await drawn('servicos')).toBe(true);
  expect(await drawn('depoimentos')).toBe(false);
  await page.locator('section#depoimentos').evaluate((section) => section.scrollIntoView({ behavior: 'instant' }));
  await expect.poll(() => drawn('depoimentos')).toBe(true);
  // Still in the accessibility tree while skipped.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Depoimentos dos visitantes', exact: true })).toHaveCount(1);
});

test('a second variant of a menu anchor, followed from another page, lands its section in view', async ({ page }) => {
  // Each anchor's section and heading, and the header's anchors: tests/html/home.test.ts; where each lands: anchors.spec.ts.
  for (const anchor of ['promocoes', 'provedores']) {
    await page.goto('about:blank');
    await page.goto(`/#${anchor}`, { waitUntil: 'domcontentloaded' });
    await expect(page.locator(`#${anchor}`)).toBeInViewport();
  }
});

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('experience descriptions are readable without hover', async ({ page }) => {
    await page.goto('/');
    const experiences = section(page, 'Todas as experiências');
    await expect(experiences.getByText('Barcos com piloteiros experientes', { exact: false })).toBeVisible();
  });
});
