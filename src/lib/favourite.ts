/**
 * A saved item (the heart's Favourite) and the rules that make one valid: what the favourites store
 * (src/stores/favourites.ts) keeps, what a shared list (shared-list.ts) carries. A stored or shared
 * list is user-controlled input that ends up in links and images, so every entry is rebuilt here
 * from its kind and id, never trusted as it arrives.
 */
import { KIND_ORDER } from './kinds.ts';
import { itemPath, newsPath } from './paths.ts';
import { isRouteSafeId } from './route-id.ts';
import { echoText } from './text.ts';

/** The kinds of item that can be saved: every item kind, and news articles (saved from the news portal's cards). */
export const FAVOURITE_KINDS = [...KIND_ORDER, 'news'] as const;
type FavouriteKind = (typeof FAVOURITE_KINDS)[number];

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

/**
 * Kinds a saved or shared list may hold under the name an earlier version of the site gave them, and
 * their name now. A visitor's list carries no snapshot version, so it is read by every kind a snapshot
 * migration renamed (`renamedKinds`, src/lib/snapshot-migrations.ts; tests/unit/snapshot-migrations.test.ts
 * keeps the two in step). A table, not that module: it would bring the date formatting into the browser.
 */
const RENAMED_KINDS: Readonly<Record<string, FavouriteKind>> = { attraction: 'tourProvider' };

/** A kind as a list stored it, under its current name; anything else as it is (toFavourite judges it). */
const currentKind = (kind: unknown): unknown =>
  typeof kind === 'string' && Object.hasOwn(RENAMED_KINDS, kind) ? RENAMED_KINDS[kind] : kind;

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
function isSitePath(value: unknown): value is string {
  if (typeof value !== 'string' || !value.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    // new URL, not URL.parse: the favourites run in browsers older than URL.parse.
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/**
 * The title as it is kept: at most MAX_TITLE_CHARS characters ('…' when cut), without control or bidi
 * characters (echoText), since a shared list brings its titles in the address (src/lib/shared-list.ts).
 */
function keptTitle(title: string): string {
  return echoText(title, MAX_TITLE_CHARS);
}

/**
 * The entry as a valid favourite, or null: a known kind, an id that is a page address
 * (isRouteSafeId), a title, and exactly the path that kind and id give (favouritePath), so a
 * favourite never links anywhere but an item's own page. An image that is not a site path is left out.
 */
export function toFavourite(value: unknown): Favourite | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, title, image, path } = value as Record<string, unknown>;
  const kind = currentKind((value as Record<string, unknown>).kind);
  if (!FAVOURITE_KINDS.includes(kind as FavouriteKind)) return null;
  const kept = typeof title === 'string' ? keptTitle(title) : '';
  if (typeof id !== 'string' || !isRouteSafeId(id) || kept === '') return null;
  const page = favouritePath(kind as FavouriteKind, id);
  if (path !== page) return null;
  return { kind: kind as FavouriteKind, id, title: kept, image: isSitePath(image) ? image : null, path: page };
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
