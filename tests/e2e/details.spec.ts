/**
 * The item detail pages (docs/product.md) in Chromium: one item of each kind, loaded once and looked at
 * wide then narrow, shows its sections and texts, does not scroll sideways, passes the accessibility sweep
 * (once per template and width) and loads nothing foreign; without JavaScript, the FAQ opens and
 * /experience sends the visitor home. What the static HTML says (every item's page, links, JSON-LD,
 * fallbacks, the contact button of a record without a mobile) is tests/html/details.test.ts.
 */
import { expect, test } from '@playwright/test';
import { CITY, DETAIL_CASES, type DetailCase } from '../fixtures/detail-pages.ts';
import { collectForeignRequests, expectNoSeriousA11yViolations, ORIGIN, WIDTHS } from './support.ts';

/**
 * The pages by template, the accessibility sweep on the first of each, once per width: a guide's and an agency's
 * pages are the driver's template (ProfilePage.astro, src/components/details/pages/). The pages of one template
 * are opened in one tab, one after the other, as a visitor goes from one to the next.
 */
const BY_TEMPLATE: DetailCase[][] = [];
for (const detail of DETAIL_CASES) {
  const profiles = BY_TEMPLATE.find((group) => group[0]?.path.startsWith('/driver/'));
  if (profiles && /^\/(guide|agency)\//.test(detail.path)) profiles.push(detail);
  else BY_TEMPLATE.push([detail]);
}

for (const pages of BY_TEMPLATE) {
  const paths = pages.map((detail) => detail.path).join(', ');
  test(`${paths}: sections and texts shown at both widths, no sideways scroll, axe once per width, nothing foreign`, async ({
    page,
    baseURL,
  }) => {
    const foreign = collectForeignRequests(page, baseURL ?? ORIGIN);
    const main = page.getByRole('main');
    for (const detail of pages) {
      // Widest first, then the window resized: the CSS lays the page out again, and no photo is fetched twice.
      for (const [index, { name, width, height }] of [...WIDTHS].reverse().entries()) {
        await test.step(`${detail.path} at ${name} width`, async () => {
          await page.setViewportSize({ width, height });
          if (index === 0) expect((await page.goto(detail.path))?.status()).toBe(200);

          await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.title);
          for (const heading of detail.headings) {
            await expect(main.getByRole('heading', { level: 2, name: heading, exact: true }), heading).toBeVisible();
          }
          for (const text of detail.texts) {
            // The first one shown: the page also gives the search index its facts in a hidden block (SearchData.astro).
            await expect(main.getByText(text, { exact: true }).filter({ visible: true }).first(), String(text)).toBeVisible();
          }
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          if (detail === pages[0]) await expectNoSeriousA11yViolations(page);
        });
      }
      // Once a page, after both widths: what the narrower layout asked for too.
      await page.waitForLoadState('networkidle');
      expect(foreign, detail.path).toEqual([]);
    }
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the FAQ opens, and /experience sends the visitor home', async ({ page }) => {
    await test.step('the FAQ opens', async () => {
      await page.goto('/tour/101');
      await page.getByText('Preciso saber nadar?').click();
      await expect(page.getByText('fornecemos coletes salva-vidas', { exact: false })).toBeVisible();
    });
    await test.step('/experience redirects to the home page', async () => {
      await page.goto('/experience');
      await page.waitForURL((url) => url.pathname === '/');
      await expect(page.getByRole('heading', { level: 1 })).toContainText(CITY);
    });
  });
});
