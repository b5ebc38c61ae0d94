/**
 * The third bad night (docs/architecture.md, the sync's safeguards), night by night as the nightly workflow runs: restore the last
 * published snapshot, `npm run sync`, the gate, and publish on a pass. The point of each night is the
 * snapshot, so no site is built here: the gate's collections check runs over the snapshot as
 * `npm run verify` runs it (checkCollections with the collections the sync measured); the gate over a
 * built site with an oversized record and the token split or encoded is tests/integration/bad-night.test.ts.
 *
 * - a blog flood publishes the provider's new tour;
 * - page 4 of 5 failing loses no post;
 * - after a +500 growth night, the next good night publishes the good count (held by the sync, or
 *   published with allow_growth, or published before this sync kept baselines);
 * - a night with the oversized record or the split token publishes everything else;
 * - neither answers of 52 MB page after page (the heap) nor 2,800 posts of 199,000 characters (the
 *   longest string) kill the sync: that collection keeps its last good data, and the summary says why.
 */
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SyncOptions } from '../../scripts/sync/run/start.ts';
import { syncSummary } from '../../scripts/sync/summary.ts';
import { checkCollections } from '../../scripts/verify/manifest.ts';
import { readSnapshot as readGateSnapshot } from '../../scripts/verify/pages.ts';
import { measuredCollections } from '../../scripts/verify/run.ts';
import { type BuildManifest, countsOf } from '../../src/integrations/build-manifest.ts';
import { CJK_TEXT, HIDDEN_TOKENS } from '../support/bad-night.ts';
import {
  collectionOf,
  idsOf,
  makeTempDir,
  numberedPosts as posts,
  readSnapshot,
  removeDir,
  type SyncRun,
  syncAgainst,
  numberedTours as tours,
} from '../support/sync-helpers.ts';
import { startUpstreamServer, type UpstreamServer } from '../support/upstream-server.ts';

/** Pages of ten, as a blog paged by ten answers: 50 posts are five pages. */
const PAGE_SIZE = 10;

let server: UpstreamServer;
let work: string;

beforeAll(async () => {
  server = await startUpstreamServer({ maxPageSize: PAGE_SIZE });
});
afterAll(() => server?.close());
beforeEach(async () => {
  server.reset();
  work = await makeTempDir('bad-night-counts-');
});
afterEach(() => removeDir(work));

interface Night {
  sync: SyncRun;
  /** The gate's reasons to refuse the counts; none: published. */
  refused: string[];
}

const published = () => path.join(work, 'published');
const snapshot = () => path.join(work, 'snapshot');

/** The manifest of a snapshot folder, as its build would write it. */
async function manifestOf(dir: string): Promise<BuildManifest> {
  return { version: 1, builtAt: '', snapshotDir: '', counts: countsOf((await readGateSnapshot(dir)).snapshot) };
}

/**
 * One nightly run: the last published snapshot restored into a fresh folder, the sync, the gate's
 * collections check against the last published manifest (with the workflow's overrides), and on a
 * pass the snapshot published (the data branch's copy replaced).
 */
async function night(options: Partial<SyncOptions> = {}): Promise<Night> {
  await rm(snapshot(), { recursive: true, force: true });
  await mkdir(snapshot(), { recursive: true });
  const hasPublished = await readFile(path.join(published(), 'status.json')).then(
    () => true,
    () => false,
  );
  if (hasPublished) await cp(published(), snapshot(), { recursive: true });
  const previous = hasPublished ? await manifestOf(published()) : null;
  const sync = await syncAgainst(server, snapshot(), options);
  const { snapshot: data } = await readGateSnapshot(snapshot());
  const refused = checkCollections({
    snapshot: data,
    built: await manifestOf(snapshot()),
    previous,
    allowShrink: options.allowShrink ?? false,
    allowGrowth: options.allowGrowth ?? false,
    measured: await measuredCollections(snapshot()),
  }).map((problem) => problem.message);
  if (refused.length === 0) {
    await rm(published(), { recursive: true, force: true });
    await cp(snapshot(), published(), { recursive: true });
  }
  return { sync, refused };
}

/** The published entries of a collection (the data branch's). */
const publishedEntries = <T = { id: string; title: string }>(name: string) => readSnapshot<T>(published(), name);

/** The editors' summary of a night's sync. */
const summaryOf = ({ sync }: Night) =>
  syncSummary({ statuses: sync.report.statuses, images: [], timeZone: 'America/Cuiaba', now: new Date() });

describe('a blog flood (30 posts, then 630) on the night the provider adds a tour and renames one', () => {
  it('publishes the provider’s changes; the news keep their 30 posts, and the summary says why', async () => {
    server.setFile('provider/tours.json', tours(14));
    server.setFile('blog/posts.json', posts(30));
    expect((await night()).refused).toEqual([]);

    server.setFile('provider/tours.json', [{ ...tours(1)[0], title: 'Passeio 1, novo roteiro' }, ...tours(14, 2)]);
    server.setFile('blog/posts.json', [...posts(600, 1000), ...posts(30)]);
    // All 63 pages of ten read (a real blog's pages hold 100 posts; the bound is 50 pages).
    const flood = await night({ http: { maxPostPages: 100 } });
    expect(flood.refused).toEqual([]);
    expect(collectionOf(flood.sync.report, 'news')).toMatchObject({
      origin: 'snapshot',
      problem: { code: 'growth', count: 630, previous: 30 },
    });
    expect(await publishedEntries('news')).toHaveLength(30);
    const published = await publishedEntries('tours');
    expect(idsOf(published)).toContain('15');
    expect(published.find((tour) => tour.id === '1')?.title).toBe('Passeio 1, novo roteiro');
    expect(summaryOf(flood)).toMatch(/Notícias: vieram 630 itens, muito mais que os 30 publicados; o site mostra os 30 itens/);
  });
});

describe('page 4 of 5 answering 500', () => {
  it('loses no post: the pages not read come from the last published snapshot, the pages read are tonight’s', async () => {
    server.setFile('blog/posts.json', posts(50));
    expect((await night()).refused).toEqual([]);

    server.setFile('blog/posts.json', [{ ...posts(1)[0], title: { rendered: 'Notícia 1, corrigida' } }, ...posts(49, 2)]);
    server.failPage(server.paths.posts, 4);
    const failed = await night();
    expect(failed.refused).toEqual([]);
    expect(collectionOf(failed.sync.report, 'news')).toMatchObject({
      origin: 'upstream',
      count: 50,
      problem: { code: 'partial-filled', count: 30, filled: 20 },
    });
    const news = await publishedEntries('news');
    expect(idsOf(news).sort((a, b) => Number(a) - Number(b))).toEqual(posts(50).map((post) => String(post.id)));
    expect(news.find((post) => post.id === '1')?.title).toBe('Notícia 1, corrigida');
    expect(summaryOf(failed)).toMatch(/mantém 20 itens da publicação anterior/);
  });
});

describe('a night of 500 spam tours (14 → 514), then good nights', () => {
  const spam = () => [...tours(14), ...tours(500, 10_000)];

  it('holds the spam in the sync, and publishes the good nights after it', async () => {
    server.setFile('provider/tours.json', tours(14));
    await night();
    server.setFile('provider/tours.json', spam());
    const spamNight = await night();
    expect(spamNight.refused).toEqual([]);
    expect(collectionOf(spamNight.sync.report, 'tours')).toMatchObject({ origin: 'snapshot', problem: { code: 'growth' } });
    expect(await publishedEntries('tours')).toHaveLength(14);

    server.setFile('provider/tours.json', [...tours(13), { ...tours(1, 14)[0], title: 'Passeio 14, renovado' }]);
    const good = await night();
    expect(good.refused).toEqual([]);
    expect(collectionOf(good.sync.report, 'tours')).toMatchObject({ origin: 'upstream', count: 14 });
    expect((await publishedEntries('tours')).find((tour) => tour.id === '14')?.title).toBe('Passeio 14, renovado');
  });

  it('publishes the good count the night after a spam night published with allow_growth', async () => {
    server.setFile('provider/tours.json', tours(14));
    await night();
    server.setFile('provider/tours.json', spam());
    expect((await night({ allowGrowth: true })).refused).toEqual([]);
    expect(await publishedEntries('tours')).toHaveLength(514);

    server.setFile('provider/tours.json', tours(14));
    const good = await night();
    expect(good.refused).toEqual([]);
    expect(collectionOf(good.sync.report, 'tours')).toMatchObject({ origin: 'upstream', count: 14 });
    expect(await publishedEntries('tours')).toHaveLength(14);
  });

  it('publishes the good count the night after a spam night published before the sync kept baselines', async () => {
    server.setFile('provider/tours.json', tours(14));
    await night();
    server.setFile('provider/tours.json', spam());
    await night({ allowGrowth: true });
    // The data branch as an older sync left it: status.json without baselines.
    const file = path.join(published(), 'status.json');
    const statuses = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>[];
    await writeFile(file, JSON.stringify(statuses.map(({ baseline: _b, checkedAgainst: _c, ...rest }) => rest)));

    server.setFile('provider/tours.json', tours(14));
    const good = await night();
    expect(good.refused).toEqual([]);
    expect(await publishedEntries('tours')).toHaveLength(14);
  });
});

describe('a night with the oversized record and the token split or encoded', () => {
  it('publishes everything else, each of them left out with its reason', async () => {
    server.setFile('provider/tours.json', [
      ...tours(6),
      { id: 'cjk', title: 'Passeio enorme', description: `<p>${CJK_TEXT}</p>`, include: `<p>${CJK_TEXT}</p>` },
      ...HIDDEN_TOKENS.map(({ id, text }) => ({ id, title: `Passeio ${id}`, description: `<p>Chave: ${text}</p>` })),
    ]);
    const result = await night();
    expect(result.refused).toEqual([]);
    const dropped = collectionOf(result.sync.report, 'tours').dropped;
    expect(dropped.map((note) => [note.id, note.problem])).toEqual([
      ['cjk', 'too-large'],
      ...HIDDEN_TOKENS.map(({ id }) => [id, 'secret']),
    ]);
    expect(idsOf(await publishedEntries('tours'))).toEqual(idsOf(tours(6).map((tour) => ({ id: String(tour.id) }))));
    for (const id of ['city', 'accommodation', 'news', 'testimonials', 'episodes']) {
      expect(collectionOf(result.sync.report, id), id).toMatchObject({ origin: 'upstream', failed: false });
    }
    expect(summaryOf(result)).toMatch(/chave de acesso do site/);
  });
});

describe('what once killed the sync, with the default budgets', () => {
  /** syncAgainst with attempts long enough for tens of megabytes on a busy machine. */
  const slow = { http: { timeoutMs: 30_000, totalTimeoutMs: 60_000, sourceDeadlineMs: 120_000 } };

  it('feedback pages of 52 MB, page after page: the testimonials keep their last good data, the run goes on', async () => {
    expect((await night(slow)).refused).toEqual([]);
    // One page of 20,000 feedbacks, 52 MB: under the answer cap (50 MiB) and the record cap (25,000),
    // answered for every page of a total of a million.
    const record = (index: number) => ({
      id: 50_000 + index,
      description: 'x'.repeat(2_530),
      rating: 9,
      created_at: '2026-03-01T10:00:00Z',
    });
    const page = Buffer.from(
      JSON.stringify({ data: { feedbacks: Array.from({ length: 20_000 }, (_, index) => record(index)), total: 1_000_000 } }),
    );
    expect(page.length).toBeGreaterThan(51_000_000);
    expect(page.length).toBeLessThan(50 * 1024 * 1024);
    server.setFault(server.paths.feedbacks, {
      kind: 'respond',
      respond: () => new Response(new Uint8Array(page), { headers: { 'content-type': 'application/json' } }),
    });
    const result = await night(slow);
    expect(result.refused).toEqual([]);
    expect(collectionOf(result.sync.report, 'testimonials')).toMatchObject({
      origin: 'snapshot',
      failed: true,
      count: 5,
      error: "over the collection's byte budget: read over 67,108,864 bytes (HttpOptions.maxCollectionBytes)",
    });
    expect(server.requestsTo(server.paths.feedbacks).filter((request) => request.fault)).toHaveLength(2);
    expect(collectionOf(result.sync.report, 'tours')).toMatchObject({ origin: 'upstream', failed: false });
    expect(summaryOf(result)).toMatch(
      /Depoimentos: o provedor de dados enviou dados demais de uma vez; o site mostra os 5 itens/,
    );
  }, 120_000);

  it('2,800 posts of 199,000 characters: the news keep their last good data, and no temporary file is left', async () => {
    server.setFile('blog/posts.json', posts(30));
    expect((await night(slow)).refused).toEqual([]);
    // Pages of 100 posts of 199,000 characters, 20 MB each, 28 pages announced.
    const content = `<p>${'palavra '.repeat(24_875)}</p>`;
    const page = Buffer.from(
      JSON.stringify(posts(100, 5000).map((post) => ({ ...post, content: { rendered: content.slice(0, 199_000) } }))),
    );
    server.setFault(server.paths.posts, {
      kind: 'respond',
      respond: () =>
        new Response(new Uint8Array(page), {
          headers: { 'content-type': 'application/json', 'x-wp-totalpages': '28', 'x-wp-total': '2800' },
        }),
    });
    const result = await night(slow);
    expect(result.refused).toEqual([]);
    expect(collectionOf(result.sync.report, 'news')).toMatchObject({
      origin: 'snapshot',
      failed: true,
      count: 30,
      problem: { code: 'unavailable', kind: 'too-large' },
    });
    expect(await publishedEntries('news')).toHaveLength(30);
    expect((await readdir(snapshot())).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(summaryOf(result)).toMatch(/Notícias: o blog enviou dados demais de uma vez; o site mostra os 30 itens/);
  }, 120_000);
});
