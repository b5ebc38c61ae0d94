/**
 * The visitor's guide as its pages show it, from the blog's pages as the sync placed them
 * (src/lib/visitor-guide/placement.ts): each language's guide with its pages in the editors' order, a page's
 * sections, and the versions of a page in the other languages. Pure, over plain entries.
 */
import { DEFAULT_LANGUAGE, guidePath, LANGUAGE_CODES, type Language, languageHome } from '../i18n/languages.ts';
import type { BlogPage } from '../schemas/index.ts';
import { routeSegment } from './placement.ts';
import { childrenOf } from './tree.ts';

/** A page of the portal in one language: for `hreflang` alternates and the language switch. */
export interface PageVersion {
  lang: Language;
  path: string;
}

/** One language's guide: its first page (/guia, /es/guia) and its pages, in the editors' order. */
export interface GuideVersion {
  lang: Language;
  root: BlogPage;
  topics: BlogPage[];
}

/** The page published at `path`, if any. */
export const pageAt = (pages: readonly BlogPage[], path: string): BlogPage | undefined =>
  pages.find((page) => page.path === path);

/** The guide in each language it has, Portuguese first; none when the blog has no guide page. */
export function guideVersions(pages: readonly BlogPage[]): GuideVersion[] {
  return LANGUAGE_CODES.flatMap((lang) => {
    const root = pageAt(pages, guidePath(lang));
    return root ? [{ lang, root, topics: topicsOf(pages, root) }] : [];
  });
}

/** The Portuguese guide, when the blog has one. */
export const portugueseGuide = (pages: readonly BlogPage[]): GuideVersion | undefined =>
  guideVersions(pages).find((version) => version.lang === DEFAULT_LANGUAGE);

/** A guide page's sections: its children, in the editors' order. */
export const sectionsOf = (pages: readonly BlogPage[], page: BlogPage): BlogPage[] => childrenOf(pages, page.id);

/**
 * The versions of a page in every language it is published in, in the order of LANGUAGE_CODES (itself
 * included); none when it has no other: a page and its translations name each other with `hreflang`.
 */
export function versionsOf(pages: readonly BlogPage[], page: BlogPage): PageVersion[] {
  const originalId = page.translationOf ?? page.id;
  const family = pages.filter((entry) => entry.path !== null && (entry.id === originalId || entry.translationOf === originalId));
  const versions = LANGUAGE_CODES.flatMap((lang) => {
    const version = family.find((entry) => entry.lang === lang);
    return version?.path ? [{ lang, path: version.path }] : [];
  });
  return versions.length > 1 ? versions : [];
}

/** The pages of the guide in every language (each language's first page and its pages), for the sitemap's checks and /status. */
export const guidePages = (pages: readonly BlogPage[]): BlogPage[] =>
  guideVersions(pages).flatMap((version) => [version.root, ...version.topics]);

/** Where the menu's 'Guia do visitante' leads on a page in `lang`: the guide in that language, else the Portuguese one; null with no guide. */
export function guideLinkFor(pages: readonly BlogPage[], lang: Language): string | null {
  const versions = guideVersions(pages);
  const version = versions.find((entry) => entry.lang === lang) ?? versions.find((entry) => entry.lang === DEFAULT_LANGUAGE);
  return version?.root.path ?? null;
}

/** A guide's pages in the editors' order, without its other languages' first pages (the Portuguese guide's children 'es', 'en'). */
export const topicsOf = (pages: readonly BlogPage[], root: BlogPage): BlogPage[] =>
  childrenOf(pages, root.id).filter((page) => page.path !== null && page.lang === root.lang);

/** The anchor of a section on its page's address ('/guia/como-chegar#secao-de-onibus'): its slug, under a prefix of its own. */
export const sectionAnchor = (section: BlogPage): string => `secao-${routeSegment(section.slug, section.id)}`;

/**
 * The rest of a guide page's address after its guide's (`topic` of the routes src/pages/guia/[...topic].astro and
 * src/pages/[lang]/guia/[...topic].astro): 'como-chegar' for /guia/como-chegar, undefined for /guia itself.
 */
export function topicParam(page: BlogPage): string | undefined {
  const root = guidePath(page.lang);
  return page.path?.startsWith(`${root}/`) ? page.path.slice(root.length + 1) : undefined;
}

/** When an editor last changed any of `pages` (a guide page and its sections): the latest `modifiedAt`. */
export const lastModified = (pages: readonly Pick<BlogPage, 'modifiedAt'>[]): string =>
  // ISO 8601 in UTC, as the sync writes them: the latest is the greatest text.
  pages
    .map((page) => page.modifiedAt)
    .sort()
    .at(-1) ?? '';

/**
 * The portal's home in every language it has one (/, /es, /en): a translated language has its home page where the
 * blog has the guide in it. None when there is no translation.
 */
export function homeVersions(pages: readonly BlogPage[]): PageVersion[] {
  const translated = guideVersions(pages).filter((version) => version.lang !== DEFAULT_LANGUAGE);
  if (translated.length === 0) return [];
  return [
    { lang: DEFAULT_LANGUAGE, path: languageHome(DEFAULT_LANGUAGE) },
    ...translated.map((version) => ({ lang: version.lang, path: languageHome(version.lang) })),
  ];
}
