/**
 * `$favourites`: the items the visitor saved with the heart button, kept in this browser's
 * localStorage (no account) and in step with the other tabs, through @nanostores/persistent. What
 * it reads back is validated (`decode` is parseFavourites): the stored list is user-controlled
 * input that ends up in links and images. The model of a saved item is in src/lib/favourite.ts.
 */
import { type PersistentEvents, persistentAtom, setPersistentEngine, windowPersistentEvents } from '@nanostores/persistent';
import {
  FAVOURITES_KEY,
  type Favourite,
  favouriteKey,
  isFavourite,
  MAX_FAVOURITES,
  parseFavourites,
  toFavourite,
} from '../lib/favourite.ts';

/** The browser's localStorage; undefined where it is missing or refused (private mode, disabled cookies). */
function localStore(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The storage @nanostores/persistent writes to: localStorage, except that a refused write (quota,
 * private mode) keeps the value in memory for this page instead of throwing out of the heart's click.
 */
const memory = new Map<string, string>();
const forgivingStorage = new Proxy({} as Record<string, string>, {
  get: (_, key: string) => memory.get(key) ?? localStore()?.getItem(key) ?? undefined,
  has: (_, key: string) => memory.has(key) || (localStore()?.getItem(key) ?? null) !== null,
  set(_, key: string, value: string) {
    try {
      localStore()?.setItem(key, value);
      memory.delete(key);
    } catch {
      memory.set(key, value);
    }
    return true;
  },
  deleteProperty(_, key: string) {
    memory.delete(key);
    try {
      localStore()?.removeItem(key);
    } catch {
      // Nothing stored, nothing to remove.
    }
    return true;
  },
});

/** The other tabs' writes (the `storage` event) and the back-forward cache (`pageshow`), where there is a window. */
const pageEvents: PersistentEvents = {
  addEventListener: (...args) => {
    if (typeof window !== 'undefined') windowPersistentEvents.addEventListener(...args);
  },
  removeEventListener: (...args) => {
    if (typeof window !== 'undefined') windowPersistentEvents.removeEventListener(...args);
  },
};

setPersistentEngine(forgivingStorage, pageEvents);

/** The saved items, newest first; an empty list removes the key. */
export const $favourites = persistentAtom<Favourite[]>(FAVOURITES_KEY, [], {
  encode: (list) => (list.length === 0 ? undefined : JSON.stringify(list)),
  decode: parseFavourites,
});

/** Saves an item (newest first); an invalid entry or one already saved changes nothing. */
export function addFavourite(entry: Favourite): void {
  const favourite = toFavourite(entry);
  const list = $favourites.get();
  if (!favourite || isFavourite(list, favourite)) return;
  $favourites.set([favourite, ...list].slice(0, MAX_FAVOURITES));
}

/**
 * Saves a list someone shared, on top and in its order, skipping what is already saved (and what is
 * invalid); returns how many were added.
 */
export function addFavourites(entries: readonly Favourite[]): number {
  const list = $favourites.get();
  const fresh = entries.filter((entry) => !isFavourite(list, entry));
  // addFavourite puts each first: add from the last so the shared order is kept on top.
  for (const entry of [...fresh].reverse()) addFavourite(entry);
  const saved = $favourites.get();
  return fresh.filter((entry) => isFavourite(saved, entry)).length;
}

/** Removes an item by kind and id. */
export function removeFavourite(entry: Pick<Favourite, 'kind' | 'id'>): void {
  const list = $favourites.get();
  if (!isFavourite(list, entry)) return;
  const key = favouriteKey(entry);
  $favourites.set(list.filter((item) => favouriteKey(item) !== key));
}

/** Saves the item, or removes it when already saved; returns whether it is saved afterwards. */
export function toggleFavourite(entry: Favourite): boolean {
  if (isFavourite($favourites.get(), entry)) {
    removeFavourite(entry);
    return false;
  }
  addFavourite(entry);
  return isFavourite($favourites.get(), entry);
}

/** Removes every saved item. */
export function clearFavourites(): void {
  $favourites.set([]);
}
