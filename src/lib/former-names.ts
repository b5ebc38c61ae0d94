/**
 * Names an earlier version of the portal wrote, and what each is called now. A last good snapshot,
 * the last published build manifest and a visitor's saved or shared list may still hold the former
 * names: each is read under the current one, so a rename loses no last good entry, trips no shrink
 * check and empties no list of favourites. No imports: the favourites store in the browser takes it.
 */

/** Item kinds: `attraction` was the provider of tours (`/provider-tour`), now `tourProvider`. */
export const FORMER_KIND_NAMES: Readonly<Record<string, string>> = { attraction: 'tourProvider' };

/** Snapshot collections (and the build manifest's counts): `attractions.json` is now `tourProviders.json`. */
export const FORMER_SNAPSHOT_NAMES: Readonly<Record<string, string>> = { attractions: 'tourProviders' };

const current = (table: Readonly<Record<string, string>>, name: string): string =>
  Object.hasOwn(table, name) ? (table[name] ?? name) : name;

/** A kind as stored, under its current name; anything but a string as it is (the schema judges it). */
export const currentKindName = (kind: unknown): unknown => (typeof kind === 'string' ? current(FORMER_KIND_NAMES, kind) : kind);

/** A collection name as stored, under its current name. */
export const currentSnapshotName = (name: string): string => current(FORMER_SNAPSHOT_NAMES, name);

/** The name a collection had before, or null. */
export const formerSnapshotName = (name: string): string | null =>
  Object.entries(FORMER_SNAPSHOT_NAMES).find(([, now]) => now === name)?.[0] ?? null;
