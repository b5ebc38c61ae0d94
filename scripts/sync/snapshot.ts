/**
 * The typed JSON snapshot on disk: one file per collection plus status.json and the version file
 * (snapshot.json, src/lib/snapshot-migrations.ts), written atomically. What the sync reads of a last
 * good snapshot it reads in the current format: an older one is migrated on disk once
 * (migrateSnapshotDir), or in memory where nothing may be written (a dry run, the data branch's copy).
 */
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type CollectionStatus, CollectionStatusSchema } from '../../src/lib/schemas/index.ts';
import {
  migrateSnapshot,
  SNAPSHOT_VERSION,
  SNAPSHOT_VERSION_FILE,
  type StoredSnapshot,
  storedSnapshotVersion,
} from '../../src/lib/snapshot-migrations.ts';
import type { CollectionSpec } from './collections.ts';

export const STATUS_FILE = 'status';

/**
 * The text of `JSON.stringify(value, null, 1)` and a line break, in pieces: one per entry of a list
 * (a snapshot file is one), so that no piece is the whole file. A collection of 2,800 posts of 199,000
 * characters is over 500 million characters of JSON, more than one JavaScript string can hold
 * ('RangeError: Invalid string length'); each of its entries is not.
 */
export function* jsonPieces(value: unknown): Generator<string> {
  if (!Array.isArray(value) || value.length === 0) {
    yield `${JSON.stringify(value, null, 1)}\n`;
    return;
  }
  yield '[\n';
  const last = value.length - 1;
  for (const [index, entry] of value.entries()) {
    // As JSON.stringify writes a list's entry: one nesting level in, and null for what JSON cannot hold.
    const text = JSON.stringify(entry, null, 1) ?? 'null';
    yield ` ${text.replaceAll('\n', '\n ')}${index < last ? ',' : ''}\n`;
  }
  yield ']\n';
}

/** Bytes of `{name}.json` as writeJsonAtomic would write `value`, counted piece by piece. */
export function jsonBytes(value: unknown): number {
  let bytes = 0;
  for (const piece of jsonPieces(value)) bytes += Buffer.byteLength(piece, 'utf8');
  return bytes;
}

/** Pieces are gathered up to this many characters before each write: few writes, no large buffer. */
const WRITE_CHUNK_CHARS = 1 << 20;

/** Temporary files of writeJsonAtomic: `{name}.json.{pid}.{time}.tmp`. */
const TEMPORARY = /^[\w-]+\.json\.\d+\.\d+\.tmp$/;

/**
 * Writes `{dir}/{name}.json` through a temporary file and a rename, so readers never see half a
 * file. The JSON is written a chunk at a time (jsonPieces), never built as one string; on any
 * failure the temporary file is removed and the file before stays as it was.
 */
export async function writeJsonAtomic(dir: string, name: string, value: unknown): Promise<void> {
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, `${name}.json`);
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  let file: FileHandle | null = null;
  try {
    file = await open(temporary, 'w');
    let chunk: string[] = [];
    let chars = 0;
    for (const piece of jsonPieces(value)) {
      chunk.push(piece);
      chars += piece.length;
      if (chars >= WRITE_CHUNK_CHARS) {
        await file.write(chunk.join(''), null, 'utf8');
        chunk = [];
        chars = 0;
      }
    }
    if (chunk.length > 0) await file.write(chunk.join(''), null, 'utf8');
    await file.close();
    file = null;
    await rename(temporary, target);
  } catch (error) {
    await file?.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Removes the temporary files a sync that was killed while writing left in `dir` (none normally). */
export async function removeStaleTemporaries(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => TEMPORARY.test(name)).map((name) => rm(path.join(dir, name), { force: true })));
}

async function readJsonFile(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return null; // present but unreadable: treated as no snapshot
  }
}

/** The version of the snapshot in `dir` (throws SnapshotVersionError for one this code cannot read). */
export async function readSnapshotVersion(dir: string): Promise<number> {
  const file = path.join(dir, `${SNAPSHOT_VERSION_FILE}.json`);
  return storedSnapshotVersion(await readJsonFile(file), `The snapshot in ${dir}`);
}

/** The collection files of `dir` (every JSON file but the version file), by name without `.json`. */
async function collectionNames(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .filter((name) => name.endsWith('.json') && name !== `${SNAPSHOT_VERSION_FILE}.json`)
    .map((name) => name.slice(0, -'.json'.length));
}

/** Every collection file of the snapshot in `dir`, of `version`, in the current format. */
async function readMigrated(dir: string, version: number): Promise<StoredSnapshot> {
  const names = await collectionNames(dir);
  const stored = Object.fromEntries(
    await Promise.all(names.map(async (name) => [name, await readJsonFile(path.join(dir, `${name}.json`))])),
  );
  return migrateSnapshot(stored, version);
}

/** Readings of an older snapshot under way, by folder: the collections read together share one. */
const migrating = new Map<string, Promise<StoredSnapshot>>();

/**
 * The file `name` of the snapshot in `dir` as the current format has it: undefined when there is none,
 * null when it cannot be read. An older snapshot is migrated in memory, and left as it is on disk.
 */
async function readCurrentFile(dir: string, name: string): Promise<unknown> {
  const version = await readSnapshotVersion(dir);
  if (version === SNAPSHOT_VERSION) return readJsonFile(path.join(dir, `${name}.json`));
  let reading = migrating.get(dir);
  if (!reading) {
    reading = readMigrated(dir, version).finally(() => migrating.delete(dir));
    migrating.set(dir, reading);
  }
  return (await reading)[name];
}

/**
 * Brings the snapshot in `dir` to the current format before a sync writes into it: an older one is
 * migrated (each file rewritten, a renamed one removed), then the version file says SNAPSHOT_VERSION,
 * so every file written after it is of that version. Returns the version it migrated from, or null
 * when there was nothing to migrate (the current version, or no snapshot yet).
 */
export async function migrateSnapshotDir(dir: string): Promise<number | null> {
  const version = await readSnapshotVersion(dir);
  if (version === SNAPSHOT_VERSION) return null;
  const before = await collectionNames(dir);
  const migrated = await readMigrated(dir, version);
  for (const [name, value] of Object.entries(migrated)) {
    // An unreadable file stays as it was: its reader treats it as no snapshot.
    if (value !== null && value !== undefined) await writeJsonAtomic(dir, name, value);
  }
  for (const name of before.filter((name) => !Object.hasOwn(migrated, name)))
    await rm(path.join(dir, `${name}.json`), { force: true });
  await writeSnapshotVersion(dir);
  return before.length > 0 ? version : null;
}

/** Writes the version file of the current format into `dir`. */
export async function writeSnapshotVersion(dir: string): Promise<void> {
  await writeJsonAtomic(dir, SNAPSHOT_VERSION_FILE, { version: SNAPSHOT_VERSION });
}

/** The last good entries of a collection that still fit its current schema; null when there are none. */
export async function readPreviousEntries(dir: string, spec: CollectionSpec): Promise<{ id: string }[] | null> {
  const stored = await readCurrentFile(dir, spec.name);
  if (!Array.isArray(stored)) return null;
  const valid = stored.flatMap((entry) => {
    const parsed = spec.schema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
  // Entries the current schema refuses are dropped; a mostly unreadable file is no snapshot.
  return valid.length > 0 && valid.length * 2 >= stored.length ? valid : null;
}

/** status.json of the previous sync, by collection name. */
export async function readPreviousStatus(dir: string): Promise<Map<string, CollectionStatus>> {
  const stored = await readCurrentFile(dir, STATUS_FILE);
  const statuses = new Map<string, CollectionStatus>();
  if (Array.isArray(stored)) {
    for (const entry of stored) {
      const parsed = CollectionStatusSchema.safeParse(entry);
      if (parsed.success) statuses.set(parsed.data.id, parsed.data);
    }
  }
  return statuses;
}
