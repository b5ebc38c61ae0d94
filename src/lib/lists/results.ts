/**
 * What a filtered or sorted list shows (docs/product.md, Lists): the entries of the whole list that
 * match the state, in its order, and how many of them are drawn so far ('Mostrar mais'). Pure: the
 * list's results island (src/islands/ListResults.tsx) gives it the list's index, or this page's own
 * cards on a list of one page, and draws the cards of the ids it returns.
 */
import type { DurationKind } from '../entities.ts';
import { type FilterState, itemFromDataset, matchesFilters } from './filters.ts';
import { datasetOf, type ListIndexEntry, planBatches } from './paging.ts';
import { sortItems } from './sort.ts';

/** An item of the list as the matchers read it: from the index, or from a card of this page. */
export type ListEntry = Pick<ListIndexEntry, 'id' | 'page'> & { data: Readonly<Record<string, string | undefined>> };

/** Whether an entry of a fetched index has the shape the matchers need. */
export function isListEntry(entry: unknown): entry is ListEntry {
  const value = entry as Partial<ListEntry> | null;
  return typeof value?.id === 'string' && Number.isInteger(value.page) && typeof value.data === 'object' && value.data !== null;
}

/** A card of this page (its `<li>`'s attributes, cardDataAttributes) as an entry of static page `page`. */
export function cardEntry(card: { id: string; attributes: Readonly<Record<string, string>> }, page: number): ListEntry {
  return { id: card.id, page, data: datasetOf(card.attributes) };
}

/** What the results show for a state. */
interface ListView {
  /** The ids of the cards drawn, in order. */
  ids: string[];
  /** How many items of the whole list match ('N resultados'). */
  total: number;
  /** Matches are left for 'Mostrar mais'. */
  hasMore: boolean;
}

/**
 * The view of `state` over `entries`: every match in the state's order, of which the first `batches`
 * batches are drawn (planBatches; `hasCard` says which cards need no page fetched).
 */
export function listView(
  entries: readonly ListEntry[],
  state: FilterState,
  duration: DurationKind,
  batches: number,
  hasCard: (id: string) => boolean,
): ListView {
  const matches = sortItems(
    entries.filter((entry) => matchesFilters(itemFromDataset(entry.data), state, duration)),
    state.order,
    (entry) => itemFromDataset(entry.data),
  );
  const { ids } = planBatches(matches, batches, hasCard);
  return { ids, total: matches.length, hasMore: ids.length < matches.length };
}
