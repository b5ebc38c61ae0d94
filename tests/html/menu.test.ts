/**
 * The header's menu in the static HTML of the sample build (docs/product.md): a link to every list, in the desktop
 * menu and in the phone drawer alike, each named as the list is everywhere else — its page's heading, its
 * breadcrumb (the list page's BreadcrumbList, a detail page's visible trail), its search box and the home's
 * carousel. What a visitor does with the menus: tests/e2e/menus.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { ENTITIES } from '../../src/lib/entities.ts';
import { KIND_ORDER } from '../../src/lib/kinds.ts';
import { attributes, byRole, jsonLd, one, page, textOf } from '../support/dist-pages.ts';

const about = () => page('/about');

/** The links of one of the header's menus ('Menu principal' on the desktop, 'Menu' in the drawer): name → href. */
function menuLinks(name: string): Map<string, string> {
  // The drawer's is in a closed <details> (the static page), so hidden until opened.
  const nav = one(about(), 'navigation', name, { includeHidden: true });
  return new Map([...nav.querySelectorAll('a[href]')].map((link) => [textOf(link), link.getAttribute('href') ?? '']));
}

describe.each(['Menu principal', 'Menu'])("the header's '%s'", (name) => {
  it('links to every list under its one name, and to the experiences, the news and the promotions', () => {
    const links = menuLinks(name);
    for (const kind of KIND_ORDER) expect(links.get(ENTITIES[kind].listName), kind).toBe(ENTITIES[kind].listPath);
    expect(links.get('Experiências')).toBe('/#experiencias');
    expect(links.get('Notícias')).toBe('/news');
    expect(links.get('Promoções')).toBe('/promocoes');
    expect(links.get('Início')).toBe('/');
    // Promotions are one entry; no entry named after a section it does not lead to ('Serviços', 'Fornecedores').
    expect([...links.values()].filter((href) => href.startsWith('/promocoes'))).toEqual(['/promocoes']);
    expect([...links.keys()]).not.toContain('Serviços');
    expect([...links.keys()]).not.toContain('Fornecedores');
  });
});

it('the drawer shows every link at once: no sub-menu to open there', () => {
  const drawer = about().querySelector('.site-header details.drawer') as Element;
  expect(drawer.querySelectorAll('details')).toHaveLength(0);
  expect(menuLinks('Menu')).toEqual(menuLinks('Menu principal'));
});

describe.each(KIND_ORDER)('the %s list', (kind) => {
  const { listName, listPath, detailPrefix } = ENTITIES[kind];
  const list = () => page(listPath);

  it("is named in its heading, its title, its breadcrumb and its search box as in the header's menu", () => {
    const links = menuLinks('Menu principal');
    const label = [...links.entries()].find(([, href]) => href === listPath)?.[0];
    expect(label).toBe(listName);
    expect(byRole(list(), 'heading', { level: 1 }).map(textOf)).toEqual([listName]);
    expect(list().title).toMatch(new RegExp(`^${listName} em `));
    const trail = jsonLd(list()).find((entry) => entry['@type'] === 'BreadcrumbList') as
      | { itemListElement: { name: string }[] }
      | undefined;
    expect(trail?.itemListElement.map((entry) => entry.name)).toEqual(['Início', listName]);
    const box = list().querySelector('.list-page input[type="search"]');
    expect(box?.getAttribute('placeholder')).toBe(`Buscar ${listName.toLocaleLowerCase('pt-BR')}...`);
  });

  it("an item's page names the list the same way in its visible breadcrumb", () => {
    const firstCard = attributes(list(), 'main article.item-card h2 a, main article.item-card h3 a', 'href')[0];
    expect(firstCard, `a card on ${listPath}`).toMatch(new RegExp(`^${detailPrefix}/`));
    const trail = one(page(firstCard as string), 'navigation', 'Trilha de navegação');
    const crumb = byRole(trail, 'link').find((link) => link.getAttribute('href') === listPath);
    expect(textOf(crumb)).toBe(listName);
  });

  it("the home's carousel of the kind has its name too", () => {
    const { home } = ENTITIES[kind];
    const carousel = page('/').querySelector(`section#${home.id} [data-carousel]`);
    expect(carousel?.getAttribute('aria-label')).toBe(listName);
    // The list's name in sentence case, as the home writes its headings (capitals, where wanted, come from CSS).
    expect(textOf(page('/').querySelector(`section#${home.id} h2`)).toLocaleLowerCase('pt-BR')).toBe(
      listName.toLocaleLowerCase('pt-BR'),
    );
  });
});
