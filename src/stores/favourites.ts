/**
 * `$favourites`: the items the visitor saved with the heart button, kept in this browser's
 * localStorage (no account) and kept in sync across tabs through the `storage` event.
 *
 * Written by hand rather than with @nanostores/persistent: it is a few lines, and it validates
 * what it reads back (the stored list is user-controlled input that ends up in links and images).
 */
import { atom, onMount } from 'nanostores';

/** The kinds of item that can be saved (the item kinds of the portal). */
export const FAVOURITE_KINDS = [
  'tour',
  'accommodation',
  'restaurant',
  'event',
  'attraction',
  'driver',
  'guide',
  'agency',
  // News articles saved from the news portal's cards.
  'news',
] as const;
export type FavouriteKind = (typeof FAVOURITE_KINDS)[number];

/** One saved item: enough to list it on /favoritos without the snapshot. */
export interface Favourite {
  kind: FavouriteKind;
  id: string;
  title: string;
  /** Site path or https URL of the card image, or null. */
  image: string | null;
  /** Site path of the detail page, e.g. '/tour/abc'. */
  path: string;
}

/** The localStorage key (versioned, so a future format can migrate). */
export const FAVOURITES_KEY = 'bbt:favoritos:v1';

/** At most this many entries are kept, so a runaway script cannot fill the storage. */
export const MAX_FAVOURITES = 200;

const isSitePath = (value: unknown): value is string => typeof value === 'string' && /^\/(?!\/)/.test(value);
const isImage = (value: unknown): value is string =>
  isSitePath(value) || (typeof value === 'string' && /^https:\/\//.test(value));

/** The entry as a valid favourite, or null (unknown kind, missing text, a path that is not on this site). */
export function toFavourite(value: unknown): Favourite | null {
  if (typeof value !== 'object' || value === null) return null;
  const { kind, id, title, image, path } = value as Record<string, unknown>;
  if (!FAVOURITE_KINDS.includes(kind as FavouriteKind)) return null;
  if (typeof id !== 'string' || id === '' || typeof title !== 'string' || title.trim() === '') return null;
  if (!isSitePath(path)) return null;
  return { kind: kind as FavouriteKind, id, title, image: isImage(image) ? image : null, path };
}

/** The stored text as a list of valid, distinct favourites; anything unreadable gives an empty list. */
export function parseFavourites(raw: string | null | undefined): Favourite[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const seen = new Set<string>();
  const list: Favourite[] = [];
  for (const value of data) {
    const favourite = toFavourite(value);
    if (!favourite || seen.has(favouriteKey(favourite))) continue;
    seen.add(favouriteKey(favourite));
    list.push(favourite);
  }
  return list.slice(0, MAX_FAVOURITES);
}

/** The identity of a saved item: kind and id. */
export const favouriteKey = (entry: Pick<Favourite, 'kind' | 'id'>) => `${entry.kind}:${entry.id}`;

/** Whether the list holds the item. */
export function isFavourite(list: readonly Favourite[], entry: Pick<Favourite, 'kind' | 'id'>): boolean {
  const key = favouriteKey(entry);
  return list.some((item) => favouriteKey(item) === key);
}

/** localStorage, or null where it is missing or refused (private mode, disabled cookies). */
function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function read(): Favourite[] {
  try {
    return parseFavourites(storage()?.getItem(FAVOURITES_KEY));
  } catch {
    return [];
  }
}

export const $favourites = atom<Favourite[]>([]);

// Read the saved list when the first listener arrives, then follow the other tabs: the `storage`
// event fires in every other tab of the origin when one writes the key.
onMount($favourites, () => {
  $favourites.set(read());
  if (typeof window === 'undefined') return;
  const onStorage = (event: StorageEvent) => {
    if (event.key === FAVOURITES_KEY || event.key === null) $favourites.set(read());
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
});

/** Sets the list and writes it; storage errors (quota, private mode) keep the list for this page. */
function save(list: Favourite[]): void {
  $favourites.set(list);
  try {
    const store = storage();
    if (!store) return;
    if (list.length === 0) store.removeItem(FAVOURITES_KEY);
    else store.setItem(FAVOURITES_KEY, JSON.stringify(list));
  } catch {
    // Nothing to do: the heart still works until the page is left.
  }
}

/** The current list, read from storage first when no one is listening (the store may be stale). */
function current(): Favourite[] {
  return $favourites.lc > 0 ? $favourites.get() : read();
}

/** Saves an item (newest first); an invalid entry or one already saved changes nothing. */
export function addFavourite(entry: Favourite): void {
  const favourite = toFavourite(entry);
  const list = current();
  if (!favourite || isFavourite(list, favourite)) return;
  save([favourite, ...list].slice(0, MAX_FAVOURITES));
}

/** Removes an item by kind and id. */
export function removeFavourite(entry: Pick<Favourite, 'kind' | 'id'>): void {
  const list = current();
  if (!isFavourite(list, entry)) return;
  const key = favouriteKey(entry);
  save(list.filter((item) => favouriteKey(item) !== key));
}

/** Saves the item, or removes it when already saved; returns whether it is saved afterwards. */
export function toggleFavourite(entry: Favourite): boolean {
  if (isFavourite(current(), entry)) {
    removeFavourite(entry);
    return false;
  }
  addFavourite(entry);
  return isFavourite($favourites.get(), entry);
}

/** Removes every saved item. */
export function clearFavourites(): void {
  save([]);
}
