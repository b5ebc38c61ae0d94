/**
 * The item kinds in the portal's order of lists (the link lists of the 404 and placeholder pages,
 * the kinds a visitor can save). A module of its own, without the per-kind table, so the favourites
 * store in the browser takes this list and nothing else.
 */
import type { ItemKind } from './schemas/index.ts';

export const KIND_ORDER = [
  'tour',
  'accommodation',
  'restaurant',
  'event',
  'tourProvider',
  'driver',
  'guide',
  'agency',
] as const satisfies readonly ItemKind[];
