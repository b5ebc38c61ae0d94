/**
 * Pure logic of the news and testimonials portals in the browser (docs/product.md): the
 * query in the URL, accent-insensitive search, chips, pagination of 12 with a window of page
 * numbers. Shared by the portals' islands (src/islands/PortalSearch.tsx, PortalResults.tsx), their
 * store (src/stores/portal.ts), the pages, the JSON index endpoints and the tests.
 */

import { pageCount, pageOf } from '../page-count.ts';
import { countLabel, echoText, fold } from '../text.ts';
import type { NewsIndexEntry, TestimonialIndexEntry } from './index-entries.ts';

/** docs/product.md: both portals show 12 entries per page. */
const PORTAL_PAGE_SIZE = 12;

/** The query parameter of the page number in a filtered portal URL. */
export const PAGE_PARAM = 'pagina';

/** The visitor's portal state: search text, chip (null: 'Todas') and 1-based page. */
export interface PortalQuery {
  q: string;
  chip: string | null;
  page: number;
}

export const DEFAULT_QUERY: PortalQuery = { q: '', chip: null, page: 1 };

/** A positive page number from a query value; anything else is page 1. */
function pageNumber(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The portal state read from a query string (`?q=…&categoria=…&pagina=2`); `chipParam` names the chip.
 * The texts are bounded as a page may show them (echoText: no control or bidi character, at most 80
 * characters): the search box shows the search; a chip that is none of the portal's selects none.
 */
export function parsePortalQuery(search: string | URLSearchParams, chipParam: string): PortalQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const chip = echoText(params.get(chipParam) ?? '') || null;
  return { q: echoText(params.get('q') ?? ''), chip, page: pageNumber(params.get(PAGE_PARAM)) };
}

/** The query string of a state ('' for the default), with `?` when not empty; defaults are left out. */
export function portalSearch(query: PortalQuery, chipParam: string): string {
  const params = new URLSearchParams();
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.chip) params.set(chipParam, query.chip);
  if (query.page > 1) params.set(PAGE_PARAM, String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Whether the state is the unfiltered first page (what the static portal page shows). */
export function isDefaultQuery(query: PortalQuery): boolean {
  return query.q.trim() === '' && query.chip === null && query.page === 1;
}

/** What a search or chip filter reads from an entry. */
export interface Searchable {
  /** Texts the search looks in (title, excerpt, category, tags...). */
  texts: readonly string[];
  /** The value the chips compare with (category, experience). */
  chip: string;
}

/**
 * The entries matching the search and the chip, in their order. Every word of the search must
 * appear (accent- and case-insensitively) in one of the entry's texts; the chip compares
 * accent- and case-insensitively too, so a shared link typed by hand still works.
 */
export function filterEntries<T>(
  entries: readonly T[],
  query: Pick<PortalQuery, 'q' | 'chip'>,
  read: (entry: T) => Searchable,
): T[] {
  const words = fold(query.q).split(' ').filter(Boolean);
  const chip = query.chip ? fold(query.chip) : null;
  return entries.filter((entry) => {
    const { texts, chip: value } = read(entry);
    if (chip !== null && fold(value) !== chip) return false;
    if (words.length === 0) return true;
    const haystack = fold(texts.join(' '));
    return words.every((word) => haystack.includes(word));
  });
}

/** One page of results: its entries, the page shown (clamped to the last) and the page count. */
export interface PortalPage<T> {
  entries: T[];
  page: number;
  pages: number;
  total: number;
}

/** Page `page` of the entries; a page past the end shows the last one, an empty list page 1 of 1. */
export function paginate<T>(entries: readonly T[], page: number, size: number = PORTAL_PAGE_SIZE): PortalPage<T> {
  const pages = pageCount(entries.length, size);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  return { entries: entries.slice((current - 1) * size, current * size), page: current, pages, total: entries.length };
}

/**
 * The portal's order: the first featured entry leads (the large card of page 1), else the first
 * one; the others follow in the order given.
 */
export function leadFirst<T>(entries: readonly T[], isFeatured: (entry: T) => boolean): T[] {
  const lead = entries.find(isFeatured) ?? entries[0];
  return lead === undefined ? [] : [lead, ...entries.filter((entry) => entry !== lead)];
}

/** Page 1 leads with its first entry (the featured one, large); later pages are all grid. */
export function splitLead<T>(page: Pick<PortalPage<T>, 'entries' | 'page'>): { lead: T | undefined; rest: T[] } {
  return page.page === 1 ? { lead: page.entries[0], rest: page.entries.slice(1) } : { lead: undefined, rest: page.entries };
}

/**
 * The page numbers to show: the first, the last and `radius` either side of the current one,
 * with null for a gap ('…'). A thousand posts make 84 pages; listing every number would be a wall
 * of links on a phone.
 */
export function pageWindow(current: number, pages: number, radius = 2): (number | null)[] {
  const shown = new Set([1, pages]);
  for (let page = current - radius; page <= current + radius; page += 1) if (page >= 1 && page <= pages) shown.add(page);
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const [index, page] of sorted.entries()) {
    const previous = sorted[index - 1];
    // A gap of one page is shown as that page: '…' would take the same room.
    if (previous !== undefined && page - previous === 2) result.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) result.push(null);
    result.push(page);
  }
  return result;
}

/** One entry of a pagination: a control, a page number, or a gap ('…', null). */
type PaginationEntry =
  | { label: 'Primeira' | 'Anterior' | 'Próxima' | 'Última'; page: number; isDisabled: boolean }
  | { number: number; isCurrent: boolean }
  | null;

/**
 * What a pagination lists (src/islands/Pagination.tsx: the static pages' of a list or a portal, and
 * the portals' filtered results'): 'Primeira', 'Anterior', the window of page numbers (pageWindow),
 * 'Próxima', 'Última'; the controls that lead nowhere are disabled.
 */
export function paginationEntries(current: number, pages: number): PaginationEntry[] {
  const isFirst = current === 1;
  const isLast = current === pages;
  return [
    { label: 'Primeira', page: 1, isDisabled: isFirst },
    { label: 'Anterior', page: current - 1, isDisabled: isFirst },
    ...pageWindow(current, pages).map((page) => (page === null ? null : { number: page, isCurrent: page === current })),
    { label: 'Próxima', page: current + 1, isDisabled: isLast },
    { label: 'Última', page: pages, isDisabled: isLast },
  ];
}

/** What a portal's filtered results show: one page of the matches, the large card first on page 1. */
export interface PortalView {
  /** The ids of the page's cards, in order (the large one first). */
  ids: string[];
  /** The large card's id: the first of page 1; null on later pages. */
  leadId: string | null;
  /** The page shown (clamped to the last) and the count of pages and of matches. */
  page: number;
  pages: number;
  total: number;
}

/** The results of `query` over a portal's index (filterEntries, paginate, splitLead), `size` a page. */
export function portalView<T extends { id: string }>(
  entries: readonly T[],
  query: PortalQuery,
  read: (entry: T) => Searchable,
  size: number = PORTAL_PAGE_SIZE,
): PortalView {
  const shown = paginate(filterEntries(entries, query, read), query.page, size);
  const { lead } = splitLead(shown);
  return {
    ids: shown.entries.map((entry) => entry.id),
    leadId: lead?.id ?? null,
    page: shown.page,
    pages: shown.pages,
    total: shown.total,
  };
}

/**
 * The status line of filtered results: the count ('3 notícias encontradas'), with the page when there
 * are several ('14 notícias encontradas – página 1 de 2'), or what `none` says.
 */
export function portalStatus(
  view: Pick<PortalView, 'page' | 'pages' | 'total'>,
  found: readonly [string, string],
  none: string,
): string {
  if (view.total === 0) return none;
  const count = countLabel(view.total, found[0], found[1]);
  return view.pages > 1 ? `${count} – página ${view.page} de ${view.pages}` : count;
}

// The readers live here, not beside the index entries: the islands import this module only, so
// the build-side helpers (paths, date formats) stay out of their bundle.
/** What the news search reads: title, summary, category and tags; the chips compare the category. */
export const newsSearchable = (entry: NewsIndexEntry) => ({
  texts: [entry.title, entry.summary, entry.category, ...entry.tags],
  chip: entry.category,
});

/** What the testimonials search reads: name, place, tour title and text; the chips compare the experience. */
export const testimonialSearchable = (entry: TestimonialIndexEntry) => ({
  texts: [entry.name, entry.place ?? '', entry.title, entry.content],
  chip: entry.experience,
});

// Static pagination: page 1 is the portal itself, later pages live at `{base}/page/{n}`.
/** The URL of a portal page: the portal itself for page 1, `{base}/page/{n}` after. */
export function pagePath(base: string, page: number): string {
  return page <= 1 ? base : `${base}/page/${page}`;
}

/** The static page (1-based) that holds the entry at 0-based `position` of the portal's order, as paginate pages it. */
export function portalPageOf(position: number, size: number = PORTAL_PAGE_SIZE): number {
  return pageOf(position, size);
}

/** The page numbers that need their own route (2..n); page 1 is the portal's index. */
export function laterPages(total: number, size: number = PORTAL_PAGE_SIZE): number[] {
  return Array.from({ length: pageCount(total, size) - 1 }, (_, index) => index + 2);
}

/**
 * Up to `limit` entries related to `current`: those sharing its group first, then the rest, each
 * in the given order (the collections are already newest first).
 */
export function relatedEntries<T extends { id: string }>(
  entries: readonly T[],
  current: T,
  sameGroup: (entry: T) => boolean,
  limit = 4,
): T[] {
  const others = entries.filter((entry) => entry.id !== current.id);
  return [...others.filter(sameGroup), ...others.filter((entry) => !sameGroup(entry))].slice(0, limit);
}
