/**
 * The header menu (docs/product.md): an entry for every list, each named as its page's heading (ENTITIES' `listName`,
 * through the interface words of src/lib/i18n/ui.ts), so a visitor meets one name for one list, and the visitor's
 * guide where the blog has one. On the desktop the lists sit in groups (sub-menus); the phone drawer shows every
 * list link at once, under the groups' names. On the translated pages (/es, /en) its words are that language's;
 * the lists it links are the portal's, in Portuguese.
 */
import { ENTITIES } from './entities.ts';
import { DEFAULT_LANGUAGE, type Language, languageHome } from './i18n/languages.ts';
import { UI, ui } from './i18n/ui.ts';
import type { ItemKind } from './schemas/index.ts';

/** One link of the menu. */
interface MenuLink {
  label: string;
  href: string;
}

/** A group of lists: a sub-menu on the desktop (its name opens it), a titled list in the drawer. */
interface MenuGroup {
  label: string;
  children: MenuLink[];
}

type MenuItem = MenuLink | MenuGroup;

export const isMenuGroup = (item: MenuItem): item is MenuGroup => 'children' in item;

const words = UI[DEFAULT_LANGUAGE];

/** The experiences have no list page of their own (/experience sends to the home): their home section is their list. */
const EXPERIENCES_LINK: MenuLink = { label: words.experiences, href: '/#experiencias' };

/** The upcoming events by month (src/pages/agenda.astro), whose heading is 'Agenda de eventos'. */
export const AGENDA_LINK: MenuLink = { label: words.agenda, href: '/agenda' };

/** The news list (src/pages/news/index.astro), whose heading is 'Notícias'. */
const NEWS_LINK: MenuLink = { label: words.news, href: '/news' };

/** Every item on sale, one page (src/pages/promocoes.astro). */
export const PROMOTIONS_LINK: MenuLink = { label: words.promotions, href: '/promocoes' };

/**
 * The menu in a language: the language's home, the lists in their groups (the visitor's guide first, `guideHref`:
 * the guide in that language, else the Portuguese one; null when the blog has no guide), the news and the promotions.
 */
export function menuFor(lang: Language, guideHref: string | null): MenuItem[] {
  const t = ui(lang);
  const list = (kind: ItemKind): MenuLink => ({ label: t.lists[kind], href: ENTITIES[kind].listPath });
  const link = (label: string, { href }: MenuLink): MenuLink => ({ label, href });
  // The guide opens 'O que fazer': a top-level entry of its own no longer fits the desktop bar at 1,280 px.
  const guide: MenuLink[] = guideHref ? [{ label: t.guide, href: guideHref }] : [];
  return [
    { label: t.home, href: languageHome(lang) },
    {
      label: t.whatToDo,
      children: [...guide, list('tour'), link(t.experiences, EXPERIENCES_LINK), list('event'), link(t.agenda, AGENDA_LINK)],
    },
    { label: t.stayAndEat, children: [list('accommodation'), list('restaurant')] },
    { label: t.whoToHire, children: [list('guide'), list('driver'), list('agency'), list('tourProvider')] },
    link(t.news, NEWS_LINK),
    link(t.promotions, PROMOTIONS_LINK),
  ];
}

/** The accessibility page (src/pages/acessibilidade.astro), linked by the header's symbol and the footer. */
export const ACCESSIBILITY_PATH = '/acessibilidade';

/** The visitor's saved items (kept in the browser; not part of the menu's sections). */
export const FAVOURITES_LINK = { label: words.favourites, href: '/favoritos' } as const;

/** One of the skip links every page starts with (SkipLinks.astro): where it lands and its access key. */
interface SkipLink {
  label: string;
  /** The id of the element it focuses, on every page (BaseLayout's main, Header.astro, Footer.astro). */
  target: string;
  /** `accesskey`: eMAG 3.1's numbering (docs/public-body.md), Alt+1 to Alt+4 in Chrome and Edge (/acessibilidade explains the others). */
  key: string;
}

/** The skip links in a language (their words: src/lib/i18n/ui.ts). */
export const skipLinksFor = (lang: Language): readonly SkipLink[] =>
  (['conteudo', 'menu', 'busca', 'rodape'] as const).map((target, index) => ({
    label: ui(lang).skipLinks[target],
    target,
    key: String(index + 1),
  }));

export const SKIP_LINKS: readonly SkipLink[] = skipLinksFor(DEFAULT_LANGUAGE);
