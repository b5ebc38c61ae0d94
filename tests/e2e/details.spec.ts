/**
 * The item detail pages (docs/product.md) in Chromium: one item of each kind shows its sections and
 * texts, does not scroll sideways, passes the accessibility sweep and loads nothing foreign at both
 * widths; the missing-phone alerts and the FAQ open without JavaScript; /experience sends the visitor
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
          await expect(main.getByText(text, { exact: true }).first(), String(text)).toBeVisible();
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

  const MISSING = [
    ['/restaurant/310', 'Entrar em contato', 'Número de telefone não disponível para este restaurante.'],
    ['/accommodation/209', 'Entrar em contato', 'Número de telefone não disponível para esta hospedagem.'],
    ['/driver/506', 'Contatar', 'Número de telefone não disponível para este condutor.'],
    ['/guide/606', 'Contatar', 'Número de telefone não disponível para este guia.'],
    ['/experience/6', 'Reservar Experiência', 'Número de telefone não disponível para esta experiência.'],
    ['/provider-tour/807', 'Entrar em Contato', 'WhatsApp não disponível para este fornecedor'],
    ['/event/407', 'Reservar Agora', 'WhatsApp não disponível para este evento.'],
  ] as const;

  test("a missing phone: each kind's contact button opens its message", async ({ page }) => {
    for (const [path, label, message] of MISSING) {
      await page.goto(path);
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: label, exact: true }), path).toHaveCount(0);
      await expect(main.getByRole('alert'), path).toBeHidden();
      await main.locator('summary', { hasText: label }).click();
      await expect(main.getByRole('alert'), path).toHaveText(message);
      await expect(main.getByRole('alert'), path).toBeVisible();
    }
  });

  test('the FAQ opens', async ({ page }) => {
    await page.goto('/tour/101');
    await page.getByText('Preciso saber nadar?').click();
    await expect(page.getByText('fornecemos coletes salva-vidas', { exact: false })).toBeVisible();
  });
});

test('/driver without an id: its message passes axe', async ({ page }) => {
  // The message page of /driver and /guide is one template (its texts: tests/html/details.test.ts).
  const response = await page.goto('/driver');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('alert')).toContainText('ID do condutor não fornecido.');
  await expectNoSeriousA11yViolations(page);
});

test('/experience redirects to the home page', async ({ page }) => {
  await page.goto('/experience');
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(CITY);
});
