/**
 * The home page in Chromium, in one load at both widths (widest first): no sideways scroll, the podcast's
 * player placeholder at the height docs/product.md asks for and the player in its place on request, all
 * the episodes on request on a phone with the cover gradient, the accessibility sweep with every lazy
 * picture loaded, nothing foreign before the visitor asks for the player; Segmentos' cards open and close;
 * an experience's description shows on hover and focus, and without hover on a touch screen; sections
 * drawn as they come into view. The hero's slideshow: tests/e2e/interaction.spec.ts and tests/e2e/home-behaviour.spec.ts;
 * where the menu anchors land: tests/e2e/anchors.spec.ts. What its static HTML says (sections, headings, links,
 * counts, texts, JSON-LD) is tests/html/home.test.ts.
 */
import { expect, type Page, test } from '@playwright/test';
import { SEGMENT_LINKS } from '../fixtures/home-page.ts';
import {
  boxOf,
  collectForeignRequests,
  expectNoSeriousA11yViolations,
  isSameSize,
  isWithinWidth,
  ORIGIN,
  playerMinHeight,
  stubThirdParties,
  WIDTHS,
} from './support.ts';

const [PHONE, DESKTOP] = WIDTHS;

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
}

/**
 * Waits, whenever called, until the page has had no request in flight for 500 ms: what networkidle says
 * once after a load, again after a resize has fetched the narrower layout's pictures.
 */
function quietNetwork(page: Page): () => Promise<void> {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (by: number) => () => {
    inFlight += by;
    lastChange = Date.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
  return () => expect.poll(() => inFlight === 0 && Date.now() - lastChange >= 500, { intervals: [100] }).toBe(true);
}

test(`at ${DESKTOP.width} then ${PHONE.width} px: no sideways scroll, the podcast player at its height on request, passes axe, loads nothing foreign`, async ({
  page,
  baseURL,
}) => {
  // Every picture of a long page, then axe over it, at two widths: on a loaded 2-core machine, near the default timeout.
  test.slow();
  const thirdParty = await stubThirdParties(page);
  const foreign = collectForeignRequests(page, baseURL ?? ORIGIN);
  const networkQuiet = quietNetwork(page);
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  const podcast = section(page, 'Vozes do Turismo');
  const player = podcast.locator('[data-podcast-player]');
  const placeholders = new Map<number, Awaited<ReturnType<typeof boxOf>>>();

  for (const { width, height } of [DESKTOP, PHONE]) {
    await test.step(`at ${width} px`, async () => {
      await page.setViewportSize({ width, height });
      // No page-level horizontal scroll, down to this width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // A phone shows three episodes until asked for the others.
      if (width < 768) await podcast.getByRole('button', { name: 'Ver todos os episódios' }).click();
      const noImage = podcast.locator('.episodes > li').filter({ hasText: 'Ep. 4 – Guias e condutores' });
      await expect(noImage.locator('.gradient')).toHaveCSS('background-image', /linear-gradient/);
      await expect(noImage.getByText('33min 7s')).toBeVisible();
      await expect(noImage.getByText('15/07/2026')).toBeVisible();
      // The embed comes later: a placeholder at least the player's height, within the page's width.
      await expect(podcast.getByRole('button', { name: /^Ouvir aqui/ })).toBeVisible();
      const box = await boxOf(player);
      expect(box.height).toBeGreaterThanOrEqual(playerMinHeight(width));
      expect(isWithinWidth(box, page)).toBe(true);
      placeholders.set(width, box);

      // The sweep over a quiet page: every lazy picture and the carousels near the view in; with them still
      // arriving, the sweep took twice as long.
      await scrollThrough(page);
      await networkQuiet();
      await expectNoSeriousA11yViolations(page);
    });
  }
  expect(foreign).toEqual([]);
  expect(thirdParty).toEqual([]);

  await test.step("'Ouvir aqui' puts the player in the placeholder's place: nothing below it moves", async () => {
    await podcast.getByRole('button', { name: /^Ouvir aqui/ }).click();
    const frame = podcast.locator('iframe');
    await expect(frame).toHaveAttribute('src', 'https://open.spotify.com/embed/episode/rjX6c53MFCUseGkBtNzWxS');
    await expect(frame).toHaveAttribute('title', /^Player do Spotify: Ep\. 7/);
    // The episode list below does not repeat the latest one, whose link the player replaced.
    await expect(page.getByRole('link', { name: /^Ouvir no Spotify – Ep\. 7/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Ouvir no Spotify – Ep\. 6/ })).toHaveAttribute('target', '_blank');
    for (const { width, height } of [PHONE, DESKTOP]) {
      await page.setViewportSize({ width, height });
      const shown = await boxOf(frame);
      expect(isSameSize(shown, placeholders.get(width) as typeof shown), `at ${width} px`).toBe(true);
      expect(shown.height).toBeGreaterThanOrEqual(playerMinHeight(width));
    }
  });
});

test('a section out of sight is not drawn until the visitor scrolls near it; Segmentos open and close; an experience shows its description on hover and focus', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');

  await test.step('on a phone, a section out of sight is drawn once the visitor scrolls near it', async () => {
    // content-visibility: auto on every home section: the phone's main thread lays out the cards in view, not all 64.
    const drawn = (id: string) =>
      page.locator(`section#${id} h2`).evaluate((heading) => heading.checkVisibility({ contentVisibilityAuto: true }));
    expect(await drawn('servicos')).toBe(true);
    expect(await drawn('depoimentos')).toBe(false);
    // Still in the accessibility tree while skipped.
    await expect(page.getByRole('heading', { name: 'Depoimentos dos visitantes', exact: true })).toHaveCount(1);
    await page.locator('section#depoimentos').evaluate((element) => element.scrollIntoView({ behavior: 'instant' }));
    await expect.poll(() => drawn('depoimentos')).toBe(true);
  });

  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });

  await test.step('Segmentos: each card opens to show its list links, and closes', async () => {
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
  });

  await test.step('on a desktop, an experience shows its description on hover and focus', async () => {
    const experiences = section(page, 'Todas as experiências');
    const link = experiences.getByRole('link', { name: 'Experiência de Pesca Esportiva' });
    const card = experiences
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Experiência de Pesca Esportiva' }) });
    const description = card.getByText('Barcos com piloteiros experientes', { exact: false });
    await page.mouse.move(0, 0);
    await expect(description).toBeHidden();
    await link.focus();
    await expect(description).toBeVisible();
    await link.blur();
    await expect(description).toBeHidden();
    await card.hover();
    await expect(description).toBeVisible();
  });
});

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('experience descriptions are readable without hover', async ({ page }) => {
    await page.goto('/');
    const experiences = section(page, 'Todas as experiências');
    await expect(experiences.getByText('Barcos com piloteiros experientes', { exact: false })).toBeVisible();
  });
});
