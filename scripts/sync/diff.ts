/**
 * What changed in a collection between the snapshot the sync started from and what it publishes now:
 * the ids added and removed, with their names, and how many entries changed. The change check
 * (`npm run sync -- --check`, scripts/sync/check.ts) reads it to decide whether to rebuild; status.json
 * keeps it for the editors' page (/status). A change is one a visitor would see: a field that moves on
 * its own (a views counter; VOLATILE_FIELDS in src/lib/schemas/collections.ts) is none.
 */
import { createHash } from 'node:crypto';
import { type EntryRef, volatileFieldsOf } from '../../src/lib/schemas/index.ts';
import { entryName } from '../../src/lib/status/collection-names.ts';

/** Each entry of a collection by id: its name, and a fingerprint of its fields but the volatile ones. */
export type EntryIndex = Map<string, { name: string; fingerprint: string }>;

export interface CollectionDiff {
  added: EntryRef[];
  removed: EntryRef[];
  /** Entries whose id is in both but whose fields differ. */
  changed: EntryRef[];
}

/** JSON with the keys of every object sorted: the same data gives the same text whatever order its keys were set in. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/** An entry's fields as its fingerprint covers them: every one but the collection's volatile fields. */
function lastingFields(entry: object, volatile: readonly string[]): object {
  if (volatile.length === 0) return entry;
  return Object.fromEntries(Object.entries(entry).filter(([key]) => !volatile.includes(key)));
}

/**
 * The index of a collection's entries (a later duplicate id replaces an earlier one; the sync keeps ids
 * unique). Two entries that differ only in the collection's volatile fields have one fingerprint.
 */
export function indexEntries(collection: string, entries: readonly { id: string }[]): EntryIndex {
  const volatile = volatileFieldsOf(collection);
  return new Map(
    entries.map((entry) => [
      entry.id,
      {
        name: entryName(collection, entry),
        fingerprint: createHash('sha256')
          .update(stableJson(lastingFields(entry, volatile)))
          .digest('base64url'),
      },
    ]),
  );
}

/** What `current` adds to, removes from and changes in `previous`, each in the order of its own collection. */
export function diffEntries(previous: EntryIndex, current: EntryIndex): CollectionDiff {
  const diff: CollectionDiff = { added: [], removed: [], changed: [] };
  for (const [id, entry] of current) {
    const before = previous.get(id);
    if (!before) diff.added.push({ id, name: entry.name });
    else if (before.fingerprint !== entry.fingerprint) diff.changed.push({ id, name: entry.name });
  }
  for (const [id, entry] of previous) if (!current.has(id)) diff.removed.push({ id, name: entry.name });
  return diff;
}

/** True when the diff has anything in it. */
export const hasChanges = (diff: CollectionDiff) => diff.added.length + diff.removed.length + diff.changed.length > 0;
