/**
 * Where each of the blog's pages is published on the portal (docs/editores.md, "O guia do visitante"):
 *
 * - the page whose slug is the destination's (`destino` unless DESTINATION_PAGE_SLUG says otherwise) is
 *   /destination, the about page's (`sobre`, ABOUT_PAGE_SLUG) /about, each outside the guide;
 * - the guide's page (`guia`, GUIDE_PAGE_SLUG) is /guia; each of its children is a page of the guide,
 *   /guia/{slug}, and each grandchild a section of its child's page (no address of its own);
 * - a child of the guide whose slug is a translated language ('es', 'en': src/lib/i18n/languages.ts) is
 *   the guide in that language, /es/guia, and its children /es/guia/{slug}, with their sections. A
 *   translated page with the slug of a Portuguese page of the guide is its translation (the versions
 *   link each other);
 * - every other page is kept, and published nowhere.
 *
 * Where a slug is on several pages, the one nearest the top of the tree is used (then the editors' order).
 * Pure: the sync places the pages it publishes (scripts/sync/normalise/page.ts) and the tests check it.
 */
import type { PageSlugs } from '../config.ts';
import { slugify } from '../format.ts';
import { DEFAULT_LANGUAGE, guidePath, isTranslatedLanguage, type Language } from '../i18n/languages.ts';
import { isRouteSafeId } from '../route-id.ts';
import { byMenuOrder, childrenOf, type PageNode } from './tree.ts';

/** Where a page is published. */
interface Placement {
  /** Its address on the portal; null for a page with none (a section of a guide page, a page outside the guide). */
  path: string | null;
  /** The language it is written in: a translated version's, else Portuguese. */
  lang: Language;
  /** The id of the Portuguese page this one translates, when it is a translation; else null. */
  translationOf: string | null;
}

/** A WordPress slug as the portal compares and writes it: %-escapes read, lower case. */
function slugText(slug: string): string {
  try {
    return decodeURIComponent(slug).toLowerCase();
  } catch {
    return slug.toLowerCase();
  }
}

/** The address segment of a page: its slug when it is one as it is, else its slug folded ('água' → 'agua'), else its id. */
export function routeSegment(slug: string, id: string): string {
  const text = slugText(slug);
  if (isRouteSafeId(text)) return text;
  const folded = slugify(text).slice(0, 64).replace(/-+$/, '');
  return isRouteSafeId(folded) ? folded : id;
}

/** Every page's placement, by id (PageSlugs and the rules above). Pages should hang from the top of the tree (rootedPages). */
export function placePages(pages: readonly PageNode[], slugs: PageSlugs): Map<string, Placement> {
  const placements = new Map<string, Placement>(
    pages.map((page) => [page.id, { path: null, lang: DEFAULT_LANGUAGE, translationOf: null }]),
  );
  const depth = depths(pages);
  /** The page with this slug nearest the top (then first in the editors' order), among `candidates`. */
  const find = (slug: string, candidates: readonly PageNode[]) =>
    candidates
      .filter((page) => slugText(page.slug) === slug.toLowerCase() && depth.has(page.id))
      .sort((a, b) => (depth.get(a.id) ?? 0) - (depth.get(b.id) ?? 0) || byMenuOrder(a, b))[0];

  const guide = find(slugs.guide, pages);
  const inGuide = guide ? subtree(pages, guide.id) : new Set<string>();
  const outside = pages.filter((page) => !inGuide.has(page.id));
  const destination = find(slugs.destination, outside);
  const about = find(
    slugs.about,
    outside.filter((page) => page !== destination),
  );
  if (destination) placements.set(destination.id, { path: '/destination', lang: DEFAULT_LANGUAGE, translationOf: null });
  if (about) placements.set(about.id, { path: '/about', lang: DEFAULT_LANGUAGE, translationOf: null });
  if (!guide) return placements;

  placements.set(guide.id, { path: guidePath(DEFAULT_LANGUAGE), lang: DEFAULT_LANGUAGE, translationOf: null });
  const versions: { root: PageNode; lang: Language }[] = [];
  const topics: PageNode[] = [];
  for (const child of childrenOf(pages, guide.id)) {
    const lang = slugText(child.slug);
    if (isTranslatedLanguage(lang) && !versions.some((version) => version.lang === lang)) {
      versions.push({ root: child, lang });
      placements.set(child.id, { path: guidePath(lang), lang, translationOf: guide.id });
    } else topics.push(child);
  }
  const portuguese = placeTopics(pages, topics, DEFAULT_LANGUAGE, null, placements);
  for (const { root, lang } of versions) placeTopics(pages, childrenOf(pages, root.id), lang, portuguese, placements);
  // Below a version's root, every page is in its language (sections and what hangs from them).
  for (const { root, lang } of versions) {
    for (const id of subtree(pages, root.id)) {
      const placement = placements.get(id);
      if (placement && id !== root.id) placements.set(id, { ...placement, lang });
    }
  }
  return placements;
}

/**
 * The pages of one language's guide, /guia/{segment} or /es/guia/{segment}, each segment once; a
 * translation is linked to the Portuguese page with its slug. Returns the pages placed by slug.
 */
function placeTopics(
  pages: readonly PageNode[],
  topics: readonly PageNode[],
  lang: Language,
  originals: ReadonlyMap<string, string> | null,
  placements: Map<string, Placement>,
): Map<string, string> {
  const bySlug = new Map<string, string>();
  const used = new Set<string>();
  for (const topic of topics) {
    let segment = routeSegment(topic.slug, topic.id);
    if (used.has(segment)) segment = topic.id;
    if (used.has(segment)) continue;
    used.add(segment);
    const slug = slugText(topic.slug);
    if (!bySlug.has(slug)) bySlug.set(slug, topic.id);
    placements.set(topic.id, {
      path: `${guidePath(lang)}/${segment}`,
      lang,
      translationOf: originals?.get(slug) ?? null,
    });
    for (const section of childrenOf(pages, topic.id)) {
      placements.set(section.id, { path: null, lang, translationOf: null });
    }
  }
  return bySlug;
}

/** The depth of each page that hangs from the top of the tree (0 at the top). */
function depths(pages: readonly PageNode[]): Map<string, number> {
  const depth = new Map<string, number>();
  let level = pages.filter((page) => page.parent === null);
  for (let value = 0; level.length > 0; value += 1) {
    for (const page of level) depth.set(page.id, value);
    const ids = new Set(level.map((page) => page.id));
    level = pages.filter((page) => page.parent !== null && ids.has(page.parent) && !depth.has(page.id));
  }
  return depth;
}

/** The ids of a page and every page below it. */
function subtree(pages: readonly PageNode[], id: string): Set<string> {
  const ids = new Set([id]);
  for (let size = 0; size !== ids.size; ) {
    size = ids.size;
    for (const page of pages) if (page.parent !== null && ids.has(page.parent)) ids.add(page.id);
  }
  return ids;
}
