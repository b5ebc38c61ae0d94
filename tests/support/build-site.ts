/**
 * A full sync and Astro build of the site into a temporary folder, against the local upstream
 * server: for integration tests that check what a given upstream makes of the pages.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { syncImages } from '../../scripts/sync/images/index.ts';
import type { ImageCacheReport } from '../../scripts/sync/images/report.ts';
import { runSync } from '../../scripts/sync/run/index.ts';
import type { SyncReport } from '../../scripts/sync/run/report.ts';
import type { Problem } from '../../scripts/verify/problem.ts';
import { runVerify } from '../../scripts/verify/run.ts';
import { fingerprintSecrets, secretsFromEnv } from '../../scripts/verify/secrets.ts';
import { readSiteConfig } from '../../src/lib/config.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface BuiltSite {
  report: SyncReport;
  /** What the image step cached and which images show the placeholder. */
  images: ImageCacheReport;
  /** The built site. */
  dist: string;
  /** The snapshot it was built from. */
  snapshot: string;
  /** A page's HTML by its path ('/all-tours' → dist/all-tours.html, '/' → dist/index.html). */
  page(pathname: string): Promise<string>;
  /** Every text file of the build (html, xml, txt, json, js, css). */
  textFiles(): Promise<string[]>;
  remove(): Promise<void>;
}

export async function buildSite(env: Record<string, string>): Promise<BuiltSite> {
  const work = await mkdtemp(path.join(tmpdir(), 'site-build-'));
  const snapshot = path.join(work, 'snapshot');
  const dist = path.join(work, 'dist');
  const report = await runSync({
    env,
    outDir: snapshot,
    sampleDir: path.join(root, 'sample-data'),
    logger: { info() {}, warn() {} },
  });
  // The image step of `npm run sync`, into an image cache of this build only (encoded variants are
  // still shared through Astro's cacheDir, keyed by content).
  const imageCache = path.join(work, 'images');
  const images = await syncImages({
    env: { ...env, IMAGE_CACHE_DIR: imageCache },
    root,
    snapshotDir: snapshot,
    logger: { info() {}, warn() {} },
  });
  await astroBuild(dist, { ...process.env, ...env, SNAPSHOT_DIR: snapshot, IMAGE_CACHE_DIR: imageCache });
  return {
    report,
    images,
    dist,
    snapshot,
    page: (pathname) =>
      readFile(path.join(dist, pathname === '/' ? 'index.html' : `${pathname.replace(/^\//, '')}.html`), 'utf8'),
    async textFiles() {
      const entries = await readdir(dist, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && /\.(html|xml|txt|json|js|css|webmanifest)$/.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
    },
    remove: () => rm(work, { recursive: true, force: true }),
  };
}

/**
 * What Vitest puts in process.env from its own `import.meta.env` (NODE_ENV=test, MODE=test, DEV=1,
 * PROD=''), which a build run from a test would read as its own: `import.meta.env.PROD` false, so no
 * inline site shell (BaseLayout.astro), no `html.js`, and every `.js-only` control hidden.
 */
const TEST_RUN_ENV = ['NODE_ENV', 'MODE', 'DEV', 'PROD', 'SSR', 'BASE_URL'];

/** `astro build --outDir <dist>` in the project, as build:site runs it, with this environment (Vitest's own left out). */
export function astroBuild(dist: string, env: NodeJS.ProcessEnv): Promise<{ stdout: string; stderr: string }> {
  const buildEnv = Object.fromEntries(Object.entries(env).filter(([name]) => !TEST_RUN_ENV.includes(name)));
  return promisify(execFile)(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', dist], {
    cwd: root,
    env: buildEnv,
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** The last step of `npm run build:site`: Pagefind's index of the built pages (the gate reads it too). */
export async function indexSearch(site: BuiltSite): Promise<void> {
  await promisify(execFile)(process.execPath, ['scripts/index-search.ts', site.dist], { cwd: root });
}

/** What `npm run verify` answered: its exit status and everything it printed. */
export interface VerifyRun {
  code: number;
  output: string;
}

/**
 * `node scripts/verify.ts ...args` as the nightly job runs it, from the project root with `env` over
 * this process's environment. A refusal (a non-zero exit) is an answer here, not an error.
 */
export function runVerifyScript(args: string[], env: Record<string, string>): Promise<VerifyRun> {
  const options = { cwd: root, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 };
  return promisify(execFile)(process.execPath, ['scripts/verify.ts', ...args], options)
    .then(({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }))
    .catch((error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? 1,
      output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
    }));
}

/**
 * Every check `npm run verify` makes over a built and indexed site (`indexSearch`), with the secrets
 * and the site address of the upstream's `env`. The problems found; none means the site would be
 * published.
 */
export async function verifyBuiltSite(site: BuiltSite, env: Record<string, string>): Promise<Problem[]> {
  const { problems } = await runVerify({
    distDir: site.dist,
    snapshotDir: site.snapshot,
    previous: null,
    allowShrink: false,
    allowGrowth: false,
    fingerprints: fingerprintSecrets(secretsFromEnv(env).secrets),
    siteOrigin: new URL(readSiteConfig(env).siteUrl).origin,
  });
  return problems;
}
