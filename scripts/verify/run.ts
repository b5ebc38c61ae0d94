/**
 * The gate before a deploy: runs every check over a built site and its snapshot and returns the
 * reasons it must not be published (an empty list means it may).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isDirectory, listFiles, pagePathOf, resolveSitePath } from './files.ts';
import { scanTags } from './html.ts';
import { checkLinks, type PageLinks } from './links.ts';
import { type BuildManifest, checkCollections, MANIFEST_FILE, readManifest } from './manifest.ts';
import { checkExpectedPages, expectedPages, readSnapshot } from './pages.ts';
import type { Problem } from './problem.ts';
import { checkPageScripts } from './scripts.ts';
import { checkSecrets, type Secret } from './secrets.ts';

export interface VerifyOptions {
  /** The built site. */
  distDir: string;
  /** The snapshot the site was built from. */
  snapshotDir: string;
  /** The manifest of the last published site; null when there is none (first deploy, local run). */
  previous: BuildManifest | null;
  /** Accept collections that shrank past the threshold or emptied (an editor's explicit decision). */
  allowShrink: boolean;
  /** Values that must not appear in the site. */
  secrets: readonly Secret[];
  /** The site's canonical origin (absolute links to it are internal). */
  siteOrigin: string | null;
}

export interface VerifyResult {
  problems: Problem[];
  /** What was checked, for the success line. */
  stats: { pages: number; files: number; expectedPages: number };
}

/** Runs every gate; never throws for a broken site (each reason is a problem), only for unreadable input folders. */
export async function runVerify(options: VerifyOptions): Promise<VerifyResult> {
  if (!isDirectory(options.distDir)) {
    return {
      problems: [{ gate: 'pages', message: `There is no built site in ${options.distDir}: run the build first.` }],
      stats: { pages: 0, files: 0, expectedPages: 0 },
    };
  }
  const files = await listFiles(options.distDir);
  const { snapshot, problems: snapshotProblems } = await readSnapshot(options.snapshotDir);
  const built = await readManifest(path.join(options.distDir, MANIFEST_FILE)).catch(() => null);

  const problems: Problem[] = [...checkExpectedPages(options.distDir, snapshot)];
  problems.push(...snapshotProblems);
  problems.push(...checkCollections({ snapshot, built, previous: options.previous, allowShrink: options.allowShrink }));
  problems.push(...(await checkSecrets(options.distDir, files, options.secrets)));

  const pages: PageLinks[] = [];
  for (const file of files.filter((name) => name.endsWith('.html'))) {
    const tags = scanTags(await readFile(path.join(options.distDir, file), 'utf8'));
    pages.push({ file, path: pagePathOf(file), tags });
    problems.push(...checkPageScripts(file, tags));
  }
  const stylesheets = await Promise.all(
    files
      .filter((name) => name.endsWith('.css'))
      .map(async (file) => ({ file, css: await readFile(path.join(options.distDir, file), 'utf8') })),
  );
  const resolve = (sitePath: string) => {
    const found = resolveSitePath(options.distDir, sitePath);
    return found && path.relative(options.distDir, found).split(path.sep).join('/');
  };
  const sitemaps = await Promise.all(
    files
      .filter((name) => /^sitemap[\w-]*\.xml$/.test(name))
      .map(async (file) => ({ file, xml: await readFile(path.join(options.distDir, file), 'utf8') })),
  );
  problems.push(...checkLinks({ pages, stylesheets, sitemaps, resolve, siteOrigin: options.siteOrigin }));

  return { problems, stats: { pages: pages.length, files: files.length, expectedPages: expectedPages(snapshot).length } };
}
