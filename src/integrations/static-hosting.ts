/**
 * Static hosting: how the built site is laid out so that the static host it is for serves every
 * page, and how static hosts resolve a request path (one model, shared by the build's last step, the
 * gate's hosting checks in scripts/verify/hosting.ts, `npm start` and the host tests).
 *
 * Pages are built as files (`build.format: 'file'`): `/tour/101` is `tour/101.html`, and that path
 * without a trailing slash is the one form links, canonical URLs and the sitemap use. Static hosts do
 * not agree on how they find it (see `resolveOnHost`): a file-first host (GitHub Pages, Netlify,
 * Cloudflare Pages) serves `tour/101.html` for `/tour/101` but answers 404 for `/tour/101/`; a
 * folder-first host (GitLab Pages, nginx with `try_files $uri $uri/`, an S3 website) redirects
 * `/news` to `/news/` as soon as a folder `news/` exists, and S3 never looks for `.html` at all. So a
 * page may also be written as `{path}/index.html`, byte for byte the same file (its *mirror*), as the
 * host the build is for needs it (`HOSTS[host].mirrors`, src/integrations/hosts.ts): none for a
 * file-first host (one file per page), the pages whose path is also a folder for a folder-first one,
 * every page for any host (both orders, with and without the trailing slash). A visitor who arrives
 * at `/x/` on a host without that copy gets the 404 page, which sends them on to `/x`.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { HOSTS, type HostName, type Resolution } from './hosts.ts';

/** Folders of generated files that hold no pages. */
export const ASSET_FOLDERS = /^(_astro|pagefind)\//;

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
type HostAnswer = { status: 200; file: string } | { status: 301; location: string } | { status: 404; file: string | null };

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
function isMirror(file: string, files: ReadonlySet<string>): boolean {
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
