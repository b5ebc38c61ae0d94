/**
 * `npm run sync`: pulls the provider, the blog and the podcast (or the embedded sample data) into
 * the snapshot that the Astro content collections read.
 *
 *   npm run sync [-- --allow-shrink] [-- --out data/snapshot]
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { snapshotDir } from '../src/lib/schemas/index.ts';
import { syncImages } from './sync/images.ts';
import { runSync } from './sync/run.ts';

const root = path.resolve(import.meta.dirname, '..');
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

const { values } = parseArgs({
  options: {
    'allow-shrink': { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(root, snapshotDir(process.env)) },
  },
});

const started = performance.now();
const report = await runSync({
  env: process.env,
  outDir: path.resolve(values.out),
  sampleDir: path.join(root, 'sample-data'),
  allowShrink: values['allow-shrink'],
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
