/**
 * What a collection's read is measured against: its last good snapshot from the upstream. A read far
 * smaller than its baseline (baselineOf) or a sudden growth over it (SYNC_GROWTH) is held, and a read
 * cut short by a failed page is filled from it (fillFromSnapshot).
 */
import type { CollectionStatus } from '../../../src/lib/schemas/index.ts';

/**
 * A sudden growth, held per collection like a shrink: more than `factor` times and more than
 * `entries` records more than the collection's last good count from the upstream. The gate's rule
 * for the whole site (10 times and 500 more, scripts/verify/manifest.ts) let 14 tours become 514
 * spam tours in one night; real catalogues grow by an editor's import of a provider's list, a few
 * dozen records (14 → 35 tours is 2.5 times). Tripling is the mirror of the shrink rule (half) with
 * room for such an import, and the 50 lets a small collection grow by a handful (3 → 12 events). Only
 * against a last good snapshot from the upstream: a first sync, the sample data (the sample and
 * other-city builds) and a collection that had none are never held. `--allow-growth` publishes it.
 */
export const SYNC_GROWTH = { factor: 3, entries: 50 } as const;

/** Whether `now` records are a sudden growth from `before` (SYNC_GROWTH). */
export function isSyncGrowth(before: number, now: number): boolean {
  return now > before * SYNC_GROWTH.factor && now - before > SYNC_GROWTH.entries;
}

/**
 * What a collection's read is measured against for a shrink, given its last good snapshot from the
 * upstream (`last`) and its last status: the baseline that status kept; for a status written before
 * baselines were kept, the count before the last night's additions when they were a sudden growth
 * (its `changes`: 514 with 500 added measures against 14, not 514); else the last good count.
 * Never more than the last good count (entries that no longer fit the schema are not counted).
 */
export function baselineOf(previous: CollectionStatus | undefined, last: number): number {
  if (previous?.baseline != null) return Math.min(previous.baseline, last);
  const changes = previous?.origin === 'upstream' ? previous.changes : null;
  if (previous && changes) {
    const before = previous.count - changes.added.total + changes.removed.total;
    if (before >= 0 && isSyncGrowth(before, previous.count)) return Math.min(before, last);
  }
  return last;
}

/**
 * The entries of a read cut short by a failed page, with those of the last good snapshot that were
 * not read (by id, compared without case as the records' own ids are) after them: the pages not read
 * are filled from the last good snapshot, so no record is lost to a page that failed.
 */
export function fillFromSnapshot<Entry extends { id: string }>(
  read: readonly Entry[],
  last: readonly Entry[],
): { entries: Entry[]; filled: number } {
  const ids = new Set(read.map((entry) => entry.id.toLowerCase()));
  const rest = last.filter((entry) => !ids.has(entry.id.toLowerCase()));
  return { entries: [...read, ...rest], filled: rest.length };
}

/** How many ids of `last` are not among those of `entries`. */
export function idsGone(last: readonly { id: string }[], entries: readonly { id: string }[]): number {
  const now = new Set(entries.map((entry) => entry.id));
  return last.filter((entry) => !now.has(entry.id)).length;
}
