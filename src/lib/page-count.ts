/**
 * How many pages `count` items make, `perPage` at a time: at least 1 (an empty portal still has its
 * page, an empty carousel its one view). Shared by the carousels and the portals; a module of its
 * own so each island's bundle takes this and nothing else of the other's.
 */
export function pageCount(count: number, perPage: number): number {
  if (count <= 0 || perPage <= 0) return 1;
  return Math.ceil(count / perPage);
}

/** The 1-based page that holds the item at 0-based `position`, `perPage` to a page (a list's or a portal's index). */
export function pageOf(position: number, perPage: number): number {
  return Math.floor(position / perPage) + 1;
}
