/**
 * The build manifest: how many entries each collection had when the site was built, written into
 * `dist/build-manifest.json` when the build is done and published with the site. The next run's gate
 * compares its counts with the last published ones (scripts/verify/manifest.ts), so a collection that
 * lost its data, or suddenly holds far more, is never published silently.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { SNAPSHOT_SCHEMAS, type SnapshotName } from '../lib/schemas/index.ts';

export const MANIFEST_FILE = 'build-manifest.json';

/** Snapshot collections that hold published entries: the snapshot's own list, less status.json (bookkeeping). */
export const PUBLISHED_COLLECTIONS = (Object.keys(SNAPSHOT_SCHEMAS) as SnapshotName[]).filter(
  (name): name is Exclude<SnapshotName, 'status'> => name !== 'status',
);
export type PublishedCollection = Exclude<SnapshotName, 'status'>;

/**
 * Entries by collection; a collection whose file is missing or unreadable is absent. `isListed`
 * (items only) is false for a provider the lists leave out: it has a page, but no place in a list
 * (the gate's expected list pages, scripts/verify/pages.ts).
 */
export type Snapshot = Partial<Record<PublishedCollection, { id: string; isListed?: boolean }[]>>;

export interface BuildManifest {
  version: 1;
  /** When the build finished (ISO 8601). */
  builtAt: string;
  /** The snapshot folder the build read, relative to the project root, with forward slashes. */
  snapshotDir: string;
  /** Entries per published collection: each has its page. */
  counts: Partial<Record<PublishedCollection, number>>;
  /**
   * Entries per published collection that the portal lists, and /dados publishes (src/lib/open-data/):
   * `counts` less the items whose `isListed` is false, whose pages still answer. Absent from a
   * manifest written before it was counted.
   */
  listed?: Partial<Record<PublishedCollection, number>>;
}

/** Entries per collection of a snapshot. */
export function countsOf(snapshot: Snapshot): BuildManifest['counts'] {
  const counts: BuildManifest['counts'] = {};
  for (const name of PUBLISHED_COLLECTIONS) {
    const entries = snapshot[name];
    if (entries) counts[name] = entries.length;
  }
  return counts;
}

/** Listed entries per collection of a snapshot: every entry but an item the lists leave out (`isListed` false). */
export function listedCountsOf(snapshot: Snapshot): NonNullable<BuildManifest['listed']> {
  const counts: NonNullable<BuildManifest['listed']> = {};
  for (const name of PUBLISHED_COLLECTIONS) {
    const entries = snapshot[name];
    if (entries) counts[name] = entries.filter((entry) => entry.isListed !== false).length;
  }
  return counts;
}

/** The published collections of a snapshot folder that can be read as lists (the gate reports the others). */
async function readLists(dir: string): Promise<Snapshot> {
  const snapshot: Snapshot = {};
  for (const name of PUBLISHED_COLLECTIONS) {
    const value: unknown = await readFile(path.join(dir, `${name}.json`), 'utf8')
      .then((text) => JSON.parse(text) as unknown)
      .catch(() => null);
    if (Array.isArray(value)) snapshot[name] = value as { id: string }[];
  }
  return snapshot;
}

/** Writes the manifest of the snapshot in `snapshotDir` into `distDir` (called when the build is done). */
export async function writeBuildManifest(distDir: string, snapshotDir: string, root = process.cwd()): Promise<BuildManifest> {
  const snapshot = await readLists(path.resolve(root, snapshotDir));
  const manifest: BuildManifest = {
    version: 1,
    builtAt: new Date().toISOString(),
    snapshotDir: path.relative(root, path.resolve(root, snapshotDir)).split(path.sep).join('/'),
    counts: countsOf(snapshot),
    listed: listedCountsOf(snapshot),
  };
  await writeFile(path.join(distDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 1)}\n`, 'utf8');
  return manifest;
}

/** Writes dist/build-manifest.json when the build is done, from the snapshot the build read. */
export function buildManifest(snapshotDir: string, root: string): AstroIntegration {
  return {
    name: 'build-manifest',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        await writeBuildManifest(fileURLToPath(dir), snapshotDir, root);
      },
    },
  };
}
