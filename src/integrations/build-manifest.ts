/**
 * The build manifest: how many entries each collection had when the site was built, written into
 * `dist/build-manifest.json` when the build is done and published with the site. The next run's gate
 * compares its counts with the last published ones (scripts/verify/manifest.ts), so a collection that
 * lost its data, or suddenly holds far more, is never published silently; and its digests tell the
 * deploy whether any page's data changed since (scripts/data-change.ts).
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { SNAPSHOT_SCHEMAS, type SnapshotName } from '../lib/schemas/index.ts';
import { SNAPSHOT_VERSION } from '../lib/snapshot-migrations.ts';

export const MANIFEST_FILE = 'build-manifest.json';

/** Snapshot collections that hold published entries: the snapshot's own list, less status.json (bookkeeping). */
export const PUBLISHED_COLLECTIONS = (Object.keys(SNAPSHOT_SCHEMAS) as SnapshotName[]).filter(
  (name): name is Exclude<SnapshotName, 'status'> => name !== 'status',
);
export type PublishedCollection = Exclude<SnapshotName, 'status'>;

/**
 * Entries by collection; a collection whose file is missing or unreadable is absent. `isListed`
 * (items only) is false for a provider the lists leave out: it has a page, but no place in a list
 * (the gate's expected list pages, scripts/verify/pages.ts). `path` (blogPages only) is the page's
 * address on the portal, null when it has none (src/lib/visitor-guide/placement.ts).
 */
export type Snapshot = Partial<Record<PublishedCollection, { id: string; isListed?: boolean; path?: string | null }[]>>;

export interface BuildManifest {
  version: 1;
  /** When the build finished (ISO 8601). */
  builtAt: string;
  /** The snapshot folder the build read, relative to the project root, with forward slashes. */
  snapshotDir: string;
  /**
   * The version of the snapshot it was built from (src/lib/snapshot-migrations.ts), which names the
   * collections of `counts`, `listed` and `digests`. Absent from a manifest written before the
   * snapshot had a version: its collections are read as those of version 1's (scripts/verify/manifest.ts).
   */
  snapshotVersion?: number;
  /** Entries per published collection: each has its page. */
  counts: Partial<Record<PublishedCollection, number>>;
  /**
   * Entries per published collection that the portal lists, and /dados publishes (src/lib/open-data/):
   * `counts` less the items whose `isListed` is false, whose pages still answer. Absent from a
   * manifest written before it was counted.
   */
  listed?: Partial<Record<PublishedCollection, number>>;
  /**
   * A digest of each published collection's snapshot file as the build read it (SHA-256 of its bytes,
   * base64url): two manifests with the same digests were built from the same data, so a deploy whose
   * manifest has the last published one's digests and counts changed no page's data and commits nothing
   * to the data branch (scripts/data-change.ts). Absent from a manifest written before they were kept.
   */
  digests?: Partial<Record<PublishedCollection, string>>;
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

/** The digest BuildManifest['digests'] keeps of a collection file's text. */
export const fileDigest = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64url');

/**
 * The published collections of a snapshot folder that can be read as lists (the gate reports the
 * others), and the digest of each one's file.
 */
async function readLists(dir: string): Promise<{ snapshot: Snapshot; digests: NonNullable<BuildManifest['digests']> }> {
  const snapshot: Snapshot = {};
  const digests: NonNullable<BuildManifest['digests']> = {};
  for (const name of PUBLISHED_COLLECTIONS) {
    const text = await readFile(path.join(dir, `${name}.json`), 'utf8').catch(() => null);
    let value: unknown = null;
    try {
      value = text === null ? null : JSON.parse(text);
    } catch {
      value = null;
    }
    if (text !== null && Array.isArray(value)) {
      snapshot[name] = value as { id: string }[];
      digests[name] = fileDigest(text);
    }
  }
  return { snapshot, digests };
}

/** Writes the manifest of the snapshot in `snapshotDir` into `distDir` (called when the build is done). */
export async function writeBuildManifest(distDir: string, snapshotDir: string, root = process.cwd()): Promise<BuildManifest> {
  const { snapshot, digests } = await readLists(path.resolve(root, snapshotDir));
  const manifest: BuildManifest = {
    version: 1,
    builtAt: new Date().toISOString(),
    snapshotDir: path.relative(root, path.resolve(root, snapshotDir)).split(path.sep).join('/'),
    snapshotVersion: SNAPSHOT_VERSION,
    counts: countsOf(snapshot),
    listed: listedCountsOf(snapshot),
    digests,
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
