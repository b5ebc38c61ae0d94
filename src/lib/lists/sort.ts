/**
 * The sort orders of a list (docs/product.md, Lists): which a list offers, what the visitor reads,
 * and the sorting itself. Pure, like filters.ts: the list page offers the orders (ListPage.astro,
 * src/islands/SortControl.tsx), the list's results sort the matching cards with them
 * (src/lib/lists/results.ts), and the tests share both. The order lives in the filter state and the URL (`?ordem=`, filters.ts).
 *
 * The list's own order is the default: the upstream's for most lists, the events' by date
 * (byEventDate, src/lib/facts.ts). The others are stable: items that compare equal, and items
 * without the value (no price, no rating), keep the list's own order, after the rest.
 */
import { displayPrice } from '../facts.ts';
import type { Item, ItemKind } from '../schemas/index.ts';
import { type FilterableItem, itemPrice, type SortOrder } from './filters.ts';

/** One choice of the sort control. */
export interface SortOption {
  value: SortOrder;
  label: string;
}

/** What the visitor reads for each order but the list's own. */
const ORDER_LABELS: Record<Exclude<SortOrder, ''>, string> = {
  preco: 'Menor preço',
  avaliacao: 'Melhor avaliação',
  nome: 'Nome (A–Z)',
};

/** The list's own order: by date for events that have dates (byEventDate), else the upstream's. */
export function defaultOrderLabel(kind: ItemKind, items: readonly Pick<Item, 'startDate'>[]): string {
  return kind === 'event' && items.some((item) => item.startDate !== null) ? 'Data' : 'Relevância';
}

/** The price an item sorts by: the one its card shows, 0 when it is free, null when none was given. */
export function sortPrice(item: Pick<FilterableItem, 'price' | 'isFree'>): number | null {
  return itemPrice(item);
}

/**
 * The orders a list offers, its own first: only those some item has a value for (no 'Menor preço'
 * where no item has a price), and none on a list of fewer than two items, which nothing can reorder.
 */
export function sortOptions(kind: ItemKind, items: readonly Item[]): SortOption[] {
  if (items.length < 2) return [];
  const hasPrice = items.some((item) => displayPrice(item).amount !== null || item.isFree);
  const hasRating = items.some((item) => item.rating !== null);
  return [
    { value: '', label: defaultOrderLabel(kind, items) },
    ...(hasPrice ? [{ value: 'preco', label: ORDER_LABELS.preco } as const] : []),
    ...(hasRating ? [{ value: 'avaliacao', label: ORDER_LABELS.avaliacao } as const] : []),
    { value: 'nome', label: ORDER_LABELS.nome },
  ];
}

/** Names compared the Portuguese way: accents and case aside, 'Trilha 2' before 'Trilha 10'. */
const names = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** Lowest first, the unknown (null) after every known value. */
const ascending = (a: number | null, b: number | null) => (a === null ? (b === null ? 0 : 1) : b === null ? -1 : a - b);

const COMPARE: Record<Exclude<SortOrder, ''>, (a: FilterableItem, b: FilterableItem) => number> = {
  preco: (a, b) => ascending(sortPrice(a), sortPrice(b)),
  // Highest first: the ratings negated, so an unrated item still comes last.
  avaliacao: (a, b) => ascending(a.rating === null ? null : -a.rating, b.rating === null ? null : -b.rating),
  nome: (a, b) => names.compare(a.title, b.title),
};

/**
 * The entries in an order, as a new array: the list's own ('') keeps them as they are. `itemOf`
 * reads each entry once (a card's or an index entry's data, itemFromDataset); ties keep the
 * entries' order. In every order the events over come after the others, as in the list's own
 * (byEventDate): a visitor looking for the cheapest event finds one still to come first.
 */
export function sortItems<T>(entries: readonly T[], order: SortOrder, itemOf: (entry: T) => FilterableItem): T[] {
  if (order === '') return [...entries];
  const compare = COMPARE[order];
  return entries
    .map((entry, index) => ({ entry, index, item: itemOf(entry) }))
    .sort((a, b) => Number(a.item.isOver) - Number(b.item.isOver) || compare(a.item, b.item) || a.index - b.index)
    .map(({ entry }) => entry);
}
