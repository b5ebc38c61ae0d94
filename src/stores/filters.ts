/**
 * `$filters`: the filter state of the list page (with its sort order), mirrored in the URL query so a
 * filtered or sorted list can be shared, a reload restores it and the back button steps through earlier states. Changes go
 * through the actions; the popstate listener lives in onMount, so it runs only while something
 * (the list filters, src/islands/list-filters.ts) listens to the store.
 */
import { atom, onMount } from 'nanostores';
import {
  emptyFilters,
  type FilterConfig,
  type FilterState,
  parseFilters,
  sameFilters,
  serialiseFilters,
} from '../lib/lists/filters.ts';

const DEFAULT_CONFIG: FilterConfig = { duration: null, price: { min: 0, max: 300 } };

/** The list's duration group and price range, set once by initFilters. */
export const $filterConfig = atom<FilterConfig>(DEFAULT_CONFIG);

/** The current filter state of the list. */
export const $filters = atom<FilterState>(emptyFilters());

/** The state the address bar holds now. */
function fromLocation(): FilterState {
  return parseFilters(window.location.search, $filterConfig.get());
}

/** The list's URL for a state: the same path, the state's query, the hash kept. */
export function filtersUrl(state: FilterState): string {
  const query = serialiseFilters(state, $filterConfig.get());
  return `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`;
}

/** Sets the list's configuration and reads the state from the address bar (shared link, reload). */
export function initFilters(config: FilterConfig): void {
  $filterConfig.set(config);
  $filters.set(fromLocation());
}

/** Applies a new state and records it as a new history entry; an unchanged state adds none. */
export function applyFilters(next: FilterState): void {
  if (sameFilters(next, $filters.get(), $filterConfig.get())) return;
  $filters.set(next);
  window.history.pushState(null, '', filtersUrl(next));
}

/** 'Limpar': every filter and the price range back to the bare list, in the order the visitor chose (not a filter). */
export function resetFilters(): void {
  applyFilters({ ...emptyFilters(), order: $filters.get().order });
}

onMount($filters, () => {
  const restore = () => $filters.set(fromLocation());
  window.addEventListener('popstate', restore);
  return () => {
    window.removeEventListener('popstate', restore);
  };
});
