/**
 * A bad night, end to end: an upstream that mixes good records with every kind of record that once
 * stopped the nightly deploy (tests/support/bad-night.ts), served by a real HTTP server on
 * 127.0.0.1. On a first build (no last good snapshot) and on the next night's (with one), the sync,
 * the Astro build, the search index and the deploy gate all pass; every good record is published;
 * each bad one is dropped or repaired with its reason in the sync's report; no page links anywhere
 * dead, leaks the token, carries an extra mail recipient or exceeds the page-size bound. A record the
 * gate would refuse the whole site for (a page over its byte limit, the token split or encoded) is
 * left out by the sync, and everything else is published.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncImages } from '../../scripts/sync/images/index.ts';
import type { ImageCacheReport } from '../../scripts/sync/images/report.ts';
import { plainEmail } from '../../scripts/sync/normalise/values.ts';
import { runSync } from '../../scripts/sync/run/index.ts';
import type { SyncReport } from '../../scripts/sync/run/report.ts';
import { writeGateFingerprints } from '../../scripts/verify/secrets.ts';
import {
  badNightReader,
  FORMULA_TITLE,
  GOOD_IDS,
  HIDDEN_TOKENS,
  HOSTILE,
  IMAGE_PATHS,
  SCAM_TITLE,
  sampleJpeg,
} from '../support/bad-night.ts';
import { astroBuild, runVerifyScript, type VerifyRun } from '../support/build-site.ts';
import { formulaCells } from '../support/csv.ts';
import { startUpstreamServer, TEST_CREDENTIALS, type UpstreamServer } from '../support/upstream-server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const quiet = { info() {}, warn() {} };

/** Detail route of each collection (docs/architecture.md, Pages). */
const ROUTES: Record<string, string> = {
  tours: 'tour',
  accommodation: 'accommodation',
  restaurants: 'restaurant',
  events: 'event',
  drivers: 'driver',
  guides: 'guide',
  agencies: 'agency',
  tourProviders: 'provider-tour',
  testimonials: 'testimonials',
  news: 'news',
};

interface Night {
  report: SyncReport;
  images: ImageCacheReport;
  dist: string;
  verify: VerifyRun;
}

let server: UpstreamServer;
let work: string;
const nights: Night[] = [];

/** One nightly job: sync (records and images), `astro build`, the search index, `npm run verify`. */
async function buildNight(index: number): Promise<Night> {
  const snapshot = path.join(work, 'snapshot');
  const images = path.join(work, 'images');
  const dist = path.join(work, `dist-${index}`);
  const env: Record<string, string> = { ...server.env, SNAPSHOT_DIR: snapshot, IMAGE_CACHE_DIR: images };
  const report = await runSync({ env, outDir: snapshot, sampleDir: path.join(root, 'sample-data'), logger: quiet });
  const imageReport = await syncImages({ env, root, snapshotDir: snapshot, logger: quiet });
  const options = { cwd: root, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 };
  await astroBuild(dist, options.env);
  await run(process.execPath, ['scripts/index-search.ts', dist], options);
  const previous = index > 0 ? ['--previous', path.join(work, `dist-${index - 1}`, 'build-manifest.json')] : [];
  // As deploy.yml runs it: the sync writes the secrets' fingerprints, the gate gets those and not the secrets.
  const fingerprints = path.join(work, `secret-fingerprints-${index}.json`);
  await writeGateFingerprints({ ...env, SECRET_FINGERPRINTS_FILE: fingerprints });
  const { PROVIDER_API_TOKEN: _token, SPOTIFY_CLIENT_ID: _id, SPOTIFY_CLIENT_SECRET: _secret, ...withoutSecrets } = env;
  const verify = await runVerifyScript(['--dist', dist, '--snapshot', snapshot, ...previous], {
    ...withoutSecrets,
    SECRET_FINGERPRINTS_FILE: fingerprints,
  });
  return { report, images: imageReport, dist, verify };
}

/** Every file under `dir`, relative. */
async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** The page file of a site path, as a static host finds it. */
function pageFile(dist: string, sitePath: string): string | null {
  const base = path.join(dist, sitePath);
  return [`${base}.html`, path.join(base, 'index.html')].find((file) => existsSync(file)) ?? null;
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'bad-night-'));
  const jpeg = await sampleJpeg();
  server = await startUpstreamServer({ reader: badNightReader(() => server.origin) });
  server.setFault(IMAGE_PATHS, {
    kind: 'respond',
    respond: () => new Response(jpeg, { headers: { 'content-type': 'image/jpeg' } }),
  });
  nights.push(await buildNight(0));
  nights.push(await buildNight(1));
}, 900_000);

afterAll(async () => {
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe.each([
  ['a first build (no last good snapshot)', 0],
  ['the next night (with a last good snapshot)', 1],
])('a bad night: %s', (_name, index) => {
  const night = () => nights[index] as Night;

  it('syncs every collection from the upstream: no collection fell back, none was refused', () => {
    for (const collection of night().report.collections) {
      expect(collection, collection.id).toMatchObject({ origin: 'upstream', failed: false, error: null });
    }
    expect(night().report.warnings).toEqual([]);
  });

  it.each(HOSTILE.map((kind) => [kind.what, kind] as const))('%s: dropped or repaired, with the reason', (_what, kind) => {
    const collection = night().report.collections.find((candidate) => candidate.id === kind.collection);
    const notes = (kind.outcome === 'dropped' ? collection?.dropped : collection?.repaired) ?? [];
    expect(
      notes.filter((note) => note.id === kind.id).map((note) => note.reason),
      `${kind.collection} ${kind.id}`,
    ).toContainEqual(expect.stringMatching(kind.reason));
    expect(night().report.recordWarnings).toContainEqual(
      expect.stringContaining(`${kind.collection}: ${kind.outcome} record ${kind.id}: `),
    );
  });

  it('publishes every good record, each at its own page', () => {
    for (const [collection, ids] of Object.entries(GOOD_IDS)) {
      const route = ROUTES[collection];
      if (!route) continue;
      for (const id of ids) expect(pageFile(night().dist, `${route}/${id}`), `${collection} ${id}`).not.toBeNull();
    }
  });

  it('passes the deploy gate (links, anchors, secrets, scripts, sizes, counts)', () => {
    expect(night().verify.output).toMatch(/verify: ok/);
    expect(night().verify.code).toBe(0);
    // From the fingerprints alone: the token, the Spotify client id and secret, and their HTTP Basic credentials.
    expect(night().verify.output).toMatch(/ 4 secret\(s\) searched for/);
  });

  it('publishes no mailto: with a second recipient, and no page over 1 MB', async () => {
    const pages = (await filesOf(night().dist)).filter((file) => file.endsWith('.html'));
    for (const page of pages) {
      const html = await readFile(path.join(night().dist, page), 'utf8');
      expect(html.length, page).toBeLessThan(1024 * 1024);
      for (const [, href = ''] of html.matchAll(/href="(mailto:[^"]*)"/gi)) {
        const url = new URL(href.replaceAll('&amp;', '&'));
        expect(plainEmail(decodeURIComponent(url.pathname)), `${page}: ${href}`).not.toBeNull();
        expect(
          [...url.searchParams.keys()].every((key) => key === 'subject' || key === 'body'),
          `${page}: ${href}`,
        ).toBe(true);
      }
    }
  });

  it('leaks the provider token nowhere, in no form: each record that carried it is left out, the others published', async () => {
    const token = TEST_CREDENTIALS.cityApiToken;
    const forms = [token, Buffer.from(token).toString('base64')];
    for (const file of await filesOf(night().dist)) {
      const text = (await readFile(path.join(night().dist, file), 'latin1')).replace(/<[^>]*>/g, '').replace(/\s+/g, '');
      for (const form of forms) expect(text, file).not.toContain(form);
    }
    for (const id of ['secret', ...HIDDEN_TOKENS.map((hidden) => hidden.id)])
      expect(pageFile(night().dist, `tour/${id}`), id).toBeNull();
  });

  it('tells the editors on /status what was left out with no part of the token, no address to follow, no title beside a broken id', async () => {
    const token = TEST_CREDENTIALS.cityApiToken.toLowerCase();
    const parts = Array.from({ length: token.length - 7 }, (_, start) => token.slice(start, start + 8));
    const status = await readFile(pageFile(night().dist, 'status') ?? '', 'utf8');
    const statusJson = await readFile(path.join(work, 'snapshot', 'status.json'), 'utf8');
    for (const [file, text] of [
      ['status.html', status],
      ['status.json', statusJson],
    ] as const)
      expect(
        parts.filter((part) => text.toLowerCase().includes(part)),
        file,
      ).toEqual([]);
    expect(status).toContain('golpe[.]example');
    expect(status).not.toMatch(/golpe\.example/);
    // The draft post (a valid id) is named by its title, cut; the event whose id is broken by its id alone.
    expect(status).toContain('Notícia 1302 “Prefeitura: cadastro expirou, acesse golpe[.]example agora…”');
    expect(status.split(SCAM_TITLE.slice(0, 20))).toHaveLength(2);
    expect(status).toMatch(/Evento &quot;\.\.\/golpe&quot;: o identificador/);
  });

  it('writes open data no spreadsheet reads as a formula, in any locale', async () => {
    const csv = await readFile(path.join(night().dist, 'dados', 'eventos.csv'), 'utf8');
    expect(csv).toContain(FORMULA_TITLE.split(',')[0]);
    expect(formulaCells(csv)).toEqual([]);
  });

  it('leaves out the record whose page would pass the gate’s 1 MB, and the gate measures no page over it', () => {
    expect(pageFile(night().dist, 'tour/cjk')).toBeNull();
    expect(night().verify.output).not.toMatch(/over the 1 MB limit/);
  });

  it('keeps the WordPress post readable: table of contents and footnotes land, relative links reach the blog, its images are ours', async () => {
    const html = await readFile(pageFile(night().dist, 'news/1301') ?? '', 'utf8');
    const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));
    const anchors = [...html.matchAll(/href="#(uc-[^"]+)"/g)].map((match) => match[1]);
    expect(anchors.length).toBeGreaterThanOrEqual(4);
    for (const anchor of anchors) expect(ids.has(anchor), anchor).toBe(true);
    expect(html).toContain(`href="${server.origin}/2026/11/outro-post/"`);
    expect(html).toContain(`href="${server.origin}/2026/11/18/noite-ruim/leia-mais"`);
    expect(html).not.toContain('#nao-existe');
    // Its images are served by us through the image pipeline, not hot-linked from the blog.
    expect(html).not.toMatch(/<(?:img|source)\b[^>]*\ssrc(?:set)?="[^"]*\/wp-content\/uploads\//);
    expect(html).toMatch(/<picture[^>]*>\s*<source type="image\/avif"/);
  });

  it('fetches images from the upstreams it was given, never from loopback, private or metadata addresses', () => {
    const { failed, images } = night().images.manifest;
    expect(failed['http://169.254.169.254/latest/meta-data/iam.jpg']).toMatch(/^refused: .*link-local.*cloud metadata/);
    expect(failed['http://127.0.0.2:9/spy.jpg']).toMatch(/^refused: .*loopback/);
    expect(Object.keys(images)).toContain(`${server.origin}/media/tours/relativo.jpg`);
    expect(Object.keys(images)).toContain(`${server.origin}/wp-content/uploads/2026/11/rio-cheio.jpg`);
  });

  it('shows the fallback for refused contact fields and does not feature an out-of-scale rating', async () => {
    const contact = await readFile(pageFile(night().dist, 'contato') ?? '', 'utf8');
    expect(contact).not.toContain('bcc=');
    const testimonials = JSON.parse(await readFile(path.join(work, 'snapshot', 'testimonials.json'), 'utf8')) as {
      id: string;
      rating: number | null;
      featured: boolean;
      writtenDate: string | null;
    }[];
    // An out-of-scale rating is left out: no rating, not featured.
    expect(testimonials.find((entry) => entry.id === '1099')).toMatchObject({ rating: null, featured: false });
    expect(testimonials.find((entry) => entry.id === '1098')).toMatchObject({ writtenDate: null });
  });
});
