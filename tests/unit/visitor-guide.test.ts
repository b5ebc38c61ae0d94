/**
 * The blog's pages and the visitor's guide, without a build: the pages' tree (src/lib/visitor-guide/tree.ts), where
 * each page is published (placement.ts, by the configured slugs), a page whose parent is not published, a hostile
 * page through the sanitiser and the page normaliser (scripts/sync/normalise/page.ts), the guide as its pages show
 * it (guide.ts), the menu's link to it, the interface words of each language, and /status's list of pages.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeBlogPages, RawPageSchema, toBlogPage } from '../../scripts/sync/normalise/page.ts';
import { normaliseRecords } from '../../scripts/sync/normalise/records.ts';
import { DEFAULT_PAGE_SLUGS } from '../../src/lib/config.ts';
import { DEFAULT_LANGUAGE, guidePath, LANGUAGE_CODES } from '../../src/lib/i18n/languages.ts';
import { UI } from '../../src/lib/i18n/ui.ts';
import { isMenuGroup, menuFor } from '../../src/lib/navigation.ts';
import { GUIDE_PATH } from '../../src/lib/offline.ts';
import { type BlogPage, BlogPageSchema } from '../../src/lib/schemas/index.ts';
import { blogPageLines } from '../../src/lib/status/blog-pages.ts';
import {
  guideLinkFor,
  guidePages,
  guideVersions,
  homeVersions,
  lastModified,
  sectionAnchor,
  sectionsOf,
  topicParam,
  versionsOf,
} from '../../src/lib/visitor-guide/guide.ts';
import { placePages, routeSegment } from '../../src/lib/visitor-guide/placement.ts';
import { childrenOf, type PageNode, rootedPages } from '../../src/lib/visitor-guide/tree.ts';
import { aBlogPage } from '../fixtures/entries.ts';
import { contextFor, NOW } from '../support/record-context.ts';
import { DEFAULT_FIXTURE_DIR } from '../support/upstream-server.ts';

/** A node of the tree: id, parent, then the editors' order and slug when they matter. */
const node = (id: string, parent: string | null, slug = `p${id}`, menuOrder = 0, title = `Página ${id}`): PageNode => ({
  id,
  parent,
  slug,
  menuOrder,
  title,
});

describe('the pages as a tree', () => {
  it('keeps every page that hangs from the top, and cuts off the others with why', () => {
    const pages = [
      node('1', null),
      node('2', '1'),
      node('3', '2'),
      // A draft (999, not among the published pages) above 4, and 5 below 4.
      node('4', '999'),
      node('5', '4'),
      // Two pages that name each other as parent: neither reaches the top.
      node('6', '7'),
      node('7', '6'),
    ];
    const { rooted, orphans } = rootedPages(pages);
    expect(rooted.map((page) => page.id)).toEqual(['1', '2', '3']);
    expect(orphans.map(({ page, reason }) => [page.id, reason])).toEqual([
      ['4', 'missing-parent'],
      ['5', 'parent-left-out'],
      ['6', 'loop'],
      ['7', 'loop'],
    ]);
  });

  it("orders a page's children by menu_order, then title, then id, whatever the answer's order", () => {
    const pages = [
      node('10', '1', 'c', 2, 'Telefones'),
      node('11', '1', 'b', 1, 'Quando ir'),
      node('12', '1', 'a', 1, 'Como chegar'),
      node('14', '1', 'e', 1, 'Como chegar'),
      node('13', '1', 'd', -5, 'Antes de vir'),
      node('15', '2', 'x'),
    ];
    expect(childrenOf(pages, '1').map((page) => page.id)).toEqual(['13', '12', '14', '11', '10']);
    expect(childrenOf(pages, null)).toEqual([]);
  });
});

describe.each<[string, string, string]>([
  ['como-chegar', '9', 'como-chegar'],
  ['%c3%a1gua-e-sol', '9', 'agua-e-sol'],
  ['Quando_Ir', '9', 'quando_ir'],
  ['index', '9', '9'],
  ['%e2%9c%93', '9', '9'],
  ['%zz', '9', 'zz'],
])('routeSegment(%j, %j)', (slug, id, segment) => {
  it(`is ${segment}`, () => expect(routeSegment(slug, id)).toBe(segment));
});

/** A blog as a city builds its guide: a destination, an about page, the guide with pages, sections and translations. */
const BLOG: PageNode[] = [
  node('1', null, 'destino', 1),
  node('2', null, 'sobre', 2),
  node('3', null, 'guia', 3),
  node('31', '3', 'como-chegar', 1),
  node('311', '31', 'de-onibus', 1),
  node('3111', '311', 'horarios', 1),
  node('32', '3', 'quando-ir', 2),
  node('33', '3', 'es', 10),
  node('331', '33', 'como-chegar', 1),
  node('3311', '331', 'en-autobus', 1),
  node('332', '33', 'solo-en-espanol', 2),
  node('34', '3', 'en', 11),
  node('341', '34', 'como-chegar', 1),
  // A language the interface has no words for is a page of the Portuguese guide.
  node('35', '3', 'fr', 12),
  // Outside the guide: kept, published nowhere.
  node('4', null, 'politica-de-cookies', 4),
  // A second 'destino', deeper in the tree: the one nearest the top wins.
  node('41', '4', 'destino', 1),
];

describe('where each page is published (the default slugs)', () => {
  const placements = placePages(BLOG, DEFAULT_PAGE_SLUGS);
  it.each<[string, string | null, string, string | null]>([
    // id, path, language, the Portuguese page it translates
    ['1', '/destination', 'pt-BR', null],
    ['2', '/about', 'pt-BR', null],
    ['3', '/guia', 'pt-BR', null],
    ['31', '/guia/como-chegar', 'pt-BR', null],
    ['311', null, 'pt-BR', null],
    ['3111', null, 'pt-BR', null],
    ['32', '/guia/quando-ir', 'pt-BR', null],
    ['33', '/es/guia', 'es', '3'],
    ['331', '/es/guia/como-chegar', 'es', '31'],
    ['3311', null, 'es', null],
    ['332', '/es/guia/solo-en-espanol', 'es', null],
    ['34', '/en/guia', 'en', '3'],
    ['341', '/en/guia/como-chegar', 'en', '31'],
    ['35', '/guia/fr', 'pt-BR', null],
    ['4', null, 'pt-BR', null],
    ['41', null, 'pt-BR', null],
  ])('page %s is at %j, in %s, translating %j', (id, expectedPath, lang, translationOf) => {
    expect(placements.get(id)).toEqual({ path: expectedPath, lang, translationOf });
  });
});

describe('the slugs are settable', () => {
  it('publishes the pages the configured slugs name, and none where no page has the slug', () => {
    const pages = [...BLOG, node('5', null, 'o-destino'), node('6', null, 'guia-do-visitante'), node('61', '6', 'chegar')];
    const placements = placePages(pages, { destination: 'o-destino', about: 'quem-somos', guide: 'guia-do-visitante' });
    expect(placements.get('5')?.path).toBe('/destination');
    expect(placements.get('1')?.path).toBeNull();
    expect([...placements.values()].some((placement) => placement.path === '/about')).toBe(false);
    expect(placements.get('6')?.path).toBe('/guia');
    expect(placements.get('61')?.path).toBe('/guia/chegar');
    expect(placements.get('3')?.path).toBeNull();
    expect(placements.get('31')?.path).toBeNull();
  });

  it('never takes the destination or the about page from inside the guide', () => {
    const placements = placePages([node('3', null, 'guia'), node('31', '3', 'destino')], DEFAULT_PAGE_SLUGS);
    expect(placements.get('31')?.path).toBe('/guia/destino');
    expect([...placements.values()].some((placement) => placement.path === '/destination')).toBe(false);
  });

  it('gives two pages of one guide whose slugs fold alike an address each', () => {
    const placements = placePages(
      [node('3', null, 'guia'), node('31', '3', '%c3%a1gua', 1), node('32', '3', 'agua', 2)],
      DEFAULT_PAGE_SLUGS,
    );
    expect([placements.get('31')?.path, placements.get('32')?.path]).toEqual(['/guia/agua', '/guia/32']);
  });
});

/** The fixture blog of the test upstream server (tests/fixtures/upstream/blog/pages.json), as WordPress sends it. */
const FIXTURE_PAGES = JSON.parse(readFileSync(path.join(DEFAULT_FIXTURE_DIR, 'blog/pages.json'), 'utf8')) as Record<
  string,
  unknown
>[];
const rawPage = (id: number) => RawPageSchema.parse(FIXTURE_PAGES.find((page) => page.id === id));

describe('a page normalised as the sync reads it (toBlogPage)', () => {
  const context = () => contextFor({ baseUrl: 'https://blog.example.com/' });

  it('keeps a published page with its place in the tree and when it was last changed', () => {
    const page = toBlogPage(rawPage(211), context());
    expect(page).toMatchObject({
      id: '211',
      slug: 'como-chegar',
      title: 'Como chegar',
      parent: '210',
      menuOrder: 1,
      modifiedAt: '2026-03-05T14:00:00.000Z',
      path: null,
    });
    expect(BlogPageSchema.parse(page)).toEqual(page);
  });

  it('refuses a draft', () => {
    expect(() => toBlogPage(rawPage(216), context())).toThrow('status "draft" is not published');
  });

  it('makes a hostile page safe: no script, style, frame, handler or javascript: link; links elsewhere stay links', () => {
    const { contentHtml } = toBlogPage(rawPage(212), context());
    expect(contentHtml).not.toMatch(/<script|<style|<iframe|onclick|onerror|javascript:|evil\.example|display:none/i);
    expect(contentHtml).toContain('<a href="https://www.inmet.gov.br/" rel="nofollow noopener noreferrer">site do Inmet</a>');
    expect(contentHtml).toContain('A seca vai de maio a outubro; na <em>piracema</em> a pesca fecha.');
  });

  it('makes a link of each phone number, the public-service ones where they read as such', () => {
    const { contentHtml } = toBlogPage(rawPage(213), context());
    const dialled = [...contentHtml.matchAll(/href="tel:([^"]+)"/g)].map((match) => match[1]);
    expect(dialled).toEqual(['190', '192', '193', '199', '+556533611234']);
    expect(contentHtml).toContain('A cidade fica a 190 km de Cáceres.');
  });

  it.each<[string, unknown, string | null | RegExp]>([
    ['0 (the top)', 0, null],
    ['a number', 210, '210'],
    ['digits', '210', '210'],
    ['missing', undefined, null],
    ['not a page id', 'guia', /^parent: /],
    ['negative', -1, /^parent: /],
  ])('reads a parent given as %s', async (_case, parent, expected) => {
    const record = { ...FIXTURE_PAGES.find((page) => page.id === 211), parent };
    const { entries, dropped } = await normaliseRecords(
      [record],
      RawPageSchema,
      (raw, recordContext) => toBlogPage(raw, recordContext),
      BlogPageSchema,
      { baseUrl: null, now: NOW },
    );
    if (expected instanceof RegExp) expect(dropped[0]?.reason).toMatch(expected);
    else expect(entries[0]?.parent).toBe(expected);
  });
});

describe('the pages together (placeBlogPages)', () => {
  it('reports a page whose parent is not published, with every page below it, and places the others', async () => {
    const normalised = await normaliseRecords(
      FIXTURE_PAGES,
      RawPageSchema,
      (raw, context) => toBlogPage(raw, context),
      BlogPageSchema,
      { baseUrl: null, now: NOW },
    );
    const { entries, dropped } = placeBlogPages(normalised, DEFAULT_PAGE_SLUGS);
    expect(dropped.map((note) => [note.id, note.problem, note.field])).toEqual([
      ['216', 'not-published', 'status'],
      ['250', 'missing-parent', 'parent'],
      ['251', 'missing-parent', 'parent'],
    ]);
    expect(dropped[1]?.name).toBe('Página cuja mãe é rascunho');
    expect(entries.map((page) => page.id)).not.toContain('250');
    expect(entries.filter((page) => page.path).map((page) => page.path)).toEqual([
      '/destination',
      '/about',
      '/guia',
      '/guia/como-chegar',
      '/guia/quando-ir',
      '/guia/telefones-uteis',
      '/es/guia',
      '/es/guia/como-chegar',
      '/en/guia',
      '/en/guia/como-chegar',
    ]);
  });
});

/** The guide of BLOG as the snapshot holds it: every page placed. */
function placedBlog(): BlogPage[] {
  const placements = placePages(BLOG, DEFAULT_PAGE_SLUGS);
  return BLOG.map((page) =>
    aBlogPage({
      ...page,
      title: page.title,
      modifiedAt: `2026-11-${10 + (Number(page.id) % 9)}T13:00:00.000Z`,
      ...placements.get(page.id),
    }),
  );
}

describe('the guide as its pages show it', () => {
  const pages = placedBlog();
  const byId = (id: string) => pages.find((page) => page.id === id) as BlogPage;

  it("has a version per language, each with its pages in the editors' order", () => {
    expect(guideVersions(pages).map(({ lang, root, topics }) => [lang, root.id, topics.map((topic) => topic.id)])).toEqual([
      ['pt-BR', '3', ['31', '32', '35']],
      ['es', '33', ['331', '332']],
      ['en', '34', ['341']],
    ]);
    expect(guidePages(pages).map((page) => page.path)).toEqual([
      '/guia',
      '/guia/como-chegar',
      '/guia/quando-ir',
      '/guia/fr',
      '/es/guia',
      '/es/guia/como-chegar',
      '/es/guia/solo-en-espanol',
      '/en/guia',
      '/en/guia/como-chegar',
    ]);
  });

  it('names the versions of a page in every language it has, and none for a page in one language', () => {
    const all = [
      { lang: 'pt-BR', path: '/guia/como-chegar' },
      { lang: 'es', path: '/es/guia/como-chegar' },
      { lang: 'en', path: '/en/guia/como-chegar' },
    ];
    expect(versionsOf(pages, byId('31'))).toEqual(all);
    expect(versionsOf(pages, byId('331'))).toEqual(all);
    expect(versionsOf(pages, byId('33')).map((version) => version.path)).toEqual(['/guia', '/es/guia', '/en/guia']);
    expect(versionsOf(pages, byId('32'))).toEqual([]);
    expect(versionsOf(pages, byId('332'))).toEqual([]);
  });

  it("gives a page's sections, their anchors, the route's parameter and the latest change", () => {
    expect(sectionsOf(pages, byId('31')).map((page) => page.id)).toEqual(['311']);
    expect(sectionAnchor(byId('311'))).toBe('secao-de-onibus');
    expect([byId('3'), byId('31'), byId('331')].map(topicParam)).toEqual([undefined, 'como-chegar', 'como-chegar']);
    expect(
      lastModified([
        aBlogPage({ modifiedAt: '2026-11-10T13:00:00.000Z' }),
        aBlogPage({ modifiedAt: '2026-11-12T09:00:00.000Z' }),
      ]),
    ).toBe('2026-11-12T09:00:00.000Z');
  });

  it("leads the menu to the guide in the page's language, else the Portuguese one; nowhere without a guide", () => {
    expect(guideLinkFor(pages, 'es')).toBe('/es/guia');
    expect(
      guideLinkFor(
        pages.filter((page) => page.lang !== 'en'),
        'en',
      ),
    ).toBe('/guia');
    expect(
      guideLinkFor(
        pages.filter((page) => page.id !== '3'),
        'pt-BR',
      ),
    ).toBeNull();
  });

  it('has a home page per language the guide is in', () => {
    expect(homeVersions(pages)).toEqual([
      { lang: 'pt-BR', path: '/' },
      { lang: 'es', path: '/es' },
      { lang: 'en', path: '/en' },
    ]);
    expect(homeVersions(pages.filter((page) => page.lang === 'pt-BR'))).toEqual([]);
  });
});

it('keeps offline the guide at the address its Portuguese version has (src/lib/offline.ts, which imports nothing)', () => {
  expect(GUIDE_PATH).toBe(guidePath(DEFAULT_LANGUAGE));
});

describe('the menu', () => {
  const links = (items: ReturnType<typeof menuFor>) =>
    items.flatMap((item) => (isMenuGroup(item) ? item.children : [item])).map((link) => [link.label, link.href]);

  it("links the guide first in 'O que fazer' when the blog has one, and not at all when it has none", () => {
    const menu = menuFor('pt-BR', '/guia');
    const whatToDo = menu.find((item) => item.label === 'O que fazer');
    expect(whatToDo && isMenuGroup(whatToDo) ? whatToDo.children[0] : null).toEqual({
      label: 'Guia do visitante',
      href: '/guia',
    });
    expect(links(menuFor('pt-BR', null)).map(([label]) => label)).not.toContain('Guia do visitante');
  });

  it("is in the page's language, its home the language's and its lists the portal's", () => {
    expect(links(menuFor('es', '/es/guia')).slice(0, 3)).toEqual([
      ['Inicio', '/es'],
      ['Guía del visitante', '/es/guia'],
      ['Paseos', '/all-tours'],
    ]);
    expect(links(menuFor('en', '/en/guia')).map(([, href]) => href)).toEqual(
      links(menuFor('pt-BR', '/en/guia')).map(([, href]) => (href === '/' ? '/en' : href)),
    );
  });
});

describe('the interface words', () => {
  it.each(LANGUAGE_CODES)('of %s name every list, and write a date in the city', (lang) => {
    const words = UI[lang];
    expect(Object.values(words.lists).every((name) => name.trim() !== '')).toBe(true);
    expect(words.date('2026-11-28T02:30:00.000Z')).toMatch(/27/);
  });

  it('write the date as each language does', () => {
    expect(['pt-BR', 'es', 'en'].map((lang) => UI[lang as 'pt-BR'].date('2026-11-12T13:00:00.000Z'))).toEqual([
      '12/11/2026',
      '12 de noviembre de 2026',
      'November 12, 2026',
    ]);
  });
});

describe("/status's list of the blog's pages", () => {
  it('says where each page is and when it was last changed, the ones on the portal first', () => {
    const pages = placedBlog().filter((page) => ['1', '3', '31', '311', '331', '4'].includes(page.id));
    const lines = blogPageLines(pages, (iso) => iso.slice(0, 10));
    expect(lines.map((line) => [line.title, line.href, line.place, line.modified])).toEqual([
      ['Página 1', '/destination', 'em /destination', '2026-11-11'],
      ['Página 3', '/guia', 'em /guia', '2026-11-13'],
      ['Página 31', '/guia/como-chegar', 'em /guia/como-chegar', '2026-11-14'],
      ['Página 311', '/guia/como-chegar', 'seção de “Página 31”, em /guia/como-chegar', '2026-11-15'],
      ['Página 331', '/es/guia/como-chegar', 'em /es/guia/como-chegar (Español)', '2026-11-17'],
      ['Página 4', null, 'não aparece no portal', '2026-11-14'],
    ]);
  });
});
