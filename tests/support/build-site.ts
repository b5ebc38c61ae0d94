/**
 * A full sync and Astro build of the site into a temporary folder, against the local upstream
 * server: for integration tests that check what a given upstream makes of the pages.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { type ImageCacheReport, syncImages } from '../../scripts/sync/images.ts';
import { runSync, type SyncReport } from '../../scripts/sync/run.ts';
import type { Problem } from '../../scripts/verify/problem.ts';
import { runVerify } from '../../scripts/verify/run.ts';
import { secretsFromEnv } from '../../scripts/verify/secrets.ts';
import { readSiteConfig } from '../../src/lib/config.ts';
import { projectDir } from '../../src/lib/project-dirs.ts';

const root = path.resolve(import.meta.dirname, '../..');
const ASTRO_BIN = path.join(root, 'node_modules/astro/bin/astro.mjs');
/**
 * Where the test builds go: inside the project, so that Astro writes the chunks it renders pages with
 * beside each build's outDir (they import the project's packages); with an outDir outside the project
 * it writes them to the project's `.astro/`, shared by every build.
 */
const BUILDS_DIR = path.join(root, 'node_modules/.cache/test-builds');

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
  await mkdir(BUILDS_DIR, { recursive: true });
  const work = await mkdtemp(path.join(BUILDS_DIR, 'site-build-'));
  const snapshot = path.join(work, 'snapshot');
  const dist = path.join(work, 'dist');
  const report = await runSync({
    env,
    outDir: snapshot,
    sampleDir: path.join(root, 'sample-data'),
    logger: { info() {}, warn() {} },
  });
  // The image step of `npm run sync`, into an image cache of this build only.
  const imageCache = path.join(work, 'images');
  const images = await syncImages({
    env: { ...env, IMAGE_CACHE_DIR: imageCache },
    root,
    snapshotDir: snapshot,
    logger: { info() {}, warn() {} },
  });
  // Astro's cache of this build only too (it holds the content layer's store of the snapshot), so no test
  // build writes into the project's. It starts with a copy of the encoded images of the project's cache
  // (`npm run build:sample` fills it): the sample's photos that an upstream serves again are not encoded again.
  const astroCache = path.join(work, 'astro-cache');
  const sharedImages = path.join(projectDir(process.env, 'astroCache', root), 'assets');
  if (existsSync(sharedImages)) await cp(sharedImages, path.join(astroCache, 'assets'), { recursive: true });
  await astroBuild(dist, {
    ...process.env,
    ...env,
    SNAPSHOT_DIR: snapshot,
    IMAGE_CACHE_DIR: imageCache,
    ASTRO_CACHE_DIR: astroCache,
  });
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

/** `astro build --outDir <dist>` in the project, as build:site runs it. */
export function astroBuild(dist: string, env: NodeJS.ProcessEnv): Promise<{ stdout: string; stderr: string }> {
  return promisify(execFile)(process.execPath, [ASTRO_BIN, 'build', '--outDir', dist], {
    cwd: root,
    env,
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
    secrets: secretsFromEnv(env).secrets,
    siteOrigin: new URL(readSiteConfig(env).siteUrl).origin,
  });
  return problems;
}
