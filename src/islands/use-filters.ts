/**
 * The list's filters (`$filters`) as its islands read them (ListSearch.tsx, ListFilters.tsx,
 * ListResults.tsx, ListTitle.tsx): unfiltered while an island hydrates, then as the address says
 * (address-state.ts).
 */
import { emptyFilters, type FilterConfig, type FilterState } from '../lib/lists/filters.ts';
import { $filters, initFilters } from '../stores/filters.ts';
import { isBrowser, useAddressState } from './address-state.ts';

const SERVED = emptyFilters();
const served = () => SERVED;

/** The list's filters; `config` is the page's, the same for each of its islands. */
export function useFilters(config: FilterConfig): FilterState {
  // The first island of the page sets it before anything listens; the others find it set.
  if (isBrowser) initFilters(config);
  return useAddressState($filters, served);
}
