/**
 * What the service worker (src/service-worker/sw.ts) and the pages (src/stores/saved-offline.ts,
 * the site shell's registration) agree on: cache names, the saved places' index, the addresses
 * the worker always keeps, and the messages they send each other. No imports, so the worker's
 * bundle takes only these.
 */

/** Every cache of the site starts with it; a build's own caches end with its version. */
export const CACHE_PREFIX = 'bb-turismo-';

/** Saved places kept offline: not versioned, so a new build does not drop them. */
export const SAVED_CACHE = `${CACHE_PREFIX}saved`;

/** The SAVED_CACHE entry listing what is kept for whom; /favoritos reads it too. */
export const SAVED_INDEX = '/__saved-offline__.json';

/** What the worker shows for a page it never kept, when there is no network. */
export const OFFLINE_PATH = '/offline';

/**
 * Pages the worker never keeps: /status tells editors how the current build went, and a copy kept
 * from an older build would tell them, offline, something that is no longer true.
 */
export const NEVER_KEPT_PATHS: readonly string[] = ['/status'];

/** Where the open data files are (/dados/passeios.csv, /dados/passeios.json; src/lib/open-data/), beside the page that lists them. */
export const OPEN_DATA_PATH = '/dados';

/**
 * An open data file, which the worker leaves to the browser and none of its caches keeps: a download
 * is the visitor's own copy, and one kept offline would later hand out data the site no longer publishes.
 */
export const isOpenDataFile = (pathname: string): boolean =>
  pathname.startsWith(`${OPEN_DATA_PATH}/`) && /\.(csv|json)$/.test(pathname);

/** Always kept with the saved places: the list itself. */
export const FAVOURITES_PATH = '/favoritos';

/**
 * The visitor's guide (guidePath of src/lib/i18n/languages.ts, not imported here: see above). Kept with the saved
 * places, once the visitor has saved one: its first page, every page of the guide it links, and the guide in the
 * browser's language when the blog has it (its `hreflang` alternate).
 */
export const GUIDE_PATH = '/guia';

/** The key of the guide among the saved places' index (SavedItem.key): no favourite's key looks like it. */
export const GUIDE_KEY = 'page:guia';

/** Most pages of the guide kept, all its languages together. */
export const MAX_GUIDE_PAGES = 40;

/** Most favourites kept offline (the list itself holds up to 200). */
export const MAX_SAVED_ITEMS = 40;

/** Most bytes the saved copies take together (pages, their files and photos). */
export const SAVED_BYTE_BUDGET = 25 * 1024 * 1024;

/** A saved place as a page sends it to the worker: its key, its page and its card photo. */
export interface SavedRequest {
  key: string;
  path: string;
  image: string | null;
}

/** One saved place as the worker keeps it: the URLs it stored for it (the page first) and their bytes. */
export interface SavedItem {
  key: string;
  path: string;
  /** The build whose copy is kept. */
  version: string;
  urls: string[];
  bytes: number;
}

/** The SAVED_INDEX entry. */
export interface SavedIndex {
  items: SavedItem[];
  bytes: number;
  maxItems: number;
  byteBudget: number;
}

/** A page to its worker: the favourites to keep (newest first), or the URLs it loaded before the worker controlled it. */
export type MessageToWorker = { saved: SavedRequest[] } | { keep: string[] };

/** The worker to its pages, once the saved copies changed: the keys kept. */
export interface MessageFromWorker {
  savedOffline: string[];
}
