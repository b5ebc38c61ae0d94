/**
 * The site search's state (the header's dialog, src/islands/SearchDialog.tsx, and /busca,
 * src/islands/SearchPage.tsx; both draw src/islands/SearchPanel.tsx):
 * - the dialog is the layer 'search' of `$layers` (src/stores/layers.ts): Back closes it, and its query
 *   (`$dialogSearch`) is its own, not the address's, as it opens over any page;
 * - /busca's query is the address's `?q=` and `?tipo=` (`$pageSearch`, from `$query`), so a search there can
 *   be shared and reloaded, and Back returns to the kind chosen before;
 * - `$results`: the last search's answer, from Pagefind (src/islands/pagefind.ts, loaded on the first search).
 *   A page has one search panel at a time (/busca has no dialog), so one answer.
 */
import { atom, computed } from 'nanostores';
import { countKinds, runSearch, type SearchAnswer } from '../islands/pagefind.ts';
import { NO_RESULTS, type SearchAnswerView, type SearchResults } from '../lib/search/panel.ts';
import { cutQuery, parseSearchQuery, type SearchQuery, searchQueryString } from '../lib/search/search.ts';
import { $layers, closeLayer, openLayer } from './layers.ts';
import { $query, setQuery } from './query.ts';

/** The dialog's name in `$layers`. */
export const SEARCH_LAYER = 'search';

/** No words, every kind. */
export const NO_SEARCH: SearchQuery = { query: '', kind: null };

/** Results shown at first and added by 'Mostrar mais'. */
export const PAGE_SIZE = 8;

/** What the header's dialog searches. */
export const $dialogSearch = atom<SearchQuery>(NO_SEARCH);

/** Whether the header's dialog is open. */
export const $isSearchOpen = computed($layers, (layers) => layers.includes(SEARCH_LAYER));

/**
 * Opens the dialog with `query` (the drawer's box; '' from the header's entry): every opening starts from the
 * query it is given, and an open dialog keeps the visitor's. What is open under it (the phone menu whose box
 * asked for it) closes first, so the dialog takes its place in the history: one Back closes it.
 */
export function openSearch(query = ''): void {
  if ($isSearchOpen.get()) return;
  for (const name of $layers.get()) closeLayer(name);
  $dialogSearch.set({ query: cutQuery(query), kind: null });
  clearResults();
  openLayer(SEARCH_LAYER);
}

/** Closes the dialog by the visitor's hand (Escape, its button, a tap beside it). */
export function closeSearch(): void {
  closeLayer(SEARCH_LAYER);
}

/** The dialog's words, as typed (cut as the address's would be), or its kind. */
export function setDialogSearch(next: SearchQuery): void {
  const current = $dialogSearch.get();
  const query = cutQuery(next.query);
  if (query !== current.query || next.kind !== current.kind) $dialogSearch.set({ query, kind: next.kind });
}

/** What /busca searches: its address's query. */
export const $pageSearch = computed($query, (query) => parseSearchQuery(query));

/**
 * /busca's search into its address. Words are typed a letter at a time: they rewrite the address
 * (`replace`) rather than leave an entry per letter; a kind chosen is an entry of its own.
 */
export function setPageSearch(next: SearchQuery, { replace = false } = {}): void {
  setQuery(searchQueryString(next), { replace });
}

/** The last search's answer. */
export const $results = atom<SearchResults>(NO_RESULTS);

/** Each search's number: an answer that comes after a newer search began is dropped. */
let generation = 0;
/** The last answer in full, for 'Mostrar mais'. */
let lastAnswer: SearchAnswer | null = null;

const viewOf = (answer: SearchAnswer, hits = answer.hits): SearchAnswerView => ({
  hits,
  total: answer.total,
  totalAllKinds: answer.totalAllKinds,
  kindCounts: answer.kindCounts,
});

function clearResults(): void {
  generation += 1;
  lastAnswer = null;
  $results.set(NO_RESULTS);
}

/** Searches `query` (its words trimmed; none: no search) in its kind; the answer comes into `$results`. */
export function search({ query, kind }: SearchQuery): void {
  const term = query.trim();
  if (!term) {
    clearResults();
    return;
  }
  generation += 1;
  const current = generation;
  $results.set({ ...$results.get(), status: 'loading' });
  runSearch(term, kind, PAGE_SIZE).then(
    (answer) => {
      // null: a newer keystroke superseded this query (Pagefind's debounce), whose answer comes instead.
      if (current !== generation || !answer) return;
      lastAnswer = answer;
      $results.set({ status: 'done', answer: viewOf(answer) });
    },
    () => {
      if (current === generation) $results.set({ ...$results.get(), status: 'error' });
    },
  );
}

/** The visitor asked for the counts per kind ('Filtrar por tipo'): this search and the next ones count them. */
export function searchWithKinds(query: SearchQuery): void {
  countKinds();
  search(query);
}

/** 'Mostrar mais': the next PAGE_SIZE hits of the last answer; resolves with the position of the first one added. */
export async function showMoreResults(): Promise<number> {
  const answer = lastAnswer;
  const shown = $results.get().answer;
  if (!answer || !shown) return 0;
  const from = shown.hits.length;
  const added = await answer.more(from, PAGE_SIZE);
  // A newer search meanwhile: its answer stands.
  if (answer !== lastAnswer) return from;
  $results.set({ status: 'done', answer: viewOf(answer, [...shown.hits, ...added]) });
  return from;
}
