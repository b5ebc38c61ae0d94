/**
 * The item detail pages (docs/product.md) on the sample site: every item of the sample data
 * has its page; one item of each kind shows the documented sections, texts and hand-offs, has the
 * right JSON-LD, passes the accessibility sweep and loads nothing foreign at both widths; records
 * missing data show the fallback texts; the missing-phone alerts work without JavaScript.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { collectForeignRequests, expectNoSeriousA11yViolations, expectOnlyOwnScripts, ORIGIN, WIDTHS } from './support.ts';

/** The snapshot the e2e build uses (playwright.config.ts: SNAPSHOT_DIR). */
const SNAPSHOT = 'data/sample-snapshot';
const readSnapshot = <T>(name: string): T[] => JSON.parse(readFileSync(`${SNAPSHOT}/${name}.json`, 'utf8')) as T[];

/**
 * How an upstream image's encoded copies are named in dist/: `/_astro/<content hash>.…`, the hash the
 * sync stored the original under (.cache/images/manifest.json, the default IMAGE_CACHE_DIR).
 */
const encodedPrefix = (url: string): string => {
  const manifest = JSON.parse(readFileSync('.cache/images/manifest.json', 'utf8')) as {
    images: Record<string, { file: string }>;
  };
  const file = manifest.images[url]?.file ?? '';
  return `/_astro/${file.replace(/^files\//, '').split('.')[0]}.`;
};

/** Each collection and the route prefix of its detail pages. */
const COLLECTIONS = [
  ['tours', '/tour'],
  ['tourProviders', '/provider-tour'],
  ['accommodation', '/accommodation'],
  ['restaurants', '/restaurant'],
  ['drivers', '/driver'],
  ['guides', '/guide'],
  ['agencies', '/agency'],
  ['events', '/event'],
  ['experiences', '/experience'],
] as const;

const CITY = readSnapshot<{ name: string }>('city')[0]?.name ?? 'Barra do Bugres';

const decodeHtml = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([\da-f]+);/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();

test('every item of the sample data has its detail page with its title as the h1', async ({ request }) => {
  let pages = 0;
  for (const [collection, prefix] of COLLECTIONS) {
    const items = readSnapshot<{ id: string; title: string }>(collection);
    expect(items.length, collection).toBeGreaterThan(0);
    for (const item of items) {
      const path = `${prefix}/${encodeURIComponent(item.id)}`;
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      const headings = [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => decodeHtml(match[1] ?? ''));
      expect(headings, path).toEqual([item.title]);
      pages++;
    }
  }
  expect(pages).toBeGreaterThanOrEqual(70);
});

interface DetailCase {
  path: string;
  title: string;
  /** Where 'Voltar' and the breadcrumb's list step go. */
  list: string;
  /** The h2 headings the page must show. */
  headings: string[];
  /** Texts shown somewhere on the page (a string matches the whole text of an element). */
  texts: (string | RegExp)[];
  /** schema.org types of the JSON-LD. */
  ldTypes: string[];
  /** The main contact hand-off: its name and the start of its WhatsApp href. */
  contact?: { name: string; href: string; text: string };
  /** Heading of the related items and how many cards they show. */
  related?: [heading: string, count: number];
  /** Who offers an experience: each region's heading and its number of cards. */
  offers?: [heading: string, count: number][];
}

const CASES: DetailCase[] = [
  {
    path: '/tour/101',
    title: 'Trilha e Banho nas Cachoeiras da Serra das Araras',
    list: '/all-tours',
    headings: [
      'Preço',
      'Sobre o passeio',
      'Galeria',
      'Como funciona',
      'Informações essenciais',
      'Seguro',
      'Inclui',
      'Não inclui',
      'Informações adicionais',
      'Perguntas frequentes',
      'Destaques',
      'Vídeo',
      'Fornecedor',
    ],
    texts: [
      '4,9 estrelas',
      '2 pessoas',
      'Dia inteiro',
      'Mais 3 fotos',
      'Como chegar',
      'Nível de dificuldade',
      'Crianças podem participar?',
      /^por R\$ 150,00$/,
      '-17%',
    ],
    ldTypes: ['TouristTrip', 'BreadcrumbList', 'FAQPage'],
    contact: {
      name: 'Conversar no WhatsApp com Serra das Araras Trilhas (abre em nova aba)',
      href: 'https://wa.me/5565992103388?text=',
      text: 'o passeio "Trilha e Banho nas Cachoeiras da Serra das Araras"',
    },
    related: ['Outros passeios', 4],
  },
  {
    path: '/event/401',
    title: 'Festival de Praia de Barra do Bugres 2027',
    list: '/all-events',
    headings: [
      'Valor',
      'Sobre o evento',
      'Como funciona',
      'Informações essenciais',
      'Seguro',
      'Inclui',
      'Não inclui',
      'Informações adicionais',
      'Perguntas frequentes',
      'Destaques do evento',
      'Vídeo',
      'Organizador',
    ],
    texts: ['16 a 25 de julho de 2027', '4,9 estrelas', '2 pessoas', '10 dias', 'Gratuito', 'Posso acampar na praia?'],
    ldTypes: ['Event', 'BreadcrumbList', 'FAQPage'],
    contact: { name: 'Reservar Agora', href: 'https://wa.me/5565996307744?text=', text: 'o evento "Festival de Praia' },
    related: ['Outros eventos', 4],
  },
  {
    path: '/provider-tour/801',
    title: 'Rio Paraguai Pesca & Aventura',
    list: '/all-providers-tours',
    headings: [
      'Contato',
      'Redes sociais',
      'Sobre o fornecedor',
      'Galeria',
      'Como funciona',
      'Informações essenciais',
      'Seguro',
      'Inclui',
      'Não inclui',
      'Informações adicionais',
      'Perguntas frequentes',
      'Experiências oferecidas',
      'Etiquetas',
      'Comodidades',
      'Políticas',
      'Horários',
      'Capacidade',
      'Preços detalhados',
      'Detalhes da localização',
      'Acessibilidade',
      'Requisitos',
      'Política de cancelamento',
      'Destaques',
      'Vídeo',
      'Preço',
      'Dados cadastrais',
    ],
    texts: ['Fornecedor de Atrativos', 'Ativo', 'Mais 4 fotos', '27.903.441/0001-02'],
    ldTypes: ['LocalBusiness', 'BreadcrumbList', 'FAQPage'],
    contact: { name: 'Entrar em Contato', href: 'https://wa.me/556533614477?text=', text: 'Rio Paraguai Pesca & Aventura' },
    // The providers listed beside it: 802, 803 and 807 (804-806 are pending, in review or inactive).
    related: ['Outros fornecedores de atrativos', 3],
  },
  {
    path: '/accommodation/201',
    title: 'Hotel Rio Paraguai',
    list: '/all-accommodation',
    headings: ['Preço', 'Sobre a hospedagem', 'Galeria', 'Características', 'Comodidades', 'Localização', 'Responsável'],
    texts: ['Wi-Fi', 'Preço por noite', /^por R\$ 279,00$/, /^De R\$ 320,00$/],
    ldTypes: ['LodgingBusiness', 'BreadcrumbList'],
    contact: { name: 'Entrar em contato', href: 'https://wa.me/5565999123456?text=', text: 'a hospedagem "Hotel Rio Paraguai"' },
    related: ['Outras hospedagens', 4],
  },
  {
    path: '/restaurant/310',
    title: 'Bar e Petiscaria do Porto',
    list: '/all-restaurants',
    headings: ['Preço médio', 'Características', 'Sobre o restaurante', 'Galeria', 'Localização', 'Responsável'],
    texts: ['4,1 estrelas', 'Petiscos', 'Happy hour', 'R$ 45,00', 'Gerência'],
    ldTypes: ['Restaurant', 'BreadcrumbList'],
    related: ['Outros restaurantes', 4],
  },
  {
    path: '/driver/501',
    title: 'Paulo Henrique Lima',
    list: '/all-drivers',
    headings: [
      'Contato',
      'Informações pessoais',
      'Sobre o condutor',
      'Veículos e serviços',
      'Experiências',
      'Galeria',
      'Redes sociais',
      'Valor',
    ],
    texts: ['Ficha do Condutor', 'Ativo', '4,9 estrelas', '26.104556.10.0001-2', 'Mais 3 fotos'],
    ldTypes: ['LocalBusiness', 'BreadcrumbList'],
    contact: { name: 'Contatar', href: 'https://wa.me/5565999013300?text=', text: 'condutor de Paulo Henrique Lima' },
    related: ['Outros condutores', 2],
  },
  {
    path: '/guide/601',
    title: 'Guilherme Campos',
    list: '/all-guides',
    headings: ['Contato', 'Informações pessoais', 'Sobre o guia', 'Idiomas e especialidades', 'Experiências', 'Galeria'],
    texts: ['Ficha do Guia', 'Ativo', '26.123456.10.0001-8', 'Mais 2 fotos'],
    ldTypes: ['LocalBusiness', 'BreadcrumbList'],
    contact: { name: 'Contatar', href: 'https://wa.me/5565992103300?text=', text: 'guia de Guilherme Campos' },
    related: ['Outros guias', 2],
  },
  {
    path: '/agency/701',
    title: 'Bugres Ecoturismo',
    list: '/all-agencies',
    headings: ['Contato', 'Informações pessoais', 'Sobre a agência', 'Serviços', 'Experiências', 'Galeria'],
    texts: ['Ficha da Agência', 'Ativo', '26.101234.10.0001-5'],
    ldTypes: ['LocalBusiness', 'BreadcrumbList'],
    contact: { name: 'Contatar', href: 'https://wa.me/556533611188?text=', text: 'agência Bugres Ecoturismo' },
    related: ['Outras agências', 2],
  },
  {
    path: '/experience/1',
    title: 'Experiência de Pesca Esportiva',
    list: '/#experiencias',
    headings: ['Fornecedor', 'Sobre a experiência'],
    texts: ['Pintado, pacu e cachara no Rio Paraguai', `${CITY} e região`],
    ldTypes: ['TouristAttraction', 'BreadcrumbList'],
    contact: { name: 'Reservar Experiência', href: 'https://wa.me/5565999841177?text=', text: 'Experiência de Pesca Esportiva' },
    // Who offers it: tours 104 and 114, provider 801, agency 702 (guides 603 and driver 505 are not listed).
    offers: [
      ['Passeios com esta experiência', 2],
      ['Fornecedores com esta experiência', 1],
      ['Agências com esta experiência', 1],
    ],
    related: ['Outras experiências', 4],
  },
];

async function ldTypes(page: Page): Promise<string[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => (JSON.parse(block) as { '@type': string })['@type']);
}

for (const { name, width, height } of WIDTHS) {
  test.describe(`detail pages at ${name} width`, () => {
    test.use({ viewport: { width, height } });

    for (const detail of CASES) {
      test(`${detail.path}: sections, hand-offs, JSON-LD, axe, nothing foreign`, async ({ page, baseURL }) => {
        const foreign = collectForeignRequests(page, baseURL ?? ORIGIN);
        const response = await page.goto(detail.path);
        expect(response?.status()).toBe(200);
        const main = page.getByRole('main');

        await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.title);
        await expect(page).toHaveTitle(new RegExp(`^${detail.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
        for (const heading of detail.headings) {
          await expect(main.getByRole('heading', { level: 2, name: heading, exact: true }), heading).toBeVisible();
        }
        for (const text of detail.texts) {
          await expect(main.getByText(text, { exact: true }).first(), String(text)).toBeVisible();
        }

        // 'Voltar' and the breadcrumb lead back to the list.
        await expect(main.getByRole('link', { name: 'Voltar', exact: true })).toHaveAttribute('href', detail.list);
        const breadcrumb = main.getByRole('navigation', { name: 'Trilha de navegação' });
        await expect(breadcrumb.getByRole('link').first()).toHaveAttribute('href', '/');
        await expect(breadcrumb.getByRole('link').nth(1)).toHaveAttribute('href', detail.list);
        await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(detail.title);

        // The hero is the LCP image; nothing else is eager.
        const hero = main.locator('img[fetchpriority="high"]');
        await expect(hero).toHaveCount(1);
        await expect(hero).toHaveAttribute('width', /\d+/);
        await expect(main.locator('img:not([fetchpriority="high"]):not([loading="lazy"])')).toHaveCount(0);

        expect(await ldTypes(page)).toEqual(detail.ldTypes);

        if (detail.contact) {
          const link = main.getByRole('link', { name: detail.contact.name, exact: true });
          const href = (await link.getAttribute('href')) ?? '';
          expect(href.startsWith(detail.contact.href), href).toBe(true);
          expect(decodeURIComponent(href.split('?text=')[1] ?? '')).toContain(detail.contact.text);
          await expect(link).toHaveAttribute('target', '_blank');
        }
        if (detail.related) {
          const [heading, count] = detail.related;
          const related = page.getByRole('region', { name: heading, exact: true });
          await expect(related.getByRole('heading', { level: 3 })).toHaveCount(count);
          await expect(related.locator(`a[href="${detail.path.replace(/\/$/, '')}"]`)).toHaveCount(0);
        }

        for (const [heading, count] of detail.offers ?? []) {
          await expect(page.getByRole('region', { name: heading, exact: true }).getByRole('article')).toHaveCount(count);
        }
        if (detail.offers) {
          await expect(main.getByRole('link', { name: 'Ver passeios desta experiência' })).toHaveAttribute(
            'href',
            `/all-tours?experience=${encodeURIComponent(detail.title)}`,
          );
        }

        // No frame, no sideways scroll; the only scripts are the site's own islands.
        await expect(page.locator('iframe')).toHaveCount(0);
        await expectOnlyOwnScripts(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

        await expectNoSeriousA11yViolations(page);
        await page.waitForLoadState('networkidle');
        expect(foreign).toEqual([]);
      });
    }
  });
}

test('share data and JSON-LD: excerpt as description, the item image, offers only when priced', async ({ page }) => {
  const tours = readSnapshot<{ id: string; excerpt: string; image: string }>('tours');
  const tour = tours.find((item) => item.id === '101');
  await page.goto('/tour/101');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', tour?.excerpt ?? '');
  // The item's image as the cached JPEG of the image pipeline, absolute.
  const shared = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(shared).toMatch(/^https?:\/\/[^/]+\/_astro\/[\w.-]+\.jpg$/);
  expect(new URL(shared ?? '').pathname.startsWith(encodedPrefix(tour?.image ?? ''))).toBe(true);
  const [trip, breadcrumb] = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (block) => JSON.parse(block) as Record<string, unknown>,
  );
  expect(trip).toMatchObject({
    name: 'Trilha e Banho nas Cachoeiras da Serra das Araras',
    offers: { price: '150.00', priceCurrency: 'BRL' },
    // Structured data names our copy too, never the sample's unpublished /sample-media/ path.
    image: shared,
  });
  expect(String(trip?.url)).toMatch(/\/tour\/101$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', String(trip?.url));
  expect(breadcrumb).toMatchObject({ itemListElement: [{ name: 'Início' }, { name: 'Passeios' }, { position: 3 }] });

  // An event its upstream calls 'Gratuito' offers it at 0, on its own dates; one without a price offers nothing.
  const eventLd = async (path: string) => {
    await page.goto(path);
    return JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as Record<
      string,
      unknown
    >;
  };
  expect(await eventLd('/event/401')).toMatchObject({
    '@type': 'Event',
    location: { '@type': 'Place' },
    startDate: '2027-07-16T16:00:00.000Z',
    endDate: '2027-07-25T16:00:00.000Z',
    offers: { price: '0.00' },
  });
  expect((await eventLd('/event/402')).offers).toBeUndefined();
});

test('tour: provider card links (tel, mailto, site), video link and no booking button without BOOKING_URL', async ({ page }) => {
  test.skip(Boolean(process.env.BOOKING_URL), 'the e2e build has a booking site configured');
  await page.goto('/tour/101');
  const provider = page.getByRole('region', { name: 'Fornecedor' });
  await expect(provider.getByRole('link', { name: '(65) 99210-3388' })).toHaveAttribute('href', 'tel:+5565992103388');
  await expect(provider.getByRole('link', { name: 'trilhas@serradasararastrilhas.com.br' })).toHaveAttribute(
    'href',
    'mailto:trilhas@serradasararastrilhas.com.br',
  );
  await expect(provider.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
    'href',
    'https://www.instagram.com/serradasararastrilhas',
  );
  await expect(provider.getByRole('button', { name: 'Facebook não informado' })).toBeDisabled();
  const video = page.getByRole('link', { name: /Assistir ao vídeo/ });
  await expect(video).toHaveAttribute('href', 'https://www.youtube.com/watch?v=Bb7sErRa001');
  await expect(video).toHaveAttribute('target', '_blank');
  await expect(page.getByText('Reservar Agora')).toHaveCount(0);
  // The FAQ is readable without JavaScript.
  await page.getByText('Preciso saber nadar?').click();
  await expect(page.getByText('fornecemos coletes salva-vidas', { exact: false })).toBeVisible();
});

test('accommodation: at most 8 tags, the map placeholder opens the maps service in a new tab', async ({ page }) => {
  await page.goto('/accommodation/201');
  await expect(page.getByRole('region', { name: 'Características' }).getByRole('listitem')).toHaveCount(8);
  const directions = page.getByRole('link', { name: /^Como chegar/ });
  const href = (await directions.getAttribute('href')) ?? '';
  expect(href.startsWith('https://www.google.com/maps/search/?api=1&query=')).toBe(true);
  expect(decodeURIComponent(href)).toContain('Av. Beira Rio, 780');
  await expect(directions).toHaveAttribute('target', '_blank');
});

test('restaurant: hero is the first photo, at most 5 tags, Responsável lists only filled fields', async ({ page }) => {
  const restaurants = readSnapshot<{ id: string; title: string; gallery: { large: string }[]; tags: string[] }>('restaurants');
  for (const restaurant of restaurants) {
    await page.goto(`/restaurant/${restaurant.id}`);
    const hero = page.locator('img[fetchpriority="high"]');
    if (restaurant.gallery[0])
      expect((await hero.getAttribute('src')) ?? '').toContain(encodedPrefix(restaurant.gallery[0].large));
    await expect(page.getByRole('region', { name: 'Características' }).getByRole('listitem')).toHaveCount(
      Math.min(5, restaurant.tags.length),
    );
  }
  await page.goto('/restaurant/301');
  const contact = page.getByRole('link', { name: 'Entrar em contato', exact: true });
  expect(decodeURIComponent((await contact.getAttribute('href')) ?? '')).toContain('o restaurante "Peixaria Beira Rio"');

  await page.goto('/restaurant/310');
  const owner = page.getByRole('region', { name: 'Responsável' });
  await expect(owner.locator('dt')).toHaveText(['Nome', 'Contato', 'Email', 'Site', 'Endereço']);
});

test('agency: Contatar is a disabled button when the agency has neither phone nor e-mail', async ({ page }) => {
  await page.goto('/agency/706');
  await expect(page.getByRole('button', { name: 'Contatar' })).toBeDisabled();
  await expect(page.getByText('Telefone e e-mail não informados.')).toBeVisible();
});

test('fallback texts on sample records that miss data', async ({ page }) => {
  for (const path of ['/tour/112', '/event/407', '/accommodation/209', '/restaurant/311', '/provider-tour/807', '/driver/506']) {
    await page.goto(path);
    await expect(page.getByRole('main').getByText('Local não informado').first(), path).toBeVisible();
  }
  await page.goto('/provider-tour/807');
  await expect(page.getByText('Duração não informada')).toBeVisible();
  await expect(page.locator('img[fetchpriority="high"]')).toHaveAttribute('src', '/images/placeholder.svg');
  // A record without the optional sections shows none of them.
  for (const heading of ['Como funciona', 'Seguro', 'Perguntas frequentes', 'Políticas', 'Galeria', 'Vídeo']) {
    await expect(page.getByRole('heading', { name: heading, exact: true })).toHaveCount(0);
  }
  await page.goto('/tour/112');
  await expect(page.getByRole('heading', { name: 'Como funciona', exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Perguntas frequentes', exact: true })).toHaveCount(0);
});

test.describe('missing phone, without JavaScript', () => {
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

  for (const [path, label, message] of MISSING) {
    test(`${path}: '${label}' shows '${message}'`, async ({ page }) => {
      await page.goto(path);
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: label, exact: true })).toHaveCount(0);
      await expect(main.getByRole('alert')).toBeHidden();
      await main.locator('summary', { hasText: label }).click();
      await expect(main.getByRole('alert')).toHaveText(message);
      await expect(main.getByRole('alert')).toBeVisible();
    });
  }
});

test('/driver/ and /guide/ without an id show docs/product.md messages and go back to the list', async ({ page }) => {
  for (const [path, message, list] of [
    ['/driver', 'ID do condutor não fornecido.', '/all-drivers'],
    ['/guide', 'ID do guia não fornecido', '/all-guides'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('alert')).toContainText(message);
    await expect(page.getByRole('link', { name: 'Voltar', exact: true })).toHaveAttribute('href', list);
    await expectNoSeriousA11yViolations(page);
  }
});

test('/experience redirects to the home page', async ({ page, request }) => {
  const html = await (await request.get('/experience')).text();
  expect(html).toContain('<meta http-equiv="refresh" content="0;url=/">');
  expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/">/);
  expect(html).toContain('<a href="/">');
  await page.goto('/experience');
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(CITY);
});
