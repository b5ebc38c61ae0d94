/**
 * The addresses of the pages an entry has (`/tour/101`, `/news/abc`; the rule for their ids is in
 * route-id.ts), in a module of their own: no per-kind table (src/lib/entities.ts), no zod, so the browser's
 * favourites (src/lib/favourite.ts) can rebuild a saved item's link from its kind and id instead
 * of trusting one it was handed.
 */
import type { ItemKind } from './schemas/index.ts';

/** The detail route of each kind of item: `${prefix}/${id}` (ENTITIES[kind].detailPrefix). */
export const DETAIL_PREFIXES = {
  tour: '/tour',
  accommodation: '/accommodation',
  restaurant: '/restaurant',
  event: '/event',
  driver: '/driver',
  guide: '/guide',
  agency: '/agency',
  tourProvider: '/provider-tour',
} as const satisfies Record<ItemKind, string>;

/** The detail page of an item. */
export const itemPath = (kind: ItemKind, id: string) => `${DETAIL_PREFIXES[kind]}/${encodeURIComponent(id)}`;
export const experiencePath = (id: string) => `/experience/${encodeURIComponent(id)}`;
export const newsPath = (id: string) => `/news/${encodeURIComponent(id)}`;
export const testimonialPath = (id: string) => `/testimonials/${encodeURIComponent(id)}`;

/**
 * The one form of a page's path: no '.html', no 'index', no trailing slash ('/all-tours',
 * '/tour/101', '/'). Pages are built as files (build.format 'file'), so static hosts serve this
 * path without a redirect, and links, canonical URLs, JSON-LD and share links all use it.
 */
export function canonicalPath(pathname: string): string {
  const path = pathname.replace(/(?:\/index)?\.html$/, '').replace(/\/+$/, '');
  return path === '' || path === '/index' ? '/' : path;
}
