/**
 * What the service worker's modules (sw.ts, saved-places.ts) share: this build's caches, a page's
 * one key, and what is worth keeping.
 */
import { CACHE_PREFIX, NEVER_KEPT_PATHS } from '../lib/offline.ts';
import { canonicalPath } from '../lib/paths.ts';

declare const self: ServiceWorkerGlobalScope;
/** Replaced by the build's version when the bundle is served (src/pages/sw.js.ts). */
declare const BUILD_VERSION: string;

export const VERSION = BUILD_VERSION;
/** This build's kept pages. */
export const PAGES = `${CACHE_PREFIX}pages-${VERSION}`;
/** This build's kept files: stylesheets, scripts, photos, the search index. */
export const FILES = `${CACHE_PREFIX}files-${VERSION}`;

/**
 * Pages are kept by path in their one form (canonicalPath): '/all-tours?tipo=x#top', '/all-tours/'
 * and '/all-tours' are one page offline (a folder-first host serves every page at '/x/',
 * src/integrations/static-hosting.ts).
 */
export const pageKey = (url: string): string => {
  const parsed = new URL(url, self.location.href);
  return `${parsed.origin}${canonicalPath(parsed.pathname)}`;
};

export const sameOrigin = (url: string): boolean => new URL(url, self.location.href).origin === self.location.origin;

/** A page /status and its like: never kept (NEVER_KEPT_PATHS). */
export const isNeverKept = (url: string): boolean =>
  NEVER_KEPT_PATHS.includes(canonicalPath(new URL(url, self.location.href).pathname));

/** True when the response is worth keeping: a complete 200 answer we can read (not opaque). */
export const keepable = (response: Response | null | undefined): boolean =>
  response?.status === 200 && (response.type === 'basic' || response.type === 'default');

/**
 * A plain copy of a response the host redirected (a folder-first host sends '/offline' to
 * '/offline/'): the browser refuses a redirected response as the answer to a navigation.
 */
export async function unredirected(response: Response): Promise<Response> {
  if (!response.redirected) return response;
  const { status, statusText, headers } = response;
  return new Response(await response.blob(), { status, statusText, headers });
}

/** URLs of the stylesheets, icons and images an HTML page links with site paths. */
export function shellUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<link[^>]+href="(\/[^"]+)"[^>]*>/g)) {
    if (match[1] && /rel="(stylesheet|icon)"/.test(match[0])) urls.add(match[1]);
  }
  for (const match of html.matchAll(/<img[^>]+src="(\/[^"]+)"/g)) if (match[1]) urls.add(match[1]);
  return [...urls];
}
