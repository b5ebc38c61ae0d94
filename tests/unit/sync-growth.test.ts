/**
 * A sudden growth is held per collection like a shrink (docs/architecture.md): the collection
 * keeps its last good snapshot and says why, the others publish; --allow-growth publishes it. The
 * shrink rule measures against a baseline that a sudden growth never raises until a later night
 * confirms it, so the good night after a flood is published. First syncs and the sample data are
 * never held. Against the local upstream server.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baselineOf, isSyncGrowth, SYNC_GROWTH } from '../../scripts/sync/run/last-good.ts';
import { checkCollections } from '../../scripts/verify/manifest.ts';
import { readSnapshot as readGateSnapshot } from '../../scripts/verify/pages.ts';
import { measuredCollections } from '../../scripts/verify/run.ts';
import { type BuildManifest, countsOf } from '../../src/integrations/build-manifest.ts';
import type { CollectionStatus } from '../../src/lib/schemas/index.ts';
import {
  collectionOf,
  idsOf,
  REAL_SAMPLE_DIR,
  readSnapshot,
  readStatus,
  setUpSyncSandbox,
  statusOf,
  syncAgainst,
  numberedTours as tours,
} from '../support/sync-helpers.ts';

const sandbox = setUpSyncSandbox();

/** The 14 tours of a good night; `title` renames the first one. */
const goodTours = (title = 'Passeio 1') => [{ ...tours(1)[0], title }, ...tours(13, 2)];
/** 14 good tours and 500 spam ones. */
const spamNight = () => [...goodTours(), ...tours(500, 10_000)];

const sync = (options: Parameters<typeof syncAgainst>[2] = {}) => syncAgainst(sandbox.server, sandbox.outDir, options);

/** A build manifest with these counts. */
const manifest = (counts: BuildManifest['counts']): BuildManifest => ({ version: 1, builtAt: '', snapshotDir: '', counts });

/** The manifest a build of the snapshot now in the sandbox would publish. */
async function manifestNow(): Promise<BuildManifest> {
  return manifest(countsOf((await readGateSnapshot(sandbox.outDir)).snapshot));
}

/** What the gate's collections check says of the snapshot now, against the last published `previous`. */
async function gateCounts(previous: BuildManifest, allowGrowth = false) {
  const { snapshot } = await readGateSnapshot(sandbox.outDir);
  const problems = checkCollections({
    snapshot,
    built: manifest(countsOf(snapshot)),
    previous,
    allowShrink: false,
    allowGrowth,
    measured: await measuredCollections(sandbox.outDir),
  });
  return problems.map((problem) => problem.message);
}

describe('isSyncGrowth', () => {
  it.each([
    [14, 514, true],
    [30, 630, true],
    [14, 65, true],
    [14, 64, false],
    [14, 42, false],
    [3, 40, false],
    [20, 61, false],
    [100, 301, true],
    [2000, 2600, false],
    [0, 51, true],
    [0, 50, false],
  ])('%i → %i: %s', (before, now, grew) => {
    expect(isSyncGrowth(before, now)).toBe(grew);
  });

  it('holds what the gate let through on a spam night (14 → 514), and is stricter than the gate', () => {
    expect(SYNC_GROWTH.factor).toBeLessThan(10);
    expect(SYNC_GROWTH.entries).toBeLessThan(500);
  });
});

describe('baselineOf', () => {
  const status = (fields: Partial<CollectionStatus>): CollectionStatus => ({
    id: 'tours',
    source: 'cityApi',
    origin: 'upstream',
    goodOrigin: 'upstream',
    count: 514,
    failed: false,
    error: null,
    syncedAt: null,
    problem: null,
    baseline: null,
    checkedAgainst: null,
    changes: null,
    dropped: { total: 0, first: [] },
    repaired: { total: 0, first: [] },
    hidden: { total: 0, first: [] },
    ...fields,
  });
  const changes = (added: number, removed = 0) => ({
    added: { total: added, first: [] },
    removed: { total: removed, first: [] },
    changed: 0,
  });

  it('is the baseline the last status kept, never over the last good count', () => {
    expect(baselineOf(status({ baseline: 14 }), 514)).toBe(14);
    expect(baselineOf(status({ baseline: 30 }), 20)).toBe(20);
  });

  it('is the last good count without a status, or when its last night was no sudden growth', () => {
    expect(baselineOf(undefined, 14)).toBe(14);
    expect(baselineOf(status({ count: 20, changes: changes(6) }), 20)).toBe(20);
  });

  it('is the count before a sudden growth a status written before baselines shows in its changes', () => {
    expect(baselineOf(status({ count: 514, changes: changes(500) }), 514)).toBe(14);
    expect(baselineOf(status({ count: 514, changes: changes(502, 2) }), 514)).toBe(14);
    // A kept snapshot's changes are not the night's growth.
    expect(baselineOf(status({ origin: 'snapshot', count: 514, changes: changes(500) }), 514)).toBe(514);
  });
});

describe('a sudden growth', () => {
  it('keeps the last good snapshot of that collection, says why, and publishes the others', async () => {
    sandbox.server.setFile('provider/tours.json', goodTours());
    await sync();
    sandbox.server.setFile('provider/tours.json', spamNight());
    sandbox.server.setFile('provider/restaurants.json', { restaurants: [{ id: 301, name: 'Restaurante novo nome' }] });
    const { report } = await sync({ allowShrink: true });
    const tour = collectionOf(report, 'tours');
    expect(tour).toMatchObject({
      origin: 'snapshot',
      failed: true,
      count: 14,
      received: 514,
      problem: { code: 'growth', count: 514, previous: 14 },
    });
    expect(tour.error).toBe(
      '514 valid records (514 received), over 3 times and over 50 more than the last good 14; not published (use --allow-growth if this is intended)',
    );
    expect(report.warnings).toContain(`cityApi tours: ${tour.error}; keeping the last good snapshot (14 records)`);
    expect(await readSnapshot(sandbox.outDir, 'tours')).toHaveLength(14);
    expect(statusOf(await readStatus(sandbox.outDir), 'tours')).toMatchObject({ baseline: 14, checkedAgainst: 14 });
    expect(idsOf(await readSnapshot(sandbox.outDir, 'restaurants'))).toEqual(['301']);
    expect(collectionOf(report, 'restaurants')).toMatchObject({ origin: 'upstream', failed: false });
  });

  it('is published with --allow-growth; the next good night is published, not held as less than half of it', async () => {
    sandbox.server.setFile('provider/tours.json', goodTours());
    await sync();
    const published = await manifestNow();

    sandbox.server.setFile('provider/tours.json', spamNight());
    const allowed = await sync({ allowGrowth: true });
    expect(collectionOf(allowed.report, 'tours')).toMatchObject({ origin: 'upstream', failed: false, count: 514 });
    // The baseline stays the count before the growth.
    expect(statusOf(await readStatus(sandbox.outDir), 'tours')).toMatchObject({ count: 514, baseline: 14, checkedAgainst: 14 });
    expect(await gateCounts(published, true)).toEqual([]);
    const flood = await manifestNow();

    sandbox.server.setFile('provider/tours.json', goodTours('Passeio 1, novo roteiro'));
    const { report } = await sync();
    expect(collectionOf(report, 'tours')).toMatchObject({ origin: 'upstream', failed: false, count: 14, problem: null });
    const first = (await readSnapshot<{ id: string; title: string }>(sandbox.outDir, 'tours')).find((tour) => tour.id === '1');
    expect(first?.title).toBe('Passeio 1, novo roteiro');
    expect(statusOf(await readStatus(sandbox.outDir), 'tours')).toMatchObject({ baseline: 14, checkedAgainst: 14 });
    // Nor does the gate refuse it as less than half of the 514 published.
    expect(await gateCounts(flood)).toEqual([]);
  });

  it('becomes the baseline once a later night confirms it', async () => {
    sandbox.server.setFile('provider/tours.json', goodTours());
    await sync();
    sandbox.server.setFile('provider/tours.json', spamNight());
    await sync({ allowGrowth: true });
    const again = await sync();
    expect(collectionOf(again.report, 'tours')).toMatchObject({ origin: 'upstream', count: 514 });
    expect(statusOf(await readStatus(sandbox.outDir), 'tours')).toMatchObject({ baseline: 514, checkedAgainst: 14 });
    // Now a drop to 14 is a shrink against 514.
    sandbox.server.setFile('provider/tours.json', goodTours());
    const dropped = await sync();
    expect(collectionOf(dropped.report, 'tours')).toMatchObject({
      origin: 'snapshot',
      problem: { code: 'shrink', previous: 514 },
    });
  });

  it('measures a snapshot published before baselines were kept against the count before its flood', async () => {
    sandbox.server.setFile('provider/tours.json', goodTours());
    await sync();
    sandbox.server.setFile('provider/tours.json', spamNight());
    await sync({ allowGrowth: true });
    // status.json as an older sync wrote it: no baseline, the night's changes (500 added).
    const file = path.join(sandbox.outDir, 'status.json');
    const statuses = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>[];
    await writeFile(file, JSON.stringify(statuses.map(({ baseline: _b, checkedAgainst: _c, ...rest }) => rest)));
    sandbox.server.setFile('provider/tours.json', goodTours());
    const { report } = await sync();
    expect(collectionOf(report, 'tours')).toMatchObject({ origin: 'upstream', count: 14 });
  });

  it('is never held on a first sync, nor when the last good data was the sample data', async () => {
    sandbox.server.setFile('provider/tours.json', spamNight());
    // The blog is down on the first night: the news are the sample data.
    sandbox.server.setFault(sandbox.server.paths.posts, { kind: 'status', status: 500 });
    const first = await sync();
    expect(collectionOf(first.report, 'tours')).toMatchObject({ origin: 'upstream', count: 514 });
    expect(statusOf(await readStatus(sandbox.outDir), 'tours')).toMatchObject({ baseline: 514, checkedAgainst: null });
    expect(collectionOf(first.report, 'news')).toMatchObject({ origin: 'sample', count: 2 });

    // Then 60 posts from the blog.
    sandbox.server.clearFaults();
    const posts = Array.from({ length: 60 }, (_, index) => ({
      id: 700 + index,
      date: '2026-03-01T10:00:00',
      status: 'publish',
      title: { rendered: `Notícia ${index}` },
    }));
    sandbox.server.setFile('blog/posts.json', posts);
    const switched = await sync();
    expect(collectionOf(switched.report, 'news')).toMatchObject({ origin: 'upstream', count: 60, failed: false });
  });

  it('is never held in the sample data, which no source configures', async () => {
    const sample = { env: { PROVIDER_API_URL: '', BLOG_API_URL: '', SPOTIFY_CLIENT_ID: '' }, sampleDir: REAL_SAMPLE_DIR };
    await syncAgainst(sandbox.server, sandbox.outDir, sample);
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir, sample);
    for (const collection of report.collections) {
      expect(collection, collection.id).toMatchObject({ origin: 'sample', failed: false, baseline: null, checkedAgainst: null });
    }
  });
});

describe('the gate and a flood the sync held', () => {
  it('passes the build: the flooded collection keeps its count, the provider’s new tour is counted', async () => {
    sandbox.server.setFile('provider/tours.json', goodTours());
    await sync();
    const published = await manifestNow();
    sandbox.server.setFile('provider/tours.json', [...goodTours(), ...tours(1, 15)]);
    sandbox.server.setFile(
      'blog/posts.json',
      Array.from({ length: 630 }, (_, index) => ({
        id: 900 + index,
        date: '2026-03-01T10:00:00',
        status: 'publish',
        title: { rendered: `Spam ${index}` },
      })),
    );
    const { report } = await sync();
    expect(collectionOf(report, 'news')).toMatchObject({ origin: 'snapshot', problem: { code: 'growth', count: 630 } });
    expect(collectionOf(report, 'tours')).toMatchObject({ origin: 'upstream', count: 15 });
    expect(await gateCounts(published)).toEqual([]);
  });

  it('still refuses a flood the sync could not measure (no last good snapshot of its own)', async () => {
    sandbox.server.setFile('provider/tours.json', spamNight());
    await sync();
    const problems = await gateCounts(manifest({ city: 1, tours: 10 }));
    expect(problems).toEqual([expect.stringMatching(/^The collection tours has 514 entries, 504 more than the 10/)]);
  });
});
