/**
 * The static hosts the site is published on: how each finds a page, so which folder copies a build
 * writes for it (scripts/verify/hosting.ts), and its documented limits, which the gate holds a build
 * to. The build and the gate read the host from `DEPLOY_HOST` (`--host` for the gate); the deploy
 * workflow sets it. A host's limits are the product's limits: over one, the night's deploy would fail
 * at the host, after the old site was already being replaced.
 */

import type { Problem } from './problem.ts';

/** The two orders in which static hosts look for an extensionless path. */
export type Resolution = 'file-first' | 'folder-first';
export const RESOLUTIONS: readonly Resolution[] = ['file-first', 'folder-first'];

export const HOST_NAMES = ['github-pages', 'cloudflare-pages', 'netlify', 'gitlab', 'any'] as const;
export type HostName = (typeof HOST_NAMES)[number];

/** The host when none is named: the project's own deploy target. */
export const DEFAULT_HOST: HostName = 'github-pages';

/** What a host allows a published site (each limit only where the host documents one). */
export interface HostLimits {
  /** The whole published site, in bytes. */
  siteBytes?: number;
  /** Files (entries) of the site. */
  files?: number;
  /** Files in one folder. */
  filesPerFolder?: number;
  /** One file, in bytes. */
  fileBytes?: number;
}

export interface HostProfile {
  label: string;
  /** The orders in which it looks for an extensionless path: a page must answer on each. */
  resolutions: readonly Resolution[];
  /**
   * Which pages also get their folder copy `{path}/index.html`: none (a file-first host serves
   * `x.html` for `/x`), the pages whose path is also a folder (a folder-first host redirects `/news`
   * to `/news/` when `news/` exists), or all (an unknown host, an S3 website that never looks for
   * `x.html`: every page at `/x` and `/x/` on either order).
   */
  mirrors: 'none' | 'ambiguous' | 'all';
  limits: HostLimits;
  /** Where the limits are documented, for the gate's message. */
  source: string;
}

const GB = 1024 ** 3;
const MIB = 1024 ** 2;

export const HOSTS: Record<HostName, HostProfile> = {
  'github-pages': {
    label: 'GitHub Pages',
    resolutions: ['file-first'],
    mirrors: 'none',
    limits: { siteBytes: 1 * GB },
    source: 'GitHub Pages limits: a published site may be no larger than 1 GB',
  },
  'cloudflare-pages': {
    label: 'Cloudflare Pages',
    resolutions: ['file-first'],
    mirrors: 'none',
    limits: { files: 20_000, fileBytes: 25 * MIB },
    source: 'Cloudflare Pages limits: 20,000 files a deployment on the free plan, 25 MiB a file',
  },
  netlify: {
    label: 'Netlify',
    resolutions: ['file-first'],
    mirrors: 'none',
    limits: { filesPerFolder: 54_000 },
    source: 'Netlify fails a deploy with over 54,000 files in one folder',
  },
  gitlab: {
    label: 'GitLab Pages',
    resolutions: ['folder-first'],
    mirrors: 'ambiguous',
    limits: { siteBytes: 1 * GB, files: 200_000 },
    source: 'GitLab Pages limits: 200,000 entries and 1 GB uncompressed',
  },
  any: {
    label: 'any static host',
    resolutions: ['file-first', 'folder-first'],
    mirrors: 'all',
    limits: {},
    source: 'no host named',
  },
};

/** The host a name or a `DEPLOY_HOST` value means; the default for none, an error naming the choices for another. */
export function hostNamed(name: string | undefined | null): HostName {
  const value = name?.trim().toLowerCase();
  if (!value) return DEFAULT_HOST;
  if ((HOST_NAMES as readonly string[]).includes(value)) return value as HostName;
  throw new Error(`DEPLOY_HOST (or --host) is "${name}", which is not one of ${HOST_NAMES.join(', ')}.`);
}

const formatBytes = (bytes: number) =>
  bytes >= GB ? `${(bytes / GB).toFixed(2)} GB` : bytes >= MIB ? `${(bytes / MIB).toFixed(1)} MiB` : `${bytes} bytes`;
const count = (value: number) => value.toLocaleString('en-US');

/**
 * The host gate: a build over one of `host`'s limits, each named with the figure and the limit
 * ('dist/ is 1.12 GB, over GitHub Pages' 1.00 GB (…)'). `files` are every file of `dist/` with its size.
 */
export function checkHostLimits(files: readonly { file: string; bytes: number }[], host: HostName): Problem[] {
  const { label, limits, source } = HOSTS[host];
  const problems: Problem[] = [];
  const refuse = (what: string) => problems.push({ gate: 'host', message: `${what} (${source}).` });
  const total = files.reduce((sum, entry) => sum + entry.bytes, 0);
  if (limits.siteBytes !== undefined && total > limits.siteBytes) {
    refuse(`dist/ is ${formatBytes(total)}, over the ${formatBytes(limits.siteBytes)} ${label} publishes`);
  }
  if (limits.files !== undefined && files.length > limits.files) {
    refuse(`dist/ has ${count(files.length)} files, over the ${count(limits.files)} ${label} takes`);
  }
  if (limits.filesPerFolder !== undefined) {
    const perFolder = new Map<string, number>();
    for (const { file } of files) {
      const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '.';
      perFolder.set(folder, (perFolder.get(folder) ?? 0) + 1);
    }
    for (const [folder, inFolder] of perFolder) {
      if (inFolder > limits.filesPerFolder) {
        refuse(
          `${folder}/ holds ${count(inFolder)} files, over the ${count(limits.filesPerFolder)} ${label} takes in one folder`,
        );
      }
    }
  }
  if (limits.fileBytes !== undefined) {
    for (const { file, bytes } of files) {
      if (bytes > limits.fileBytes)
        refuse(`${file} is ${formatBytes(bytes)}, over the ${formatBytes(limits.fileBytes)} ${label} takes in one file`);
    }
  }
  return problems;
}
