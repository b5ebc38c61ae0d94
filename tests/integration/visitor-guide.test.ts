/**
 * The city's own pages, end to end: a blog the sample has never seen, with its own destination page, a visitor's
 * guide under slugs the city configured (GUIDE_PAGE_SLUG, DESTINATION_PAGE_SLUG), its Spanish and English versions,
 * a section, a draft and a page in one language only, served by the local upstream server with the fixture
 * provider. One sync and build, then its static HTML: every page of the guide, its `lang`, its `hreflang`
 * alternates and language switch, the menu, /destination, /status, the sitemap, the search index and the deploy
 * gate. What a visitor does offline with it: tests/e2e/visitor-guide.spec.ts.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltSite, buildSite, indexSearch, verifyBuiltSite } from '../support/build-site.ts';
import { startUpstreamServer, type UpstreamServer } from '../support/upstream-server.ts';

/** A WordPress page as `/wp/v2/pages?_embed=true` sends it. */
function wpPage(id: number, slug: string, title: string, content: string, parent = 0, order = 0, extra = {}) {
  return {
    id,
    date: '2026-10-01T09:00:00',
    date_gmt: '2026-10-01T12:00:00',
    modified: '2026-11-05T16:20:00',
    modified_gmt: '2026-11-05T19:20:00',
    slug,
    status: 'publish',
    type: 'page',
    parent,
    menu_order: order,
    title: { rendered: title },
    content: { rendered: content },
    excerpt: { rendered: '' },
    ...extra,
  };
}

let server: UpstreamServer;
let site: BuiltSite;
/** The blog's pages, once the server listens (their photos are its own). */
const pages = (origin: string) => [
  wpPage(
    501,
    'o-destino',
    'Cáceres das Araras: rio, serra e pantanal',
    '<p>Uma cidade à beira do rio, ao pé da serra.</p>',
    0,
    1,
    {
      _embedded: { 'wp:featuredmedia': [{ source_url: `${origin}/media/orla.jpg` }] },
    },
  ),
  wpPage(503, 'sobre', 'Quem faz este portal', '<p>A Secretaria de Turismo e os prestadores da cidade.</p>', 0, 2),
  // A page with the default guide's slug: not the guide this city configured.
  wpPage(504, 'guia', 'Guia antigo', '<p>Substituído.</p>', 0, 3),
  wpPage(502, 'guia-do-visitante', 'Guia do visitante', '<p>Tudo o que ajuda a planejar a visita.</p>', 0, 4),
  wpPage(511, 'chegando', 'Chegando à cidade', '<p>São 170 km de estrada desde a capital.</p>', 502, 2),
  wpPage(521, 'pela-mt-246', 'Pela MT-246', '<p>Asfalto em todo o caminho.</p>', 511, 1),
  wpPage(512, 'epoca-certa', 'A época certa', '<p>As praias de rio aparecem na seca.</p>', 502, 1, {
    modified: '2026-11-20T10:05:00',
    modified_gmt: '2026-11-20T13:05:00',
  }),
  wpPage(
    513,
    'numeros-uteis',
    'Números úteis',
    '<ul><li>Polícia Militar: 190</li><li>Bombeiros – 193</li><li>Pronto-socorro: (65) 3361-4000</li></ul><p>A 190 km fica a capital.</p>',
    502,
    3,
  ),
  wpPage(514, 'rascunho-secreto', 'Rascunho que não pode sair', '<p>Ainda não.</p>', 502, 4, { status: 'draft' }),
  wpPage(515, 'es', 'Guía del visitante', '<p>Todo para planificar la visita.</p>', 502, 10),
  wpPage(531, 'chegando', 'Llegar a la ciudad', '<p>Son 170 km desde la capital. Bomberos: 193.</p>', 515, 1),
  wpPage(516, 'en', 'Visitor guide', '<p>Everything to plan your visit.</p>', 502, 11),
  wpPage(541, 'chegando', 'Getting here', '<p>It is 170 km from the state capital.</p>', 516, 1),
  wpPage(542, 'only-in-english', 'Only in English', '<p>A page with no Portuguese original.</p>', 516, 2),
];

/** Every page the guide must have, its language, and its versions in every language (none for a page in one). */
const GUIDE: [path: string, lang: string, versions: string[]][] = [
  ['/guia', 'pt-BR', ['/guia', '/es/guia', '/en/guia']],
  ['/guia/epoca-certa', 'pt-BR', []],
  ['/guia/chegando', 'pt-BR', ['/guia/chegando', '/es/guia/chegando', '/en/guia/chegando']],
  ['/guia/numeros-uteis', 'pt-BR', []],
  ['/es/guia', 'es', ['/guia', '/es/guia', '/en/guia']],
  ['/es/guia/chegando', 'es', ['/guia/chegando', '/es/guia/chegando', '/en/guia/chegando']],
  ['/en/guia', 'en', ['/guia', '/es/guia', '/en/guia']],
  ['/en/guia/chegando', 'en', ['/guia/chegando', '/es/guia/chegando', '/en/guia/chegando']],
  ['/en/guia/only-in-english', 'en', []],
  ['/es', 'es', ['/', '/es', '/en']],
  ['/en', 'en', ['/', '/es', '/en']],
];

const documents = new Map<string, Document>();
async function doc(sitePath: string): Promise<Document> {
  let document = documents.get(sitePath);
  if (!document) {
    document = new JSDOM(await site.page(sitePath)).window.document;
    documents.set(sitePath, document);
  }
  return document;
}
const text = (node: Element | Document | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
const hrefs = (nodes: Iterable<Element>) => [...nodes].map((node) => node.getAttribute('href'));
const pathOf = (url: string | null) => (url ? new URL(url, 'https://x.invalid').pathname : null);

beforeAll(async () => {
  server = await startUpstreamServer();
  server.setFile('blog/pages.json', pages(server.origin));
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#37a' } })
    .jpeg()
    .toBuffer();
  server.setFault(/^\/media\//, {
    kind: 'respond',
    respond: () => new Response(new Uint8Array(photo), { headers: { 'content-type': 'image/jpeg' } }),
  });
  site = await buildSite({ ...server.env, GUIDE_PAGE_SLUG: 'guia-do-visitante', DESTINATION_PAGE_SLUG: 'o-destino' });
  await indexSearch(site);
}, 300_000);

afterAll(async () => {
  await server?.close();
  await site?.remove();
});

describe("a city's own guide, built from its blog", () => {
  it('is read with no warning: the draft is left out, reported', () => {
    expect(site.report.warnings).toEqual([]);
    const blogPages = site.report.collections.find((collection) => collection.id === 'blogPages');
    expect(blogPages?.dropped.map((note) => [note.id, note.problem])).toEqual([['514', 'not-published']]);
  });

  it.each(GUIDE)('builds %s in %s, with every version as an hreflang alternate', async (sitePath, lang, versions) => {
    const page = await doc(sitePath);
    expect(page.documentElement.getAttribute('lang')).toBe(lang);
    const alternates = [...page.querySelectorAll('head link[rel="alternate"][hreflang]')].map((link) => [
      link.getAttribute('hreflang'),
      pathOf(link.getAttribute('href')),
    ]);
    const expected = versions.map((version) => [
      version.startsWith('/es') ? 'es' : version.startsWith('/en') ? 'en' : 'pt-BR',
      version,
    ]);
    expect(alternates).toEqual(versions.length > 0 ? [...expected, ['x-default', versions[0]]] : []);
    // The language switch over the header links the other versions, in their own language; none where there is no other.
    const switcher = page.querySelector('body > nav.language-switch');
    const others = versions.filter((version) => version !== sitePath);
    expect(hrefs(switcher?.querySelectorAll('a') ?? [])).toEqual(others);
    for (const link of switcher?.querySelectorAll('a') ?? [])
      expect(link.getAttribute('lang')).toBe(link.getAttribute('hreflang'));
  });

  it("lists the guide's pages in the editors' order, the translations linked from the Portuguese guide", async () => {
    const guide = await doc('/guia');
    expect(text(guide.querySelector('h1'))).toBe('Guia do visitante');
    expect(hrefs(guide.querySelectorAll('nav.topics a'))).toEqual(['/guia/epoca-certa', '/guia/chegando', '/guia/numeros-uteis']);
    expect(hrefs(guide.querySelectorAll('main ul.translations a'))).toEqual(['/es/guia', '/en/guia']);
    expect(hrefs((await doc('/en/guia')).querySelectorAll('nav.topics a'))).toEqual([
      '/en/guia/chegando',
      '/en/guia/only-in-english',
    ]);
  });

  it("shows a page's child as a section of it, and the date of the page's last change", async () => {
    const page = await doc('/guia/chegando');
    expect(text(page.querySelector('section#secao-pela-mt-246 h2'))).toBe('Pela MT-246');
    expect(text(page.querySelector('main'))).toContain('Asfalto em todo o caminho.');
    expect(page.querySelector('main time')?.getAttribute('datetime')).toBe('2026-11-05T19:20:00.000Z');
    expect(text(page.querySelector('main time'))).toBe('Atualizado em 05/11/2026');
    expect(text((await doc('/es/guia/chegando')).querySelector('main time'))).toBe('Actualizado el 5 de noviembre de 2026');
  });

  it('makes the phone numbers links, the emergency ones too, and leaves a distance as text', async () => {
    const page = await doc('/guia/numeros-uteis');
    expect(hrefs(page.querySelectorAll('main .prose a[href^="tel:"]'))).toEqual(['tel:190', 'tel:193', 'tel:+556533614000']);
    expect(text(page.querySelector('main .prose'))).toContain('A 190 km fica a capital.');
  });

  it('has no page for the draft, nor for the page with the default slug; only /status names the draft, as left out', async () => {
    const files = (await readdir(site.dist, { recursive: true })).filter((file) => file.endsWith('.html'));
    expect(files.filter((file) => /rascunho|guia-antigo|\/504/.test(file))).toEqual([]);
    for (const file of await site.textFiles()) {
      if (path.basename(file) === 'status.html') continue;
      expect(await readFile(file, 'utf8'), file).not.toContain('Rascunho que não pode sair');
    }
    const attention = text((await doc('/status')).querySelector('section[aria-labelledby="status-attention"]'));
    expect(attention).toContain('Página 514 “Rascunho que não pode sair”: não está publicado ("draft") e ficou fora do site.');
    expect(text(await doc('/guia'))).not.toContain('Guia antigo');
  });

  it("links the guide from the menu, in the page's language, and from /destination", async () => {
    const menuLink = async (sitePath: string, name: string) =>
      [...(await doc(sitePath)).querySelectorAll('header nav.menu-desktop a')]
        .find((link) => text(link) === name)
        ?.getAttribute('href');
    expect(await menuLink('/', 'Guia do visitante')).toBe('/guia');
    expect(await menuLink('/all-tours', 'Guia do visitante')).toBe('/guia');
    expect(await menuLink('/es/guia/chegando', 'Guía del visitante')).toBe('/es/guia');
    expect(await menuLink('/en', 'Visitor guide')).toBe('/en/guia');
    expect(await menuLink('/en', 'Tours')).toBe('/all-tours');
    const drawer = (await doc('/')).querySelector('header details.drawer nav');
    expect(
      [...(drawer?.querySelectorAll('a') ?? [])].find((link) => text(link) === 'Guia do visitante')?.getAttribute('href'),
    ).toBe('/guia');
    const destination = await doc('/destination');
    expect(hrefs(destination.querySelectorAll('main section.guide-links a'))).toEqual([
      '/guia',
      '/guia/epoca-certa',
      '/guia/chegando',
      '/guia/numeros-uteis',
    ]);
  });

  it("shows the city's own destination and about pages: title, text and photo", async () => {
    const destination = await doc('/destination');
    expect(text(destination.querySelector('h1'))).toBe('Cáceres das Araras: rio, serra e pantanal');
    expect(text(destination.querySelector('main'))).toContain('Uma cidade à beira do rio, ao pé da serra.');
    expect(text(destination.querySelector('main'))).not.toContain('fica no estado de');
    expect(destination.querySelector('main picture source[type="image/avif"]')?.getAttribute('srcset')).toMatch(/^\/_astro\//);
    const about = await doc('/about');
    expect(text(about.querySelector('h1'))).toBe('Quem faz este portal');
    expect(text(about.querySelector('main'))).toContain('A Secretaria de Turismo e os prestadores da cidade.');
  });

  it('gives each language a home that links the lists and says they are in Portuguese', async () => {
    const home = await doc('/es');
    expect(text(home.querySelector('main'))).toContain('Las listas y sus descripciones están en portugués.');
    const lists = [...home.querySelectorAll('main ul.list-links a')];
    expect(
      lists.map((link) => [text(link.querySelector('span')), link.getAttribute('href'), link.getAttribute('hreflang')]),
    ).toContainEqual(['Paseos', '/all-tours', 'pt-BR']);
    expect(hrefs(home.querySelectorAll('main section[aria-labelledby="home-guide"] a'))).toEqual([
      '/es/guia',
      '/es/guia/chegando',
    ]);
    expect(text(home.querySelector('footer'))).toContain('Idioma: Español');
  });

  it('puts every page of the guide, and each language home, in the sitemap', async () => {
    const files = (await readdir(site.dist)).filter((file) => /^sitemap-\d+\.xml$/.test(file));
    const listed = new Set(
      (await Promise.all(files.map((file) => readFile(path.join(site.dist, file), 'utf8')))).flatMap((xml) =>
        [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => pathOf(match[1] ?? '')),
      ),
    );
    for (const [sitePath] of GUIDE) expect(listed.has(sitePath), sitePath).toBe(true);
    for (const sitePath of ['/destination', '/about']) expect(listed.has(sitePath), sitePath).toBe(true);
  });

  it('puts the guide in every language in the one search index, and no script of its own on its pages', async () => {
    const entry = JSON.parse(await readFile(path.join(site.dist, 'pagefind/pagefind-entry.json'), 'utf8')) as {
      languages: Record<string, unknown>;
    };
    expect(Object.keys(entry.languages)).toEqual(['pt-br']);
    for (const [sitePath] of GUIDE.filter(([sitePath]) => sitePath.includes('/guia'))) {
      expect((await doc(sitePath)).querySelector('[data-pagefind-body]'), sitePath).not.toBeNull();
    }
    // The same scripts as a text page of the portal: the shell's, nothing of its own.
    const scripts = async (sitePath: string) =>
      hrefs((await doc(sitePath)).querySelectorAll('script[src]')).concat(
        [...(await doc(sitePath)).querySelectorAll('script:not([src]):not([type="application/ld+json"])')].map((script) =>
          script.getAttribute('data-shell'),
        ),
      );
    expect(await scripts('/guia/chegando')).toEqual(await scripts('/about'));
    expect(await scripts('/es')).toEqual(await scripts('/about'));
  });

  it("lists the guide's pages on /status with when each was last changed", async () => {
    const status = text((await doc('/status')).querySelector('section[aria-labelledby="status-pages"]'));
    expect(status).toContain('A época certa: em /guia/epoca-certa; alterada em 20/11/2026 às 09:05.');
    expect(status).toContain('Pela MT-246: seção de “Chegando à cidade”, em /guia/chegando; alterada em 05/11/2026 às 15:20.');
    expect(status).toContain('Getting here: em /en/guia/chegando (English); alterada em 05/11/2026 às 15:20.');
    expect(status).toContain('Guia antigo: não aparece no portal;');
  });

  it('passes the deploy gate', async () => {
    expect(await verifyBuiltSite(site, server.env)).toEqual([]);
  });
});
