/**
 * The list pages' paging (docs/product.md, Lists): a list is written as static pages of
 * LIST_PAGE_SIZE cards (`/all-tours`, `/all-tours/page/2`, …) and a compact index of the whole
 * collection (`/all-tours/index.json`). With a filter in the address, the list's results
 * (src/islands/ListResults.tsx, src/lib/lists/results.ts) match the index, then take each matching
 * card's `<li>` from the static page that holds it, a batch at a time (planBatch, planBatches): the
 * card is always the server's own HTML, written once by ItemCard.astro.
 *
 * Pure and free of per-kind tables, so the filters, the routes, the gate and the tests share it.
 */
import { pageCount, pageOf } from '../page-count.ts';
import { laterPages, pagePath } from '../portal/portal.ts';
import type { Item } from '../schemas/index.ts';
import { cardDataAttributes } from './filters.ts';

/**
 * Cards on a static list page. 48 divides into the grid's 1, 2, 3 and 4 columns, keeps every sample
 * list (at most 14 of a kind) on one page, and bounds a page's weight (docs/performance.md, *Lists are
 * pages of 48 cards*) however large the city grows: 1,061 tours are 23 pages. Smaller
 * pages would make a filter that matches a card here and there fetch more documents for the same
 * cards, each carrying the shell again.
 */
export const LIST_PAGE_SIZE = 48;

/** Cards a filtered list shows at first and adds with each 'Mostrar mais': a page's worth. */
export const LIST_BATCH_SIZE = LIST_PAGE_SIZE;

/**
 * Static pages one batch may fetch for its cards. A filter that matches one card in fifty would
 * otherwise fetch every page of the list for its first 48 cards; four pages bound a batch's weight,
 * and 'Mostrar mais' brings the next.
 */
const MAX_PAGES_PER_BATCH = 4;

/** How many static pages a list of `count` items has (at least 1: an empty list still has its page). */
export function listPageCount(count: number): number {
  return pageCount(count, LIST_PAGE_SIZE);
}

/** The page numbers of a list that need a route of their own (2..n); page 1 is the list's own route. */
export function laterListPages(count: number): number[] {
  return laterPages(count, LIST_PAGE_SIZE);
}

/** The items of page `page` (1-based) of a list, in the list's order. */
export function listPageItems<T>(items: readonly T[], page: number): T[] {
  return items.slice((page - 1) * LIST_PAGE_SIZE, page * LIST_PAGE_SIZE);
}

/** The site path of a list's page: the list itself for page 1, `{list}/page/{n}` after (as the portals). */
export function listPagePath(listPath: string, page: number): string {
  return pagePath(listPath, page);
}

/** The site path of a list's index: `/all-tours` → `/all-tours/index.json`. */
export function listIndexPath(listPath: string): string {
  return `${listPath}/index.json`;
}

/**
 * One item of a list's index: its id, the static page that holds its card, and its card's filter
 * data as the card's `dataset` reads (cardDataAttributes without `data-`, camelCased), so the
 * island matches an index entry and a card with the same itemFromDataset.
 */
export interface ListIndexEntry {
  id: string;
  page: number;
  data: Record<string, string>;
}

/** 'data-duration-hours' → 'durationHours', as a DOMStringMap names it. */
function datasetKey(attribute: string): string {
  return attribute.slice('data-'.length).replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** An element's `data-` attributes as its `dataset` holds them (a card of this page read as an index entry). */
export function datasetOf(attributes: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(attributes)
      .filter(([name]) => name.startsWith('data-'))
      .map(([name, value]) => [datasetKey(name), value]),
  );
}

/** The matchers' data of a card as its `dataset` holds it; the duration text, which no matcher reads, left out. */
export function cardDataset(item: Item, now?: Date): Record<string, string> {
  return Object.fromEntries(
    Object.entries(cardDataAttributes(item, now))
      .filter(([attribute]) => attribute !== 'data-duration')
      .map(([attribute, value]) => [datasetKey(attribute), value]),
  );
}

/** The index of a list: every item in the list's order, with the page its card is on; `now` as cardDataAttributes reads it. */
export function listIndex(items: readonly Item[], now?: Date): ListIndexEntry[] {
  return items.map((item, index) => ({
    id: item.id,
    page: pageOf(index, LIST_PAGE_SIZE),
    data: cardDataset(item, now),
  }));
}

/** What one batch of a filtered list shows: the ids in order, and the static pages to fetch for them first. */
interface BatchPlan {
  ids: string[];
  pages: number[];
}

/**
 * The next batch of a filtered list: the matches from position `shown` on, in order, until
 * `maxCards` are taken or one more would need a page beyond `maxPages` new ones. A card already at
 * hand (`hasCard`: on this document, or on a page fetched before) costs no page. At least one match
 * is taken when any is left, so 'Mostrar mais' always brings something.
 */
export function planBatch(
  matches: readonly Pick<ListIndexEntry, 'id' | 'page'>[],
  shown: number,
  hasCard: (id: string) => boolean,
  { maxCards = LIST_BATCH_SIZE, maxPages = MAX_PAGES_PER_BATCH }: { maxCards?: number; maxPages?: number } = {},
): BatchPlan {
  const ids: string[] = [];
  const pages: number[] = [];
  for (const match of matches.slice(Math.max(0, shown))) {
    if (ids.length >= Math.max(1, maxCards)) break;
    if (!hasCard(match.id) && !pages.includes(match.page)) {
      if (pages.length >= Math.max(1, maxPages)) break;
      pages.push(match.page);
    }
    ids.push(match.id);
  }
  return { ids, pages };
}

/**
 * What a filtered list shows once 'Mostrar mais' has brought `batches - 1` more batches: the first
 * `batches` batches as one plan, each as planBatch takes it, a page planned for one batch counting as
 * at hand for the next (it is fetched with them).
 */
export function planBatches(
  matches: readonly Pick<ListIndexEntry, 'id' | 'page'>[],
  batches: number,
  hasCard: (id: string) => boolean,
  limits?: { maxCards?: number; maxPages?: number },
): BatchPlan {
  const pageOf = new Map(matches.map((match) => [match.id, match.page]));
  const planned = new Set<number>();
  const ids: string[] = [];
  for (let batch = 0; batch < Math.max(1, batches) && ids.length < matches.length; batch += 1) {
    const plan = planBatch(matches, ids.length, (id) => hasCard(id) || planned.has(pageOf.get(id) ?? 0), limits);
    ids.push(...plan.ids);
    for (const page of plan.pages) planned.add(page);
  }
  return { ids, pages: [...planned] };
}
