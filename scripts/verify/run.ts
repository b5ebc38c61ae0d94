/**
 * The gate before a deploy: runs every check over a built site and its snapshot and returns the
 * reasons it must not be published (an empty list means it may).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { HEADERS_FILE } from '../../src/integrations/headers.ts';
import { DEFAULT_HOST, type HostName } from '../../src/integrations/hosts.ts';
import { scanPage } from '../../src/integrations/html-scan.ts';
import { NO_JEKYLL_FILE } from '../../src/integrations/publication.ts';
import { isDirectory, listFiles, pagePathOf, resolveSitePath, withSizes } from '../../src/integrations/site-files.ts';
import { mirrorOf, pageFiles } from '../../src/integrations/static-hosting.ts';
import { readPreviousStatus } from '../sync/snapshot.ts';
import { TECHNICAL } from './editor.ts';
import type { SecretFingerprints } from './fingerprints.ts';
import { checkHeadersFile } from './headers.ts';
import { checkHostLimits, checkPageForms, checkReachability, checkStructuredDataForms, closestHostLimit } from './hosting.ts';
import { checkImages } from './images.ts';
import { checkLinks, type PageLinks } from './links.ts';
import { type BuildManifest, checkCollections, MANIFEST_FILE, readManifest } from './manifest.ts';
import { checkExpectedPages, expectedPages, readSnapshot } from './pages.ts';
import type { Problem } from './problem.ts';
import { checkPageScripts } from './scripts.ts';
import { checkPageText, checkSearchIndex, checkSecrets } from './secrets.ts';
import { checkPageSizes, DEFAULT_PAGE_SIZE_LIMITS, type PageSizeLimits } from './sizes.ts';
import { checkXmlFiles, FEED_FILE, isSitemap } from './xml.ts';

export interface VerifyOptions {
  /** The built site. */
  distDir: string;
  /** The snapshot the site was built from. */
  snapshotDir: string;
  /** The manifest of the last published site; null when there is none (first deploy, local run). */
  previous: BuildManifest | null;
  /** Accept collections that shrank past the threshold or emptied (an editor's explicit decision). */
  allowShrink: boolean;
  /** Accept collections that grew past the threshold (manifest.ts, GROWTH; an editor's explicit decision). */
  allowGrowth: boolean;
  /** The salted fingerprints of the values that must not appear in the site (the gate never holds the values). */
  fingerprints: SecretFingerprints;
  /** The site's canonical origin (absolute links to it are internal). */
  siteOrigin: string | null;
  /** Hard size limits of a page (DEFAULT_PAGE_SIZE_LIMITS when absent). */
  pageSizeLimits?: PageSizeLimits;
  /** The static host the build is for: how it must serve each page, and its limits (DEFAULT_HOST when absent). */
  host?: HostName;
}

interface VerifyResult {
  problems: Problem[];
  /** What was checked, for the success line, and the host's limit the build comes closest to (closestHostLimit). */
  stats: { pages: number; files: number; expectedPages: number; hostLimit: ReturnType<typeof closestHostLimit> };
}

/**
 * The collections whose counts the sync settled itself, per collection: those its status.json says
 * it measured against a last good count (`checkedAgainst`). The collections gate leaves their shrink
 * and growth to it (checkCollections, manifest.ts).
 */
export async function measuredCollections(snapshotDir: string): Promise<Set<string>> {
  const statuses = await readPreviousStatus(snapshotDir);
  return new Set([...statuses.values()].filter((status) => status.checkedAgainst !== null).map((status) => status.id));
}

/** Runs every gate; never throws for a broken site (each reason is a problem), only for unreadable input folders. */
export async function runVerify(options: VerifyOptions): Promise<VerifyResult> {
  if (!isDirectory(options.distDir)) {
    return {
      problems: [
        {
          gate: 'pages',
          message: `There is no built site in ${options.distDir}: run the build first.`,
          editor: `Não há site construído para verificar: a construção das páginas não terminou. ${TECHNICAL}`,
        },
      ],
      stats: { pages: 0, files: 0, expectedPages: 0, hostLimit: null },
    };
  }
  const files = await listFiles(options.distDir);
  const { snapshot, problems: snapshotProblems } = await readSnapshot(options.snapshotDir);
  const built = await readManifest(path.join(options.distDir, MANIFEST_FILE)).catch(() => null);
  const measured = await measuredCollections(options.snapshotDir);

  const problems: Problem[] = [...checkExpectedPages(options.distDir, snapshot)];
  problems.push(...snapshotProblems);
  problems.push(
    ...checkCollections({
      snapshot,
      built,
      previous: options.previous,
      allowShrink: options.allowShrink,
      allowGrowth: options.allowGrowth,
      measured,
    }),
  );
  // A page's folder form is compared with the page below (the hosting gate), not searched again.
  const mirrors = new Set(pageFiles(files).flatMap((file) => mirrorOf(file) ?? []));
  problems.push(
    ...(await checkSecrets(
      options.distDir,
      files.filter((file) => !mirrors.has(file)),
      options.fingerprints,
    )),
  );

  problems.push(...(await checkSearchIndex(options.distDir, files, options.fingerprints)));
  problems.push(...(await checkImages(options.distDir, files)));

  // Each page once: its mirror ({path}/index.html) must hold the same bytes, which is checked instead.
  const pages: PageLinks[] = [];
  const sizes: { file: string; bytes: number }[] = [];
  const identicalMirror = new Map<string, boolean>();
  for (const file of pageFiles(files)) {
    const bytes = await readFile(path.join(options.distDir, file));
    const mirror = mirrorOf(file);
    if (mirror) {
      const copy = await readFile(path.join(options.distDir, mirror)).catch(() => null);
      identicalMirror.set(file, copy !== null && bytes.equals(copy));
    }
    sizes.push({ file, bytes: bytes.length });
    const html = bytes.toString('utf8');
    const page = scanPage(html);
    const { tags } = page;
    pages.push({ file, path: pagePathOf(file), tags });
    problems.push(...checkPageScripts(file, tags));
    problems.push(...checkPageText(file, page, options.fingerprints));
    problems.push(...checkPageForms(file, tags, options.siteOrigin));
    problems.push(...checkStructuredDataForms(file, tags, options.siteOrigin));
  }
  problems.push(...checkPageSizes(sizes, options.pageSizeLimits ?? DEFAULT_PAGE_SIZE_LIMITS));
  const host = options.host ?? DEFAULT_HOST;
  problems.push(...checkReachability(files, (file) => identicalMirror.get(file) ?? true, host));
  const fileSizes = await withSizes(options.distDir, files);
  problems.push(...checkHostLimits(fileSizes, host));
  const headersText = await readFile(path.join(options.distDir, HEADERS_FILE), 'utf8').catch(() => null);
  problems.push(...checkHeadersFile(headersText, files, pages));
  if (!files.includes(NO_JEKYLL_FILE)) {
    problems.push({
      gate: 'hosting',
      message: `${NO_JEKYLL_FILE} is missing: a GitHub Pages deploy from a branch would run Jekyll, which leaves out _astro/.`,
      editor: `Falta o arquivo ${NO_JEKYLL_FILE}, sem o qual a hospedagem deixaria de fora a aparência e o código das páginas. ${TECHNICAL}`,
    });
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
  const xml = await Promise.all(
    files
      .filter((name) => name === FEED_FILE || isSitemap(name))
      .map(async (file) => ({ file, bytes: await readFile(path.join(options.distDir, file)) })),
  );
  const sitemaps = xml.filter(({ file }) => isSitemap(file)).map(({ file, bytes }) => ({ file, xml: bytes.toString('utf8') }));
  problems.push(...checkLinks({ pages, stylesheets, sitemaps, resolve, siteOrigin: options.siteOrigin }));
  problems.push(...checkXmlFiles(files, xml));

  return {
    problems,
    stats: {
      pages: pages.length,
      files: files.length,
      expectedPages: expectedPages(snapshot).length,
      hostLimit: closestHostLimit(fileSizes, host),
    },
  };
}
