/**
 * The rule for the ids in page addresses (`/tour/{id}`), with no imports: the schemas (zod) and the
 * paths (src/lib/paths.ts, also in the browser) both use it.
 */

/** One path segment our pages can be built at and linked to: letters, digits, '-' and '_', 1 to 64 of them. */
const ROUTE_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Names a static host already gives a meaning to (`/news/index`, `/news/page/2`). */
const RESERVED_IDS = new Set(['index', 'page']);

/** True when `id` can be a page's address segment as it is (no encoding, no clash with a route). */
export function isRouteSafeId(id: string): boolean {
  return ROUTE_ID.test(id) && !RESERVED_IDS.has(id.toLowerCase());
}
