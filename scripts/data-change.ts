/**
 * Whether a deploy publishes other data than the `data` branch holds, so that it is worth a commit
 * there: the deploy workflow (.github/workflows/deploy.yml) runs it once the new site passed the gate,
 * and its save-data job commits nothing when the answer is no. A nightly run, an editor's button or a
 * repeated webhook that found nothing new then leaves the branch as it was (docs/deploy-and-hosting.md,
 * "The nightly rebuild").
 *
 *   node scripts/data-change.ts --previous <the data branch's files> --snapshot <SNAPSHOT_DIR> --manifest dist/build-manifest.json
 *
 * `--previous` is a folder laid out as the data branch (`build-manifest.json`, `snapshot/`). Prints one
 * line for $GITHUB_OUTPUT, `changed=true` or `changed=false`, and the reasons on stderr.
 *
 * The data changed when the build manifest is not the last published one, its moment aside (the digests
 * of every collection file the pages were built from, and their counts: BuildManifest in
 * src/integrations/build-manifest.ts), or when what the next sync reads of status.json moved (each
 * collection's `goodOrigin` and `baseline`: the shrink and growth checks measure against them). The rest
 * of status.json (when the sources answered, this run's notes) is this run's: /status publishes it with
 * the site, and the branch keeps the one of the last run that changed data.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BuildManifest } from '../src/integrations/build-manifest.ts';
import type { CollectionStatus } from '../src/lib/schemas/index.ts';
import { stableJson } from './sync/diff.ts';
import { readPreviousStatus } from './sync/snapshot.ts';
import { MANIFEST_FILE, readManifest } from './verify/manifest.ts';

/** What the data branch holds, or would hold after a commit. */
export interface PublishedData {
  manifest: BuildManifest;
  /** status.json by collection: the fields the next sync measures against. */
  statuses: ReadonlyMap<string, Pick<CollectionStatus, 'goodOrigin' | 'baseline'>>;
}

/** The manifest as data: every field but the moment it was written. */
const dataOf = ({ builtAt: _builtAt, ...manifest }: BuildManifest) => manifest;

/**
 * Why `next` is other data than `previous` (the data branch's, null when it has none), in English for
 * the log; empty when it is the same data, and a commit would change nothing a page or the next sync reads.
 */
export function dataChanges(previous: PublishedData | null, next: PublishedData): string[] {
  if (previous === null) return ['nothing published yet'];
  if (previous.manifest.digests === undefined) return ['the last published build manifest keeps no digests'];
  const reasons: string[] = [];
  const before = previous.manifest.digests;
  const after = next.manifest.digests ?? {};
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])] as (keyof typeof after)[];
  for (const name of names) {
    if (before[name] === after[name]) continue;
    if (before[name] === undefined) reasons.push(`${name}: published for the first time`);
    else if (after[name] === undefined) reasons.push(`${name}: no longer published`);
    else reasons.push(`${name}: its data changed`);
  }
  if (reasons.length === 0 && stableJson(dataOf(previous.manifest)) !== stableJson(dataOf(next.manifest))) {
    reasons.push('the build manifest changed');
  }
  for (const [id, status] of next.statuses) {
    const last = previous.statuses.get(id);
    if (last?.goodOrigin !== status.goodOrigin) reasons.push(`${id}: the origin of its last good data, now ${status.goodOrigin}`);
    if ((last?.baseline ?? null) !== status.baseline) {
      reasons.push(`${id}: the count the next sync measures against, ${last?.baseline ?? 'none'} → ${status.baseline ?? 'none'}`);
    }
  }
  return reasons;
}

/** The data in a snapshot folder and a manifest; null when there is no manifest (nothing published there). */
async function readPublished(snapshotDir: string, manifestFile: string): Promise<PublishedData | null> {
  const manifest = await readManifest(manifestFile);
  return manifest && { manifest, statuses: await readPreviousStatus(snapshotDir) };
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { previous: { type: 'string' }, snapshot: { type: 'string' }, manifest: { type: 'string' } },
  });
  if (!values.previous || !values.snapshot || !values.manifest) {
    console.error('data-change: give --previous <folder>, --snapshot <folder> and --manifest <build-manifest.json>.');
    process.exit(2);
  }
  const next = await readPublished(values.snapshot, values.manifest);
  if (!next) {
    console.error(`data-change: ${values.manifest} does not exist.`);
    process.exit(2);
  }
  const previous = await readPublished(path.join(values.previous, 'snapshot'), path.join(values.previous, MANIFEST_FILE));
  const reasons = dataChanges(previous, next);
  console.error(
    reasons.length > 0
      ? `data-change: the published data changed (${reasons.join('; ')}).`
      : 'data-change: the same data as the data branch holds; nothing to commit.',
  );
  console.log(`changed=${reasons.length > 0}`);
}
