/**
 * Static hosting: how the built site is laid out so that any static host serves every page, and how
 * static hosts resolve a request path (one model, shared by the gate, `npm start` and the host tests).
 *
 * Pages are built as files (`build.format: 'file'`): `/tour/101` is `tour/101.html`, and that path
 * without a trailing slash is the one form links, canonical URLs and the sitemap use. Static hosts do
 * not agree on how they find it (see `resolveOnHost`): a file-first host (GitHub Pages, Netlify,
 * Cloudflare Pages) serves `tour/101.html` for `/tour/101` but answers 404 for `/tour/101/`; a
 * folder-first host (GitLab Pages, nginx with `try_files $uri $uri/`, an S3 website) redirects
 * `/news` to `/news/` as soon as a folder `news/` exists, and S3 never looks for `.html` at all. So a
 * page may also be written as `{path}/index.html`, byte for byte the same file (its *mirror*), as the
 * host the build is for needs it (`HOSTS[host].mirrors`, scripts/verify/hosts.ts): none for a
 * file-first host (one file per page), the pages whose path is also a folder for a folder-first one,
 * every page for any host (both orders, with and without the trailing slash). A visitor who arrives
 * at `/x/` on a host without that copy gets the 404 page, which sends them on to `/x`.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pagePathOf } from './files.ts';
import { HOSTS, type HostName, type Resolution } from './hosts.ts';
import type { Tag } from './html.ts';
import { internalTarget, referencesOf } from './links.ts';
import type { Problem } from './problem.ts';

/** Folders of generated files that hold no pages. */
const ASSET_FOLDERS = /^(_astro|pagefind)\//;

/** What a host knows of the published folder: which relative paths are files and which are folders. */
export interface SiteTree {
  isFile(relative: string): boolean;
  isDirectory(relative: string): boolean;
}

/** A tree of the build from its list of files (relative, '/'-separated), without touching the disk again. */
export function treeOf(files: Iterable<string>): SiteTree {
  const fileSet = new Set(files);
  const folders = new Set<string>();
  for (const file of fileSet) {
    for (let slash = file.indexOf('/'); slash !== -1; slash = file.indexOf('/', slash + 1)) folders.add(file.slice(0, slash));
  }
  return { isFile: (relative) => fileSet.has(relative), isDirectory: (relative) => folders.has(relative) };
}

/** One answer of a host to one request. */
export type HostAnswer = { status: 200; file: string } | { status: 301; location: string } | { status: 404; file: string | null };

/**
 * How a static host answers a GET for `pathname` (raw, percent-encoded; no query), in the given order:
 *
 * - `/x/` (trailing slash): `x/index.html`, else 404 — on every host (GitHub Pages answers 404 for
 *   `/file/` when only `file.html` exists).
 * - `/x`, file-first: the file `x`, then `x.html`, then, when `x/` is a folder, a redirect to `/x/`.
 * - `/x`, folder-first: the file `x`, then, when `x/` is a folder, a redirect to `/x/` (even when it
 *   holds no `index.html`: GitLab Pages and nginx's `$uri/` do exactly this), then `x.html`.
 * - nothing found: 404 with `404.html`.
 */
export function resolveOnHost(tree: SiteTree, pathname: string, resolution: Resolution): HostAnswer {
  const notFound: HostAnswer = { status: 404, file: tree.isFile('404.html') ? '404.html' : null };
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return notFound;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.split('/').some((segment) => segment === '..')) {
    return notFound;
  }
  const relative = decoded.replace(/^\/+/, '').replace(/\/{2,}/g, '/');
  if (relative === '' || relative.endsWith('/')) {
    const index = `${relative}index.html`;
    return tree.isFile(index) ? { status: 200, file: index } : notFound;
  }
  if (tree.isFile(relative)) return { status: 200, file: relative };
  const folder: HostAnswer | null = tree.isDirectory(relative) ? { status: 301, location: `${pathname}/` } : null;
  const page: HostAnswer | null = tree.isFile(`${relative}.html`) ? { status: 200, file: `${relative}.html` } : null;
  return (resolution === 'file-first' ? (page ?? folder) : (folder ?? page)) ?? notFound;
}

/** The end of a request once the host's redirects are followed (at most `maxRedirects`). */
export interface HostOutcome {
  /** The paths requested, the first one included. */
  chain: string[];
  answer: HostAnswer | { status: 'loop' | 'too many redirects' };
}

/** Requests `pathname` from the modelled host and follows its redirects. */
export function followOnHost(tree: SiteTree, pathname: string, resolution: Resolution, maxRedirects = 5): HostOutcome {
  const chain = [pathname];
  for (;;) {
    const answer = resolveOnHost(tree, chain[chain.length - 1] ?? '/', resolution);
    if (answer.status !== 301) return { chain, answer };
    if (chain.includes(answer.location)) return { chain: [...chain, answer.location], answer: { status: 'loop' } };
    if (chain.length > maxRedirects) return { chain, answer: { status: 'too many redirects' } };
    chain.push(answer.location);
  }
}

/**
 * The folder form of a page file: `tour/101.html` → `tour/101/index.html`. Null for files that have
 * none: the home page (`index.html` is already its folder's index), the 404 page (hosts serve it for
 * unknown paths; `/404/` is not a page) and anything that is not a page.
 */
export function mirrorOf(file: string): string | null {
  if (!file.endsWith('.html') || ASSET_FOLDERS.test(file)) return null;
  if (file === '404.html' || file === 'index.html' || file.endsWith('/index.html')) return null;
  return `${file.slice(0, -'.html'.length)}/index.html`;
}

/** True when `file` is the mirror of a page file that is also in `files`. */
export function isMirror(file: string, files: ReadonlySet<string>): boolean {
  const match = /^(.+)\/index\.html$/.exec(file);
  return Boolean(match && files.has(`${match[1]}.html`));
}

/** The page files of a build: its HTML files less the mirrors and what is not a page. */
export function pageFiles(files: readonly string[]): string[] {
  const set = new Set(files);
  return files.filter((file) => file.endsWith('.html') && !ASSET_FOLDERS.test(file) && !isMirror(file, set));
}

/**
 * The [page, mirror] pairs a build for `host` needs (HostProfile.mirrors): none, the pages whose path
 * is also a folder (`news.html` beside `news/101.html`), or every page.
 */
export function mirrorsFor(files: readonly string[], host: HostName): [page: string, mirror: string][] {
  const policy = HOSTS[host].mirrors;
  if (policy === 'none') return [];
  const tree = treeOf(files);
  return pageFiles(files).flatMap((file) => {
    const mirror = mirrorOf(file);
    if (!mirror) return [];
    return policy === 'all' || tree.isDirectory(file.slice(0, -'.html'.length)) ? [[file, mirror] as [string, string]] : [];
  });
}

/** Writes the mirrors a build for `host` needs (the build's last step); returns how many. */
export async function writeMirrors(distDir: string, files: readonly string[], host: HostName): Promise<number> {
  const mirrors = mirrorsFor(files, host);
  for (const [page, mirror] of mirrors) {
    await mkdir(path.dirname(path.join(distDir, mirror)), { recursive: true });
    await copyFile(path.join(distDir, page), path.join(distDir, mirror));
  }
  return mirrors.length;
}

/** The addresses a page must answer at on `host`: its one form, and with a trailing slash where every page has its mirror. */
export function addressesOf(sitePath: string, host: HostName): string[] {
  return sitePath === '/' || HOSTS[host].mirrors !== 'all' ? [sitePath] : [sitePath, `${sitePath}/`];
}

/** A site path as a browser requests it, each segment percent-encoded. */
const encodePath = (sitePath: string) => sitePath.split('/').map(encodeURIComponent).join('/');

const describeOutcome = (outcome: HostOutcome) => {
  const end = outcome.answer.status === 200 ? `200 ${outcome.answer.file}` : String(outcome.answer.status);
  return [...outcome.chain, end].join(' → ');
};

/**
 * The hosting gate, part one: every page answers 200 with itself (the page file or its identical
 * mirror) on `host`, in each order it resolves in, at its one form (and with a trailing slash where
 * the host needs every page's mirror). `identical(file)` tells whether the page's mirror holds the
 * same bytes as the page.
 */
export function checkReachability(files: readonly string[], identical: (page: string) => boolean, host: HostName): Problem[] {
  const tree = treeOf(files);
  const problems: Problem[] = [];
  const { resolutions, label } = HOSTS[host];
  for (const page of pageFiles(files)) {
    if (page === '404.html') continue;
    const mirror = mirrorOf(page);
    const failures: string[] = [];
    for (const address of addressesOf(encodePath(pagePathOf(page)), host)) {
      const failed = resolutions.flatMap((resolution) => {
        const outcome = followOnHost(tree, address, resolution);
        const served = outcome.answer.status === 200 ? outcome.answer.file : null;
        return served === page || served === mirror ? [] : [`${resolution}: ${describeOutcome(outcome)}`];
      });
      if (failed.length === 0) continue;
      const servedOn = resolutions.filter((resolution) => !failed.some((failure) => failure.startsWith(`${resolution}:`)));
      const where = servedOn.length > 0 ? `only on ${servedOn.join(' and ')} hosts` : 'on no host';
      failures.push(`${address} ${where} (${failed.join('; ')})`);
    }
    if (failures.length > 0) {
      problems.push({
        gate: 'hosting',
        message: `The page ${pagePathOf(page)} (${page}) is not served as ${label} serves it: ${failures.join('; ')}.`,
      });
    } else if (mirror && tree.isFile(mirror) && !identical(page)) {
      problems.push({
        gate: 'hosting',
        message: `${mirror} differs from ${page}: a host that serves /x/ would show another page than one that serves /x.`,
      });
    }
  }
  return problems;
}

/** A path that is not in the one form: a trailing slash (but `/`), `.html` or a final `/index`. */
export function isOtherForm(sitePath: string): boolean {
  return sitePath !== '/' && (/\/$/.test(sitePath) || /(\.html|\/index)$/.test(sitePath));
}

/** True for a reference that a browser resolves against the page's own path (`tour/101`, `../x`). */
export function isPathRelative(url: string): boolean {
  return !/^([a-z][a-z0-9+.-]*:|\/|#|\?)/i.test(url.trim());
}

/**
 * Why a reference is mixed content on an HTTPS page, or null: a form that sends anywhere but over
 * HTTPS (`mailto:`, `http:`: the browser warns before sending), or anything loaded over plain HTTP
 * (blocked). Links to other sites are not loaded by the page.
 */
function mixedContent(reference: { url: string; tag: string; isNavigation: boolean }): string | null {
  if (reference.tag === 'form') {
    return /^[a-z][a-z0-9+.-]*:/i.test(reference.url) && !/^https:/i.test(reference.url)
      ? `a <form> sends to "${reference.url}", which an HTTPS page warns about before sending (mixed content); hand off from a script or a link.`
      : null;
  }
  return !reference.isNavigation && /^http:/i.test(reference.url)
    ? `<${reference.tag}> loads "${reference.url}" over plain HTTP, which an HTTPS page blocks (mixed content).`
    : null;
}

/**
 * The hosting gate, part two, for one page: its links to our pages and its canonical URL use the one
 * form, it refers to nothing with a path-relative URL (the page is served at `/x` and at `/x/`,
 * where `tour/101` would point to two different places), and nothing it loads or sends is mixed
 * content on the HTTPS host (Chrome answers a `mailto:` form with a full-page 'Form is not secure').
 */
export function checkPageForms(file: string, tags: readonly Tag[], siteOrigin: string | null): Problem[] {
  const problems: Problem[] = [];
  const fromPath = pagePathOf(file);
  const seen = new Set<string>();
  const report = (message: string) => {
    if (seen.has(message)) return;
    seen.add(message);
    problems.push({ gate: 'hosting', message: `${file}: ${message}` });
  };
  const canonical = tags.find((tag) => tag.name === 'link' && /(^|\s)canonical(\s|$)/i.test(tag.attributes.get('rel') ?? ''));
  const references = referencesOf(tags);
  const canonicalHref = canonical?.attributes.get('href')?.trim();
  if (canonicalHref) references.push({ url: canonicalHref, tag: 'link rel=canonical', isNavigation: true });
  for (const reference of references) {
    const mixed = mixedContent(reference);
    if (mixed) {
      report(mixed);
      continue;
    }
    const isCanonical = reference.tag === 'link rel=canonical';
    if (!isCanonical && isPathRelative(reference.url)) {
      report(
        `a path-relative reference "${reference.url}" on <${reference.tag}>, which points elsewhere at ${fromPath}/; use a path from the root.`,
      );
      continue;
    }
    if (!reference.isNavigation && reference.tag !== 'meta og:url') continue;
    const target = internalTarget(reference.url, fromPath, siteOrigin);
    if (target && !ASSET_FOLDERS.test(target.path.slice(1)) && isOtherForm(target.path)) {
      report(`<${reference.tag}> points to ${target.path}, not to the one form of its page (no trailing slash, no .html).`);
    }
  }
  return problems;
}

/**
 * The hosting gate, part three, for one page: every address of the site its structured data names
 * (breadcrumbs, `url`, `item`) is in the one form. Search engines follow them as they follow links,
 * and on a host with one file per page `/news/` is the 404 page.
 */
export function checkStructuredDataForms(file: string, html: string, siteOrigin: string | null): Problem[] {
  if (!siteOrigin) return [];
  const problems = new Set<string>();
  for (const [, json = ''] of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    for (const [url = ''] of json.matchAll(/https?:\/\/[^"\s\\]+/g)) {
      const target = internalTarget(url, '/', siteOrigin);
      if (target && !ASSET_FOLDERS.test(target.path.slice(1)) && isOtherForm(target.path)) {
        problems.add(
          `${file}: its structured data names ${target.path}, not the one form of its page (no trailing slash, no .html).`,
        );
      }
    }
  }
  return [...problems].map((message) => ({ gate: 'hosting', message }));
}
