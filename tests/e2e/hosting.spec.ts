/**
 * The host matrix: the built site, laid out for each kind of host as its build step lays it out
 * (src/integrations/hosts.ts: the sample build is for GitHub Pages, one file per page; a copy of it gets
 * the folder copies GitLab Pages or any host needs), served as that host would serve it, with its real
 * redirects (scripts/serve.ts). Every page the sitemap lists, every route of the documented route table
 * and the six names that are both a page and a folder answer 200 with their own page at their one form
 * (and with a trailing slash where every page has its folder copy), without a redirect loop; an unknown
 * path gets 404.html with status 404; on a host with one file per page, the 404 page sends a visitor
 * who came with a trailing slash on to the page.
 *
 * What a page is comes from the build itself (`/tour/101` is `tour/101.html`, as Astro writes pages
 * with `build.format: 'file'`), not from the hosting model the server and the gate share.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { type StaticServer, startStaticServer } from '../../scripts/serve.ts';
import { HOSTS, type HostName } from '../../src/integrations/hosts.ts';
import { listFiles } from '../../src/integrations/site-files.ts';
import { writeMirrors } from '../../src/integrations/static-hosting.ts';
import { DIST } from '../support/dist-dir.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SNAPSHOT = path.join(ROOT, 'data/sample-snapshot');

/** docs/product.md, route table; `{collection}` takes the first id of that snapshot collection. */
const ROUTE_TABLE = [
  '/',
  '/about',
  '/destination',
  '/contato',
  '/news',
  '/news/{news}',
  '/testimonials',
  '/testimonials/{testimonials}',
  '/all-tours',
  '/tour/{tours}',
  '/all-providers-tours',
  '/provider-tour/{tourProviders}',
  '/accommodation',
  '/all-accommodation',
  '/accommodation/{accommodation}',
  '/all-restaurants',
  '/restaurant/{restaurants}',
  '/all-drivers',
  '/driver/{drivers}',
  '/all-guides',
  '/guide/{guides}',
  '/all-agencies',
  '/agency/{agencies}',
  '/all-events',
  '/events',
  '/event/{events}',
  '/experience',
  '/experience/{experiences}',
];
/** The names that are a page and a folder at once. */
const PAGE_AND_FOLDER = ['/news', '/testimonials', '/accommodation', '/driver', '/guide', '/experience'];

function firstId(collection: string): string {
  const entries = JSON.parse(readFileSync(path.join(SNAPSHOT, `${collection}.json`), 'utf8')) as { id: string }[];
  const id = entries[0]?.id;
  if (id === undefined) throw new Error(`the sample collection ${collection} is empty`);
  return encodeURIComponent(id);
}

function sitemapPaths(): string[] {
  const index = readFileSync(path.join(DIST, 'sitemap-index.xml'), 'utf8');
  const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
  return sitemaps.flatMap((sitemap) =>
    [...readFileSync(path.join(DIST, sitemap), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL((match[1] ?? '').replace(/&amp;/g, '&')).pathname,
    ),
  );
}

/** The page file Astro wrote for a path, and its title and canonical link. */
function expectedPage(sitePath: string): { file: string; title: string; canonical: string | null } {
  const file = sitePath === '/' ? 'index.html' : `${decodeURIComponent(sitePath.slice(1))}.html`;
  const html = readFileSync(path.join(DIST, file), 'utf8');
  return { file, ...titleAndCanonical(html) };
}

function titleAndCanonical(html: string): { title: string; canonical: string | null } {
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '(no title)',
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null,
  };
}

/** GET with the host's redirects followed by hand (at most 5), so a loop is seen as one. */
async function visit(origin: string, address: string): Promise<{ status: number; chain: string[]; html: string }> {
  const chain = [address];
  for (;;) {
    const response = await fetch(`${origin}${chain[chain.length - 1]}`, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) {
      return { status: response.status, chain, html: await response.text() };
    }
    await response.body?.cancel();
    const next = new URL(location, `${origin}${chain[chain.length - 1]}`);
    const nextPath = `${next.pathname}${next.search}`;
    if (chain.includes(nextPath) || chain.length > 5) return { status: -1, chain: [...chain, nextPath], html: '' };
    chain.push(nextPath);
  }
}

/** The sample build, laid out for `host`: itself for GitHub Pages, else a copy with the folder copies that host needs. */
async function layoutFor(host: HostName): Promise<{ root: string; remove: () => void }> {
  if (HOSTS[host].mirrors === 'none') return { root: DIST, remove: () => {} };
  const root = mkdtempSync(path.join(tmpdir(), `dist-${host}-`));
  cpSync(DIST, root, { recursive: true });
  await writeMirrors(root, await listFiles(root), host);
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

for (const host of ['github-pages', 'gitlab', 'any'] as const) {
  for (const resolution of HOSTS[host].resolutions) {
    test.describe(`${HOSTS[host].label}, a ${resolution} host`, () => {
      let server: StaticServer;
      let layout: { root: string; remove: () => void };
      test.beforeAll(async () => {
        layout = await layoutFor(host);
        server = await startStaticServer({ root: layout.root, resolution });
      });
      test.afterAll(async () => {
        await server.close();
        layout.remove();
      });

      test('serves every page of the sitemap and of the route table at its one form', async () => {
        const fromTable = ROUTE_TABLE.map((route) => route.replace(/\{(\w+)\}/, (_, collection: string) => firstId(collection)));
        const paths = [...new Set([...sitemapPaths(), ...fromTable, ...PAGE_AND_FOLDER])];
        expect(paths.length).toBeGreaterThan(100);
        const failures: string[] = [];
        for (const sitePath of paths) {
          const expected = expectedPage(sitePath);
          const withSlash = sitePath !== '/' && HOSTS[host].mirrors === 'all';
          for (const address of withSlash ? [sitePath, `${sitePath}/`] : [sitePath]) {
            const { status, chain, html } = await visit(server.origin, address);
            const route = chain.join(' → ');
            if (status === -1) {
              failures.push(`${route}: redirect loop`);
              continue;
            }
            const served = titleAndCanonical(html);
            if (status !== 200) failures.push(`${route}: ${status} "${served.title}" instead of "${expected.title}"`);
            else if (served.title !== expected.title) failures.push(`${route}: "${served.title}" instead of "${expected.title}"`);
            else if (served.canonical !== expected.canonical) failures.push(`${route}: canonical ${served.canonical}`);
            // The host may add the slash (a folder-first host does); it never sends the visitor elsewhere.
            const end = chain[chain.length - 1] ?? '';
            if (end !== sitePath && end !== `${sitePath}/`) failures.push(`${route}: ends on another path`);
          }
        }
        expect(failures).toEqual([]);
      });

      test('answers an unknown path with 404.html and status 404', async () => {
        const notFound = titleAndCanonical(readFileSync(path.join(DIST, '404.html'), 'utf8')).title;
        for (const address of ['/nao-existe', '/nao-existe/', '/tour/999999', '/news/page/999', '/tour/']) {
          const { status, html } = await visit(server.origin, address);
          expect({ address, status, title: titleAndCanonical(html).title }).toEqual({ address, status: 404, title: notFound });
        }
      });
    });
  }
}

test('one file per page on GitHub Pages: a visitor who comes to /tour/101/ is sent on to /tour/101', async ({ page }) => {
  const server = await startStaticServer({ root: DIST, resolution: 'file-first' });
  try {
    const tour = `/tour/${firstId('tours')}`;
    const response = await page.goto(`${server.origin}${tour}/?ref=blog#galeria`);
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(`${server.origin}${tour}?ref=blog#galeria`);
    await expect(page).toHaveTitle(expectedPage(tour).title);
    // A path with no page stays on the 404 page.
    await page.goto(`${server.origin}/tour/999999/`);
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(`${server.origin}/tour/999999/`);
  } finally {
    await server.close();
  }
});

test("dist/_headers: a policy header that allows every page's scripts, immutable bundles, pages revalidated", async () => {
  const server = await startStaticServer({ root: DIST, resolution: 'file-first' });
  try {
    for (const address of ['/tour/101', '/news', '/']) {
      const response = await fetch(`${server.origin}${address}`);
      const html = await response.text();
      const meta = /<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(html)?.[1]?.replace(/&#39;/g, "'") ?? '';
      const scriptHashes = /script-src ([^;]*)/.exec(meta)?.[1]?.match(/'sha256-[^']+'/g) ?? [];
      const header = response.headers.get('content-security-policy') ?? '';
      expect(scriptHashes.length, address).toBeGreaterThan(0);
      for (const hash of scriptHashes) expect(header, address).toContain(hash);
      expect(response.headers.get('cache-control'), address).toBe('public, max-age=0, must-revalidate');
    }
    const bundle = /src="(\/_astro\/[^"]+\.js)"/.exec(await (await fetch(`${server.origin}/`)).text())?.[1];
    expect(bundle).toBeDefined();
    expect((await fetch(`${server.origin}${bundle}`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${server.origin}/sw.js`)).headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  } finally {
    await server.close();
  }
});

test('a folder-first host: the news portal opens at /news/ and its links lead to the articles', async ({ page }) => {
  const layout = await layoutFor('gitlab');
  const server = await startStaticServer({ root: layout.root, resolution: 'folder-first' });
  try {
    const response = await page.goto(`${server.origin}/news`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(`${server.origin}/news/`);
    await expect(page).toHaveTitle(expectedPage('/news').title);
    const article = `/news/${firstId('news')}`;
    await page.locator(`a[href="${article}"]`).first().click();
    await expect(page).toHaveTitle(expectedPage(article).title);
  } finally {
    await server.close();
    layout.remove();
  }
});
