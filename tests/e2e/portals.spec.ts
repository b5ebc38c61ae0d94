/**
 * News and testimonials portals and details, /contato, /about, /destination and the 404 page, on the
 * site built from the embedded sample data (data/sample-snapshot). The fallbacks of records that miss
 * data and robots.txt are static HTML: tests/html/portals.test.ts.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { collectForeignRequests, expectNoSeriousA11yViolations, expectOnlyOwnScripts, ORIGIN, WIDTHS } from './support.ts';

/** The sample testimonials the e2e site is built from, for the portal's computed figures. */
const SAMPLE_TESTIMONIALS = JSON.parse(
  readFileSync(new URL('../../data/sample-snapshot/testimonials.json', import.meta.url), 'utf8'),
) as {
  id: string;
  rating: number;
  writtenDate: string | null;
  featured: boolean;
}[];
const byWritten = [...SAMPLE_TESTIMONIALS].sort((a, b) => (b.writtenDate ?? '').localeCompare(a.writtenDate ?? ''));
const LEAD_TESTIMONIAL = byWritten.find((testimonial) => testimonial.featured) ?? byWritten[0];
/** The sample's average on 10, to one decimal, then on the stars' 5 as the page shows every rating. */
const AVERAGE = (
  Math.round((SAMPLE_TESTIMONIALS.reduce((sum, testimonial) => sum + testimonial.rating, 0) / SAMPLE_TESTIMONIALS.length) * 10) /
  10 /
  2
).toLocaleString('pt-BR', { maximumFractionDigits: 1 });

const DATE = /\d{2}\/\d{2}\/\d{4}/;

/** Loads a page, fails on a non-200 status; returns the foreign requests seen so far. */
async function open(page: Page, path: string): Promise<string[]> {
  const foreign = collectForeignRequests(page, ORIGIN);
  const response = await page.goto(path);
  expect(response?.status(), `${path} status`).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  return foreign;
}

/** The schema.org types of the page's JSON-LD blocks. */
async function jsonLdTypes(page: Page): Promise<string[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((block) => {
    const type = (JSON.parse(block) as { '@type': string | string[] })['@type'];
    return Array.isArray(type) ? type : [type];
  });
}

/**
 * Common end of every route check: only the site's own scripts, a11y sweep, no third-party request. The sweep runs
 * once per template and width: `sweptAs` names the page whose sweep covers this one's template.
 */
async function expectStaticAccessibleLocal(page: Page, foreign: string[], sweptAs?: string): Promise<void> {
  await expectOnlyOwnScripts(page);
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  if (!sweptAs) await expectNoSeriousA11yViolations(page);
  await page.waitForLoadState('networkidle');
  expect(foreign).toEqual([]);
}

for (const size of WIDTHS) {
  test.describe(`at ${size.width}px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('/news shows the hero figures, search, chips, the lead article, the grid and the pagination', async ({ page }) => {
      const foreign = await open(page, '/news');
      await expect(page).toHaveTitle(/^Notícias \| /);
      await expect(page.getByRole('heading', { level: 1, name: 'Portal de Notícias' })).toBeVisible();
      const hero = page.locator('.portal-hero');
      await expect(hero).toContainText('30 notícias');
      await expect(hero).toContainText('6 categorias');
      await expect(hero).toContainText('notícia mais recente');

      const search = page.getByRole('search');
      await expect(search.getByRole('searchbox', { name: 'Buscar notícias' })).toHaveAttribute('name', 'q');
      await expect(search).toHaveAttribute('method', 'get');
      const chips = page.getByRole('list', { name: 'Categorias' }).getByRole('link');
      await expect(chips.first()).toHaveText('Todas');
      await expect(chips).toHaveCount(7);
      await expect(
        page.getByRole('list', { name: 'Categorias' }).getByRole('link', { name: 'Eventos', exact: true }),
      ).toHaveAttribute('href', '/news?categoria=Eventos');

      // The sticky article leads, large; 11 more fill page 1.
      const lead = page.locator('.news-card.lead');
      await expect(lead).toHaveAttribute('data-id', '1305');
      await expect(lead.locator('img')).toHaveAttribute('fetchpriority', 'high');
      await expect(lead).toContainText('Destaque');
      await expect(page.locator('.news-grid .news-card')).toHaveCount(11);
      await expect(page.locator('.news-card time').first()).toHaveText(DATE);
      await expect(page.locator('.news-card .share-menu').first()).toBeAttached();

      const pagination = page.getByRole('navigation', { name: 'Paginação' });
      await expect(pagination.locator('[aria-current="page"]')).toHaveText(/1$/);
      await expect(pagination.getByText('Primeira')).toHaveAttribute('aria-disabled', 'true');
      await expect(pagination.getByRole('link', { name: 'Última' })).toHaveAttribute('href', '/news/page/3');
      await expect(page.getByText('Nenhuma notícia encontrada')).toHaveCount(0);
      await expect(page.getByText('Erro ao carregar notícias. Tente novamente.')).toHaveCount(0);
      expect(await jsonLdTypes(page)).toEqual(expect.arrayContaining(['BreadcrumbList', 'CollectionPage']));
      await expectStaticAccessibleLocal(page, foreign);
    });

    test('/news/page/3 is the last static page, with first/last buttons', async ({ page }) => {
      const foreign = await open(page, '/news/page/3');
      await expect(page.locator('.news-card.lead')).toHaveCount(0);
      await expect(page.locator('.news-grid .news-card')).toHaveCount(6);
      const pagination = page.getByRole('navigation', { name: 'Paginação' });
      await expect(pagination.locator('[aria-current="page"]')).toHaveText(/3$/);
      await expect(pagination.getByRole('link', { name: 'Primeira' })).toHaveAttribute('href', '/news');
      await expect(pagination.getByText('Última')).toHaveAttribute('aria-disabled', 'true');
      await expectStaticAccessibleLocal(page, foreign, '/news');
    });

    test('/news/1305 shows the article with its meta, blog link, share links, tags and 4 related', async ({ page }) => {
      const foreign = await open(page, '/news/1305');
      const title = 'Natal Iluminado 2026 terá chegada do Papai Noel de barco pelo Rio Paraguai';
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      const breadcrumb = page.getByRole('navigation', { name: 'Trilha de navegação' });
      await expect(breadcrumb.getByRole('link', { name: 'Notícias' })).toHaveAttribute('href', '/news');
      await expect(breadcrumb.locator('[aria-current="page"]')).toBeVisible();
      const meta = page.getByRole('list', { name: 'Sobre a notícia' });
      await expect(meta).toContainText('Ana Beatriz Souza');
      await expect(meta).toContainText('10/11/2026 às 18:05');
      // The blog counts no views: no count is shown.
      await expect(meta).not.toContainText('visualiza');
      await expect(meta).toContainText('1 min de leitura');
      await expect(page.locator('.chip', { hasText: 'Eventos' }).first()).toBeVisible();
      // The article's photo, through the image pipeline (a WebP of its own, AVIF in the <picture>).
      await expect(page.locator('img.hero')).toHaveAttribute('src', /^\/_astro\/[\w.-]+\.webp$/);
      await expect(page.locator('.prose h2', { hasText: 'Programação' })).toBeVisible();

      const blog = page.getByRole('link', { name: /Ler matéria completa no blog/ });
      await expect(blog).toHaveAttribute(
        'href',
        'https://blog.turismobarradobugres.com.br/2026/11/10/natal-iluminado-2026-papai-noel-de-barco/',
      );
      await expect(blog).toHaveAttribute('target', '_blank');

      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(canonical).toMatch(/\/news\/1305\/?$/);
      const share = page.getByRole('region', { name: 'Compartilhe esta notícia' });
      for (const [name, host] of [
        ['Facebook', 'https://www.facebook.com/sharer/sharer.php?u='],
        ['Twitter', 'https://twitter.com/intent/tweet?url='],
        ['WhatsApp', 'https://wa.me/?text='],
      ] as const) {
        const link = share.getByRole('link', { name: new RegExp(name) });
        await expect(link).toHaveAttribute('href', new RegExp(`^${host.replace(/[.?/]/g, '\\$&')}`));
        await expect(link).toHaveAttribute('href', new RegExp(encodeURIComponent(canonical ?? '').replace(/[.]/g, '\\.')));
        await expect(link).toHaveAttribute('target', '_blank');
      }
      await expect(page.getByRole('region', { name: 'Assuntos' })).toContainText('Natal');
      const related = page.getByRole('region', { name: 'Notícias relacionadas' }).locator('.news-card');
      await expect(related).toHaveCount(4);
      // Same category first.
      await expect(related.locator('.chip').first()).toHaveText('Eventos');
      await expect(page.getByRole('link', { name: 'Voltar para Notícias' })).toHaveAttribute('href', '/news');
      expect(await jsonLdTypes(page)).toEqual(expect.arrayContaining(['NewsArticle', 'BreadcrumbList']));
      await expectStaticAccessibleLocal(page, foreign);
    });

    test('/testimonials shows the hero figures, experience chips, the featured card and the pagination', async ({ page }) => {
      const foreign = await open(page, '/testimonials');
      await expect(page.getByRole('heading', { level: 1, name: 'Depoimentos dos visitantes' })).toBeVisible();
      const hero = page.locator('.portal-hero');
      await expect(hero).toContainText('30 depoimentos');
      await expect(hero).toContainText(`${AVERAGE} de 5 nota média`);
      // The feedbacks say nothing of verification: no figure of it.
      await expect(hero).not.toContainText('verificad');
      await expect(page.getByRole('searchbox', { name: 'Buscar depoimentos' })).toBeVisible();
      // Every sample feedback is about a tour: a 'Tours' chip would list what 'Todas' lists, so no chip is offered.
      await expect(page.getByRole('list', { name: 'Experiências' })).toHaveCount(0);

      // The newest featured one (rating >= 9) leads; ratings on 0–10 are drawn on the stars' 5, as every rating.
      const lead = page.locator('.testimonial-card.lead');
      await expect(lead).toHaveAttribute('data-id', LEAD_TESTIMONIAL?.id ?? '');
      await expect(
        lead.getByRole('img', { name: `Nota ${((LEAD_TESTIMONIAL?.rating ?? 0) / 2).toLocaleString('pt-BR')} de 5` }),
      ).toBeVisible();
      await expect(lead).not.toContainText('Verificado');
      await expect(lead).toContainText('Destaque');
      await expect(lead).toContainText(/Enviado em [a-zç]{3}\. de \d{4}/);
      const grid = page.locator('.testimonials-grid .testimonial-card');
      await expect(grid).toHaveCount(11);
      await expect(grid.first()).toHaveAttribute(
        'data-id',
        byWritten.find((testimonial) => testimonial !== LEAD_TESTIMONIAL)?.id ?? '',
      );
      await expect(page.getByRole('link', { name: /^Ler depoimento de / }).first()).toHaveAttribute(
        'href',
        `/testimonials/${LEAD_TESTIMONIAL?.id}`,
      );
      const pagination = page.getByRole('navigation', { name: 'Paginação' });
      await expect(pagination.getByRole('link', { name: 'Última' })).toHaveAttribute('href', '/testimonials/page/3');
      await expect(page.getByText('Nenhum depoimento encontrado')).toHaveCount(0);
      await expectStaticAccessibleLocal(page, foreign);
    });

    test('/testimonials/1001 shows the visitor, rating, the tour linked, text, the month it was written, share and 4 related', async ({
      page,
    }) => {
      const foreign = await open(page, '/testimonials/1001');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Depoimento de Fernanda Lopes');
      const sheet = page.locator('article.sheet');
      await expect(sheet.locator('img.avatar')).toHaveAttribute('src', /^\/_astro\/[\w.-]+\.webp$/);
      await expect(sheet).toContainText('Cuiabá – MT');
      await expect(sheet.getByRole('img', { name: 'Nota 5 de 5' })).toBeVisible();
      await expect(sheet).not.toContainText('Verificado');
      const tour = sheet.getByRole('heading', { level: 2, name: 'Trilha e Banho nas Cachoeiras da Serra das Araras' });
      await expect(tour).toBeVisible();
      await expect(tour.getByRole('link')).toHaveAttribute('href', '/tour/101');
      await expect(sheet.locator('blockquote')).toContainText('Que lugar maravilhoso!');
      await expect(sheet).toContainText('Enviado em');
      await expect(sheet).toContainText('jan. de 2025');
      await expect(sheet).toContainText('Passeios');
      // The feedback counts no 'helpful' votes: no count is shown.
      await expect(sheet).not.toContainText('útil');
      await expect(page.getByRole('region', { name: 'Compartilhe este depoimento' }).getByRole('link')).toHaveCount(3);
      const related = page.getByRole('region', { name: 'Outros depoimentos' }).locator('.testimonial-card');
      await expect(related).toHaveCount(4);
      // Same tour first.
      await expect(related.first().getByRole('heading')).toHaveText('Trilha e Banho nas Cachoeiras da Serra das Araras');
      expect(await jsonLdTypes(page)).toEqual(expect.arrayContaining(['Review', 'BreadcrumbList']));
      await expectStaticAccessibleLocal(page, foreign);
    });

    test('/contato shows the three cards, the form, the agency and the map placeholder, and no hours nobody configured', async ({
      page,
    }) => {
      const foreign = await open(page, '/contato');
      await expect(page.getByRole('heading', { level: 1, name: 'Fale Conosco' })).toBeVisible();
      for (const [title, text] of [
        ['Localização', 'Av. Beira Rio, s/n'],
        ['Telefone', '(65) 99612-0001'],
        ['E-mail', 'turismo@turismobarradobugres.com.br'],
      ] as const) {
        await expect(page.locator('.info-card', { has: page.getByRole('heading', { name: title }) })).toContainText(text);
      }
      await expect(page.locator('main').getByRole('link', { name: '(65) 99612-0001' })).toHaveAttribute(
        'href',
        'tel:+5565996120001',
      );

      const form = page.getByRole('form', { name: 'Envie uma mensagem' });
      // The island hands off to the e-mail program; the form itself targets nothing (contact.spec.ts says why).
      await expect(form).not.toHaveAttribute('action', /./);
      await expect(form.getByRole('link', { name: 'turismo@turismobarradobugres.com.br' })).toHaveAttribute(
        'href',
        'mailto:turismo@turismobarradobugres.com.br',
      );
      for (const name of ['Nome', 'E-mail', 'Assunto', 'Mensagem']) {
        await expect(form.getByLabel(name, { exact: true })).toHaveAttribute('required', '');
      }
      await expect(form.getByLabel('E-mail', { exact: true })).toHaveAttribute('type', 'email');
      await expect(form.getByLabel('Mensagem')).toHaveAttribute('rows', '6');
      // Enabled by its island, which comes when the form is seen.
      await form.scrollIntoViewIfNeeded();
      await expect(form.getByRole('button', { name: 'Enviar Mensagem' })).toBeEnabled();

      // The sample build sets no OFFICE_HOURS (the configured ones: tests/integration/truth.test.ts).
      await expect(page.getByRole('region', { name: 'Horário de atendimento' })).toHaveCount(0);
      // A block under the agency's heading, not a region: the footer's region bears its name (one name per region).
      const agency = page
        .locator('main .block')
        .filter({ has: page.getByRole('heading', { level: 2, name: /Centro de Atendimento ao Turista/ }) });
      await expect(page.locator('main').getByRole('region', { name: /Centro de Atendimento ao Turista/ })).toHaveCount(0);
      await expect(agency.getByRole('link', { name: /www\.turismobarradobugres\.com\.br/ })).toHaveAttribute(
        'href',
        'https://www.turismobarradobugres.com.br',
      );
      await expect(agency).toContainText('Atendimento presencial na orla');
      await expect(agency.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', /instagram\.com/);
      // Only the networks it has a link for.
      await expect(agency.getByRole('link', { name: 'TikTok' })).toHaveCount(0);
      await expect(agency.getByRole('button', { name: /não informado/ })).toHaveCount(0);

      const map = page.getByRole('region', { name: 'Como chegar' });
      await expect(map).toContainText('Av. Beira Rio, s/n – Orla do Rio Paraguai');
      const directions = map.getByRole('link', { name: /Como chegar/ });
      await expect(directions).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=-15.0728%2C-57.1817');
      await expect(directions).toHaveAttribute('target', '_blank');
      expect(await jsonLdTypes(page)).toEqual(
        expect.arrayContaining(['LocalBusiness', 'TouristInformationCenter', 'BreadcrumbList']),
      );
      await expectStaticAccessibleLocal(page, foreign);
    });

    for (const path of ['/about', '/destination']) {
      test(`${path} is a placeholder page about the configured city with links to every list`, async ({ page }) => {
        const foreign = await open(page, path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('main')).toContainText('Barra do Bugres');
        const lists = page.getByRole('list', { name: 'Listas do portal' });
        for (const href of [
          '/all-tours',
          '/all-accommodation',
          '/all-restaurants',
          '/all-events',
          '/all-drivers',
          '/news',
          '/testimonials',
        ]) {
          await expect(lists.locator(`a[href="${href}"]`)).toHaveCount(1);
        }
        await expectStaticAccessibleLocal(page, foreign);
      });
    }

    test('an unknown driver shows docs/product.md message and the back link on the 404 page', async ({ page }) => {
      const foreign = collectForeignRequests(page, ORIGIN);
      const response = await page.goto('/driver/999');
      expect(response?.status()).toBe(404);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Condutor não encontrado.');
      await expect(page.getByRole('link', { name: 'Voltar para Condutores' })).toHaveAttribute('href', '/all-drivers');
      await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeHidden();
      await expect(page.getByRole('list', { name: 'Listas do portal' }).getByRole('link')).toHaveCount(10);
      await expectNoSeriousA11yViolations(page);
      expect(foreign).toEqual([]);
    });
  });
}

test.describe('404 page', () => {
  for (const [path, message, back, href] of [
    ['/guide/nobody', 'Guia não encontrado', 'Voltar para Guias', '/all-guides'],
    ['/agency/0', 'Agência não encontrada', 'Voltar para Agências', '/all-agencies'],
    ['/tour/0', 'Passeio não encontrado.', 'Voltar para Passeios', '/all-tours'],
    ['/provider-tour/0', 'Fornecedor não encontrado.', 'Voltar para Fornecedores', '/all-providers-tours'],
    ['/event/0/', 'Evento não encontrado.', 'Voltar para Eventos', '/all-events'],
    ['/experience/nada', 'Experiência não encontrada.', 'Voltar para o início', '/'],
    ['/accommodation/0', 'Hospedagem não encontrada.', 'Voltar para Hospedagens', '/all-accommodation'],
    ['/restaurant/0', 'Restaurante não encontrado.', 'Voltar para Restaurantes', '/all-restaurants'],
    ['/news/99999', 'Notícia não encontrada.', 'Voltar para Notícias', '/news'],
    ['/testimonials/99999', 'Depoimento não encontrado.', 'Voltar para Depoimentos', '/testimonials'],
  ] as const) {
    test(`${path} → '${message}'`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(message);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('link', { name: back })).toHaveAttribute('href', href);
    });
  }

  test('any other path shows the generic message with links home and to every list', async ({ page }) => {
    const response = await page.goto('/nao-existe/mesmo');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada');
    await expect(page.getByRole('link', { name: 'Ir para o início' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('list', { name: 'Listas do portal' }).getByRole('link')).toHaveCount(10);
  });

  test('without JavaScript the generic message shows; its only script is small and inline', async ({ browser, request }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/driver/999');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada');
    await expect(page.getByText('Condutor não encontrado.')).toBeHidden();
    await context.close();

    const html = await (await request.get('/404.html')).text();
    // The shell's scripts (the header's module, BaseLayout's site-shell) and Astro's island scripts (the loader and the
    // `reach` directive of the header's search entry) are on every page; `npm run budgets` weighs them.
    const scripts = [...html.matchAll(/<script(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].filter(
      (match) => !/Header\.astro_astro_type_script|data-shell=|astro-island|self\.Astro\b/.test(match[0]),
    );
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.[0]).not.toContain('src=');
    // The message for the path, and the hand-off from /x/ to /x on a host with one file per page.
    expect(scripts[0]?.[1]?.length).toBeLessThan(900);
  });
});
