/**
 * `npm run verify`: the gate before a deploy, which a person can run too after any build.
 * Exits 1 with every reason when the built site must not be published: a missing page, a
 * collection that lost its data, a secret in dist/, a foreign script, a broken internal link.
 *
 *   npm run verify [-- --dist dist] [-- --snapshot data/snapshot] [-- --previous last/build-manifest.json] [-- --allow-shrink]
 *
 * Environment: SNAPSHOT_DIR (else the folder the build recorded in dist/build-manifest.json),
 * VERIFY_PREVIOUS_MANIFEST (the last published manifest), ALLOW_SHRINK=true, and the secrets
 * of the configuration contract (their values are searched for, never printed).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readSiteConfig } from '../src/lib/config.ts';
import { projectDir } from '../src/lib/project-dirs.ts';
import { MANIFEST_FILE, readManifest } from './verify/manifest.ts';
import { formatReport } from './verify/report.ts';
import { runVerify } from './verify/run.ts';
import { secretsFromEnv } from './verify/secrets.ts';

const root = path.resolve(import.meta.dirname, '..');
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: path.join(root, 'dist') },
    snapshot: { type: 'string' },
    previous: { type: 'string' },
    'allow-shrink': { type: 'boolean', default: false },
  },
});

const distDir = path.resolve(values.dist);
const built = await readManifest(path.join(distDir, MANIFEST_FILE)).catch(() => null);
// The folder the build read: resolved by the sync's and the build's rule (src/lib/project-dirs.ts).
const snapshotDir = projectDir(
  { SNAPSHOT_DIR: values.snapshot ?? (process.env.SNAPSHOT_DIR?.trim() || built?.snapshotDir) },
  'snapshot',
  root,
);
const previousFile = values.previous ?? process.env.VERIFY_PREVIOUS_MANIFEST?.trim();
const allowShrink = values['allow-shrink'] || /^(1|true|yes)$/i.test(process.env.ALLOW_SHRINK?.trim() ?? '');

let previous = null;
if (previousFile) {
  try {
    previous = await readManifest(path.resolve(previousFile));
  } catch (error) {
    console.error(`verify: the previous manifest ${previousFile} cannot be read: ${(error as Error).message}`);
    process.exit(1);
  }
  if (!previous)
    console.log(`verify: no previous manifest at ${previousFile} (first publication): collection counts are not compared.`);
}
const { secrets, tooShort } = secretsFromEnv(process.env);
for (const name of tooShort) console.log(`verify: ${name} is too short to be searched for reliably; it was not checked.`);

const started = performance.now();
const { problems, stats } = await runVerify({
  distDir,
  snapshotDir,
  previous,
  allowShrink,
  secrets,
  siteOrigin: new URL(readSiteConfig(process.env).siteUrl).origin,
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);

if (problems.length > 0) {
  console.error(formatReport(problems));
  console.error(`\nThe current site stays online. Fix the reasons above, or see README.md (Rebuild and deploy).`);
  process.exit(1);
}
console.log(
  `verify: ok in ${seconds} s: ${stats.pages} pages and ${stats.files} files of ${path.relative(root, distDir) || distDir}, ` +
    `${stats.expectedPages} expected pages from ${path.relative(root, snapshotDir)}, ${secrets.length} secret(s) searched for` +
    `${previous ? ', counts compared with the last published site' : ''}${allowShrink ? ' (shrinking allowed)' : ''}.`,
);
