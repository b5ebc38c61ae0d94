/**
 * The news and testimonials portals and details, /contato, /about, /destination and the 404 page
 * (docs/product.md) in the static HTML of the sample build: the portals' figures, chips, cards and
 * pagination, each detail's texts, links, share links and related cards, the contact cards and the
 * agency, the lists every text page links, the JSON-LD and the page's own scripts; the 404 page's
 * message for each kind of path, its inline script run here as a browser runs it; the fallbacks of
 * records that miss data, and robots.txt. The portals' behaviour, what each width shows, the
 * requests and the accessibility sweep are tests/e2e/portals.spec.ts and tests/e2e/portal-behaviour.spec.ts.
 */
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../fixtures/detail-pages.ts';
import { byRole, byText, jsonLd, one, page, source, textOf } from '../support/dist-pages.ts';

/** A testimonial's sheet, the article that holds it (the page has one). */
const sheet = (path: string): Element => {
  const found = page(path).querySelector('article.sheet');
  if (!found) throw new Error(`${path} has no article.sheet`);
  return found;
};

describe('fallbacks and sample records that miss data', () => {
  it('a news article at or below id 1000 has no blog button; the default author is Redação', () => {
    expect(byRole(page('/news/987'), 'link', { name: /Ler matéria completa no blog/ })).toEqual([]);
    expect(textOf(one(page('/news/1207'), 'list', 'Sobre a notícia'))).toContain('Por Redação');
  });

  it('a news article without image shows the placeholder, as decoration', () => {
    const hero = page('/news/1102').querySelector('img.hero');
    expect(hero?.getAttribute('src')).toBe('/images/news-placeholder.svg');
    expect(hero?.getAttribute('alt')).toBe('');
  });

  it('an anonymous testimonial without photo shows initials; an audio one reads Mensagem de áudio', () => {
    expect(textOf(one(page('/testimonials/1008'), 'heading', 'Depoimento de Anônimo', { level: 1 }))).toBe(
      'Depoimento de Anônimo',
    );
    expect(textOf(sheet('/testimonials/1008')?.querySelector('.initials'))).toBe('A');
    expect(byRole(sheet('/testimonials/1008'), 'img', { name: 'Nota 3 de 5' })).toHaveLength(1);
    expect(textOf(sheet('/testimonials/1023')?.querySelector('blockquote'))).toBe('Mensagem de áudio');
    expect(textOf(sheet('/testimonials/1023')?.querySelector('.initials'))).toBe('EL');
  });

  it('a rating of 0 is shown as such, not replaced by a default', () => {
    expect(byRole(sheet('/testimonials/1021'), 'img', { name: 'Nota 0 de 5' })).toHaveLength(1);
  });
});

it('robots.txt allows everything and points at the sitemap index', () => {
  const robots = source('/robots.txt');
  expect(robots).toContain('User-agent: *');
  expect(robots).toContain('Allow: /');
  expect(robots).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap-index\.xml$/m);
});

// The sample's news have categories enough for a row of chips; its testimonials, a single kind, have none.
it.each([
  ['/news', 1],
  ['/testimonials', 0],
])('%s offers its search and its chips only where scripts run: the static page could apply neither', (sitePath, rows) => {
  const document = page(sitePath);
  const [form] = byRole(document, 'search');
  expect(form?.querySelector('input[name="q"]')).not.toBeNull();
  expect(form?.closest('.js-only')).not.toBeNull();
  const chipRows = [...document.querySelectorAll('ul.chip-row')].filter((row) => row.querySelector('[data-chip]'));
  expect(chipRows).toHaveLength(rows);
  for (const row of chipRows) expect(row.closest('.js-only')).not.toBeNull();
  expect(byText(document, /precisam de JavaScript/, { includeHidden: true })).toEqual([]);
});

/** The sample testimonials the site is built from, for the portal's computed figures. */
const SAMPLE_TESTIMONIALS = readSnapshot<{ id: string; rating: number; writtenDate: string | null; featured: boolean }>(
  'testimonials',
);
const byWritten = [...SAMPLE_TESTIMONIALS].sort((a, b) => (b.writtenDate ?? '').localeCompare(a.writtenDate ?? ''));
const LEAD_TESTIMONIAL = byWritten.find((testimonial) => testimonial.featured) ?? byWritten[0];
/** The sample's average on 10, to one decimal, then on the stars' 5 as the page shows every rating. */
const AVERAGE = (
  Math.round((SAMPLE_TESTIMONIALS.reduce((sum, testimonial) => sum + testimonial.rating, 0) / SAMPLE_TESTIMONIALS.length) * 10) /
  10 /
  2
).toLocaleString('pt-BR', { maximumFractionDigits: 1 });

const DATE = /\d{2}\/\d{2}\/\d{4}/;

/** The schema.org types of the page's JSON-LD blocks. */
const ldTypes = (document: Document): unknown[] => jsonLd(document).flatMap((block) => [block['@type']].flat());

/** The only element matching `selector` under `scope`. */
function the(scope: Document | Element, selector: string): Element {
  const found = scope.querySelectorAll(selector);
  if (found.length !== 1) throw new Error(`${found.length} elements match ${selector}, expected one`);
  return found[0] as Element;
}

// What the browser then fetches (nothing from another host) is tests/e2e/portals.spec.ts.
it.each(['/news', '/news/page/3', '/news/1305', '/testimonials', '/testimonials/1001', '/contato', '/about', '/destination'])(
  '%s is in Portuguese, with one h1, only the site’s own scripts and no frame',
  (sitePath) => {
    const document = page(sitePath);
    expect(document.documentElement.getAttribute('lang')).toBe('pt-BR');
    expect(byRole(document, 'heading', { level: 1 })).toHaveLength(1);
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    const scripts = [...document.querySelectorAll('script[src]')].map((script) => script.getAttribute('src'));
    for (const script of scripts) expect(script).toMatch(/^\/_astro\//);
  },
);

describe('/news', () => {
  const news = () => page('/news');
  const pagination = (sitePath: string) => one(page(sitePath), 'navigation', 'Paginação');

  it('is titled Notícias, with the hero figures, a search sent in the address and a chip per category', () => {
    expect(news().title).toMatch(/^Notícias \| /);
    expect(textOf(one(news(), 'heading', 'Portal de Notícias', { level: 1 }))).toBe('Portal de Notícias');
    const hero = textOf(the(news(), '.portal-hero'));
    for (const figure of ['30 notícias', '6 categorias', 'notícia mais recente']) expect(hero).toContain(figure);

    const search = one(news(), 'search', /.*/);
    expect(search.getAttribute('method')).toBe('get');
    expect(one(search, 'searchbox', 'Buscar notícias').getAttribute('name')).toBe('q');
    const chips = byRole(one(news(), 'list', 'Categorias'), 'link');
    expect(chips).toHaveLength(7);
    expect(textOf(chips[0])).toBe('Todas');
    expect(one(one(news(), 'list', 'Categorias'), 'link', 'Eventos').getAttribute('href')).toBe('/news?categoria=Eventos');
  });

  it('leads with the sticky article, large, its photo fetched first; 11 more fill page 1, dated, each with its share menu', () => {
    const lead = the(news(), '.news-card.lead');
    expect(lead.getAttribute('data-id')).toBe('1305');
    expect(lead.querySelector('img')?.getAttribute('fetchpriority')).toBe('high');
    expect(textOf(lead)).toContain('Destaque');
    expect(news().querySelectorAll('.news-grid .news-card')).toHaveLength(11);
    expect(textOf(news().querySelector('.news-card time'))).toMatch(DATE);
    expect(news().querySelector('.news-card .share-menu')).not.toBeNull();
  });

  it('pages by 12: page 1 of 3 cannot go back, /news/page/3 (6 articles, none large) cannot go on', () => {
    expect(textOf(pagination('/news').querySelector('[aria-current="page"]'))).toMatch(/1$/);
    expect(byText(pagination('/news'), 'Primeira', { exact: true })[0]?.getAttribute('aria-disabled')).toBe('true');
    expect(one(pagination('/news'), 'link', 'Última').getAttribute('href')).toBe('/news/page/3');

    const last = page('/news/page/3');
    expect(last.querySelectorAll('.news-card.lead')).toHaveLength(0);
    expect(last.querySelectorAll('.news-grid .news-card')).toHaveLength(6);
    expect(textOf(pagination('/news/page/3').querySelector('[aria-current="page"]'))).toMatch(/3$/);
    expect(one(pagination('/news/page/3'), 'link', 'Primeira').getAttribute('href')).toBe('/news');
    expect(byText(pagination('/news/page/3'), 'Última', { exact: true })[0]?.getAttribute('aria-disabled')).toBe('true');
  });

  it('is served without the empty state or the load error, as a collection with its breadcrumb in JSON-LD', () => {
    expect(byText(news(), 'Nenhuma notícia encontrada', { includeHidden: true })).toEqual([]);
    expect(byText(news(), 'Erro ao carregar notícias. Tente novamente.', { includeHidden: true })).toEqual([]);
    expect(ldTypes(news())).toEqual(expect.arrayContaining(['BreadcrumbList', 'CollectionPage']));
  });
});

describe('/news/1305', () => {
  const article = () => page('/news/1305');

  it('shows the article with its breadcrumb, author, date, reading time, category, photo and text, and no view count', () => {
    expect(textOf(one(article(), 'heading', /.*/, { level: 1 }))).toBe(
      'Natal Iluminado 2026 terá chegada do Papai Noel de barco pelo Rio Paraguai',
    );
    const breadcrumb = one(article(), 'navigation', 'Trilha de navegação');
    expect(one(breadcrumb, 'link', 'Notícias').getAttribute('href')).toBe('/news');
    expect(breadcrumb.querySelectorAll('[aria-current="page"]')).toHaveLength(1);
    const meta = textOf(one(article(), 'list', 'Sobre a notícia'));
    for (const fact of ['Ana Beatriz Souza', '10/11/2026 às 18:05', '1 min de leitura']) expect(meta).toContain(fact);
    // The blog counts no views: no count is shown.
    expect(meta).not.toContain('visualiza');
    expect([...article().querySelectorAll('.chip')].map(textOf)).toContain('Eventos');
    // The article's photo, through the image pipeline (a WebP of its own, AVIF in the <picture>).
    expect(the(article(), 'img.hero').getAttribute('src')).toMatch(/^\/_astro\/[\w.-]+\.webp$/);
    expect([...article().querySelectorAll('.prose h2')].map(textOf)).toContain('Programação');
  });

  it('links the whole story on the blog, in a new tab, and shares the canonical address on three networks', () => {
    const blog = one(article(), 'link', /Ler matéria completa no blog/);
    expect(blog.getAttribute('href')).toBe(
      'https://blog.turismobarradobugres.com.br/2026/11/10/natal-iluminado-2026-papai-noel-de-barco/',
    );
    expect(blog.getAttribute('target')).toBe('_blank');
    const canonical = article().querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '';
    expect(canonical).toMatch(/\/news\/1305\/?$/);
    const share = one(article(), 'region', 'Compartilhe esta notícia');
    for (const [name, host] of [
      ['Facebook', 'https://www.facebook.com/sharer/sharer.php?u='],
      ['Twitter', 'https://twitter.com/intent/tweet?url='],
      ['WhatsApp', 'https://wa.me/?text='],
    ] as const) {
      const link = one(share, 'link', new RegExp(name));
      expect(link.getAttribute('href')?.startsWith(host)).toBe(true);
      expect(link.getAttribute('href')).toContain(encodeURIComponent(canonical));
      expect(link.getAttribute('target')).toBe('_blank');
    }
  });

  it('lists its subjects and 4 related articles, the same category first, and leads back to Notícias', () => {
    expect(textOf(one(article(), 'region', 'Assuntos'))).toContain('Natal');
    const related = one(article(), 'region', 'Notícias relacionadas').querySelectorAll('.news-card');
    expect(related).toHaveLength(4);
    expect(textOf(related[0]?.querySelector('.chip'))).toBe('Eventos');
    expect(one(article(), 'link', 'Voltar para Notícias').getAttribute('href')).toBe('/news');
    expect(ldTypes(article())).toEqual(expect.arrayContaining(['NewsArticle', 'BreadcrumbList']));
  });
});

describe('/testimonials', () => {
  const portal = () => page('/testimonials');

  it('shows the count and the average on 5, and no figure of verification, which the feedbacks do not give', () => {
    expect(textOf(one(portal(), 'heading', 'Depoimentos dos visitantes', { level: 1 }))).toBe('Depoimentos dos visitantes');
    const hero = textOf(the(portal(), '.portal-hero'));
    expect(hero).toContain('30 depoimentos');
    expect(hero).toContain(`${AVERAGE} de 5 nota média`);
    expect(hero).not.toContain('verificad');
    expect(byRole(portal(), 'searchbox', { name: 'Buscar depoimentos' })).toHaveLength(1);
  });

  it('leads with the newest featured one, its rating on the stars’ 5; 11 more by date, then the pagination', () => {
    const lead = the(portal(), '.testimonial-card.lead');
    expect(lead.getAttribute('data-id')).toBe(LEAD_TESTIMONIAL?.id);
    expect(
      byRole(lead, 'img', { name: `Nota ${((LEAD_TESTIMONIAL?.rating ?? 0) / 2).toLocaleString('pt-BR')} de 5` }),
    ).toHaveLength(1);
    expect(textOf(lead)).not.toContain('Verificado');
    expect(textOf(lead)).toContain('Destaque');
    expect(textOf(lead)).toMatch(/Enviado em [a-zç]{3}\. de \d{4}/);
    const grid = portal().querySelectorAll('.testimonials-grid .testimonial-card');
    expect(grid).toHaveLength(11);
    expect(grid[0]?.getAttribute('data-id')).toBe(byWritten.find((testimonial) => testimonial !== LEAD_TESTIMONIAL)?.id);
    expect(byRole(portal(), 'link', { name: /^Ler depoimento de / })[0]?.getAttribute('href')).toBe(
      `/testimonials/${LEAD_TESTIMONIAL?.id}`,
    );
    expect(one(one(portal(), 'navigation', 'Paginação'), 'link', 'Última').getAttribute('href')).toBe('/testimonials/page/3');
    expect(byText(portal(), 'Nenhum depoimento encontrado', { includeHidden: true })).toEqual([]);
  });
});

it('/testimonials/1001 shows the visitor, the rating, the tour linked, the text, the month it was written, share and 4 related', () => {
  const document = page('/testimonials/1001');
  expect(textOf(one(document, 'heading', /.*/, { level: 1 }))).toBe('Depoimento de Fernanda Lopes');
  const sheet = the(document, 'article.sheet');
  expect(the(sheet, 'img.avatar').getAttribute('src')).toMatch(/^\/_astro\/[\w.-]+\.webp$/);
  expect(byRole(sheet, 'img', { name: 'Nota 5 de 5' })).toHaveLength(1);
  const tour = one(sheet, 'heading', 'Trilha e Banho nas Cachoeiras da Serra das Araras', { level: 2 });
  expect(one(tour, 'link', /.*/).getAttribute('href')).toBe('/tour/101');
  expect(textOf(sheet.querySelector('blockquote'))).toContain('Que lugar maravilhoso!');
  for (const text of ['Cuiabá – MT', 'Enviado em', 'jan. de 2025', 'Passeios']) expect(textOf(sheet)).toContain(text);
  // The feedback says nothing of verification nor counts 'helpful' votes: neither is shown.
  expect(textOf(sheet)).not.toContain('Verificado');
  expect(textOf(sheet)).not.toContain('útil');
  expect(byRole(one(document, 'region', 'Compartilhe este depoimento'), 'link')).toHaveLength(3);
  const related = one(document, 'region', 'Outros depoimentos').querySelectorAll('.testimonial-card');
  expect(related).toHaveLength(4);
  // Same tour first.
  expect(textOf(byRole(related[0] as Element, 'heading')[0])).toBe('Trilha e Banho nas Cachoeiras da Serra das Araras');
  expect(ldTypes(document)).toEqual(expect.arrayContaining(['Review', 'BreadcrumbList']));
});

// The form's fields, its e-mail link and what it does without scripts: tests/html/contact-form.test.ts.
describe('/contato', () => {
  const contact = () => page('/contato');

  it('shows the three cards and calls the phone in the international form', () => {
    expect(textOf(one(contact(), 'heading', 'Fale Conosco', { level: 1 }))).toBe('Fale Conosco');
    for (const [title, text] of [
      ['Localização', 'Av. Beira Rio, s/n'],
      ['Telefone', '(65) 99612-0001'],
      ['E-mail', 'turismo@turismobarradobugres.com.br'],
    ] as const) {
      const cards = [...contact().querySelectorAll('.info-card')].filter(
        (card) => byRole(card, 'heading', { name: title }).length,
      );
      expect(cards, title).toHaveLength(1);
      expect(textOf(cards[0])).toContain(text);
    }
    expect(one(the(contact(), 'main'), 'link', '(65) 99612-0001').getAttribute('href')).toBe('tel:+5565996120001');
  });

  it('shows the agency with its site and its networks, and no hours nobody configured', () => {
    // The sample build sets no OFFICE_HOURS (the configured ones: tests/integration/truth.test.ts).
    expect(byRole(contact(), 'region', { name: 'Horário de atendimento' })).toEqual([]);
    // A block under the agency's heading, not a region: the footer's region bears its name (one name per region).
    const main = the(contact(), 'main');
    expect(byRole(main, 'region', { name: /Centro de Atendimento ao Turista/ })).toEqual([]);
    const agencies = [...main.querySelectorAll('.block')].filter(
      (block) => byRole(block, 'heading', { level: 2, name: /Centro de Atendimento ao Turista/ }).length,
    );
    expect(agencies).toHaveLength(1);
    const agency = agencies[0] as Element;
    expect(one(agency, 'link', /www\.turismobarradobugres\.com\.br/).getAttribute('href')).toBe(
      'https://www.turismobarradobugres.com.br',
    );
    expect(textOf(agency)).toContain('Atendimento presencial na orla');
    expect(one(agency, 'link', 'Instagram').getAttribute('href')).toMatch(/instagram\.com/);
    // Only the networks it has a link for.
    expect(byRole(agency, 'link', { name: 'TikTok' })).toEqual([]);
    expect(byRole(agency, 'button', { name: /não informado/ })).toEqual([]);
  });

  it('shows the address by the map and the way there in a new tab, and says it is a tourist office in JSON-LD', () => {
    const map = one(contact(), 'region', 'Como chegar');
    expect(textOf(map)).toContain('Av. Beira Rio, s/n – Orla do Rio Paraguai');
    const directions = one(map, 'link', /Como chegar/);
    expect(directions.getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=-15.0728%2C-57.1817');
    expect(directions.getAttribute('target')).toBe('_blank');
    expect(ldTypes(contact())).toEqual(expect.arrayContaining(['LocalBusiness', 'TouristInformationCenter', 'BreadcrumbList']));
  });
});

it.each(['/about', '/destination'])('%s is about the configured city, with a link to every list', (sitePath) => {
  const document = page(sitePath);
  expect(textOf(the(document, 'main'))).toContain('Barra do Bugres');
  const lists = one(document, 'list', 'Listas do portal');
  for (const href of [
    '/all-tours',
    '/all-accommodation',
    '/all-restaurants',
    '/all-events',
    '/all-drivers',
    '/news',
    '/testimonials',
  ]) {
    expect(lists.querySelectorAll(`a[href="${href}"]`), href).toHaveLength(1);
  }
});

describe('the 404 page', () => {
  /** The inline script that picks the message (src/pages/404.astro), as the page serves it. */
  const pickerOf = (document: Document) =>
    [...document.querySelectorAll('script:not([src]):not([type])')].filter((script) => script.textContent?.includes('data-nf'));

  /** The 404 page as a browser shows it at `sitePath`: its inline script run there; the HEAD requests it makes. */
  function notFoundAt(sitePath: string): { document: Document; heads: string[] } {
    const { window } = new JSDOM(source('/404'), { url: `http://127.0.0.1${sitePath}`, runScripts: 'outside-only' });
    const heads: string[] = [];
    window.fetch = ((url: string, init?: RequestInit) => {
      if (init?.method === 'HEAD') heads.push(url);
      return Promise.resolve({ ok: false });
    }) as typeof window.fetch;
    const [picker] = pickerOf(window.document);
    window.eval(picker?.textContent ?? '');
    return { document: window.document, heads };
  }

  it.each([
    ['/driver/999', 'Condutor não encontrado.', 'Voltar para Condutores', '/all-drivers'],
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
  ])("at %s says '%s' and leads back to its list", (sitePath, message, back, href) => {
    const { document } = notFoundAt(sitePath);
    expect(byRole(document, 'heading', { level: 1 }).map(textOf)).toEqual([message]);
    expect(one(document, 'link', back).getAttribute('href')).toBe(href);
    expect(byRole(document, 'heading', { name: 'Página não encontrada' })).toEqual([]);
    expect(byRole(one(document, 'list', 'Listas do portal'), 'link')).toHaveLength(10);
  });

  it('at /event/0/ first asks whether /event/0 is a page, to send the visitor there', () => {
    expect(notFoundAt('/event/0/').heads).toEqual(['/event/0']);
    expect(notFoundAt('/event/0').heads).toEqual([]);
  });

  it('at any other path, and without JavaScript, shows the generic message with links home and to every list', () => {
    for (const document of [notFoundAt('/nao-existe/mesmo').document, page('/404')]) {
      expect(byRole(document, 'heading', { level: 1 }).map(textOf)).toEqual(['Página não encontrada']);
      expect(one(document, 'link', 'Ir para o início').getAttribute('href')).toBe('/');
      expect(byRole(one(document, 'list', 'Listas do portal'), 'link')).toHaveLength(10);
    }
    expect(byText(page('/404'), 'Condutor não encontrado.')).toEqual([]);
    expect(byText(page('/404'), 'Condutor não encontrado.', { includeHidden: true })).toHaveLength(1);
    expect(page('/404').querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it('has one script of its own, small and inline', () => {
    const html = source('/404');
    // The shell's scripts (the header's module, BaseLayout's site-shell) and Astro's island scripts (the loader and the
    // `reach` directive of the header's search entry) are on every page; `npm run budgets` weighs them.
    const scripts = [...html.matchAll(/<script(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].filter(
      (match) => !/Header\.astro_astro_type_script|data-shell=|astro-island|self\.Astro\b/.test(match[0]),
    );
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.[0]).not.toContain('src=');
    // The message for the path, and the hand-off from /x/ to /x on a host with one file per page.
    expect(scripts[0]?.[1]?.length).toBeLessThan(900);
    expect(pickerOf(page('/404'))).toHaveLength(1);
  });
});
