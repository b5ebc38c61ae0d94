/**
 * `npm run verify`: the gate before a deploy, which a person can run too after any build.
 * Exits 1 with every reason when the built site must not be published: a missing page, a
 * collection that lost its data or grew suddenly, a secret in dist/, an image whose bytes are not its
 * format or that carries a GPS location, a foreign script, a broken internal link, a news feed or
 * sitemap that is not well-formed XML, a build over its host's limits.
 *
 *   npm run verify [-- --dist dist] [-- --snapshot data/snapshot] [-- --previous last/build-manifest.json] [-- --allow-shrink]
 *                  [-- --allow-growth] [-- --max-page-bytes 1MB] [-- --max-list-page-bytes 16MB] [-- --host github-pages]
 *
 * Environment: SNAPSHOT_DIR (else the folder the build recorded in dist/build-manifest.json),
 * VERIFY_PREVIOUS_MANIFEST (the last published manifest), ALLOW_SHRINK=true, ALLOW_GROWTH=true,
 * VERIFY_MAX_PAGE_BYTES and VERIFY_MAX_LIST_PAGE_BYTES (the hard page size limits, scripts/verify/sizes.ts),
 * DEPLOY_HOST (the static host the build is for: how it serves pages and its limits, src/integrations/hosts.ts),
 * SECRET_FINGERPRINTS_FILE (the salted fingerprints of the secrets, which the sync writes: the deploy
 * workflow's gate gets those, never the secrets) and the secrets of the configuration contract, when
 * a person runs it with them (searched for in the same way, never printed).
 *
 * For the editors, in Portuguese: GITHUB_STEP_SUMMARY (set by GitHub Actions) gets the verdict, the
 * reasons and what to do, or the one line of a build that passed; VERIFY_REFUSAL_FILE names where a
 * refusal leaves its note for /status (src/lib/status/refusal.ts; the deploy workflow passes it on
 * with scripts/refusal-note.ts). The log stays in English, for the developers.
 */
// First: .env loaded and every setting read (src/lib/load-settings.ts); a setting that cannot be read ends
// the gate here, in one line, before any module below reads it.
import '../src/lib/load-settings.ts';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { HOSTS, type HostName, hostNamed } from '../src/integrations/hosts.ts';
import { SETTINGS } from '../src/lib/load-settings.ts';
import { projectDir } from '../src/lib/project-dirs.ts';
import { REFUSAL_REASONS_CAP, type Refusal, RefusalSchema } from '../src/lib/status/refusal.ts';
import { appendJobSummary, markdownText } from './job-summary.ts';
import { configurationWarnings } from './verify/configuration.ts';
import { TECHNICAL } from './verify/editor.ts';
import type { SecretFingerprints } from './verify/fingerprints.ts';
import { NEAR_HOST_LIMIT } from './verify/hosting.ts';
import { type BuildManifest, MANIFEST_FILE, readManifest } from './verify/manifest.ts';
import type { Problem } from './verify/problem.ts';
import { editorReasons, formatEditorReport, formatEditorSuccess, formatReport } from './verify/report.ts';
import { runVerify } from './verify/run.ts';
import { FINGERPRINTS_VARIABLE, fingerprintedSecrets, gateFingerprints } from './verify/secrets.ts';
import { DEFAULT_PAGE_SIZE_LIMITS, type PageSizeLimits, parseBytes } from './verify/sizes.ts';

const root = path.resolve(import.meta.dirname, '..');

/** Writes the refusal note where VERIFY_REFUSAL_FILE says, when it says: beside, then renamed, so no reader sees half a file. */
async function writeRefusal(note: Omit<Refusal, 'attemptedAt' | 'stage'>): Promise<void> {
  const file = process.env.VERIFY_REFUSAL_FILE?.trim();
  if (!file) return;
  const refusal = RefusalSchema.parse({ attemptedAt: new Date().toISOString(), stage: 'verify', ...note });
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, `${JSON.stringify(refusal, null, 2)}\n`, 'utf8');
  await rename(partial, file);
}

/**
 * Leaves the editors' account: the job summary, and on a refusal its note. Neither may change the
 * verdict: a summary that cannot be written is said in the log, and the gate's exit code stands.
 */
async function tellEditors(markdown: string, refusal?: Omit<Refusal, 'attemptedAt' | 'stage'>): Promise<void> {
  try {
    await appendJobSummary(markdown);
  } catch (error) {
    console.warn(`verify: the job summary (GITHUB_STEP_SUMMARY) could not be written: ${(error as Error).message}`);
  }
  if (!refusal) return;
  try {
    await writeRefusal(refusal);
  } catch (error) {
    console.warn(`verify: the refusal note (VERIFY_REFUSAL_FILE) could not be written: ${(error as Error).message}`);
  }
}

/** Tells the editors why the new site is not published, then exits 1. */
async function refuse(problems: readonly Problem[], previous: BuildManifest | null): Promise<never> {
  await tellEditors(formatEditorReport(problems), {
    ...editorReasons(problems, REFUSAL_REASONS_CAP),
    lastPublishedAt: previous?.builtAt || null,
  });
  process.exit(1);
}

/** A gate that cannot start (a setting it cannot read) refuses too: the log says what, the editors that it is technical. */
async function refuseToStart(message: string): Promise<never> {
  console.error(`verify: ${message}`);
  const reason = `A verificação final não pôde começar por um erro de configuração. ${TECHNICAL}`;
  await tellEditors(`### O site não foi atualizado\n\n${markdownText(reason)}`, {
    reasons: [reason],
    total: 1,
    lastPublishedAt: null,
  });
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: path.join(root, 'dist') },
    snapshot: { type: 'string' },
    previous: { type: 'string' },
    'allow-shrink': { type: 'boolean', default: false },
    'allow-growth': { type: 'boolean', default: false },
    'max-page-bytes': { type: 'string' },
    'max-list-page-bytes': { type: 'string' },
    host: { type: 'string' },
  },
});

/** A size limit from its option, else its variable, else the default; exits on a value that is not a size. */
async function sizeLimit(option: string | undefined, variable: string, fallback: number): Promise<number> {
  const text = option ?? process.env[variable]?.trim();
  if (!text) return fallback;
  const bytes = parseBytes(text);
  if (bytes === null)
    return refuseToStart(`${variable} (or its option) is "${text}", which is not a size such as 1500000 or 1.5MB.`);
  return bytes;
}
const pageSizeLimits: PageSizeLimits = {
  recordPage: await sizeLimit(values['max-page-bytes'], 'VERIFY_MAX_PAGE_BYTES', DEFAULT_PAGE_SIZE_LIMITS.recordPage),
  listPage: await sizeLimit(values['max-list-page-bytes'], 'VERIFY_MAX_LIST_PAGE_BYTES', DEFAULT_PAGE_SIZE_LIMITS.listPage),
};

let host: HostName;
try {
  host = values.host === undefined ? SETTINGS.deployHost : hostNamed(values.host);
} catch (error) {
  host = await refuseToStart((error as Error).message);
}

const distDir = path.resolve(values.dist);
const built = await readManifest(path.join(distDir, MANIFEST_FILE)).catch(() => null);
// The folder the build read: resolved by the sync's and the build's rule (src/lib/project-dirs.ts).
const snapshotDir = projectDir(
  { SNAPSHOT_DIR: values.snapshot ?? (process.env.SNAPSHOT_DIR?.trim() || built?.snapshotDir) },
  'snapshot',
  root,
);
const previousFile = values.previous ?? process.env.VERIFY_PREVIOUS_MANIFEST?.trim();
/** A yes/no override from its option, else its variable ('true', '1', 'yes'). */
const isAllowed = (option: boolean | undefined, variable: string) =>
  option === true || /^(1|true|yes)$/i.test(process.env[variable]?.trim() ?? '');
const allowShrink = isAllowed(values['allow-shrink'], 'ALLOW_SHRINK');
const allowGrowth = isAllowed(values['allow-growth'], 'ALLOW_GROWTH');

let previous: BuildManifest | null = null;
if (previousFile) {
  try {
    previous = await readManifest(path.resolve(previousFile));
  } catch (error) {
    await refuseToStart(`the previous manifest ${previousFile} cannot be read: ${(error as Error).message}`);
  }
  if (!previous)
    console.log(`verify: no previous manifest at ${previousFile} (first publication): collection counts are not compared.`);
}
let fingerprints: SecretFingerprints;
try {
  fingerprints = await gateFingerprints(process.env);
} catch (error) {
  fingerprints = await refuseToStart(`${FINGERPRINTS_VARIABLE} cannot be read: ${(error as Error).message}`);
}
for (const name of fingerprints.tooShort)
  console.log(`verify: ${name} is too short to be searched for reliably; it was not checked.`);

const started = performance.now();
const { problems, stats } = await runVerify({
  distDir,
  snapshotDir,
  previous,
  allowShrink,
  allowGrowth,
  fingerprints,
  siteOrigin: new URL(SETTINGS.site.siteUrl).origin,
  pageSizeLimits,
  host,
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);

if (problems.length > 0) {
  console.error(formatReport(problems));
  console.error(`\nThe current site stays online. Fix the reasons above, or see docs/deploy-and-hosting.md (The deploy gate).`);
  await refuse(problems, previous);
}
await tellEditors(formatEditorSuccess({ pages: stats.pages, allowShrink, allowGrowth }));
console.log(
  `verify: ok in ${seconds} s for ${HOSTS[host].label}: ${stats.pages} pages and ${stats.files} files of ${path.relative(root, distDir) || distDir}, ` +
    `${stats.expectedPages} expected pages from ${path.relative(root, snapshotDir)}, ${fingerprintedSecrets(fingerprints).length} secret(s) searched for` +
    `${previous ? ', counts compared with the last published site' : ''}${allowShrink ? ' (shrinking allowed)' : ''}` +
    `${allowGrowth ? ' (growth allowed)' : ''}.`,
);
/** A warning: in GitHub Actions an annotation on the run's summary page, elsewhere one line of the log. */
const warn = (title: string, warning: string) =>
  console.log(process.env.GITHUB_ACTIONS === 'true' ? `::warning title=${title}::${warning}` : `verify: warning: ${warning}`);
for (const warning of configurationWarnings(SETTINGS.site)) warn('Not configured', warning);
if (stats.hostLimit) {
  console.log(`verify: the closest of ${HOSTS[host].label}' limits: ${stats.hostLimit.text}.`);
  if (stats.hostLimit.share >= NEAR_HOST_LIMIT) {
    warn(
      "Near the host's limit",
      `${stats.hostLimit.text}: a larger catalogue will be refused (docs/performance.md, "How large a city each host carries").`,
    );
  }
}
