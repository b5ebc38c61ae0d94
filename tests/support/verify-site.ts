import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expectedPages } from '../../scripts/verify/pages.ts';
import type { Problem } from '../../scripts/verify/problem.ts';
import type { VerifyOptions } from '../../scripts/verify/run.ts';
import { scriptHash } from '../../scripts/verify/scripts.ts';
import { fingerprintSecrets } from '../../scripts/verify/secrets.ts';
import { type Snapshot, writeBuildManifest } from '../../src/integrations/build-manifest.ts';
import { preparePublication } from '../../src/integrations/publication.ts';
import { mirrorOf } from '../../src/integrations/static-hosting.ts';
export const exec = promisify(execFile);
export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SITE_ORIGIN = 'https://turismo.example.com.br';
export const SECRET = 'prov-token-5f2a9c1e7d';

/** Our one inline script (like the 404 page's) and the policy that allows it. */
export const OWN_INLINE = "document.documentElement.dataset.ready='1'";
export const policy = (hashes: string[]) =>
  `default-src 'self'; script-src 'self' ${hashes.map((hash) => `'${hash}'`).join(' ')}; style-src 'self'`;

export const SNAPSHOT: Record<string, { id: string; path?: string | null }[]> = {
  city: [{ id: '1' }],
  tours: [{ id: '101' }, { id: '102' }],
  accommodation: [{ id: '201' }],
  restaurants: [],
  events: [{ id: '401' }],
  drivers: [],
  guides: [],
  agencies: [],
  tourProviders: [],
  experiences: [{ id: '7' }],
  testimonials: [{ id: '11' }],
  news: [{ id: '1008' }],
  // The guide in Portuguese and in Spanish (whose home page, /es, the build has too), a section without an address.
  blogPages: [
    { id: '210', path: '/guia' },
    { id: '214', path: '/es/guia' },
    { id: '221', path: null },
  ],
  episodes: [{ id: 'ep1' }],
};

export function page(body: string, options: { hashes?: string[]; head?: string } = {}): string {
  const hashes = options.hashes ?? [scriptHash(OWN_INLINE)];
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta http-equiv="content-security-policy" content="${policy(hashes)}">
<link rel="stylesheet" href="/_astro/site.css"><link rel="canonical" href="${SITE_ORIGIN}/">
<script type="application/ld+json">{"@type":"Thing","description":"<b onclick=x>not markup</b>"}</script>
${options.head ?? ''}</head><body><a href="/">Início</a> <a href="/all-tours#lista">Passeios</a>
<img src="/images/logo.svg" srcset="/images/logo.svg 1x, /images/logo.svg 2x" alt="">
<script type="module" src="/_astro/page.js"></script><script>${OWN_INLINE}</script>
${body}</body></html>`;
}

/** The news feed as @astrojs/rss writes it, with one item titled `title` (raw XML). */
export const feed = (title: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Notícias</title><link>${SITE_ORIGIN}/</link>` +
  `<item><title>${title}</title><link>${SITE_ORIGIN}/news/1008</link></item></channel></rss>`;

export interface Fixture {
  root: string;
  dist: string;
  snapshot: string;
  options(overrides?: Partial<VerifyOptions>): VerifyOptions;
  write(file: string, content: string | Uint8Array): Promise<void>;
}

/** A complete small site: every fixed route, one page per snapshot item, its assets and manifest. */
export async function makeFixture(): Promise<Fixture> {
  const root = await mkdtemp(path.join(tmpdir(), 'verify-'));
  const dist = path.join(root, 'dist');
  const snapshot = path.join(root, 'snapshot');
  const write = async (file: string, content: string | Uint8Array) => {
    await mkdir(path.dirname(path.join(dist, file)), { recursive: true });
    await writeFile(path.join(dist, file), content);
  };
  await mkdir(snapshot, { recursive: true });
  for (const [name, entries] of Object.entries(SNAPSHOT)) {
    await writeFile(path.join(snapshot, `${name}.json`), JSON.stringify(entries));
  }
  const pages = expectedPages(SNAPSHOT as Snapshot);
  for (const { path: sitePath } of pages) {
    const file = sitePath === '/' ? 'index.html' : `${decodeURIComponent(sitePath.slice(1))}.html`;
    const extra = sitePath === '/all-tours' ? '<ul id="lista"><li><a href="/tour/101">101</a></li></ul>' : '';
    await write(file, page(extra));
  }
  await write('_astro/page.js', 'export {};');
  await write('_astro/site.css', 'body{background:url(/images/logo.svg)}@font-face{src:url("./poppins.woff2")}');
  await write('_astro/poppins.woff2', 'font');
  await write('images/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await write(
    'sitemap-0.xml',
    `<?xml version="1.0"?><urlset><url><loc>${SITE_ORIGIN}/</loc></url><url><loc>${SITE_ORIGIN}/tour/101?a=1&amp;b=2</loc></url></urlset>`,
  );
  await write('news/rss.xml', feed('Festival de Pesca &amp; Praia'));
  await writeBuildManifest(dist, snapshot, root);
  await preparePublication(dist, 'any');
  return {
    root,
    dist,
    snapshot,
    write,
    options: (overrides = {}) => ({
      distDir: dist,
      snapshotDir: snapshot,
      previous: null,
      allowShrink: false,
      allowGrowth: false,
      fingerprints: fingerprintSecrets([{ name: 'PROVIDER_API_TOKEN', value: SECRET }]),
      siteOrigin: SITE_ORIGIN,
      // Every page at /x and /x/ on either order: the strictest layout (each host's own is tested below).
      host: 'any' as const,
      ...overrides,
    }),
  };
}

/** Removes a page as a build that did not make it would lack it: its file and its folder form. */
export async function removePage(dist: string, file: string): Promise<void> {
  await unlink(path.join(dist, file));
  await unlink(path.join(dist, mirrorOf(file) ?? file)).catch(() => undefined);
}

export const messages = (problems: readonly Problem[], gate: Problem['gate']) =>
  problems.filter((problem) => problem.gate === gate).map((problem) => problem.message);

export const BASE_ENV = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SITE_URL: SITE_ORIGIN };
