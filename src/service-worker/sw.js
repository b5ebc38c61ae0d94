/**
 * The site's service worker (served as /sw.js by src/pages/sw.js.ts, which puts the build's version
 * in BUILD_VERSION). For visitors on slow and flaky connections:
 *
 * - Pages: network first. A page that answers is shown and kept; when the network fails, or gives
 *   nothing within PAGE_TIMEOUT_MS and a kept copy exists, the kept copy is shown; a page never kept
 *   gets the offline page ('Você está offline'). So online, a page is always the current build's.
 * - /_astro/ files (hashed names, never change) and images: cache first, kept on first use.
 * - Search index (/pagefind/): its hashed chunks cache first, its entry files network first, so the
 *   searches a visitor made work offline against the index they were made with.
 * - Install keeps the offline page and the stylesheets, icons and logo it needs (the site shell).
 * - Each build has its own caches (BUILD_VERSION). A new build's worker, on activate, carries over
 *   the kept pages (offline fallbacks; online the new build's page is always fetched) and the
 *   hashed files, then deletes the old caches. A kept page older than MAX_AGE_DAYS is dropped and
 *   never served, so no page lives in a cache forever.
 * - The registration script sends the URLs the page loaded before the worker controlled it, so
 *   the first page visited is kept too.
 */
const VERSION = 'BUILD_VERSION';
const PREFIX = 'bb-turismo-';
const PAGES = `${PREFIX}pages-${VERSION}`;
const FILES = `${PREFIX}files-${VERSION}`;
const OFFLINE_URL = '/offline';
const PAGE_TIMEOUT_MS = 6000;
const MAX_AGE_DAYS = 30;
/** Most entries kept per cache; the oldest go first. */
const MAX_ENTRIES = { [PAGES]: 150, [FILES]: 600 };

/**
 * Pages are kept by path in their one form: '/all-tours?tipo=x#top', '/all-tours/' and '/all-tours'
 * are one page offline (a folder-first host serves every page at '/x/', scripts/verify/hosting.ts).
 */
const pageKey = (url) => {
  const parsed = new URL(url, self.location.href);
  const path = parsed.pathname.replace(/(\/index)?\.html$/, '').replace(/\/+$/, '') || '/';
  return `${parsed.origin}${path}`;
};
const sameOrigin = (url) => new URL(url, self.location.href).origin === self.location.origin;
const isPage = (request) => request.mode === 'navigate' || (request.headers.get('accept') ?? '').includes('text/html');
const isHashedAsset = (url) => url.pathname.startsWith('/_astro/');
const isSearchChunk = (url) => /^\/pagefind\/.+\.(pf_fragment|pf_index|pf_meta|pf_filter)$/.test(url.pathname);
const isCacheFirst = (url, request) =>
  isHashedAsset(url) || isSearchChunk(url) || request.destination === 'image' || request.destination === 'font';

/** True when the response is worth keeping: a complete 200 answer we can read (not opaque). */
const keepable = (response) => response?.status === 200 && (response.type === 'basic' || response.type === 'default');

/**
 * A plain copy of a response the host redirected (a folder-first host sends '/offline' to
 * '/offline/'): the browser refuses a redirected response as the answer to a navigation.
 */
async function unredirected(response) {
  if (!response.redirected) return response;
  const { status, statusText, headers } = response;
  return new Response(await response.blob(), { status, statusText, headers });
}

/** A kept response older than MAX_AGE_DAYS (by its Date header) is stale. */
function isTooOld(response) {
  const date = Date.parse(response.headers.get('date') ?? '');
  return Number.isFinite(date) && Date.now() - date > MAX_AGE_DAYS * 86_400_000;
}

async function trim(cacheName) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  const excess = keys.length - (MAX_ENTRIES[cacheName] ?? 300);
  for (const request of keys.slice(0, Math.max(0, excess))) await cache.delete(request);
}

async function keep(cacheName, request, response) {
  const cache = await caches.open(cacheName);
  await cache.put(request, response);
  await trim(cacheName);
}

/** URLs of the stylesheets, icons and images an HTML page links with site paths. */
function shellUrls(html) {
  const urls = new Set();
  for (const match of html.matchAll(/<link[^>]+href="(\/[^"]+)"[^>]*>/g)) {
    if (/rel="(stylesheet|icon)"/.test(match[0])) urls.add(match[1]);
  }
  for (const match of html.matchAll(/<img[^>]+src="(\/[^"]+)"/g)) urls.add(match[1]);
  return [...urls];
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const response = await unredirected(await fetch(OFFLINE_URL, { cache: 'no-cache' }));
      if (!keepable(response)) throw new Error(`offline page: HTTP ${response.status}`);
      const html = await response.clone().text();
      await (await caches.open(PAGES)).put(OFFLINE_URL, response);
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
async function carryOver(oldNames) {
  const pages = await caches.open(PAGES);
  const files = await caches.open(FILES);
  for (const name of oldNames) {
    const old = await caches.open(name);
    for (const request of await old.keys()) {
      const url = new URL(request.url);
      const response = await old.match(request);
      if (!response || url.pathname === OFFLINE_URL) continue;
      if (name.startsWith(`${PREFIX}pages-`)) {
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
      const names = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== PAGES && name !== FILES);
      await carryOver(names);
      await Promise.all(names.map((name) => caches.delete(name)));
      await trim(PAGES);
      await trim(FILES);
    })(),
  );
});

/** The registration script's list of what the page loaded before this worker controlled it. */
self.addEventListener('message', (event) => {
  const urls = Array.isArray(event.data?.keep) ? event.data.keep : [];
  event.waitUntil(
    Promise.all(
      urls
        .filter((url) => typeof url === 'string' && sameOrigin(url))
        .slice(0, 100)
        .map(async (url) => {
          const html = pageKey(url) === pageKey(event.source?.url ?? '/');
          const cacheName = html ? PAGES : FILES;
          const key = html ? pageKey(url) : new URL(url, self.location.href).href.split('#')[0];
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

async function offlinePage() {
  return (
    (await caches.match(OFFLINE_URL, { cacheName: PAGES })) ??
    new Response('Você está offline.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  );
}

/** Network first, with a timeout that only counts when a kept copy exists. */
async function pageFromNetworkFirst(event) {
  const { request } = event;
  const cache = await caches.open(PAGES);
  const kept = await cache.match(pageKey(request.url));
  const usable = kept && !isTooOld(kept) ? kept : undefined;
  // The page streams to the visitor while its copy is written.
  const network = fetch(request).then((response) => {
    if (keepable(response) && !response.redirected) event.waitUntil(keep(PAGES, pageKey(request.url), response.clone()));
    return response;
  });
  event.waitUntil(network.catch(() => undefined));
  if (!usable) return network.catch(offlinePage);
  let timer;
  const timeout = new Promise((resolve) => {
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

async function fromCacheFirst(event) {
  const { request } = event;
  const cached = await caches.match(request, { cacheName: FILES });
  if (cached) return cached;
  const response = await fetch(request);
  if (keepable(response)) event.waitUntil(keep(FILES, request, response.clone()));
  return response;
}

async function fromNetworkFirst(event) {
  const { request } = event;
  try {
    const response = await fetch(request);
    if (keepable(response)) event.waitUntil(keep(FILES, request, response.clone()));
    return response;
  } catch (error) {
    const cached = await caches.match(request, { cacheName: FILES });
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !sameOrigin(request.url)) return;
  const url = new URL(request.url);
  if (url.pathname === '/sw.js') return;
  if (isPage(request)) event.respondWith(pageFromNetworkFirst(event));
  else if (isCacheFirst(url, request)) event.respondWith(fromCacheFirst(event));
  else event.respondWith(fromNetworkFirst(event));
});
