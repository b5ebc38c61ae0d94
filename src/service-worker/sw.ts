/**
 * The site's service worker, bundled by src/integrations/service-worker.ts and served as /sw.js by
 * src/pages/sw.js.ts, which puts the build's version in BUILD_VERSION. Typed against the WebWorker
 * library (src/service-worker/tsconfig.json). For visitors on slow and flaky connections:
 *
 * - Pages: network first (Workbox's NetworkFirst). A page that answers is shown and kept; when the
 *   network fails, or gives nothing within PAGE_TIMEOUT_SECONDS and a kept copy exists, the kept
 *   copy is shown (and the late answer is still kept: keepLateAnswer); a page never kept gets the
 *   offline page ('Você está offline', the catch handler). So online, a page is always the current
 *   build's.
 * - /_astro/ files (hashed names, never change), images and fonts: cache first (CacheFirst), kept on
 *   first use.
 * - Search index (/pagefind/): its hashed chunks cache first, its entry files network first, so the
 *   searches a visitor made work offline against the index they were made with.
 * - Install keeps the offline page and the stylesheets, icons and logo it needs (the site shell).
 *   Our own install step, not Workbox's precaching: the shell's file names exist only once the
 *   pages are built, after this worker is bundled. No bound pushes the offline page out.
 * - Never kept: NEVER_KEPT_PATHS (/status), which must say how the current build went or nothing,
 *   and the open data files (isOpenDataFile: /dados/*.csv, *.json), left to the browser (no route).
 * - Each build has its own caches (BUILD_VERSION). A new build's worker, on activate, carries over
 *   the kept pages (offline fallbacks; online the new build's page is always fetched) and the
 *   hashed files, then deletes the old caches (carryOver, ours). A kept page older than
 *   MAX_AGE_DAYS is never served and is dropped (Workbox's ExpirationPlugin, by its Date header and
 *   its last use), and each cache holds at most MAX_ENTRIES, the least recently used going first.
 * - The registration script sends the URLs the page loaded before the worker controlled it, so
 *   the first page visited is kept too (the `keep` message).
 * - Saved places: the pages send the visitor's favourites ({ saved: [...] }, newest
 *   first). For each, the worker keeps the item's page, the files that page needs (stylesheets,
 *   scripts, islands) and its first photo in SAVED_CACHE, a cache no build deletes, so a place saved from a
 *   list opens with no signal though it was never opened; a removed favourite's copies go (a file
 *   two saved pages share goes with the last). /favoritos is always kept too. Bounded by
 *   MAX_SAVED_ITEMS and SAVED_BYTE_BUDGET: the newest favourites that fit are kept, the rest are
 *   not (and /favoritos says so). A kept copy made by another build is fetched again, in the
 *   background, the next time a page sends the list while online (every page load does).
 *   Ours: src/service-worker/saved-places.ts; every route falls back on these copies (savedCopy).
 * - The visitor's guide goes with the saved places: once one place is saved, the guide's pages are kept
 *   too (downloadGuide), after the favourites and within the same bounds, and go when the last one is removed.
 *
 * Workbox (workbox-routing, workbox-strategies, workbox-expiration, workbox-core) routes the
 * requests, runs the strategies with their timeout and expires the kept copies; the plugins below
 * say what this site keeps, under which key, and what it falls back on.
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, type Strategy } from 'workbox-strategies';
import { CACHE_PREFIX, isOpenDataFile, OFFLINE_PATH, SAVED_CACHE } from '../lib/offline.ts';
import { keepSaved, samePhoto, savedCopy } from './saved-places.ts';
import { FILES, isNeverKept, keepable, PAGES, pageKey, sameOrigin, shellUrls, unredirected } from './site.ts';

declare const self: ServiceWorkerGlobalScope;

const PAGE_TIMEOUT_SECONDS = 6;
const MAX_AGE_DAYS = 30;
/** Most entries kept per cache; the least recently used go first. */
const MAX_ENTRIES = { pages: 150, files: 600 };

const isPage = (request: Request) => request.mode === 'navigate' || (request.headers.get('accept') ?? '').includes('text/html');
const isHashedAsset = (url: URL) => url.pathname.startsWith('/_astro/');
const isSearchChunk = (url: URL) => /^\/pagefind\/.+\.(pf_fragment|pf_index|pf_meta|pf_filter)$/.test(url.pathname);
const isCacheFirst = (url: URL, request: Request) =>
  isHashedAsset(url) || isSearchChunk(url) || request.destination === 'image' || request.destination === 'font';
/** What the worker leaves to the browser: other sites, its own script and the open data files. */
const isLeftToBrowser = (url: URL) =>
  url.origin !== self.location.origin || url.pathname === '/sw.js' || isOpenDataFile(url.pathname);

/**
 * A copy of an answer worth keeping: complete and readable, never a NEVER_KEPT_PATHS page, a redirected one
 * made plain. The offline page is the install step's alone, so no bound ever pushes it out.
 */
const keptCopy = async (request: Request, response: Response) =>
  keepable(response) && !isNeverKept(request.url) && new URL(pageKey(request.url)).pathname !== OFFLINE_PATH
    ? unredirected(response)
    : null;
const keepComplete: WorkboxPlugin = { cacheWillUpdate: ({ request, response }) => keptCopy(request, response) };

/** The wait keepLateAnswer started, by the plugin's state for one request. */
const lateAnswers = new WeakMap<object, () => void>();
const settle = async ({ state }: { state?: object | undefined }) => {
  if (state) lateAnswers.get(state)?.();
};
/**
 * keepComplete for pages, and a page that answers after the timeout is still kept: NetworkFirst shows the
 * kept copy and stops waiting, so the event lives on until the answer is kept, refused or failed (a
 * minute at most).
 */
const keepLateAnswer: WorkboxPlugin = {
  requestWillFetch: async ({ request, event, state }) => {
    event.waitUntil(
      new Promise<void>((resolve) => {
        if (state) lateAnswers.set(state, resolve);
        setTimeout(resolve, 60_000);
      }),
    );
    return request;
  },
  fetchDidFail: settle,
  cacheWillUpdate: async ({ request, response, state }) => {
    const copy = await keptCopy(request, response);
    if (!copy) await settle({ state });
    return copy;
  },
  cacheDidUpdate: settle,
};
/** A page is kept and looked up by its one form (pageKey). */
const byPageKey: WorkboxPlugin = { cacheKeyWillBeUsed: async ({ request }) => pageKey(request.url) };
/** With no copy of its own (or one too old), a route serves the saved places' copy. */
const orSavedCopy: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ request, cachedResponse }) => cachedResponse ?? (await savedCopy(request.url)) ?? null,
};
const pageExpiry = { maxEntries: MAX_ENTRIES.pages, maxAgeSeconds: MAX_AGE_DAYS * 86_400 };
const fileExpiry = { maxEntries: MAX_ENTRIES.files };
// ExpirationPlugin declares its callbacks optional, which exactOptionalPropertyTypes does not read as a WorkboxPlugin.
// keepLateAnswer comes after the expiration, so the wait ends once the page's timestamp is written too.
const pagePlugins = [byPageKey, new ExpirationPlugin(pageExpiry), keepLateAnswer] as WorkboxPlugin[];
const filePlugins = [keepComplete, new ExpirationPlugin(fileExpiry)] as WorkboxPlugin[];

const pages = new NetworkFirst({
  cacheName: PAGES,
  networkTimeoutSeconds: PAGE_TIMEOUT_SECONDS,
  plugins: [...pagePlugins, orSavedCopy],
});
const files = new CacheFirst({ cacheName: FILES, plugins: [...filePlugins, orSavedCopy] });
const otherFiles = new NetworkFirst({ cacheName: FILES, plugins: [...filePlugins, orSavedCopy] });

registerRoute(({ url, request }) => !isLeftToBrowser(url) && isPage(request), pages);
registerRoute(({ url, request }) => !isLeftToBrowser(url) && isCacheFirst(url, request), files);
registerRoute(({ url }) => !isLeftToBrowser(url), otherFiles);

/** With no network and no copy: the offline page for a page, another copy of the same photo for a photo. */
setCatchHandler(async ({ request, url }) => {
  if (isPage(request)) {
    return (
      (await caches.match(OFFLINE_PATH, { cacheName: PAGES })) ??
      new Response('Você está offline.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } })
    );
  }
  return (request.destination === 'image' ? await samePhoto(url) : undefined) ?? Response.error();
});

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const response = await unredirected(await fetch(OFFLINE_PATH, { cache: 'no-cache' }));
      if (!keepable(response)) throw new Error(`offline page: HTTP ${response.status}`);
      const html = await response.clone().text();
      await (await caches.open(PAGES)).put(OFFLINE_PATH, response);
      const shell = await caches.open(FILES);
      await Promise.all(
        shellUrls(html).map(async (url) => {
          const answer = await fetch(url);
          if (keepable(answer)) await shell.put(url, answer);
        }),
      );
      await self.skipWaiting();
    })(),
  );
});

clientsClaim();

/** A kept response older than MAX_AGE_DAYS by its Date header, which ExpirationPlugin would not serve. */
function isTooOld(response: Response): boolean {
  const date = Date.parse(response.headers.get('date') ?? '');
  return Number.isFinite(date) && Date.now() - date > MAX_AGE_DAYS * 86_400_000;
}

/**
 * Moves into this build's caches what the old builds' caches hold that is still worth keeping:
 * kept pages younger than MAX_AGE_DAYS (offline fallbacks only: online, every page comes from the
 * network, so the new build's page takes over at the next visit) and files with hashed names
 * (they never change meaning; the old pages need them). Nothing is downloaded, which matters on a
 * metered connection. What moves is counted as used now, so the caches' bounds apply to it.
 */
async function carryOver(oldNames: string[]): Promise<void> {
  const kept = {
    pages: { cache: await caches.open(PAGES), expiry: new CacheExpiration(PAGES, pageExpiry) },
    files: { cache: await caches.open(FILES), expiry: new CacheExpiration(FILES, fileExpiry) },
  };
  for (const name of oldNames) {
    const old = await caches.open(name);
    for (const request of await old.keys()) {
      const url = new URL(request.url);
      const response = await old.match(request);
      if (!response || url.pathname === OFFLINE_PATH) continue;
      const isPages = name.startsWith(`${CACHE_PREFIX}pages-`);
      if (isPages ? isTooOld(response) : !(isHashedAsset(url) || isSearchChunk(url))) continue;
      const into = isPages ? kept.pages : kept.files;
      if (await into.cache.match(request)) continue;
      await into.cache.put(request, response);
      await into.expiry.updateTimestamp(request.url);
    }
    // The old cache's timestamps go with it.
    await new CacheExpiration(name, fileExpiry).delete();
    await caches.delete(name);
  }
  await kept.pages.expiry.expireEntries();
  await kept.files.expiry.expireEntries();
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = (await caches.keys()).filter(
        (name) => name.startsWith(CACHE_PREFIX) && name !== PAGES && name !== FILES && name !== SAVED_CACHE,
      );
      await carryOver(names);
    })(),
  );
});

/**
 * The strategies that keep what a page loaded before this worker controlled it: fetched only when
 * not kept yet, with the routes' keys and bounds.
 */
const keepPage = new CacheFirst({ cacheName: PAGES, plugins: pagePlugins });
const keepFile = new CacheFirst({ cacheName: FILES, plugins: filePlugins });

/** Runs `strategy` for `url` outside a fetch, until its copy is written; a failure keeps nothing. */
async function keepWith(strategy: Strategy, url: string, event: ExtendableMessageEvent): Promise<void> {
  const [response, done] = strategy.handleAll({ request: new Request(url), event });
  await Promise.all([response, done]).catch(() => undefined);
}

self.addEventListener('message', (event) => {
  // Whatever a page sends is checked: the worker trusts no shape.
  const data = (event.data ?? {}) as { [key in 'saved' | 'keep']?: unknown };
  if (Array.isArray(data.saved)) {
    event.waitUntil(keepSaved(data.saved));
    return;
  }
  const urls: unknown[] = Array.isArray(data.keep) ? data.keep : [];
  const source = event.source && 'url' in event.source ? event.source.url : '/';
  event.waitUntil(
    Promise.all(
      urls
        .filter((url): url is string => typeof url === 'string' && sameOrigin(url))
        .slice(0, 100)
        .map((url) => {
          const file = new URL(url, self.location.href);
          file.hash = '';
          if (isLeftToBrowser(file)) return undefined;
          return pageKey(url) === pageKey(source) ? keepWith(keepPage, url, event) : keepWith(keepFile, file.href, event);
        }),
    ),
  );
});
