/**
 * The saved places offline (src/lib/offline.ts): what Workbox does not do. The pages send the
 * visitor's favourites, newest first; keepSaved makes SAVED_CACHE, a cache no build deletes, hold
 * each one's page, the files it needs and its photo, then the visitor's guide (downloadGuide), within
 * MAX_SAVED_ITEMS and SAVED_BYTE_BUDGET. The worker's routes read these copies through savedCopy and
 * samePhoto (src/service-worker/sw.ts).
 */
import {
  FAVOURITES_PATH,
  GUIDE_KEY,
  GUIDE_PATH,
  MAX_GUIDE_PAGES,
  MAX_SAVED_ITEMS,
  type MessageFromWorker,
  SAVED_BYTE_BUDGET,
  SAVED_CACHE,
  SAVED_INDEX,
  type SavedIndex,
  type SavedItem,
  type SavedRequest,
} from '../lib/offline.ts';
import { canonicalPath } from '../lib/paths.ts';
import { FILES, keepable, pageKey, sameOrigin, shellUrls, unredirected, VERSION } from './site.ts';

declare const self: ServiceWorkerGlobalScope;

/** Most files (stylesheets, scripts, photos) kept for one saved page. */
const MAX_FILES_PER_PAGE = 60;

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
export function keepSaved(list: unknown[]): Promise<void> {
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
export const savedCopy = (url: string): Promise<Response | undefined> => caches.match(url, { cacheName: SAVED_CACHE });

/**
 * Another copy of the same photo: Astro names every encoding of one source image
 * '/_astro/{name}.{hash}_{variant}.{ext}', so with no network the width or format a saved page's
 * <picture> asks for can be drawn from the one kept. Browsers sniff image bytes, so the format may differ.
 */
export async function samePhoto(url: URL): Promise<Response | undefined> {
  const prefix = /^(\/_astro\/[^/]+?_)[^/_]+\.(?:avif|webp|jpe?g|png)$/.exec(url.pathname)?.[1];
  if (!prefix) return undefined;
  const cache = await caches.open(SAVED_CACHE);
  for (const request of await cache.keys()) {
    if (new URL(request.url).pathname.startsWith(prefix)) return cache.match(request);
  }
  return undefined;
}
