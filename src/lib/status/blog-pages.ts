/**
 * The blog's pages as /status lists them for the editors (docs/editores.md, "O guia do visitante"): where each is on
 * the portal (the destination, the about page, a page of the guide or a section of one, in which language, or
 * nowhere) and when an editor last changed it. Pure: the page (src/pages/status.astro) renders it.
 */
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, LANGUAGE_NAMES } from '../i18n/languages.ts';
import type { BlogPage } from '../schemas/index.ts';
import { byMenuOrder } from '../visitor-guide/tree.ts';

/** One page of the blog on /status. */
interface BlogPageLine {
  title: string;
  /** Where it is read on the portal (its own address, or its page's for a section); null when nowhere. */
  href: string | null;
  /** Where it is, in words: 'em /guia/como-chegar', 'seção de “Como chegar”, em /guia/como-chegar', 'não aparece no portal'. */
  place: string;
  /** When an editor last changed it, in the city's time ('05/01/2027 às 14:32'). */
  modified: string;
}

/**
 * Every page of the blog the sync kept: first those the portal shows, by address (each page's sections after it),
 * then the others, in the editors' order. `when` writes a date in the city's time.
 */
export function blogPageLines(pages: readonly BlogPage[], when: (iso: string) => string): BlogPageLine[] {
  const byId = new Map(pages.map((page) => [page.id, page]));
  const language = (page: BlogPage) => (page.lang === DEFAULT_LANGUAGE ? '' : ` (${LANGUAGE_NAMES[page.lang].name})`);
  // Portuguese first, then each translation (LANGUAGE_CODES' order); by address within a language.
  const key = (page: BlogPage, sitePath: string) => `${LANGUAGE_CODES.indexOf(page.lang)} ${sitePath}`;
  const shown = pages.flatMap((page) => {
    const parent = page.parent ? byId.get(page.parent) : undefined;
    if (page.path) return [{ page, key: key(page, page.path), place: `em ${page.path}${language(page)}`, href: page.path }];
    if (parent?.path?.includes('/guia/')) {
      const place = `seção de “${parent.title}”, em ${parent.path}${language(page)}`;
      return [{ page, key: `${key(page, parent.path)}#`, place, href: parent.path }];
    }
    return [];
  });
  // Sorted by key, and a page's sections in the editors' order after it (a stable sort keeps byMenuOrder's).
  shown.sort((a, b) => byMenuOrder(a.page, b.page));
  shown.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const listed = new Set(shown.map(({ page }) => page.id));
  const hidden = pages
    .filter((page) => !listed.has(page.id))
    .sort(byMenuOrder)
    .map((page) => ({ page, place: 'não aparece no portal', href: null }));
  return [...shown, ...hidden].map(({ page, place, href }) => ({
    title: page.title,
    href,
    place,
    modified: when(page.modifiedAt),
  }));
}
