/** The typed JSON snapshot on disk: one file per collection plus status.json, written atomically. */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { currentSnapshotName, formerSnapshotName } from '../../src/lib/former-names.ts';
import { type CollectionStatus, CollectionStatusSchema } from '../../src/lib/schemas/index.ts';
import type { CollectionSpec } from './collections.ts';

export const STATUS_FILE = 'status';

/** Writes `{dir}/{name}.json` through a temporary file and a rename, so readers never see half a file. */
export async function writeJsonAtomic(dir: string, name: string, value: unknown): Promise<void> {
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, `${name}.json`);
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, `${JSON.stringify(value, null, 1)}\n`, 'utf8');
  await rename(temporary, target);
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
