/**
 * The static hosts the site is published on: how each finds a page, so which folder copies a build
 * writes for it (src/integrations/static-hosting.ts), and its documented limits, which the gate holds
 * a build to (checked by scripts/verify/hosting.ts). The build and the gate read the host from `DEPLOY_HOST`
 * (`--host` for the gate); the deploy workflow sets it. A host's limits are the product's limits:
 * over one, the night's deploy would fail at the host, after the old site was already being replaced.
 */

/** The two orders in which static hosts look for an extensionless path. */
export type Resolution = 'file-first' | 'folder-first';
export const RESOLUTIONS: readonly Resolution[] = ['file-first', 'folder-first'];

export const HOST_NAMES = ['github-pages', 'cloudflare-pages', 'netlify', 'gitlab', 'any'] as const;
export type HostName = (typeof HOST_NAMES)[number];

/** The host when none is named: the project's own deploy target. */
export const DEFAULT_HOST: HostName = 'github-pages';

/** What a host allows a published site (each limit only where the host documents one). */
interface HostLimits {
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

/** Sizes as the hosts document them. */
export const GB = 1024 ** 3;
export const MIB = 1024 ** 2;

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
