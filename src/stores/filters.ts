/**
 * `$filters`: the filter state of a list page (with its sort order), read from the address's query
 * (`$query`, src/stores/query.ts) with the list's configuration, so a filtered or sorted list can be
 * shared, reloaded and stepped through with Back. Changes go through the actions, which write the
 * query; nothing else writes it for the list.
 */
import { atom, computed } from 'nanostores';
import {
  emptyFilters,
  type FilterConfig,
  type FilterState,
  parseFilters,
  sameFilters,
  serialiseFilters,
} from '../lib/lists/filters.ts';
import { $query, setQuery } from './query.ts';

const DEFAULT_CONFIG: FilterConfig = { duration: null, price: { min: 0, max: 300 } };

/** The list's duration group, price range and orders, set once by initFilters. */
export const $filterConfig = atom<FilterConfig>(DEFAULT_CONFIG);

/** The current filter state of the list, as the address says. */
export const $filters = computed([$query, $filterConfig], (query, config) => parseFilters(query, config));

/**
 * Sets the list's configuration (the page's, given to each of its islands, before they read
 * `$filters`); the same configuration again changes nothing, so the islands of one page may each say it.
 */
export function initFilters(config: FilterConfig): void {
  if (JSON.stringify(config) !== JSON.stringify($filterConfig.get())) $filterConfig.set(config);
}

/** Applies a new state as a new history entry; an unchanged state adds none. */
export function applyFilters(next: FilterState): void {
  const config = $filterConfig.get();
  if (sameFilters(next, $filters.get(), config)) return;
  setQuery(serialiseFilters(next, config));
}

/** 'Limpar': every filter and the price range back to the bare list, in the order the visitor chose (not a filter). */
export function resetFilters(): void {
  applyFilters({ ...emptyFilters(), order: $filters.get().order });
}
