/**
 * The header menu (docs/product.md): an entry for every list, each named as its page's heading (ENTITIES'
 * `listName`), so a visitor meets one name for one list. On the desktop the lists sit in groups (sub-menus); the
 * phone drawer shows every list link at once, under the groups' names.
 */
import { ENTITIES } from './entities.ts';
import type { ItemKind } from './schemas/index.ts';

/** One link of the menu. */
export interface MenuLink {
  label: string;
  href: string;
}

/** A group of lists: a sub-menu on the desktop (its name opens it), a titled list in the drawer. */
export interface MenuGroup {
  label: string;
  children: MenuLink[];
}

export type MenuItem = MenuLink | MenuGroup;

export const isMenuGroup = (item: MenuItem): item is MenuGroup => 'children' in item;

const list = (kind: ItemKind): MenuLink => ({ label: ENTITIES[kind].listName, href: ENTITIES[kind].listPath });

/** The experiences have no list page of their own (/experience sends to the home): their home section is their list. */
export const EXPERIENCES_LINK: MenuLink = { label: 'Experiências', href: '/#experiencias' };

/** The upcoming events by month (src/pages/agenda.astro), whose heading is 'Agenda de eventos'. */
export const AGENDA_LINK: MenuLink = { label: 'Agenda de eventos', href: '/agenda' };

/** The news list (src/pages/news/index.astro), whose heading is 'Notícias'. */
export const NEWS_LINK: MenuLink = { label: 'Notícias', href: '/news' };

/** Every item on sale, one page (src/pages/promocoes.astro). */
export const PROMOTIONS_LINK: MenuLink = { label: 'Promoções', href: '/promocoes' };

export const MENU: readonly MenuItem[] = [
  { label: 'Início', href: '/' },
  { label: 'O que fazer', children: [list('tour'), EXPERIENCES_LINK, list('event'), AGENDA_LINK] },
  { label: 'Dormir e comer', children: [list('accommodation'), list('restaurant')] },
  { label: 'Quem contratar', children: [list('guide'), list('driver'), list('agency'), list('tourProvider')] },
  NEWS_LINK,
  PROMOTIONS_LINK,
];

/** Every link of the menu, the groups' lists included, in the menu's order. */
export const MENU_LINKS: readonly MenuLink[] = MENU.flatMap((item) => (isMenuGroup(item) ? item.children : [item]));

/** The accessibility page (src/pages/acessibilidade.astro), linked by the header's symbol and the footer. */
export const ACCESSIBILITY_PATH = '/acessibilidade';

/** The visitor's saved items (kept in the browser; not part of the menu's sections). */
export const FAVOURITES_LINK = { label: 'Meus favoritos', href: '/favoritos' } as const;

/** One of the skip links every page starts with (SkipLinks.astro): where it lands and its access key. */
export interface SkipLink {
  label: string;
  /** The id of the element it focuses, on every page (BaseLayout's main, Header.astro, Footer.astro). */
  target: string;
  /** `accesskey`: eMAG 3.1's numbering (docs/public-body.md), Alt+1 to Alt+4 in Chrome and Edge (/acessibilidade explains the others). */
  key: string;
}

export const SKIP_LINKS: readonly SkipLink[] = [
  { label: 'Ir para o conteúdo', target: 'conteudo', key: '1' },
  { label: 'Ir para o menu', target: 'menu', key: '2' },
  { label: 'Ir para a busca', target: 'busca', key: '3' },
  { label: 'Ir para o rodapé', target: 'rodape', key: '4' },
];
