/**
 * The build reads a snapshot of the current format only (SNAPSHOT_VERSION, src/lib/snapshot-migrations.ts):
 * any other version ends `astro build`, `astro dev` and `astro check` in one line naming the folder and
 * both versions, before a collection is loaded. The build does not migrate: the sync does, when it
 * reads a last good snapshot (scripts/sync/snapshot.ts, migrateSnapshotDir), and every way to a build
 * runs a sync first (`npm run build`, the deploy workflow's sync or its `sync --images-only` before it
 * builds the last good data again), so the pages and the gate read the same files in one format.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AstroIntegration } from 'astro';
import {
  SNAPSHOT_VERSION,
  SNAPSHOT_VERSION_FILE,
  SnapshotVersionError,
  storedSnapshotVersion,
} from '../lib/snapshot-migrations.ts';

/** The version file's JSON: undefined when it does not exist, null when it cannot be read. */
function readVersionFile(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : null;
  }
}

/**
 * Why the build cannot read the snapshot in `dir` for its version, or null: it is of the current
 * version, or there is no snapshot at all (each missing file then fails the build by name, src/content.config.ts).
 */
export function snapshotVersionProblem(dir: string): string | null {
  const files = (() => {
    try {
      return readdirSync(dir).filter((name) => name.endsWith('.json'));
    } catch {
      return [];
    }
  })();
  if (files.length === 0) return null;
  let version: number;
  try {
    version = storedSnapshotVersion(readVersionFile(path.join(dir, `${SNAPSHOT_VERSION_FILE}.json`)), `The snapshot in ${dir}`);
  } catch (error) {
    if (error instanceof SnapshotVersionError) return error.message;
    throw error;
  }
  if (version === SNAPSHOT_VERSION) return null;
  return (
    `The snapshot in ${dir} is of version ${version}; the build reads version ${SNAPSHOT_VERSION}. ` +
    'Run `npm run sync` (or `npm run sync -- --images-only`, which asks no source) with the same SNAPSHOT_DIR: it migrates the snapshot.'
  );
}

/** Ends the build in one line, exit status 1, when the snapshot in `snapshotDir` is of another version. */
export function snapshotVersion(snapshotDir: string): AstroIntegration {
  return {
    name: 'snapshot-version',
    hooks: {
      'astro:config:setup': () => {
        const problem = snapshotVersionProblem(snapshotDir);
        if (problem === null) return;
        console.error(problem);
        process.exit(1);
      },
    },
  };
}
