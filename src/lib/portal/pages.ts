/**
 * Pure helpers of the news and testimonials portals: static pagination (page 1 is the portal
 * itself, later pages live at `{base}/page/{n}`), share links and related entries.
 */

/** SPEC section 9: both portals show 12 entries per page. */
export const PAGE_SIZE = 12;

/** Number of pages for `total` entries, at least 1 (an empty portal still has its page). */
export function pageCount(total: number, size: number = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The entries of page `page` (1-based). */
export function pageSlice<T>(entries: readonly T[], page: number, size: number = PAGE_SIZE): T[] {
  return entries.slice((page - 1) * size, page * size);
}

/** The URL of a portal page: the portal itself for page 1, `{base}/page/{n}` after. */
export function pagePath(base: string, page: number): string {
  return page <= 1 ? base : `${base}/page/${page}`;
}

/** The page numbers that need their own route (2..n); page 1 is the portal's index. */
export function laterPages(total: number, size: number = PAGE_SIZE): number[] {
  return Array.from({ length: pageCount(total, size) - 1 }, (_, index) => index + 2);
}

export interface ShareLink {
  network: 'Facebook' | 'Twitter' | 'WhatsApp';
  href: string;
}

/** Plain share URLs (no SDK, nothing loaded until the visitor clicks). */
export function shareLinks(url: string, title: string): ShareLink[] {
  const u = encodeURIComponent(url);
  return [
    { network: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'Twitter', href: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}` },
    { network: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
  ];
}

/**
 * Up to `limit` entries related to `current`: those sharing its group first, then the rest, each
 * in the given order (the collections are already newest first).
 */
export function relatedEntries<T extends { id: string }>(
  entries: readonly T[],
  current: T,
  sameGroup: (entry: T) => boolean,
  limit = 4,
): T[] {
  const others = entries.filter((entry) => entry.id !== current.id);
  return [...others.filter(sameGroup), ...others.filter((entry) => !sameGroup(entry))].slice(0, limit);
}

/** Numbers in Portuguese notation ('1.234', '9,2'). */
export function formatNumber(value: number, maximumFractionDigits = 0): string {
  return value.toLocaleString('pt-BR', { maximumFractionDigits });
}

/** 'HH:mm' in the site's time zone, or null for an invalid date. */
export function formatTime(iso: string, timeZone: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('pt-BR', { timeZone, hour: '2-digit', minute: '2-digit' }).format(date);
}
