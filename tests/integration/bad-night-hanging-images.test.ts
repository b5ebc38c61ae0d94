/**
 * A bad night for images (docs/architecture.md, order and fair shares): five tours with 40 gallery photos each on a host that
 * never answers once used the image step's whole 15-minute deadline, every good photo and a new
 * post's photo with it, and the site published with no tour photo.
 *
 * Two nights of `npm run sync` (records, then images) against the local upstream, as the workflow
 * runs them. The first caches three good tours' photos. A week later (so those are revalidated with
 * their ETag) the provider adds the five tours, each with its photo on the fixture host and 40
 * gallery photos on a second server that never answers, and the blog a post with a new photo. With
 * the image step's deadline cut to seconds, every good photo is cached (the known ones revalidated),
 * the post's photo too, and the hanging host is given up on after a few timeouts: its other photos
 * are not asked for, and are the placeholder with the reason editors read.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderReader } from '../../scripts/sync/fixture-upstream.ts';
import { syncImages } from '../../scripts/sync/images/index.ts';
import { IMAGE_CACHE_DEFAULTS } from '../../scripts/sync/images/options.ts';
import type { ImageCacheReport } from '../../scripts/sync/images/report.ts';
import { runSync } from '../../scripts/sync/run/index.ts';
import { imageFailureWords } from '../../src/lib/status/messages.ts';
import { sampleJpeg } from '../support/bad-night.ts';
import { captureLogger } from '../support/sync-helpers.ts';
import { DEFAULT_FIXTURE_DIR, startUpstreamServer, type UpstreamServer } from '../support/upstream-server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const quiet = { info() {}, warn() {} };
const DAY = 24 * 3600_000;
const FIRST_NIGHT = Date.parse('2026-03-02T06:00:00Z');
/** The image step's limits tonight: seconds, not 15 minutes; a hanging request gives up after 300 ms. */
const LIMITS = { deadlineMs: 6_000, timeoutMs: 300, totalTimeoutMs: 600, retryLimit: 0 };

/** The upstream: the fixtures, good photos under /media/ and /wp-content/uploads/ (with an ETag). */
let upstream: UpstreamServer;
/** A second host whose every request hangs: the five tours' galleries. */
let hanging: UpstreamServer;
let work: string;
const nights: { images: ImageCacheReport; lines: string[]; ms: number }[] = [];

const photo = (name: string) => `${upstream.origin}/media/${name}.jpg`;
const galleryOf = (urls: string[]) => urls.map((url) => ({ large: url, thumb: url }));

/** Three tours whose photos are all good: a photo and six gallery photos each. */
const goodTours = () =>
  [1, 2, 3].map((tour) => ({
    id: `bom-${tour}`,
    title: `Passeio bom ${tour}`,
    price: 'R$ 80,00',
    image: photo(`bom-${tour}-capa`),
    gallery: galleryOf(Array.from({ length: 6 }, (_, index) => photo(`bom-${tour}-${index}`))),
  }));

/** Five tours, each with its photo on the upstream and 40 gallery photos on the host that never answers. */
const hangingTours = () =>
  [1, 2, 3, 4, 5].map((tour) => ({
    id: `parado-${tour}`,
    title: `Passeio parado ${tour}`,
    price: 'R$ 90,00',
    image: photo(`parado-${tour}-capa`),
    gallery: galleryOf(Array.from({ length: 40 }, (_, index) => `${hanging.origin}/galeria/${tour}-${index}.jpg`)),
  }));

const POST_PHOTO = () => `${upstream.origin}/wp-content/uploads/2026/03/festa-nova.jpg`;

/** A post of tonight (a date the sync takes whatever day the test runs), its photo new. */
const newPost = () => ({
  id: 99,
  date: new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 19),
  date_gmt: new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 19),
  slug: 'festa-nova',
  status: 'publish',
  link: 'https://blog.example.com/festa-nova/',
  title: { rendered: 'Festa nova no porto' },
  content: { rendered: '<p>A festa volta ao porto.</p>' },
  excerpt: { rendered: '<p>A festa volta ao porto.</p>' },
  _embedded: { author: [{ name: 'Equipe Turismo' }], 'wp:featuredmedia': [{ source_url: POST_PHOTO() }] },
});

/** One night: the sync of the records, then its image step (`npm run sync`), with the clock at `at`. */
async function night(at: number) {
  const snapshot = path.join(work, 'snapshot');
  // The second server is the blog's public site (BLOG_URL), an allowed image origin: the address
  // guard fetches from 127.0.0.1 only for the configured upstreams.
  const env = { ...upstream.env, BLOG_URL: hanging.origin, SNAPSHOT_DIR: snapshot, IMAGE_CACHE_DIR: path.join(work, 'images') };
  await runSync({ env, outDir: snapshot, sampleDir: path.join(root, 'sample-data'), logger: quiet });
  const log = captureLogger();
  const started = performance.now();
  const images = await syncImages({
    env,
    root,
    snapshotDir: snapshot,
    logger: log.logger,
    limits: { ...LIMITS, now: () => new Date(at) },
  });
  nights.push({ images, lines: log.lines, ms: performance.now() - started });
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'hanging-images-'));
  const jpeg = await sampleJpeg();
  upstream = await startUpstreamServer();
  upstream.setFault(/^\/(?:media|wp-content\/uploads)\//, {
    kind: 'respond',
    respond: (request) => {
      const etag = `"${new URL(request.url).pathname}"`;
      if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: { etag } });
      return new Response(jpeg, { headers: { 'content-type': 'image/jpeg', etag } });
    },
  });
  hanging = await startUpstreamServer({ checkAuth: false });
  hanging.setFault(/^\//, { kind: 'hang' });

  const fixtures = folderReader(DEFAULT_FIXTURE_DIR);
  const tours = (await fixtures('provider/tours.json')) as unknown[];
  const posts = (await fixtures('blog/posts.json')) as unknown[];
  upstream.setFile('provider/tours.json', [...tours, ...goodTours()]);
  await night(FIRST_NIGHT);
  upstream.clearRequests();
  upstream.setFile('provider/tours.json', [...tours, ...goodTours(), ...hangingTours()]);
  upstream.setFile('blog/posts.json', [newPost(), ...posts]);
  await night(FIRST_NIGHT + 8 * DAY);
}, 60_000);

afterAll(async () => {
  await upstream?.close();
  await hanging?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('a night with five tours of 40 hanging gallery photos', () => {
  const tonight = () => nights[1] as (typeof nights)[number];
  const knownGood = () => goodTours().flatMap((tour) => [tour.image, ...tour.gallery.map((item) => item.large)]);

  it('caches the first night’s 21 good photos', () => {
    const first = nights[0]?.images;
    for (const url of knownGood()) expect(first?.manifest.images[url], url).toBeDefined();
    expect(first?.downloaded).toBe(21);
  });

  it('revalidates every photo known good, and caches the new tours’ photos and the new post’s photo', () => {
    const { images } = tonight();
    for (const url of knownGood()) expect(images.manifest.images[url], url).toBeDefined();
    expect(images.notModified).toBe(21);
    for (const tour of hangingTours()) expect(images.manifest.images[tour.image], tour.image).toBeDefined();
    expect(images.manifest.images[POST_PHOTO()]).toBeDefined();
    expect(upstream.requestsTo('/wp-content/uploads/2026/03/festa-nova.jpg')).toHaveLength(1);
  });

  it('gives up on the host that never answers after a few timeouts, and asks for none of its other photos', () => {
    const { images } = tonight();
    const { hostConcurrency, hostFailureLimit } = IMAGE_CACHE_DEFAULTS;
    const asked = hanging.requests.length;
    expect(asked).toBeGreaterThanOrEqual(hostFailureLimit);
    expect(asked).toBeLessThan(hostFailureLimit + hostConcurrency);
    expect(images.skipped).toEqual({ host: 200 - asked, record: 0, deadline: 0 });
    const gallery = hangingTours().flatMap((tour) => tour.gallery.map((item) => item.large));
    const reasons = gallery.map((url) => images.manifest.failed[url]);
    expect(reasons.filter((reason) => reason === 'timed out')).toHaveLength(asked);
    const host = new URL(hanging.origin).host;
    const skipped = `skipped: host ${host} failed ${hostFailureLimit} times in a row (timed out)`;
    expect(reasons.filter((reason) => reason === skipped)).toHaveLength(200 - asked);
    expect(imageFailureWords(skipped)).toMatch(/^o servidor da foto falhou várias vezes seguidas/);
  });

  it('finishes well within its short deadline, and says how many photos it did not ask for and why', () => {
    const { ms, lines, images } = tonight();
    expect(ms).toBeLessThan(LIMITS.deadlineMs);
    const skipped = images.skipped.host;
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^INFO images: \\d+ in [\\d.]+ s: .*, ${skipped} not asked for \\(${skipped} host given up, 0 record given up, 0 deadline\\)$`,
      ),
    );
    expect(images.warnings).toContain(
      `${skipped} image(s) not asked for this run (${skipped} of a host given up, 0 of a record given up, ` +
        `0 after the step's deadline): 0 keep their cached copy, ${skipped} are the placeholder`,
    );
  });
});
