/**
 * `npm run sync`: pulls the provider, the blog and the podcast (or the embedded sample data) into
 * the snapshot that the Astro content collections read.
 *
 *   npm run sync [-- --allow-shrink] [-- --out data/snapshot]
 *
 * Without --out the snapshot goes to SNAPSHOT_DIR and the images to IMAGE_CACHE_DIR, each relative to
 * the project root or absolute (src/lib/project-dirs.ts): where `npm run build:site` reads them.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { projectDir } from '../src/lib/project-dirs.ts';
import { scaledTimeouts } from './sync/http.ts';
import { syncImages } from './sync/images.ts';
import { runSync } from './sync/run.ts';

const root = path.resolve(import.meta.dirname, '..');
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

const { values } = parseArgs({
  options: {
    'allow-shrink': { type: 'boolean', default: false },
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

const started = performance.now();
const report = await runSync({
  env: process.env,
  outDir: path.resolve(values.out),
  sampleDir: path.join(root, 'sample-data'),
  allowShrink: values['allow-shrink'],
  ...(timeoutSeconds === null ? {} : { http: scaledTimeouts(timeoutSeconds * 1000) }),
});
// Every image the snapshot names, into the image cache the build reads (scripts/sync/images.ts).
const images = await syncImages({ env: process.env, root, snapshotDir: path.resolve(values.out) });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
// Every record dropped or repaired counts as a warning: the nightly job's log says how many and why.
const dropped = report.collections.reduce((sum, collection) => sum + collection.dropped.length, 0);
const repaired = report.recordWarnings.length - dropped;
const warnings = report.warnings.length + images.warnings.length + report.recordWarnings.length;
console.log(
  `sync finished in ${seconds} s with ${warnings} warning(s): ${report.warnings.length} source, ` +
    `${images.warnings.length} image, ${dropped} record(s) dropped, ${repaired} repair(s)`,
);
