/**
 * The site's service worker, bundled by src/integrations/service-worker.ts and served as /sw.js by
 * src/pages/sw.js.ts, which puts the build's version in BUILD_VERSION. Typed against the WebWorker
 * library (src/service-worker/tsconfig.json). For visitors on slow and flaky connections:
 *
 * - Pages: network first. A page that answers is shown and kept; when the network fails, or gives
 *   nothing within PAGE_TIMEOUT_MS and a kept copy exists, the kept copy is shown; a page never kept
 *   gets the offline page ('Você está offline'). So online, a page is always the current build's.
 * - /_astro/ files (hashed names, never change) and images: cache first, kept on first use.
 * - Search index (/pagefind/): its hashed chunks cache first, its entry files network first, so the
 *   searches a visitor made work offline against the index they were made with.
 * - Install keeps the offline page and the stylesheets, icons and logo it needs (the site shell).
 * - Never kept: NEVER_KEPT_PATHS (/status), which must say how the current build went or nothing,
 *   and the open data files (isOpenDataFile: /dados/*.csv, *.json), left to the browser.
 * - Each build has its own caches (BUILD_VERSION). A new build's worker, on activate, carries over
 *   the kept pages (offline fallbacks; online the new build's page is always fetched) and the
 *   hashed files, then deletes the old caches. A kept page older than MAX_AGE_DAYS is dropped and
 *   never served, so no page lives in a cache forever.
 * - The registration script sends the URLs the page loaded before the worker controlled it, so
 *   the first page visited is kept too.
 * - Saved places: the pages send the visitor's favourites ({ saved: [...] }, newest
 *   first). For each, the worker keeps the item's page, the files that page needs (stylesheets,
 *   scripts, islands) and its first photo in SAVED_CACHE, a cache no build deletes, so a place saved from a
 *   list opens with no signal though it was never opened; a removed favourite's copies go (a file
 *   two saved pages share goes with the last). /favoritos is always kept too. Bounded by
 *   MAX_SAVED_ITEMS and SAVED_BYTE_BUDGET: the newest favourites that fit are kept, the rest are
 *   not (and /favoritos says so). A kept copy made by another build is fetched again, in the
 *   background, the next time a page sends the list while online (every page load does).
 * - The visitor's guide goes with the saved places: once one place is saved, the guide's pages are kept
 *   too (downloadGuide), after the favourites and within the same bounds, and go when the last one is removed.
 */
import {
  CACHE_PREFIX,
  FAVOURITES_PATH,
  GUIDE_KEY,
  GUIDE_PATH,
  isOpenDataFile,
  MAX_GUIDE_PAGES,
  MAX_SAVED_ITEMS,
  type MessageFromWorker,
  NEVER_KEPT_PATHS,
  OFFLINE_PATH,
  SAVED_BYTE_BUDGET,
  SAVED_CACHE,
  SAVED_INDEX,
  type SavedIndex,
  type SavedItem,
  type SavedRequest,
} from '../lib/offline.ts';
import { canonicalPath } from '../lib/paths.ts';

declare const self: ServiceWorkerGlobalScope;
/** Replaced by the build's version when the bundle is served (src/pages/sw.js.ts). */
declare const BUILD_VERSION: string;

const VERSION = BUILD_VERSION;
const PAGES = `${CACHE_PREFIX}pages-${VERSION}`;
const FILES = `${CACHE_PREFIX}files-${VERSION}`;
const PAGE_TIMEOUT_MS = 6000;
const MAX_AGE_DAYS = 30;
/** Most files (stylesheets, scripts, photos) kept for one saved page. */
const MAX_FILES_PER_PAGE = 60;
/** Most entries kept per cache; the oldest go first. */
const MAX_ENTRIES: Record<string, number> = { [PAGES]: 150, [FILES]: 600 };

/**
 * Pages are kept by path in their one form (canonicalPath): '/all-tours?tipo=x#top', '/all-tours/'
 * and '/all-tours' are one page offline (a folder-first host serves every page at '/x/',
 * src/integrations/static-hosting.ts).
 */
const pageKey = (url: string) => {
  const parsed = new URL(url, self.location.href);
  return `${parsed.origin}${canonicalPath(parsed.pathname)}`;
};
const sameOrigin = (url: string) => new URL(url, self.location.href).origin === self.location.origin;
const isPage = (request: Request) => request.mode === 'navigate' || (request.headers.get('accept') ?? '').includes('text/html');
const isHashedAsset = (url: URL) => url.pathname.startsWith('/_astro/');
const isSearchChunk = (url: URL) => /^\/pagefind\/.+\.(pf_fragment|pf_index|pf_meta|pf_filter)$/.test(url.pathname);
const isCacheFirst = (url: URL, request: Request) =>
  isHashedAsset(url) || isSearchChunk(url) || request.destination === 'image' || request.destination === 'font';

/** True when the response is worth keeping: a complete 200 answer we can read (not opaque). */
const keepable = (response: Response | null | undefined): boolean =>
  response?.status === 200 && (response.type === 'basic' || response.type === 'default');

/**
 * A plain copy of a response the host redirected (a folder-first host sends '/offline' to
 * '/offline/'): the browser refuses a redirected response as the answer to a navigation.
 */
async function unredirected(response: Response): Promise<Response> {
  if (!response.redirected) return response;
  const { status, statusText, headers } = response;
  return new Response(await response.blob(), { status, statusText, headers });
}

/** A kept response older than MAX_AGE_DAYS (by its Date header) is stale. */
function isTooOld(response: Response): boolean {
  const date = Date.parse(response.headers.get('date') ?? '');
  return Number.isFinite(date) && Date.now() - date > MAX_AGE_DAYS * 86_400_000;
}

async function trim(cacheName: string): Promise<void> {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  const excess = keys.length - (MAX_ENTRIES[cacheName] ?? 300);
  for (const request of keys.slice(0, Math.max(0, excess))) await cache.delete(request);
}

async function keep(cacheName: string, request: RequestInfo, response: Response): Promise<void> {
  const url = new URL(typeof request === 'string' ? request : request.url, self.location.href);
  if (NEVER_KEPT_PATHS.includes(canonicalPath(url.pathname))) return;
  const cache = await caches.open(cacheName);
  await cache.put(request, response);
  await trim(cacheName);
}

/** URLs of the stylesheets, icons and images an HTML page links with site paths. */
function shellUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<link[^>]+href="(\/[^"]+)"[^>]*>/g)) {
    if (match[1] && /rel="(stylesheet|icon)"/.test(match[0])) urls.add(match[1]);
  }
  for (const match of html.matchAll(/<img[^>]+src="(\/[^"]+)"/g)) if (match[1]) urls.add(match[1]);
  return [...urls];
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const response = await unredirected(await fetch(OFFLINE_PATH, { cache: 'no-cache' }));
      if (!keepable(response)) throw new Error(`offline page: HTTP ${response.status}`);
      const html = await response.clone().text();
      await (await caches.open(PAGES)).put(OFFLINE_PATH, response);
      const files = await caches.open(FILES);
      await Promise.all(
        shellUrls(html).map(async (url) => {
          const answer = await fetch(url);
          if (keepable(answer)) await files.put(url, answer);
        }),
      );
      await self.skipWaiting();
    })(),
  );
});

/**
 * Moves into this build's caches what the old builds' caches hold that is still worth keeping:
 * kept pages younger than MAX_AGE_DAYS (offline fallbacks only: online, every page comes from the
 * network, so the new build's page takes over at the next visit) and files with hashed names
 * (they never change meaning; the old pages need them). Nothing is downloaded, which matters on a
 * metered connection.
 */
async function carryOver(oldNames: string[]): Promise<void> {
  const pages = await caches.open(PAGES);
  const files = await caches.open(FILES);
  for (const name of oldNames) {
    const old = await caches.open(name);
    for (const request of await old.keys()) {
      const url = new URL(request.url);
      const response = await old.match(request);
      if (!response || url.pathname === OFFLINE_PATH) continue;
      if (name.startsWith(`${CACHE_PREFIX}pages-`)) {
        if (!isTooOld(response) && !(await pages.match(request))) await pages.put(request, response);
      } else if ((isHashedAsset(url) || isSearchChunk(url)) && !(await files.match(request))) {
        await files.put(request, response);
      }
    }
  }
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await self.clients.claim();
      const names = (await caches.keys()).filter(
        (name) => name.startsWith(CACHE_PREFIX) && name !== PAGES && name !== FILES && name !== SAVED_CACHE,
      );
      await carryOver(names);
      await Promise.all(names.map((name) => caches.delete(name)));
      await trim(PAGES);
      await trim(FILES);
    })(),
  );
});

/** The registration script's list of what the page loaded before this worker controlled it. */
self.addEventListener('message', (event) => {
  // Whatever a page sends is checked: the worker trusts no shape.
  const data = (event.data ?? {}) as { [key in 'saved' | 'keep']?: unknown };
  if (Array.isArray(data.saved)) {
    event.waitUntil(keepSaved(data.saved));
    return;
  }
  const urls: unknown[] = Array.isArray(data.keep) ? data.keep : [];
  event.waitUntil(
    Promise.all(
      urls
        .filter((url): url is string => typeof url === 'string' && sameOrigin(url))
        .slice(0, 100)
        .map(async (url) => {
          const source = event.source && 'url' in event.source ? event.source.url : '/';
          const html = pageKey(url) === pageKey(source);
          const cacheName = html ? PAGES : FILES;
          const file = new URL(url, self.location.href);
          file.hash = '';
          const key = html ? pageKey(url) : file.href;
          if (await (await caches.open(cacheName)).match(key)) return;
          try {
            const response = await unredirected(await fetch(key));
            if (keepable(response)) await keep(cacheName, key, response);
          } catch {
            // Nothing to keep offline.
          }
        }),
    ),
  );
});

/**
 * The site files an HTML page needs to be drawn and to work: stylesheets, icons, module scripts,
 * the islands' component and renderer modules, and its first photo (the first <img> in <main>).
 */
function pageFiles(html: string): string[] {
  const urls = new Set(shellUrls(html).filter((url) => !/\.(avif|webp|jpe?g|png|gif)$/i.test(url)));
  for (const match of html.matchAll(/<script[^>]+src="(\/[^"]+)"/g)) if (match[1]) urls.add(match[1]);
  for (const match of html.matchAll(/(?:component-url|renderer-url|before-hydration-url)="(\/[^"]+)"/g)) {
    if (match[1]) urls.add(match[1]);
  }
  const main = html.slice(Math.max(0, html.indexOf('<main')));
  const photo = /<img[^>]+src="(\/[^"]+)"/.exec(main)?.[1];
  if (photo) urls.add(photo);
  return [...urls].map((url) => new URL(url, self.location.href).href);
}

/** The modules a script imports from our own /_astro/ folder (static and dynamic imports). */
function importedModules(code: string, base: string): string[] {
  const urls = new Set<string>();
  for (const match of code.matchAll(/["'](\.{1,2}\/[^"'\s]+\.js|\/_astro\/[^"'\s]+\.js)["']/g)) {
    if (!match[1]) continue;
    const url = new URL(match[1], base);
    if (url.origin === self.location.origin && url.pathname.startsWith('/_astro/')) urls.add(url.href);
  }
  return [...urls];
}

/** The saved-places index: { items: [{ key, path, version, urls, bytes }] } (urls[0] is the page). */
async function readSavedIndex(cache: Cache): Promise<Pick<SavedIndex, 'items'>> {
  try {
    const index = (await (await cache.match(SAVED_INDEX))?.json()) as Partial<SavedIndex> | undefined;
    return Array.isArray(index?.items) ? { items: index.items } : { items: [] };
  } catch {
    return { items: [] };
  }
}

/** What a favourite sent by a page is, once checked: its key, its page's path and its card photo. */
function savedRequest(value: unknown): SavedRequest | null {
  const entry = (value ?? {}) as Partial<Record<keyof SavedRequest, unknown>>;
  if (
    typeof entry.key !== 'string' ||
    typeof entry.path !== 'string' ||
    !entry.path.startsWith('/') ||
    entry.path.startsWith('//')
  )
    return null;
  const image = typeof entry.image === 'string' && sameOrigin(entry.image) ? new URL(entry.image, self.location.href).href : null;
  return { key: entry.key, path: entry.path, image };
}

/**
 * Fetches one saved page and what it needs; returns the responses by URL and their bytes, or null
 * when the page does not answer (offline, removed). Files already kept in `cache` are reused.
 */
async function download(
  cache: Cache,
  path: string,
  image: string | null,
): Promise<{ responses: Map<string, Response>; bytes: number } | null> {
  const pageUrl = pageKey(path);
  const page = await unredirected(await fetch(pageUrl, { cache: 'no-cache' }));
  if (!keepable(page)) return null;
  const html = await page.clone().text();
  const responses = new Map<string, Response>([[pageUrl, page]]);
  const queue = pageFiles(html);
  if (image) queue.push(image);
  const seen = new Set(queue);
  while (queue.length > 0 && responses.size <= MAX_FILES_PER_PAGE) {
    const url = queue.shift();
    if (!url) break;
    const response =
      (await cache.match(url)) ?? (await caches.match(url, { cacheName: FILES })) ?? (await fetch(url).catch(() => null));
    if (response?.status !== 200) continue;
    responses.set(url, response);
    if (url.endsWith('.js')) {
      for (const next of importedModules(await response.clone().text(), url)) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
  }
  let bytes = 0;
  const bodies = new Map<string, Response>();
  for (const [url, response] of responses) {
    const body = await response.arrayBuffer();
    bytes += body.byteLength;
    bodies.set(url, new Response(body, { status: 200, headers: response.headers }));
  }
  return { responses: bodies, bytes };
}

/** What `download` keeps of one saved place: the responses by URL (the page first) and their bytes. */
type Download = NonNullable<Awaited<ReturnType<typeof download>>>;

/** The same-site paths an HTML page links to with `<a href>`. */
function linkedPaths(html: string): string[] {
  const paths: string[] = [];
  for (const match of html.matchAll(/<a\b[^>]*\shref="([^"]+)"/g)) {
    const url = new URL((match[1] ?? '').replace(/&amp;/g, '&'), self.location.href);
    if (url.origin === self.location.origin) paths.push(canonicalPath(url.pathname));
  }
  return paths;
}

/**
 * The page's `hreflang` alternate in the browser's language (navigator.language: 'es-AR' reads 'es'), as a path;
 * null when it has none. The alternates name the site's canonical address, which may be another origin than the
 * one this worker serves (a preview): only the path counts.
 */
function alternateInBrowserLanguage(html: string): string | null {
  const language = (self.navigator.language || '').toLowerCase().split('-')[0];
  for (const match of html.matchAll(/<link\b[^>]*\brel="alternate"[^>]*>/g)) {
    const hreflang = /\shreflang="([^"]+)"/.exec(match[0])?.[1]?.toLowerCase();
    const href = /\shref="([^"]+)"/.exec(match[0])?.[1];
    if (!hreflang || !href || hreflang === 'x-default' || hreflang.startsWith('pt')) continue;
    if (hreflang.split('-')[0] === language) return canonicalPath(new URL(href, self.location.href).pathname);
  }
  return null;
}

/**
 * The visitor's guide, as one saved place (GUIDE_KEY): its first page (GUIDE_PATH), every page under it that a kept
 * page links to, and the same for the guide in the browser's language (alternateInBrowserLanguage), at most
 * MAX_GUIDE_PAGES pages with what they need (download). Null when the site has no guide (its first page does not
 * answer).
 */
async function downloadGuide(cache: Cache): Promise<Download | null> {
  const responses = new Map<string, Response>();
  let bytes = 0;
  const queue: { path: string; root: string }[] = [{ path: GUIDE_PATH, root: GUIDE_PATH }];
  const seen = new Set([GUIDE_PATH]);
  for (let pages = 0; queue.length > 0 && pages < MAX_GUIDE_PAGES; ) {
    const { path, root } = queue.shift() as { path: string; root: string };
    const page = await download(cache, path, null).catch(() => null);
    if (!page) {
      if (path === GUIDE_PATH) return null;
      continue;
    }
    pages += 1;
    for (const [url, response] of page.responses) {
      if (responses.has(url)) continue;
      const body = await response.clone().arrayBuffer();
      bytes += body.byteLength;
      responses.set(url, response);
    }
    const html = (await page.responses.get(pageKey(path))?.clone().text()) ?? '';
    const next = linkedPaths(html).map((linked) => ({ path: linked, root }));
    const translation = path === GUIDE_PATH ? alternateInBrowserLanguage(html) : null;
    if (translation) next.push({ path: translation, root: translation });
    for (const entry of next) {
      if (seen.has(entry.path) || !(entry.path === entry.root || entry.path.startsWith(`${entry.root}/`))) continue;
      seen.add(entry.path);
      queue.push(entry);
    }
  }
  return { responses, bytes };
}

let savedQueue: Promise<void> = Promise.resolve();

/** Runs the saved-places updates one after the other (two pages may send their lists at once). */
function keepSaved(list: unknown[]): Promise<void> {
  savedQueue = savedQueue.then(() => reconcileSaved(list)).catch(() => undefined);
  return savedQueue;
}

/**
 * Makes SAVED_CACHE hold what `list` (the favourites, newest first) asks for, within the bounds: keeps
 * the copies it still needs, downloads the missing ones and those of another build (when the
 * network answers), and deletes every file no kept item refers to. Tells the open pages when done.
 */
async function reconcileSaved(list: unknown[]): Promise<void> {
  const cache = await caches.open(SAVED_CACHE);
  const index = await readSavedIndex(cache);
  const known = new Map(index.items.map((item) => [item.key, item]));
  const wanted: SavedRequest[] = [{ key: 'page:favoritos', path: FAVOURITES_PATH, image: null }];
  for (const entry of list.slice(0, MAX_SAVED_ITEMS)) {
    const request = savedRequest(entry);
    if (request) wanted.push(request);
  }
  // The guide goes with the saved places, after them: a favourite is the visitor's own choice.
  if (wanted.length > 1) wanted.push({ key: GUIDE_KEY, path: GUIDE_PATH, image: null });
  const items: SavedItem[] = [];
  let total = 0;
  for (const request of wanted) {
    const kept = known.get(request.key);
    let item: SavedItem | null = kept && kept.path === request.path ? kept : null;
    if (!item || item.version !== VERSION) {
      const fresh =
        request.key === GUIDE_KEY
          ? await downloadGuide(cache).catch(() => null)
          : await download(cache, request.path, request.image).catch(() => null);
      if (fresh && total + fresh.bytes <= SAVED_BYTE_BUDGET) {
        // The page last: once it is kept, everything it needs is too (a visitor may go offline now).
        for (const [url, response] of [...fresh.responses].reverse()) await cache.put(url, response);
        item = { key: request.key, path: request.path, version: VERSION, urls: [...fresh.responses.keys()], bytes: fresh.bytes };
      } else if (fresh) {
        item = null;
      }
      // Offline or failing: the copy of another build, if any, stays until the next try.
    }
    if (item && total + item.bytes <= SAVED_BYTE_BUDGET) {
      items.push(item);
      total += item.bytes;
    }
  }
  const used = new Set(items.flatMap((item) => item.urls));
  for (const request of await cache.keys()) {
    if (new URL(request.url).pathname !== SAVED_INDEX && !used.has(request.url)) await cache.delete(request);
  }
  const summary: SavedIndex = { items, bytes: total, maxItems: MAX_SAVED_ITEMS, byteBudget: SAVED_BYTE_BUDGET };
  await cache.put(SAVED_INDEX, new Response(JSON.stringify(summary), { headers: { 'content-type': 'application/json' } }));
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) {
    client.postMessage({ savedOffline: items.map((item) => item.key) } satisfies MessageFromWorker);
  }
}

/** A saved copy of `url` (a page key or a file URL), if any. */
const savedCopy = (url: string) => caches.match(url, { cacheName: SAVED_CACHE });

/**
 * Another copy of the same photo: Astro names every encoding of one source image
 * '/_astro/{name}.{hash}_{variant}.{ext}', so with no network the width or format a saved page's
 * <picture> asks for can be drawn from the one kept. Browsers sniff image bytes, so the format may differ.
 */
async function samePhoto(url: URL): Promise<Response | undefined> {
  const prefix = /^(\/_astro\/[^/]+?_)[^/_]+\.(?:avif|webp|jpe?g|png)$/.exec(url.pathname)?.[1];
  if (!prefix) return undefined;
  const cache = await caches.open(SAVED_CACHE);
  for (const request of await cache.keys()) {
    if (new URL(request.url).pathname.startsWith(prefix)) return cache.match(request);
  }
  return undefined;
}

async function offlinePage(): Promise<Response> {
  return (
    (await caches.match(OFFLINE_PATH, { cacheName: PAGES })) ??
    new Response('Você está offline.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  );
}

/** Network first, with a timeout that only counts when a kept copy exists. */
async function pageFromNetworkFirst(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const cache = await caches.open(PAGES);
  const kept = await cache.match(pageKey(request.url));
  // A saved place's copy is the visitor's choice: it is refreshed by each build, never too old.
  const usable = (kept && !isTooOld(kept) ? kept : undefined) ?? (await savedCopy(pageKey(request.url)));
  // The page streams to the visitor while its copy is written.
  const network = fetch(request).then((response) => {
    if (keepable(response) && !response.redirected) event.waitUntil(keep(PAGES, pageKey(request.url), response.clone()));
    return response;
  });
  event.waitUntil(network.catch(() => undefined));
  if (!usable) return network.catch(offlinePage);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Response>((resolve) => {
    timer = setTimeout(() => resolve(usable), PAGE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([network, timeout]);
  } catch {
    return usable;
  } finally {
    clearTimeout(timer);
  }
}

async function fromCacheFirst(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const cached = (await caches.match(request, { cacheName: FILES })) ?? (await savedCopy(request.url));
  if (cached) return cached;
  try {
    const response = await fetch(request);
    if (keepable(response)) event.waitUntil(keep(FILES, request, response.clone()));
    return response;
  } catch (error) {
    const photo = request.destination === 'image' ? await samePhoto(new URL(request.url)) : undefined;
    if (photo) return photo;
    throw error;
  }
}

async function fromNetworkFirst(event: FetchEvent): Promise<Response> {
  const { request } = event;
  try {
    const response = await fetch(request);
    if (keepable(response)) event.waitUntil(keep(FILES, request, response.clone()));
    return response;
  } catch (error) {
    const cached = (await caches.match(request, { cacheName: FILES })) ?? (await savedCopy(request.url));
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !sameOrigin(request.url)) return;
  const url = new URL(request.url);
  if (url.pathname === '/sw.js' || isOpenDataFile(url.pathname)) return;
  if (isPage(request)) event.respondWith(pageFromNetworkFirst(event));
  else if (isCacheFirst(url, request)) event.respondWith(fromCacheFirst(event));
  else event.respondWith(fromNetworkFirst(event));
});
