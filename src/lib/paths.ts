/**
 * The addresses of the pages an entry has (`/tour/101`, `/news/abc`) and the rule for the ids in
 * them, in a module of their own: no per-kind table (src/lib/entities.ts), no zod, so the browser's
 * favourites (src/stores/favourites.ts) can rebuild a saved item's link from its kind and id instead
 * of trusting one it was handed.
 */
import type { ItemKind } from './schemas/index.ts';

/** One path segment our pages can be built at and linked to: letters, digits, '-' and '_', 1 to 64 of them. */
const ROUTE_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Names a static host already gives a meaning to (`/news/index`, `/news/page/2`). */
const RESERVED_IDS = new Set(['index', 'page']);

/** True when `id` can be a page's address segment as it is (no encoding, no clash with a route). */
export function isRouteSafeId(id: string): boolean {
  return ROUTE_ID.test(id) && !RESERVED_IDS.has(id.toLowerCase());
}

/** The detail route of each kind of item: `${prefix}/${id}` (ENTITIES[kind].detailPrefix). */
export const DETAIL_PREFIXES = {
  tour: '/tour',
  accommodation: '/accommodation',
  restaurant: '/restaurant',
  event: '/event',
  driver: '/driver',
  guide: '/guide',
  agency: '/agency',
  attraction: '/provider-tour',
} as const satisfies Record<ItemKind, string>;

/** The detail page of an item. */
export const itemPath = (kind: ItemKind, id: string) => `${DETAIL_PREFIXES[kind]}/${encodeURIComponent(id)}`;
export const experiencePath = (id: string) => `/experience/${encodeURIComponent(id)}`;
export const newsPath = (id: string) => `/news/${encodeURIComponent(id)}`;
export const testimonialPath = (id: string) => `/testimonials/${encodeURIComponent(id)}`;
