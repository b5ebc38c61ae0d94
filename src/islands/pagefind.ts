/**
 * Loads Pagefind's browser API (`/pagefind/pagefind.js`, written by scripts/index-search.ts) on
 * first use only, once per page, and runs one query: results for the query and kind, with the
 * counts per kind for the chips. The bundle is fetched at run time, never bundled by Vite. A browser
 * module that draws nothing: the search's store (src/stores/search.ts) asks it, the islands draw.
 */

import { answersQuery } from '../lib/search/relevance.ts';
import {
  matchedWords,
  PAGEFIND_PATH,
  type PagefindFragment,
  SEARCH_FILTERS,
  SEARCH_KIND_ORDER,
  type SearchHit,
  toHit,
} from '../lib/search/search.ts';

interface PagefindResult {
  id: string;
  data: () => Promise<PagefindFragment>;
}

interface PagefindResults {
  results: PagefindResult[];
  unfilteredResultCount: number;
  /** Counts per filter value without the selected filters. */
  totalFilters: Record<string, Record<string, number>>;
}

interface PagefindApi {
  /** Before init: `noWorker` runs the search on the page's thread (pagefind.js has that code too). */
  options: (options: { excerptLength?: number; noWorker?: boolean }) => Promise<void>;
  init: () => Promise<void>;
  debouncedSearch: (
    term: string,
    /** A filter value, or `{ any: [...] }` for any of several. */
    options: { filters?: Record<string, string | { any: string[] }> },
    timeout?: number,
  ) => Promise<PagefindResults | null>;
}

let loading: Promise<PagefindApi> | null = null;

/** Pagefind's API, loaded on the first call (a failed load is retried on the next call). */
export function loadPagefind(): Promise<PagefindApi> {
  if (!loading) {
    const url = `${PAGEFIND_PATH}pagefind.js`;
    loading = (import(/* @vite-ignore */ url) as Promise<PagefindApi>).then(async (api) => {
      // No web worker: pagefind-worker.js is a second copy of the search code pagefind.js already
      // holds, fetched by every first search; the WebAssembly does the work on the page's thread instead.
      await api.options({ excerptLength: 22, noWorker: true });
      await api.init();
      return api;
    });
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/**
 * Whether searches ask Pagefind for the counts per kind. They need its `tipo` filter index, one file
 * as large as the word index chunks a query reads: a first search goes
 * without it, and the chips' counts come when the visitor asks for them ('Filtrar por tipo') or
 * picks a kind. From then on every search counts, at no further cost (the file is loaded).
 */
let isCountingKinds = false;

/** Later searches of this page count results per kind. */
export function countKinds(): void {
  isCountingKinds = true;
}

/** A query's answer: the hits loaded so far and what is needed to load more. */
export interface SearchAnswer {
  hits: SearchHit[];
  total: number;
  /** Results of the query in every kind. */
  totalAllKinds: number;
  /** Results per kind; null when this search did not count them (see countKinds). */
  kindCounts: Record<string, number> | null;
  /** Loads `count` more hits from position `from`. */
  more: (from: number, count: number) => Promise<SearchHit[]>;
}

/** Runs a debounced query; null when a newer query superseded it. */
export async function runSearch(query: string, kind: string | null, pageSize: number): Promise<SearchAnswer | null> {
  const api = await loadPagefind();
  if (kind) isCountingKinds = true;
  const isCounting = isCountingKinds;
  // Pagefind counts results per filter value only when a filter is given: 'any kind' is one too.
  const filters = kind
    ? { [SEARCH_FILTERS.kind]: kind }
    : isCounting
      ? { [SEARCH_FILTERS.kind]: { any: [...SEARCH_KIND_ORDER] } }
      : {};
  const answer = await api.debouncedSearch(query, { filters }, 200);
  if (!answer) return null;
  const fragments = (from: number, count: number) =>
    Promise.all(answer.results.slice(from, from + count).map((result) => result.data()));
  const first = await fragments(0, pageSize);
  // Pagefind answers an unknown word with pages matching a shorter one ('asdfgh' → 'às'): nothing found.
  if (first[0] && !answersQuery(query, matchedWords(first[0]))) {
    return { hits: [], total: 0, totalAllKinds: 0, kindCounts: isCounting ? {} : null, more: async () => [] };
  }
  return {
    hits: first.map(toHit),
    total: answer.results.length,
    totalAllKinds: answer.unfilteredResultCount,
    kindCounts: isCounting ? (answer.totalFilters[SEARCH_FILTERS.kind] ?? {}) : null,
    more: async (from, count) => (await fragments(from, count)).map(toHit),
  };
}
