/** The typed JSON snapshot on disk: one file per collection plus status.json, written atomically. */
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { currentSnapshotName, formerSnapshotName } from '../../src/lib/former-names.ts';
import { type CollectionStatus, CollectionStatusSchema } from '../../src/lib/schemas/index.ts';
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

/**
 * The last good entries of a collection that still fit its current schema; null when there are none.
 * A snapshot written before the collection was renamed is read under its former name.
 */
export async function readPreviousEntries(dir: string, spec: CollectionSpec): Promise<{ id: string }[] | null> {
  const former = formerSnapshotName(spec.name);
  let stored = await readJsonFile(path.join(dir, `${spec.name}.json`));
  if (stored === undefined && former) stored = await readJsonFile(path.join(dir, `${former}.json`));
  if (!Array.isArray(stored)) return null;
  const valid = stored.flatMap((entry) => {
    const parsed = spec.schema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
  // Entries written by an older version may no longer fit; a mostly unreadable file is no snapshot.
  return valid.length > 0 && valid.length * 2 >= stored.length ? valid : null;
}

/** status.json of the previous sync, by collection name. */
export async function readPreviousStatus(dir: string): Promise<Map<string, CollectionStatus>> {
  const stored = await readJsonFile(path.join(dir, `${STATUS_FILE}.json`));
  const statuses = new Map<string, CollectionStatus>();
  if (Array.isArray(stored)) {
    for (const entry of stored) {
      const parsed = CollectionStatusSchema.safeParse(entry);
      if (parsed.success) {
        const id = currentSnapshotName(parsed.data.id);
        statuses.set(id, { ...parsed.data, id });
      }
    }
  }
  return statuses;
}
