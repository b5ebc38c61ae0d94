/**
 * `$favourites`: the items the visitor saved with the heart button, kept in this browser's
 * localStorage (no account) and in step with the other tabs, through @nanostores/persistent. What
 * it reads back is validated (`decode` is parseFavourites): the stored list is user-controlled
 * input that ends up in links and images.
 */
import { type PersistentEvents, persistentAtom, setPersistentEngine, windowPersistentEvents } from '@nanostores/persistent';
import { KIND_ORDER } from '../lib/kinds.ts';
import { isRouteSafeId, itemPath, newsPath } from '../lib/paths.ts';
import { sliceWhole } from '../lib/text.ts';

/** The kinds of item that can be saved: every item kind, and news articles (saved from the news portal's cards). */
export const FAVOURITE_KINDS = [...KIND_ORDER, 'news'] as const;
export type FavouriteKind = (typeof FAVOURITE_KINDS)[number];

/** One saved item: enough to list it on /favoritos without the snapshot. */
export interface Favourite {
  kind: FavouriteKind;
  id: string;
  title: string;
  /** Site path of the card image (one of this site's own files), or null. */
  image: string | null;
  /** Site path of the detail page, e.g. '/tour/abc': always `favouritePath(kind, id)`. */
  path: string;
}

/** The localStorage key (versioned, so a future format can migrate). */
export const FAVOURITES_KEY = 'bbt:favoritos:v1';

/** At most this many entries are kept, so a runaway script cannot fill the storage. */
export const MAX_FAVOURITES = 200;

/** Characters of a saved title; a longer one is cut (real titles are shorter; the card shows two lines). */
export const MAX_TITLE_CHARS = 120;

/** The detail page of a saved item, built from its kind and id: the only link a favourite may carry. */
export function favouritePath(kind: FavouriteKind, id: string): string {
  return kind === 'news' ? newsPath(id) : itemPath(kind, id);
}

/** An origin no real address has, to see where the browser would resolve a relative one. */
const PROBE_ORIGIN = 'https://site.invalid';

/**
 * A path that stays on this site however a browser reads it: `/\evil.example`, `/\t/evil.example`
 * and `//evil.example` all leave it (a backslash is a slash, tabs and line breaks are skipped).
 */
export function isSitePath(value: unknown): value is string {
  if (typeof value !== 'string' || !value.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    // new URL, not URL.parse: the favourites run in browsers older than URL.parse.
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/** The title as it is kept: trimmed, at most MAX_TITLE_CHARS characters ('…' when cut). */
function keptTitle(title: string): string {
  const text = title.trim();
  return text.length <= MAX_TITLE_CHARS ? text : `${sliceWhole(text, MAX_TITLE_CHARS - 1).trimEnd()}…`;
}

/**
 * The entry as a valid favourite, or null: a known kind, an id that is a page address
 * (isRouteSafeId), a title, and exactly the path that kind and id give (favouritePath), so a
 * favourite never links anywhere but an item's own page. An image that is not a site path is left out.
 */
export function toFavourite(value: unknown): Favourite | null {
  if (typeof value !== 'object' || value === null) return null;
  const { kind, id, title, image, path } = value as Record<string, unknown>;
  if (!FAVOURITE_KINDS.includes(kind as FavouriteKind)) return null;
  if (typeof id !== 'string' || !isRouteSafeId(id) || typeof title !== 'string' || title.trim() === '') return null;
  const page = favouritePath(kind as FavouriteKind, id);
  if (path !== page) return null;
  return { kind: kind as FavouriteKind, id, title: keptTitle(title), image: isSitePath(image) ? image : null, path: page };
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
