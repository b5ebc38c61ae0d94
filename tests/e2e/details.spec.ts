/**
 * The item detail pages (docs/product.md) in Chromium: one item of each kind shows its sections and
 * texts, does not scroll sideways, passes the accessibility sweep and loads nothing foreign at both
 * widths; without JavaScript, a record without a mobile is reached by what it has and the FAQ opens; /experience sends the visitor
 * home. What the static HTML says (every item's page, links, JSON-LD, fallbacks) is tests/html/details.test.ts.
 */
import { expect, test } from '@playwright/test';
import { CITY, DETAIL_CASES } from '../fixtures/detail-pages.ts';
import { collectForeignRequests, expectNoSeriousA11yViolations, ORIGIN, WIDTHS } from './support.ts';

/**
 * The accessibility sweep runs once per page template and width: a guide's and an agency's pages are the
 * driver's template (ProfilePage.astro, src/components/details/pages/), swept on /driver/501.
 */
const SWEPT_AS_DRIVER = new Set(['/guide/601', '/agency/701']);

for (const { name, width, height } of WIDTHS) {
  test.describe(`detail pages at ${name} width`, () => {
    test.use({ viewport: { width, height } });

    for (const detail of DETAIL_CASES) {
      test(`${detail.path}: sections and texts shown, no sideways scroll, nothing foreign, axe once per template`, async ({
        page,
        baseURL,
      }) => {
        const foreign = collectForeignRequests(page, baseURL ?? ORIGIN);
        const response = await page.goto(detail.path);
        expect(response?.status()).toBe(200);
        const main = page.getByRole('main');

        await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.title);
        for (const heading of detail.headings) {
          await expect(main.getByRole('heading', { level: 2, name: heading, exact: true }), heading).toBeVisible();
        }
        for (const text of detail.texts) {
          // The first one shown: the page also gives the search index its facts in a hidden block (SearchData.astro).
          await expect(main.getByText(text, { exact: true }).filter({ visible: true }).first(), String(text)).toBeVisible();
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

        if (!SWEPT_AS_DRIVER.has(detail.path)) await expectNoSeriousA11yViolations(page);
        await page.waitForLoadState('networkidle');
        expect(foreign).toEqual([]);
      });
    }
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  /** Records without a mobile, the button their page offers, and where it leads (docs/product.md, Detail pages). */
  const WITHOUT_MOBILE = [
    // A landline: a call, never WhatsApp.
    ['/provider-tour/801', /^Ligar/, /^tel:\+556533614477$/],
    ['/agency/701', /^Ligar/, /^tel:\+556533611188$/],
    // No phone: the e-mail.
    ['/restaurant/310', /^Enviar e-mail/, /^mailto:petiscariadoporto@petiscariadoporto\.com\.br\?subject=/],
    ['/accommodation/209', /^Enviar e-mail/, /^mailto:temporada@praiadojuliao\.com\.br\?subject=/],
    ['/experience/6', /^Enviar e-mail/, /^mailto:roteiros@saboresdobugres\.com\.br\?subject=/],
    ['/event/407', /^Enviar e-mail/, /^mailto:eventos@turismobarradobugres\.com\.br\?subject=/],
    // Nothing of its own: the city's tourist office, on its WhatsApp.
    ['/driver/506', /^Fale Conosco/, /^https:\/\/wa\.me\/5565996120001\?text=/],
    ['/guide/606', /^Fale Conosco/, /^https:\/\/wa\.me\/5565996120001\?text=/],
    ['/provider-tour/807', /^Fale Conosco/, /^https:\/\/wa\.me\/5565996120001\?text=/],
  ] as const;

  test('a record without a mobile: its contact button reaches someone, and none says a number is missing', async ({ page }) => {
    for (const [path, name, href] of WITHOUT_MOBILE) {
      await page.goto(path);
      const main = page.getByRole('main');
      const button = main.locator('a[data-channel]');
      await expect(button, path).toHaveCount(1);
      await expect(button, path).toHaveAccessibleName(name);
      await expect(button, path).toHaveAttribute('href', href);
      await expect(button, path).toBeVisible();
      await expect(main.locator('details.missing-phone'), path).toHaveCount(0);
      await expect(main.getByText(/(?:telefone|WhatsApp) não disponível/), path).toHaveCount(0);
    }
  });

  test('the FAQ opens', async ({ page }) => {
    await page.goto('/tour/101');
    await page.getByText('Preciso saber nadar?').click();
    await expect(page.getByText('fornecemos coletes salva-vidas', { exact: false })).toBeVisible();
  });
});

test('/experience redirects to the home page', async ({ page }) => {
  await page.goto('/experience');
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(CITY);
});
