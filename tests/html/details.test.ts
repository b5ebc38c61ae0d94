/**
 * The item detail pages (docs/product.md) in the static HTML of the sample build: every item has its
 * page; one item of each kind has the sections, texts, hand-offs and JSON-LD of docs/product.md; records
 * missing data show the fallback texts. What is shown at each width, the accessibility sweep and the
 * requests are tests/e2e/details.spec.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CITY, DETAIL_CASES, readSnapshot } from '../fixtures/detail-pages.ts';
import {
  accessibleName,
  attributes,
  byRole,
  byText,
  isHidden,
  jsonLd,
  one,
  page,
  region,
  source,
  textOf,
} from '../support/dist-pages.ts';

/**
 * How an upstream image's encoded copies are named in dist/: `/_astro/<content hash>.…`, the hash the
 * sync stored the original under (.cache/images/manifest.json, the default IMAGE_CACHE_DIR).
 */
const encodedPrefix = (url: string): string => {
  const manifest = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../.cache/images/manifest.json'), 'utf8')) as {
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

/** The text of an element's HTML: tags dropped, entities decoded. */
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

const mainOf = (path: string): Element => one(page(path), 'main', /.*/);

it('every item of the sample data has its detail page with its title as the h1', () => {
  let pages = 0;
  for (const [collection, prefix] of COLLECTIONS) {
    const items = readSnapshot<{ id: string; title: string }>(collection);
    expect(items.length, collection).toBeGreaterThan(0);
    for (const item of items) {
      const path = `${prefix}/${encodeURIComponent(item.id)}`;
      // Read as text, not parsed: seventy pages through jsdom take half a minute.
      const headings = [...source(path).matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => decodeHtml(match[1] ?? ''));
      expect(headings, path).toEqual([item.title]);
      pages++;
    }
  }
  expect(pages).toBeGreaterThanOrEqual(70);
});

describe.each(DETAIL_CASES)('$path', (detail) => {
  it('has its title, sections, texts, way back, hero, JSON-LD, hand-offs and only its own scripts', () => {
    const document = page(detail.path);
    const main = mainOf(detail.path);

    expect(byRole(document, 'heading', { level: 1 }).map(textOf)).toEqual([detail.title]);
    expect(document.title.startsWith(detail.title), document.title).toBe(true);
    for (const heading of detail.headings) {
      expect(byRole(main, 'heading', { level: 2, name: heading, exact: true }), heading).not.toHaveLength(0);
    }
    for (const text of detail.texts) {
      expect(byText(main, text, { exact: true }), String(text)).not.toHaveLength(0);
    }

    // 'Voltar' and the breadcrumb lead back to the list.
    expect(one(main, 'link', 'Voltar').getAttribute('href')).toBe(detail.list);
    const breadcrumb = one(main, 'navigation', 'Trilha de navegação');
    const steps = byRole(breadcrumb, 'link');
    expect(steps[0]?.getAttribute('href')).toBe('/');
    expect(steps[1]?.getAttribute('href')).toBe(detail.list);
    expect(textOf(breadcrumb.querySelector('[aria-current="page"]'))).toBe(detail.title);

    // The hero is the LCP image; nothing else is eager.
    const heroes = main.querySelectorAll('img[fetchpriority="high"]');
    expect(heroes).toHaveLength(1);
    expect(heroes[0]?.getAttribute('width')).toMatch(/\d+/);
    expect(main.querySelectorAll('img:not([fetchpriority="high"]):not([loading="lazy"])')).toHaveLength(0);

    expect(jsonLd(document).map((block) => block['@type'])).toEqual(detail.ldTypes);

    if (detail.contact) {
      const link = one(main, 'link', detail.contact.name);
      const href = link.getAttribute('href') ?? '';
      expect(href.startsWith(detail.contact.href), href).toBe(true);
      if (detail.contact.text) {
        expect(decodeURIComponent(href.split('?text=')[1] ?? '')).toContain(detail.contact.text);
        expect(link.getAttribute('target')).toBe('_blank');
      } else {
        expect(href).toBe(detail.contact.href);
        expect(link.hasAttribute('target')).toBe(false);
      }
    }
    // WhatsApp goes to Brazilian mobiles only.
    for (const whatsapp of attributes(main, 'a[href^="https://wa.me/"]', 'href')) {
      expect(new URL(whatsapp ?? '').pathname, whatsapp ?? '').toMatch(/^\/55[1-9][1-9]9\d{8}$/);
    }
    if (detail.related) {
      const [heading, count] = detail.related;
      const related = region(document, heading);
      expect(byRole(related, 'heading', { level: 3 })).toHaveLength(count);
      expect(related.querySelectorAll(`a[href="${detail.path.replace(/\/$/, '')}"]`)).toHaveLength(0);
    }
    for (const [heading, count] of detail.offers ?? []) {
      expect(byRole(region(document, heading), 'article'), heading).toHaveLength(count);
    }
    if (detail.offers) {
      expect(one(main, 'link', 'Ver passeios desta experiência', { exact: false }).getAttribute('href')).toBe(
        `/all-tours?experience=${encodeURIComponent(detail.title)}`,
      );
    }

    // No frame; the only scripts are the site's own islands.
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    for (const src of attributes(document, 'script[src]', 'src')) expect(src).toMatch(/^\/_astro\//);
  });
});

it('share data and JSON-LD: excerpt as description, the item image, offers only when priced', () => {
  const tour = readSnapshot<{ id: string; excerpt: string; image: string }>('tours').find((item) => item.id === '101');
  const document = page('/tour/101');
  expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(tour?.excerpt ?? '');
  // The item's image as the cached JPEG of the image pipeline, absolute.
  const shared = document.querySelector('meta[property="og:image"]')?.getAttribute('content');
  expect(shared).toMatch(/^https?:\/\/[^/]+\/_astro\/[\w.-]+\.jpg$/);
  expect(new URL(shared ?? '').pathname.startsWith(encodedPrefix(tour?.image ?? ''))).toBe(true);
  const [trip, breadcrumb] = jsonLd(document);
  expect(trip).toMatchObject({
    name: 'Trilha e Banho nas Cachoeiras da Serra das Araras',
    offers: { price: '150.00', priceCurrency: 'BRL' },
    // Structured data names our copy too, never the sample's unpublished /sample-media/ path.
    image: shared,
  });
  expect(String(trip?.url)).toMatch(/\/tour\/101$/);
  expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(String(trip?.url));
  expect(breadcrumb).toMatchObject({ itemListElement: [{ name: 'Início' }, { name: 'Passeios' }, { position: 3 }] });

  // An event its upstream calls 'Gratuito' offers it at 0, on its own dates (days alone: the sample gives no time); one
  // without a price offers nothing.
  expect(jsonLd(page('/event/401'))[0]).toMatchObject({
    '@type': 'Event',
    location: { '@type': 'Place' },
    startDate: '2027-07-16',
    endDate: '2027-07-25',
    offers: { price: '0.00' },
  });
  expect(jsonLd(page('/event/402'))[0]?.offers).toBeUndefined();
});

it.runIf(!process.env.BOOKING_URL)(
  'tour: provider card links (tel, mailto, site), video link, no booking button, FAQ in <details>',
  () => {
    const document = page('/tour/101');
    const provider = region(document, 'Fornecedor');
    expect(one(provider, 'link', '(65) 99210-3388', { exact: false }).getAttribute('href')).toBe('tel:+5565992103388');
    expect(one(provider, 'link', 'trilhas@serradasararastrilhas.com.br', { exact: false }).getAttribute('href')).toBe(
      'mailto:trilhas@serradasararastrilhas.com.br',
    );
    expect(one(provider, 'link', 'Instagram', { exact: false }).getAttribute('href')).toBe(
      'https://www.instagram.com/serradasararastrilhas',
    );
    // Only the networks it has a link for: no disabled icon for the others.
    expect(byRole(provider, 'link', { name: 'Facebook' })).toHaveLength(0);
    expect(byRole(provider, 'button', { name: /não informado/ })).toHaveLength(0);
    const video = one(document, 'link', /Assistir ao vídeo/);
    expect(video.getAttribute('href')).toBe('https://www.youtube.com/watch?v=Bb7sErRa001');
    expect(video.getAttribute('target')).toBe('_blank');
    expect(byText(document, 'Reservar Agora', { includeHidden: true })).toHaveLength(0);
    // The FAQ answers are in the page, each under its question's <summary> (opened in tests/e2e/details.spec.ts).
    const question = byText(document, 'Preciso saber nadar?')[0]?.closest('details');
    expect(textOf(question)).toContain('fornecemos coletes salva-vidas');
  },
);

it('accommodation: at most 8 tags, the map placeholder links to the maps service in a new tab', () => {
  const document = page('/accommodation/201');
  expect(byRole(region(document, 'Características'), 'listitem')).toHaveLength(8);
  // The placeholder's link, and the one under the map that replaces it once opened: both alike.
  const directions = byRole(document, 'link', { name: /^Como chegar/ });
  expect(directions.length).toBeGreaterThan(0);
  for (const link of directions) {
    const href = link.getAttribute('href') ?? '';
    expect(href.startsWith('https://www.google.com/maps/search/?api=1&query=')).toBe(true);
    expect(decodeURIComponent(href)).toContain('Av. Beira Rio, 780');
    expect(link.getAttribute('target')).toBe('_blank');
  }
});

it('restaurant: hero is the first photo, at most 5 tags, Responsável lists only filled fields', () => {
  const restaurants = readSnapshot<{ id: string; title: string; gallery: { large: string }[]; tags: string[] }>('restaurants');
  const keywords = (document: Document) => document.querySelector('#caracteristicas');
  for (const restaurant of restaurants) {
    const document = page(`/restaurant/${restaurant.id}`);
    const hero = document.querySelector('img[fetchpriority="high"]');
    if (restaurant.gallery[0]) expect(hero?.getAttribute('src') ?? '').toContain(encodedPrefix(restaurant.gallery[0].large));
    // A restaurant without keywords has no 'Características' at all.
    expect(keywords(document)?.querySelectorAll('li').length ?? 0, restaurant.id).toBe(Math.min(5, restaurant.tags.length));
  }
  const contact = one(page('/restaurant/301'), 'link', 'Entrar em contato pelo WhatsApp (abre em nova aba)');
  expect(decodeURIComponent(contact.getAttribute('href') ?? '')).toContain('o restaurante "Peixaria Beira Rio"');
  const owner = region(page('/restaurant/310'), 'Responsável');
  expect([...owner.querySelectorAll('dt')].map(textOf)).toEqual(['Nome', 'Contato', 'E-mail', 'Site', 'Endereço']);
});

it('a record with neither phone nor e-mail offers the city tourist office, never a button that cannot act', () => {
  for (const path of ['/agency/706', '/driver/506', '/provider-tour/807']) {
    const document = page(path);
    expect(byText(document, 'Telefone e e-mail não informados.'), path).not.toHaveLength(0);
    const office = one(mainOf(path), 'link', /^Fale Conosco com /);
    // The sample city's office has a mobile: its WhatsApp, with the message naming the record.
    expect(office.getAttribute('href'), path).toMatch(/^https:\/\/wa\.me\/5565996120001\?text=/);
    expect(mainOf(path).querySelectorAll('button[disabled], details.missing-phone'), path).toHaveLength(0);
  }
});

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

it.each(WITHOUT_MOBILE)(
  '%s, a record without a mobile: its one contact button reaches someone without JavaScript, and none says a number is missing',
  (path, name, href) => {
    const main = mainOf(path);
    const buttons = main.querySelectorAll('a[data-channel]');
    expect(buttons).toHaveLength(1);
    const button = buttons[0] as Element;
    expect(accessibleName(button)).toMatch(name);
    expect(button.getAttribute('href')).toMatch(href);
    // Shown as served: not hidden, and not among what only a script shows (global.css: .js-only).
    expect(isHidden(button)).toBe(false);
    expect(button.closest('.js-only')).toBeNull();
    expect(main.querySelectorAll('details.missing-phone')).toHaveLength(0);
    expect(byText(main, /(?:telefone|WhatsApp) não disponível/, { includeHidden: true })).toHaveLength(0);
  },
);

it('fallback texts on sample records that miss data', () => {
  for (const path of ['/tour/112', '/event/407', '/accommodation/209', '/restaurant/311', '/provider-tour/807', '/driver/506']) {
    expect(byText(mainOf(path), 'Local não informado'), path).not.toHaveLength(0);
  }
  const provider = page('/provider-tour/807');
  expect(byText(provider, 'Duração não informada')).not.toHaveLength(0);
  expect(provider.querySelector('img[fetchpriority="high"]')?.getAttribute('src')).toBe('/images/placeholder.svg');
  // A record without the optional sections shows none of them.
  for (const heading of ['Como funciona', 'Seguro', 'Perguntas frequentes', 'Políticas', 'Galeria', 'Vídeo']) {
    expect(byRole(provider, 'heading', { name: heading, exact: true }), heading).toHaveLength(0);
  }
  const tour = page('/tour/112');
  expect(byRole(tour, 'heading', { name: 'Como funciona', exact: true })).toHaveLength(0);
  expect(byRole(tour, 'heading', { name: 'Perguntas frequentes', exact: true })).toHaveLength(0);
});

it('/driver and /guide without an id send the visitor to their lists, not to a page about a missing id', () => {
  for (const [path, list] of [
    ['/driver', '/all-drivers'],
    ['/guide', '/all-guides'],
  ] as const) {
    const html = source(path);
    expect(html, path).toContain(`<meta http-equiv="refresh" content="0;url=${list}">`);
    expect(html, path).toContain(`<a href="${list}">`);
    expect(html, path).not.toMatch(/não fornecid/);
  }
});

it('/experience is a redirect to the home page', () => {
  const html = source('/experience');
  expect(html).toContain('<meta http-equiv="refresh" content="0;url=/">');
  expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/">/);
  expect(html).toContain('<a href="/">');
  expect(textOf(page('/').querySelector('h1'))).toContain(CITY);
});
