/**
 * `npm run sync`: pulls the city data API, the blog and the podcast (or the embedded sample data) into
 * the snapshot that the Astro content collections read.
 *
 *   npm run sync [-- --allow-shrink] [-- --allow-growth] [-- --out data/snapshot] [-- --timeout 10]
 *   npm run sync -- --check [--allow-shrink] [--allow-growth] [--out data/snapshot]
 *   npm run sync -- --images-only [--out data/snapshot]
 *
 * Without --out the snapshot goes to SNAPSHOT_DIR and the images to IMAGE_CACHE_DIR, each relative to
 * the project root or absolute (src/lib/project-dirs.ts): where `npm run build:site` reads them.
 *
 * --allow-shrink publishes a collection that fell below half of its baseline, --allow-growth one that
 * grew suddenly (over three times and over 50 records more than its last good count,
 * scripts/sync/run/last-good.ts SYNC_GROWTH); without them such a collection keeps its last good snapshot and the
 * others publish. The deploy workflow passes its `allow_shrink` and `allow_growth` inputs.
 *
 * --check asks every source whether a sync would change that snapshot, and writes nothing (no
 * snapshot file, no status.json, no image): scripts/sync/check.ts. Its last line is the verdict, at
 * most 200 characters: `unchanged`, `changed: news +1 ("…"); events -1 ("…")` (each followed by
 * `(not reachable: blog)` and the like when a source is down or a collection was kept), both with
 * exit status 0; `cannot check: …` with exit status 2 when there is no snapshot to compare with
 * (the first publication needs a full run) or no configured source answered; 1 on any other error.
 * .github/workflows/check-sources.yml starts the deploy on `changed`.
 *
 * --images-only asks no source: it brings the images of the snapshot already there into the image
 * cache, as the deploy workflow does when it publishes the last good data again (docs/deploy-and-hosting.md,
 * "A refused update"), after migrating that snapshot to the current format as any sync does.
 *
 * A snapshot of a newer format than this code reads (src/lib/snapshot-migrations.ts) ends the sync in
 * one line, exit status 1, and is left as it is.
 *
 * With SECRET_FINGERPRINTS_FILE set, a sync first writes there the salted fingerprints of the secrets it
 * has (scripts/verify/fingerprints.ts), which the deploy gate searches dist/ for instead of the secrets:
 * the sync is the one step of the deploy workflow that holds them. --check and --images-only write none.
 *
 * In GitHub Actions ($GITHUB_STEP_SUMMARY) a sync also writes its report for the editors, in Portuguese,
 * to the run's summary (scripts/sync/summary.ts); the log stays the developers'.
 */
// First: .env loaded and every setting read (src/lib/load-settings.ts); a setting that cannot be read ends
// the sync here, in one line, before any module below reads it.
import '../src/lib/load-settings.ts';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { projectDir } from '../src/lib/project-dirs.ts';
import { SnapshotVersionError } from '../src/lib/snapshot-migrations.ts';
import { checkSources } from './sync/check.ts';
import { scaledTimeouts } from './sync/http.ts';
import { syncImages } from './sync/images/index.ts';
import { runSync } from './sync/run/index.ts';
import { migrateSnapshotDir } from './sync/snapshot.ts';
import { writeSyncSummary } from './sync/summary.ts';
import { writeGateFingerprints } from './verify/secrets.ts';

const root = path.resolve(import.meta.dirname, '..');

const { values } = parseArgs({
  options: {
    'allow-shrink': { type: 'boolean', default: false },
    'allow-growth': { type: 'boolean', default: false },
    // Whether anything changed at the sources since the snapshot, writing nothing (scripts/sync/check.ts).
    check: { type: 'boolean', default: false },
    // Only the image step, for the snapshot already in --out (a refused update publishes the last good data again).
    'images-only': { type: 'boolean', default: false },
    // SNAPSHOT_DIR is relative to the project root or absolute, as the build reads it; --out to the working folder.
    out: { type: 'string', default: projectDir(process.env, 'snapshot', root) },
    // Seconds an upstream answer may take per attempt (default 10; a request's retries and a source's
    // deadline grow in proportion): longer for a slow upstream, or for `npm run bench` on a busy
    // machine, whose local upstream is starved of CPU rather than down.
    timeout: { type: 'string' },
  },
});
const timeoutSeconds = values.timeout === undefined ? null : Number(values.timeout);
if (timeoutSeconds !== null && !(timeoutSeconds > 0)) throw new Error(`--timeout takes seconds, not "${values.timeout}".`);

const options = {
  env: process.env,
  outDir: path.resolve(values.out),
  sampleDir: path.join(root, 'sample-data'),
  allowShrink: values['allow-shrink'],
  allowGrowth: values['allow-growth'],
  ...(timeoutSeconds === null ? {} : { http: scaledTimeouts(timeoutSeconds * 1000) }),
};

try {
  await main();
} catch (error) {
  if (!(error instanceof SnapshotVersionError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}

async function main(): Promise<void> {
  if (values.check) {
    const result = await checkSources(options);
    // The verdict last: the workflow reads the last line.
    console.log(result.line);
    process.exitCode = result.exitCode;
  } else if (values['images-only']) {
    await migrateSnapshotDir(options.outDir);
    const images = await syncImages({ env: process.env, root, snapshotDir: options.outDir });
    console.log(`images of ${path.relative(root, options.outDir)}: ${images.warnings.length} warning(s)`);
  } else {
    const started = performance.now();
    // Before anything can fail: the gate refuses to start without the file, and it also checks the
    // last good data the workflow publishes again after a failed sync.
    await writeGateFingerprints(process.env);
    const report = await runSync(options);
    // Every image the snapshot names, into the image cache the build reads (scripts/sync/images/).
    const images = await syncImages({ env: process.env, root, snapshotDir: options.outDir });
    await writeSyncSummary({
      statuses: report.statuses,
      manifest: images.manifest,
      snapshotDir: options.outDir,
      env: process.env,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    // Every record dropped or repaired counts as a warning: the nightly job's log says how many and why.
    const dropped = report.collections.reduce((sum, collection) => sum + collection.dropped.length, 0);
    const repaired = report.recordWarnings.length - dropped;
    const warnings = report.warnings.length + images.warnings.length + report.recordWarnings.length;
    console.log(
      `sync finished in ${seconds} s with ${warnings} warning(s): ${report.warnings.length} source, ` +
        `${images.warnings.length} image, ${dropped} record(s) dropped, ${repaired} repair(s)`,
    );
  }
}
