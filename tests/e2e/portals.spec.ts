/**
 * News and testimonials portals and details, /contato, /about, /destination and the 404 page in the browser, on the
 * site built from the embedded sample data (data/sample-snapshot): each page loaded once, widest first, and looked at
 * in each width (what is shown, the accessibility sweep), then nothing fetched from another host. What their HTML
 * says (figures, cards, links, share links, JSON-LD, the page's own scripts, the 404 page's message for each kind of
 * path, with and without JavaScript), the fallbacks of records that miss data and robots.txt are static HTML:
 * tests/html/portals.test.ts.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { collectForeignRequests, expectNoSeriousA11yViolations, ORIGIN, WIDTHS } from './support.ts';

const [PHONE, DESKTOP] = WIDTHS;

interface PageCase {
  path: string;
  /** What the page is, for the test's title. */
  what: string;
  status?: number;
  /** What the visitor sees at every width. */
  shown: (page: Page) => Locator[];
  /** What the visitor must not see at any width. */
  hidden?: (page: Page) => Locator[];
}

const h1 = (page: Page, name?: string) => page.getByRole('heading', { level: 1, ...(name ? { name, exact: true } : {}) });

const PAGES: PageCase[] = [
  {
    path: '/news',
    what: 'the news portal',
    shown: (page) => [h1(page, 'Portal de Notícias')],
  },
  {
    path: '/news/1305',
    what: 'an article with its breadcrumb, category and text',
    shown: (page) => [
      h1(page, 'Natal Iluminado 2026 terá chegada do Papai Noel de barco pelo Rio Paraguai'),
      page.getByRole('navigation', { name: 'Trilha de navegação' }).locator('[aria-current="page"]'),
      page.locator('.chip', { hasText: 'Eventos' }).first(),
      page.locator('.prose h2', { hasText: 'Programação' }),
    ],
  },
  {
    path: '/testimonials',
    what: 'the testimonials portal with its search and the featured rating',
    shown: (page) => [
      h1(page, 'Depoimentos dos visitantes'),
      page.getByRole('searchbox', { name: 'Buscar depoimentos' }),
      page.locator('.testimonial-card.lead').getByRole('img', { name: /^Nota [\d,]+ de 5$/ }),
    ],
  },
  {
    path: '/testimonials/1001',
    what: 'a testimonial with its rating and the tour it is about',
    shown: (page) => [
      h1(page, 'Depoimento de Fernanda Lopes'),
      page.locator('article.sheet').getByRole('img', { name: 'Nota 5 de 5' }),
      page.locator('article.sheet').getByRole('heading', { level: 2, name: 'Trilha e Banho nas Cachoeiras da Serra das Araras' }),
    ],
  },
  { path: '/contato', what: 'the contact page', shown: (page) => [h1(page, 'Fale Conosco')] },
  { path: '/about', what: 'the page about the portal', shown: (page) => [h1(page)] },
  { path: '/destination', what: 'the page about the destination', shown: (page) => [h1(page)] },
  {
    path: '/driver/999',
    what: "an unknown driver's message from docs/product.md",
    status: 404,
    shown: (page) => [h1(page, 'Condutor não encontrado.'), page.getByRole('link', { name: 'Voltar para Condutores' })],
    hidden: (page) => [page.getByRole('heading', { name: 'Página não encontrada' })],
  },
];

test.describe(() => {
  test.use({ viewport: { width: DESKTOP.width, height: DESKTOP.height } });

  for (const { path, what, status = 200, shown, hidden = () => [] } of PAGES) {
    test(`${path} shows ${what} at each width, passes the accessibility sweep and fetches nothing from another host`, async ({
      page,
    }) => {
      const foreign = collectForeignRequests(page, ORIGIN);
      const response = await page.goto(path);
      expect(response?.status(), `${path} status`).toBe(status);
      // Widest first: the phone's smaller photos are then not fetched again.
      for (const size of [DESKTOP, PHONE]) {
        await test.step(`at ${size.width} px`, async () => {
          await page.setViewportSize({ width: size.width, height: size.height });
          for (const locator of shown(page)) await expect(locator).toBeVisible();
          for (const locator of hidden(page)) await expect(locator).toBeHidden();
          await expectNoSeriousA11yViolations(page);
        });
      }
      await page.waitForLoadState('networkidle');
      expect(foreign).toEqual([]);
    });
  }

  // The template of /news, swept there.
  test('/news/page/3, the last static page, fetches nothing from another host', async ({ page }) => {
    const foreign = collectForeignRequests(page, ORIGIN);
    expect((await page.goto('/news/page/3'))?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    expect(foreign).toEqual([]);
  });
});
