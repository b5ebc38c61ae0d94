import { expect, type Page, test } from '@playwright/test';
import { collectForeignRequests, expectNoSeriousA11yViolations, expectOnlyOwnScripts, ORIGIN, WIDTHS } from './support.ts';

/** docs/product.md: the home sections in order, with their anchor ids and headings. */
const SECTIONS = [
  ['inicio', 'Barra do Bugres – MT'],
  ['servicos', 'Segmentos'],
  ['experiencias', 'TODAS AS EXPERIÊNCIAS'],
  ['tours', 'ATRATIVOS'],
  ['eventos', 'EVENTOS'],
  ['fornecedores-atrativos', 'FORNECEDORES DE ATRATIVOS'],
  ['accommodations', 'HOSPEDAGENS'],
  ['restaurants', 'RESTAURANTES'],
  ['agencies', 'AGÊNCIA DE TURISMO'],
  ['guides', 'GUIA DE TURISMO'],
  ['drivers', 'CONDUTORES'],
  ['podcast', 'Vozes do Turismo'],
  ['noticias', 'NOTÍCIAS'],
  ['depoimentos', 'DEPOIMENTOS dos visitantes'],
] as const;

/** Each item carousel: section heading, its list link and how many cards the sample data gives (at most 12). */
const CAROUSELS = [
  ['ATRATIVOS', 'Ver mais atrativos', '/all-tours', 12],
  ['EVENTOS', 'Ver mais eventos', '/all-events', 7],
  // Providers: only the active and published ones (the sample has pending, in-review and inactive ones too).
  ['FORNECEDORES DE ATRATIVOS', 'Ver mais fornecedores de atrativos', '/all-providers-tours', 4],
  ['HOSPEDAGENS', 'Ver mais hospedagens', '/all-accommodation', 9],
  ['RESTAURANTES', 'Ver mais restaurantes', '/all-restaurants', 11],
  ['AGÊNCIA DE TURISMO', 'Ver todas as agências', '/all-agencies', 3],
  ['GUIA DE TURISMO', 'Ver todos os guias de viagem', '/all-guides', 3],
  ['CONDUTORES', 'Ver todos os condutores', '/all-drivers', 3],
] as const;

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

test('the home page of the sample site renders and names the city', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Barra do Bugres/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Barra do Bugres');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
});

for (const { name, width, height } of WIDTHS) {
  test.describe(`home at ${name} width`, () => {
    test.use({ viewport: { width, height } });

    test('has every section in order, one h1, passes axe and loads nothing foreign', async ({ page, baseURL }) => {
      const foreign = collectForeignRequests(page, baseURL ?? ORIGIN);
      const response = await page.goto('/');
      expect(response?.status()).toBe(200);

      const ids = await page.locator('main > section').evaluateAll((nodes) => nodes.map((node) => node.id));
      expect(ids).toEqual(SECTIONS.map(([id]) => id));
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      for (const [id, heading] of SECTIONS) {
        await expect(
          page
            .locator(`#${id}`)
            .getByRole('heading', { level: id === 'inicio' ? 1 : 2 })
            .first(),
        ).toHaveText(heading);
      }

      // Odd sections (1st, 3rd, ...) carry the decorative curved divider, even ones do not.
      for (const [index, [id]] of SECTIONS.entries()) {
        await expect(page.locator(`#${id} > svg.wave[aria-hidden="true"]`)).toHaveCount(index % 2 === 0 ? 1 : 0);
      }

      await expect(page.locator('iframe')).toHaveCount(0);
      await expectOnlyOwnScripts(page);
      // No page-level horizontal scroll, down to this width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await scrollThrough(page);
      await expectNoSeriousA11yViolations(page);
      expect(foreign).toEqual([]);
    });

    test('hero: the first city photo is the eager LCP image, the others lazy slides behind dot links', async ({ page }) => {
      await page.goto('/');
      const hero = section(page, 'Barra do Bugres – MT');
      await expect(hero.getByText('Natureza, cultura, sabores e boas histórias', { exact: false })).toBeVisible();
      const slides = hero.locator('[data-slideshow] li');
      await expect(slides).toHaveCount(6);
      const first = slides.first().locator('img');
      await expect(first).toHaveAttribute('fetchpriority', 'high');
      await expect(first).toHaveAttribute('loading', 'eager');
      await expect(first).toBeInViewport();
      await expect(hero.locator('[data-slideshow] li img[loading="lazy"]')).toHaveCount(5);
      // The static dots link to their slides; once the island runs they give way to dot buttons.
      const links = hero.locator('[data-slideshow-dots] a[data-slide-dot]');
      await expect(links).toHaveCount(6);
      await expect(links.nth(2)).toHaveAttribute('href', '#slide-3');
      const dots = hero.getByRole('navigation', { name: 'Escolher foto' }).getByRole('button');
      // The island comes when the first advance is due, 5 s after the page started (client:due): more than
      // the assertion's default 5 s on a loaded machine.
      await expect(dots).toHaveCount(6, { timeout: 15_000 });
      await expect(dots.nth(2)).toHaveAccessibleName('Foto 3 de 6');
      await expect(page.locator('#slide-3 img')).toHaveAttribute('alt', 'Barra do Bugres: foto 3 de 6');
      // Below the hero every image is lazy.
      const eagerBelow = await page
        .locator('main > section:not(#inicio) img')
        .evaluateAll((images) => images.filter((image) => image.getAttribute('loading') !== 'lazy').length);
      expect(eagerBelow).toBe(0);
      await expect(hero.getByText('Cidade não encontrada')).toHaveCount(0);
    });

    test('Segmentos: four expandable cards with their lists and the contact prompt', async ({ page }) => {
      await page.goto('/');
      const segments = section(page, 'Segmentos');
      await expect(segments.getByRole('heading', { level: 3 })).toHaveText([
        'O que fazer',
        'Onde dormir',
        'Onde comer',
        'Quem contratar',
      ]);
      const links = [
        ['O que fazer', 'Ver Todos – Atrativos', '/all-tours'],
        ['O que fazer', 'Ver Todos – Eventos', '/all-events'],
        ['Onde dormir', 'Ver Todos – Hospedagens', '/all-accommodation'],
        ['Onde comer', 'Ver Todos – Restaurantes', '/all-restaurants'],
        ['Quem contratar', 'Ver Todos – Agências', '/all-agencies'],
        ['Quem contratar', 'Ver Todos – Guias/Condutores', '/all-guides'],
      ] as const;
      for (const [card, label, href] of links) {
        const link = segments.getByRole('link', { name: label, exact: true });
        // Collapsed: the link is out of sight (and of the accessibility tree) until the card opens.
        await expect(link).toHaveCount(0);
        await segments.getByRole('heading', { name: card }).click();
        await expect(link).toBeVisible();
        await expect(link).toHaveAttribute('href', href);
        await expect(link).toHaveText(/^Ver Todos/);
        await segments.getByRole('heading', { name: card }).click();
        await expect(link).toHaveCount(0);
      }
      await expect(segments.getByText('Não encontrou o que procura?')).toBeVisible();
      await expect(segments.getByRole('link', { name: 'Entre em Contato' })).toHaveAttribute('href', '/contato');
    });

    test('item carousels: static scroll-snap lists of at most 12 cards, with the list links', async ({ page }) => {
      await page.goto('/');
      for (const [heading, more, href, count] of CAROUSELS) {
        const region = section(page, heading);
        const carousel = region.locator('[data-carousel]');
        await expect(carousel).toHaveCount(1);
        await expect(carousel.locator('[data-carousel-track] > li[data-carousel-item]')).toHaveCount(count);
        await expect(carousel.getByRole('heading', { level: 3 })).toHaveCount(count);
        await expect(region.getByRole('link', { name: more, exact: true })).toHaveAttribute('href', href);
      }
      // Featured tours first; a card opens its detail page.
      const tours = section(page, 'ATRATIVOS');
      await expect(tours.getByRole('link', { name: 'Trilha e Banho nas Cachoeiras da Serra das Araras' })).toHaveAttribute(
        'href',
        /^\/tour\/\d+$/,
      );
      await expect(tours.getByRole('link', { name: 'Ver mais atrativos' })).toHaveText(/^Ver mais/);
      // Sample records that miss data show the card fallbacks.
      const providers = section(page, 'FORNECEDORES DE ATRATIVOS');
      const noData = providers.locator('[data-id="807"]');
      await expect(noData.getByText('Local não informado')).toBeVisible();
      await expect(noData.locator('img')).toHaveAttribute('src', '/images/placeholder.svg');
    });

    test('experiences: a grid linking to the filtered tour list, with the description on hover and focus', async ({ page }) => {
      await page.goto('/');
      const experiences = section(page, 'TODAS AS EXPERIÊNCIAS');
      await expect(experiences.getByRole('heading', { level: 3 })).toHaveCount(9);
      const link = experiences.getByRole('link', { name: 'Experiência de Pesca Esportiva' });
      await expect(link).toHaveAttribute('href', '/all-tours?experience=Experi%C3%AAncia%20de%20Pesca%20Esportiva');
      const card = experiences
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: 'Experiência de Pesca Esportiva' }) });
      await expect(card).toHaveCount(1);
      const description = card.getByText('Barcos com piloteiros experientes', { exact: false });
      await expect(description).toHaveCount(1);
      await expect(description).toBeHidden();
      await link.focus();
      await expect(description).toBeVisible();
      await link.blur();
      await expect(description).toBeHidden();
      await card.hover();
      await expect(description).toBeVisible();
    });

    test('podcast: topics, episodes with gradient and link fallbacks, the player placeholder', async ({ page }) => {
      await page.goto('/');
      const podcast = section(page, 'Vozes do Turismo');
      await expect(podcast.getByRole('list', { name: 'Temas do podcast' }).getByRole('listitem')).toHaveCount(4);
      const episodes = podcast.locator('.episodes > li');
      // The newest episode is the player's; the grid holds the six before it, each episode once.
      await expect(podcast.locator('[data-podcast-player]').getByRole('heading', { level: 3 })).toHaveText(
        /^Ep\. 7 – Festival de Praia/,
      );
      await expect(episodes).toHaveCount(6);
      await expect(episodes.first().getByRole('heading', { level: 3 })).toHaveText(/^Ep\. 6 – Pílula/);
      const listen = podcast.getByRole('link', { name: /^Ouvir no Spotify – Ep\. 7 – Festival de Praia/ }).last();
      await expect(listen).toHaveAttribute('href', 'https://open.spotify.com/episode/rjX6c53MFCUseGkBtNzWxS');
      await expect(listen).toHaveAttribute('target', '_blank');
      await expect(listen).toHaveAttribute('rel', /noopener/);
      // A phone shows three until asked for the others.
      if (width < 768) await podcast.getByRole('button', { name: 'Ver todos os episódios' }).click();
      // An episode without its own link falls back to the show (here: the newest episode's link).
      const noLink = episodes.filter({ hasText: 'Ep. 2 – A cozinha da mojica' });
      await expect(noLink.getByRole('link', { name: /Ouvir no Spotify/ })).toHaveAttribute(
        'href',
        'https://open.spotify.com/episode/rjX6c53MFCUseGkBtNzWxS',
      );
      // An episode without a cover shows its gradient.
      const noImage = episodes.filter({ hasText: 'Ep. 4 – Guias e condutores' });
      await expect(noImage.locator('img')).toHaveCount(0);
      await expect(noImage.locator('.gradient')).toHaveCSS('background-image', /linear-gradient/);
      await expect(noImage.getByText('33min 7s')).toBeVisible();
      await expect(noImage.getByText('15/07/2026')).toBeVisible();
      // The embed comes later: a placeholder of the player's height with a large listen button.
      const player = podcast.locator('[data-podcast-player]');
      const box = await player.boundingBox();
      expect(box?.height).toBe(width < 768 ? 400 : 500);
      await expect(player.getByRole('link', { name: /^Ouvir no Spotify/ })).toHaveAttribute('target', '_blank');
      await expect(podcast.getByText('Erro ao carregar episódios')).toHaveCount(0);
      await expect(podcast.getByText('Nenhum episódio disponível')).toHaveCount(0);
    });

    test('news: the 9 newest articles, summaries cut at 150, and the link to more news', async ({ page }) => {
      await page.goto('/');
      const news = section(page, 'NOTÍCIAS');
      const cards = news.locator('[data-carousel-item]');
      await expect(cards).toHaveCount(9);
      await expect(cards.first().getByRole('link')).toHaveAttribute('href', '/news/1312');
      await expect(cards.first().getByText('18/11/2026')).toBeVisible();
      await expect(cards.first().getByText('Carlos Eduardo Arruda')).toBeVisible();
      const summaries = await news.locator('.summary').allTextContents();
      expect(summaries).toHaveLength(9);
      for (const summary of summaries) expect(summary.length).toBeLessThanOrEqual(153);
      // The sample article 1263 has a 201-character summary.
      await expect(news.locator('[data-id="1263"] .summary')).toHaveText(/\.\.\.$/);
      // No BLOG_URL in the sample build: the site's own news portal.
      await expect(news.getByRole('link', { name: 'Ver mais notícias' })).toHaveAttribute('href', '/news');
    });

    test('testimonials: three featured, newest visit first, each opening its page', async ({ page }) => {
      await page.goto('/');
      const testimonials = section(page, 'DEPOIMENTOS dos visitantes');
      const links = testimonials.getByRole('heading', { level: 3 }).getByRole('link');
      await expect(links).toHaveCount(3);
      await expect(links).toHaveText(['Depoimento de Gabriela Fontes', 'Depoimento de Daniela Pires', 'Depoimento de Anônimo']);
      await expect(links.first()).toHaveAttribute('href', '/testimonials/1026');
      // The collection's one scale, as on the portal: 'Nota 9/10', never five stars beside a 9.
      await expect(testimonials.getByText('Nota 9/10').first()).toBeVisible();
      await expect(testimonials.locator('.rating')).toHaveCount(0);
      await expect(testimonials.getByRole('link', { name: 'Ver mais depoimentos' })).toHaveAttribute('href', '/testimonials');
    });
  });
}

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
  await expect(page.getByRole('heading', { name: 'DEPOIMENTOS dos visitantes', exact: true })).toHaveCount(1);
});

test('both variants of the menu anchors point into their section', async ({ page }) => {
  // Where each anchor lands under the header, arriving from another page or tapped on the home, is
  // anchors.spec.ts; here each id of both variants is in the section with its heading.
  const targets = [
    ['inicio', 'Barra do Bugres – MT'],
    ['servicos', 'Segmentos'],
    ['experiencias', 'TODAS AS EXPERIÊNCIAS'],
    ['eventos', 'EVENTOS'],
    ['noticias', 'NOTÍCIAS'],
    ['promocoes', 'ATRATIVOS'],
    ['tours', 'ATRATIVOS'],
    ['accommodations', 'HOSPEDAGENS'],
    ['restaurants', 'RESTAURANTES'],
    ['provedores', 'AGÊNCIA DE TURISMO'],
    ['agencies', 'AGÊNCIA DE TURISMO'],
    ['guides', 'GUIA DE TURISMO'],
    ['drivers', 'CONDUTORES'],
    ['fornecedores-atrativos', 'FORNECEDORES DE ATRATIVOS'],
  ] as const;
  await page.goto('/');
  for (const [anchor, heading] of targets) {
    const sectionId = await page.locator(`#${anchor}`).evaluate((node) => node.closest('section')?.id);
    expect(sectionId, `#${anchor}`).toBe(anchor === 'promocoes' ? 'tours' : anchor === 'provedores' ? 'agencies' : anchor);
    await expect(
      page.locator(`section#${sectionId}`).getByRole('heading', { name: heading, exact: true }),
      `#${anchor}`,
    ).toHaveCount(1);
  }
  // A variant followed from another page lands its section in view.
  for (const anchor of ['promocoes', 'provedores']) {
    await page.goto('about:blank');
    await page.goto(`/#${anchor}`, { waitUntil: 'domcontentloaded' });
    await expect(page.locator(`#${anchor}`)).toBeInViewport();
  }
  // Every home anchor of the header menu exists on the page.
  const hrefs = await page
    .locator('header a[href^="/#"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  for (const href of new Set(hrefs)) await expect(page.locator(href.slice(1)), href).toHaveCount(1);
});

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('experience descriptions are readable without hover', async ({ page }) => {
    await page.goto('/');
    const experiences = section(page, 'TODAS AS EXPERIÊNCIAS');
    await expect(experiences.getByText('Barcos com piloteiros experientes', { exact: false })).toBeVisible();
  });
});

test('the home page describes the site and the destination in JSON-LD', async ({ page }) => {
  await page.goto('/');
  const entries = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
  const site = entries.find((entry) => entry['@type'] === 'WebSite');
  const destination = entries.find((entry) => entry['@type'] === 'TouristDestination');
  expect(site?.inLanguage).toBe('pt-BR');
  expect(destination?.name).toBe('Barra do Bugres – MT');
  expect(destination?.address).toMatchObject({ addressLocality: 'Barra do Bugres', addressRegion: 'MT', addressCountry: 'BR' });
  expect(destination?.image).toHaveLength(6);
  for (const image of destination?.image ?? []) expect(image).toMatch(/^https?:\/\/[^/]+\/_astro\/[\w.-]+\.jpg$/);
  expect(destination?.includesAttraction?.[0]).toMatchObject({ '@type': 'TouristAttraction' });
});
