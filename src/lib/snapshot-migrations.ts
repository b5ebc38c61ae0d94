/**
 * The snapshot's format version, and one migration per version step: what reads a snapshot written
 * by an earlier version of the portal brings it to the current format here, once, instead of every
 * reader guessing at former names and shapes. The sync migrates the last good snapshot when it reads
 * it (scripts/sync/snapshot.ts); the build refuses any other version than SNAPSHOT_VERSION
 * (src/integrations/snapshot-version.ts). How to add a step: docs/architecture.md, "The snapshot's version".
 *
 * Pure: values in, values out, no files (the callers read and write them).
 */
import { wallClock } from './format.ts';

/** The file beside the collections that holds the snapshot's version, `{ "version": 4 }`: its name without `.json`. */
export const SNAPSHOT_VERSION_FILE = 'snapshot';

/** The format this code writes, and the only one the build reads. */
export const SNAPSHOT_VERSION = 4;

/**
 * The version of a snapshot without a version file: written before the snapshot said its version.
 * It may be in the shape of any version up to 4, so every step leaves a value already in a later shape as it is.
 */
export const UNVERSIONED_SNAPSHOT = 1;

/** A snapshot's files as stored: each file's name without `.json`, and its parsed JSON (null when unreadable). */
export type StoredSnapshot = Readonly<Record<string, unknown>>;

/** One version step: a snapshot of version `from` in the shape of version `from + 1`. */
export interface SnapshotMigration {
  from: number;
  /** Collections this step renames, former name → new name: also the build manifest's counts by collection. */
  renamedCollections: Readonly<Record<string, string>>;
  /** Item kinds this step renames, former name → new name: also a visitor's saved list (src/lib/favourite.ts). */
  renamedKinds: Readonly<Record<string, string>>;
  migrate: (snapshot: StoredSnapshot) => StoredSnapshot;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** `value` with each entry of a list mapped (objects only); anything else as it is. */
const mapEntries = (value: unknown, map: (entry: Record<string, unknown>) => Record<string, unknown>): unknown =>
  Array.isArray(value) ? value.map((entry) => (isRecord(entry) ? map(entry) : entry)) : value;

/** `entry` with each of `fields` it has mapped; the fields it lacks stay absent. */
const mapFields = (entry: Record<string, unknown>, fields: readonly string[], map: (value: unknown) => unknown) =>
  Object.fromEntries(Object.entries(entry).map(([field, value]) => [field, fields.includes(field) ? map(value) : value]));

const renamed = (table: Readonly<Record<string, string>>, name: unknown): unknown =>
  typeof name === 'string' && Object.hasOwn(table, name) ? table[name] : name;

/** The collections of `snapshot` under their new names; a file already under the new name wins over the former one. */
function renameCollections(snapshot: StoredSnapshot, table: Readonly<Record<string, string>>): Record<string, unknown> {
  const next: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(snapshot)) {
    const now = renamed(table, name) as string;
    if (now === name || !Object.hasOwn(snapshot, now)) next[now] = value;
  }
  return next;
}

const ATTRACTION_OPERATORS = { collections: { attractions: 'tourProviders' }, kinds: { attraction: 'tourProvider' } } as const;

/**
 * Version 1 → 2: the business that runs attractions (`/provider-tour/{id}`) was the kind `attraction`
 * in `attractions.json`, the name the upstream gives its events; it is the kind `tourProvider` in
 * `tourProviders.json`, and status.json's line of that collection has its new id.
 */
function tourProvidersNotAttractions(snapshot: StoredSnapshot): StoredSnapshot {
  const next = renameCollections(snapshot, ATTRACTION_OPERATORS.collections);
  for (const [name, value] of Object.entries(next)) {
    next[name] = mapEntries(value, (entry) =>
      name === 'status'
        ? mapFields(entry, ['id'], (id) => renamed(ATTRACTION_OPERATORS.collections, id))
        : mapFields(entry, ['kind'], (kind) => renamed(ATTRACTION_OPERATORS.kinds, kind)),
    );
  }
  return next;
}

/** An event date as version 2 stored it: a UTC instant. */
const EVENT_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * An event date of version 2 in the shape of version 3: the day alone when the instant was the noon in
 * the city that stood for a day without a time, else the city's clock with its offset
 * ('2027-04-16T20:00:00-04:00'); any other value as it is.
 */
export function eventDateOnTheCityClock(value: unknown): unknown {
  if (typeof value !== 'string' || !EVENT_INSTANT.test(value)) return value;
  const { wall, offset } = wallClock(new Date(value));
  if (wall.endsWith('T12:00:00')) return wall.slice(0, 10);
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${wall}${offset < 0 ? '-' : '+'}${hours}:${minutes}`;
}

/**
 * Version 2 → 3: an item's `startDate` and `endDate` were UTC instants; they are the day, or the day
 * and time on the city's clock with its offset (EventDateSchema, src/lib/schemas/item.ts).
 */
function eventDatesOnTheCityClock(snapshot: StoredSnapshot): StoredSnapshot {
  return Object.fromEntries(
    Object.entries(snapshot).map(([name, value]) => [
      name,
      mapEntries(value, (entry) => mapFields(entry, ['startDate', 'endDate'], eventDateOnTheCityClock)),
    ]),
  );
}

/** `entry` with its field `former` under the name `now`, in the same place; an entry that has `now` already as it is. */
const renameField = (entry: Record<string, unknown>, former: string, now: string) =>
  Object.hasOwn(entry, now) || !Object.hasOwn(entry, former)
    ? entry
    : Object.fromEntries(Object.entries(entry).map(([field, value]) => [field === former ? now : field, value]));

/**
 * Version 3 → 4, names only: a testimonial's `visitDate` held when it was written (the feedback's
 * `created_at`), never a visit's date, and is its `writtenDate`; the city data API, a source named
 * 'provider' in status.json's lines, is the source 'cityApi' (docs/architecture.md, "Glossary").
 */
function writtenDatesAndCityApiSource(snapshot: StoredSnapshot): StoredSnapshot {
  return Object.fromEntries(
    Object.entries(snapshot).map(([name, value]) => {
      if (name === 'testimonials') return [name, mapEntries(value, (entry) => renameField(entry, 'visitDate', 'writtenDate'))];
      if (name === 'status') {
        return [
          name,
          mapEntries(value, (entry) => mapFields(entry, ['source'], (source) => (source === 'provider' ? 'cityApi' : source))),
        ];
      }
      return [name, value];
    }),
  );
}

/** Every step, oldest first: the step from version N is `SNAPSHOT_MIGRATIONS[N - 1]`. */
export const SNAPSHOT_MIGRATIONS: readonly SnapshotMigration[] = [
  {
    from: 1,
    renamedCollections: ATTRACTION_OPERATORS.collections,
    renamedKinds: ATTRACTION_OPERATORS.kinds,
    migrate: tourProvidersNotAttractions,
  },
  { from: 2, renamedCollections: {}, renamedKinds: {}, migrate: eventDatesOnTheCityClock },
  { from: 3, renamedCollections: {}, renamedKinds: {}, migrate: writtenDatesAndCityApiSource },
];

/** A snapshot (or build manifest) whose version this code cannot read: too new, or not a version. */
export class SnapshotVersionError extends Error {
  override name = 'SnapshotVersionError';
}

/** Checks that `version` is one this code reads or migrates, else says why in one line naming `where`. */
export function checkSnapshotVersion(version: unknown, where: string): number {
  if (typeof version !== 'number' || !Number.isInteger(version) || version < UNVERSIONED_SNAPSHOT) {
    throw new SnapshotVersionError(`${where} says it is of snapshot version ${JSON.stringify(version)}, which is no version.`);
  }
  if (version > SNAPSHOT_VERSION) {
    throw new SnapshotVersionError(
      `${where} is of snapshot version ${version}, newer than this code reads (${SNAPSHOT_VERSION}): run a newer version of the portal.`,
    );
  }
  return version;
}

/** The version a version file's JSON says (`undefined` when there is no file: UNVERSIONED_SNAPSHOT), checked. */
export function storedSnapshotVersion(value: unknown, where: string): number {
  if (value === undefined) return UNVERSIONED_SNAPSHOT;
  return checkSnapshotVersion(isRecord(value) ? value.version : value, where);
}

/** The steps from `version` to SNAPSHOT_VERSION, in order. */
const stepsFrom = (version: number) => SNAPSHOT_MIGRATIONS.filter((step) => step.from >= version);

/** A snapshot of `version` in the current format (SNAPSHOT_VERSION), through each step in turn. */
export function migrateSnapshot(snapshot: StoredSnapshot, version: number): StoredSnapshot {
  return stepsFrom(version).reduce((current, step) => step.migrate(current), snapshot);
}

/** A table by collection name (the build manifest's counts) of a snapshot of `version`, under the current names. */
export function migrateCollectionKeys<T>(table: Readonly<Record<string, T>>, version: number): Record<string, T> {
  return stepsFrom(version).reduce<Record<string, T>>(
    (current, step) => renameCollections(current, step.renamedCollections) as Record<string, T>,
    { ...table },
  );
}
