/**
 * What the sync publishes when it cannot refresh a collection: the last good snapshot, exactly as
 * it was; without one the sample data (news, podcast), an empty list or the fallback city; and
 * the shrink rule that refuses to replace a good collection by less than half of it.
 * Also: no secret ever reaches the log, the warnings or a snapshot file.
 */
import { Buffer } from 'node:buffer';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allSnapshotTexts,
  CITY_API_COLLECTIONS,
  collectionOf,
  filesIn,
  idsOf,
  makeTempDir,
  missingSampleFiles,
  REAL_SAMPLE_DIR,
  readSnapshot,
  readSnapshotText,
  readStatus,
  removeDir,
  SNAPSHOT_FILES,
  setUpSyncSandbox,
  statusOf,
  syncAgainst,
  numberedTours as tours,
} from '../support/sync-helpers.ts';
import { TEST_CREDENTIALS } from '../support/upstream-server.ts';

const sandbox = setUpSyncSandbox();

describe('a source that is down', () => {
  it('without a previous snapshot: the fallback city, empty lists of the city data API, the other sources untouched', async () => {
    sandbox.server.setFault(sandbox.server.paths.cityApi, { kind: 'status', status: 503 });
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir);

    expect(collectionOf(report, 'city')).toMatchObject({ origin: 'none', goodOrigin: 'none', failed: true, count: 1 });
    expect(await readSnapshot(sandbox.outDir, 'city')).toEqual([
      expect.objectContaining({ id: '0', name: 'Barra do Bugres', state: 'MT', region: '', country: 'BR', isFallback: true }),
    ]);
    for (const id of CITY_API_COLLECTIONS.filter((name) => name !== 'city')) {
      expect(collectionOf(report, id), id).toMatchObject({ origin: 'none', failed: true, count: 0 });
      expect(collectionOf(report, id).error, id).toMatch(/^HTTP 503 Service Unavailable from \/provider\//);
      expect(await readSnapshot(sandbox.outDir, id), id).toEqual([]);
    }
    expect(report.warnings).toHaveLength(CITY_API_COLLECTIONS.length);
    expect(report.warnings).toContain(
      'cityApi city: HTTP 503 Service Unavailable from /provider/cities; no last good snapshot, using the fallback city',
    );
    expect(collectionOf(report, 'news')).toMatchObject({ origin: 'upstream', failed: false, count: 3 });
    expect(collectionOf(report, 'episodes')).toMatchObject({ origin: 'upstream', failed: false, count: 3 });

    const statuses = await readStatus(sandbox.outDir);
    expect(statusOf(statuses, 'tours')).toMatchObject({ origin: 'none', failed: true, syncedAt: null });
    expect(statusOf(statuses, 'news')).toMatchObject({ origin: 'upstream', failed: false, error: null });
  });

  it('with a previous snapshot: every file of the city data API kept byte for byte, status.json says snapshot', async () => {
    await syncAgainst(sandbox.server, sandbox.outDir);
    const before = await allSnapshotTexts(sandbox.outDir);
    const statusBefore = await readStatus(sandbox.outDir);

    sandbox.server.setFault(sandbox.server.paths.cityApi, { kind: 'status', status: 503 });
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir, { now: () => new Date('2030-01-01T00:00:00Z') });

    const after = await allSnapshotTexts(sandbox.outDir);
    expect([...after.keys()].sort()).toEqual(SNAPSHOT_FILES);
    const statuses = await readStatus(sandbox.outDir);
    for (const id of CITY_API_COLLECTIONS) {
      expect(after.get(`${id}.json`), id).toBe(before.get(`${id}.json`));
      expect(collectionOf(report, id), id).toMatchObject({ origin: 'snapshot', goodOrigin: 'upstream', failed: true });
      expect(statusOf(statuses, id), id).toMatchObject({
        origin: 'snapshot',
        goodOrigin: 'upstream',
        failed: true,
        count: statusOf(statusBefore, id).count,
        syncedAt: statusOf(statusBefore, id).syncedAt,
      });
      expect(statusOf(statuses, id).error, id).toMatch(/^HTTP 503 Service Unavailable from \/provider\//);
    }
    expect(report.warnings).toContain(
      'cityApi tours: HTTP 503 Service Unavailable from /provider/tours; keeping the last good snapshot (6 records)',
    );
    // The blog and the podcast were refreshed in the same run.
    expect(statusOf(statuses, 'news')).toMatchObject({ origin: 'upstream', failed: false, syncedAt: '2030-01-01T00:00:00.000Z' });
    expect(statusOf(statuses, 'episodes')).toMatchObject({ origin: 'upstream', syncedAt: '2030-01-01T00:00:00.000Z' });
  });

  it('one failing collection keeps its file while the others of the same source update', async () => {
    await syncAgainst(sandbox.server, sandbox.outDir);
    const hotelsBefore = await readSnapshotText(sandbox.outDir, 'accommodation');

    sandbox.server.setFault(sandbox.server.paths.hotels, { kind: 'status', status: 500 });
    sandbox.server.setFile('provider/tours.json', tours(5, 11));
    sandbox.server.setFile('provider/restaurants.json', { restaurants: [{ id: 399, name: 'Novo Restaurante' }] });
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir, { allowShrink: true });

    expect(await readSnapshotText(sandbox.outDir, 'accommodation')).toBe(hotelsBefore);
    expect(collectionOf(report, 'accommodation')).toMatchObject({ origin: 'snapshot', failed: true, count: 2 });
    expect(idsOf(await readSnapshot(sandbox.outDir, 'tours'))).toEqual(['11', '12', '13', '14', '15']);
    expect(idsOf(await readSnapshot(sandbox.outDir, 'restaurants'))).toEqual(['399']);
    expect(collectionOf(report, 'tours')).toMatchObject({ origin: 'upstream', failed: false });
    // Every tour and restaurant is new: published, and said (the collections run at once, in any order).
    expect([...report.warnings].sort()).toEqual([
      'cityApi accommodation: HTTP 500 Internal Server Error from /provider/hotels; keeping the last good snapshot (2 records)',
      expect.stringMatching(/^cityApi restaurants: ids replaced: 2 of the 2 ids /),
      expect.stringMatching(/^cityApi tours: ids replaced: 6 of the 6 ids /),
    ]);
  });

  it('falls back to the sample news and episodes when the blog and Spotify fail and there is no snapshot', async () => {
    sandbox.server.setFault(sandbox.server.paths.posts, { kind: 'status', status: 500 });
    sandbox.server.setFault(sandbox.server.paths.token, { kind: 'status', status: 500 });
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir);

    expect(collectionOf(report, 'news')).toMatchObject({
      origin: 'sample',
      goodOrigin: 'sample',
      failed: true,
      count: 2,
      error: 'HTTP 500 Internal Server Error from /blog/wp-json/wp/v2/posts',
    });
    expect(idsOf(await readSnapshot(sandbox.outDir, 'news'))).toEqual(['9001', '9002']);
    expect(collectionOf(report, 'episodes')).toMatchObject({ origin: 'sample', failed: true, count: 2 });
    expect(idsOf(await readSnapshot(sandbox.outDir, 'episodes'))).toEqual(['sample-ep-2', 'sample-ep-1']);
    // Retried like any GET / token POST before giving up.
    expect(sandbox.server.requestsTo(sandbox.server.paths.posts)).toHaveLength(3);
    expect(sandbox.server.requestsTo(sandbox.server.paths.token)).toHaveLength(3);
    const statuses = await readStatus(sandbox.outDir);
    expect(statusOf(statuses, 'news')).toMatchObject({ origin: 'sample', failed: true });
    expect(statusOf(statuses, 'news').syncedAt).not.toBeNull();
  });

  it('prefers the last good snapshot of the news to the sample', async () => {
    await syncAgainst(sandbox.server, sandbox.outDir);
    sandbox.server.setFault(sandbox.server.paths.posts, { kind: 'status', status: 500 });
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir);
    expect(collectionOf(report, 'news')).toMatchObject({ origin: 'snapshot', goodOrigin: 'upstream', failed: true });
    expect(idsOf(await readSnapshot(sandbox.outDir, 'news'))).toEqual(['11', '12', '13']);
  });

  it('falls back to the real embedded sample-data/ for the news', async () => {
    // Committed with the project: a missing file fails here instead of skipping the case.
    expect(missingSampleFiles()).toEqual([]);
    sandbox.server.setFault(sandbox.server.paths.posts, { kind: 'status', status: 500 });
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir, { sampleDir: REAL_SAMPLE_DIR });
    expect(collectionOf(report, 'news')).toMatchObject({ origin: 'sample', failed: true });
    expect(collectionOf(report, 'news').count).toBeGreaterThan(0);
  });

  it('publishes the news empty, with a warning, when the sample cannot be read either', async () => {
    const emptySample = await makeTempDir('sync-empty-sample-');
    try {
      sandbox.server.setFault(sandbox.server.paths.posts, { kind: 'status', status: 500 });
      const { report } = await syncAgainst(sandbox.server, sandbox.outDir, { sampleDir: emptySample });
      expect(collectionOf(report, 'news')).toMatchObject({ origin: 'none', failed: true, count: 0 });
      expect(await readSnapshot(sandbox.outDir, 'news')).toEqual([]);
      expect(report.warnings.some((warning) => warning.startsWith('blog news: the sample data cannot be read either'))).toBe(
        true,
      );
    } finally {
      await removeDir(emptySample);
    }
  });

  it('does not take an unreadable snapshot file for a last good one', async () => {
    await writeFile(path.join(sandbox.outDir, 'tours.json'), '[{"id": "1", "kind": "tour"', 'utf8');
    sandbox.server.setFault(sandbox.server.paths.tours, { kind: 'status', status: 503 });
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir);
    expect(collectionOf(report, 'tours')).toMatchObject({ origin: 'none', failed: true, count: 0 });
    expect(await readSnapshot(sandbox.outDir, 'tours')).toEqual([]);
  });
});

describe('the ids-replaced warning', () => {
  const ids = (list: number[]) => list.map((id) => ({ id, title: `Passeio ${id}`, price: 100 }));
  it.each([
    ['all six replaced, as many records', [1, 2, 3, 4, 5, 6], [11, 12, 13, 14, 15, 16], 6],
    ['four of six gone, more records', [1, 2, 3, 4, 5, 6], [1, 2, 11, 12, 13, 14, 15, 16], 4],
    ['four of six gone, a drop to half', [1, 2, 3, 4, 5, 6], [1, 2, 11], 4],
    ['three of six gone: not more than half', [1, 2, 3, 4, 5, 6], [1, 2, 3, 11, 12, 13], null],
    ['only new ones added', [1, 2, 3], [1, 2, 3, 4, 5, 6], null],
    ['the one record replaced', [1], [2], 1],
  ])('%s', async (_case, before, after, gone) => {
    sandbox.server.setFile('provider/tours.json', ids(before));
    await syncAgainst(sandbox.server, sandbox.outDir);
    sandbox.server.setFile('provider/tours.json', ids(after));
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir);

    // A warning only: the new records are published.
    expect(collectionOf(report, 'tours')).toMatchObject({ origin: 'upstream', failed: false, count: after.length });
    expect(idsOf(await readSnapshot(sandbox.outDir, 'tours'))).toEqual(after.map(String));
    expect(report.warnings).toEqual(
      gone === null
        ? []
        : [
            `cityApi tours: ids replaced: ${gone} of the ${before.length} ids of the last good snapshot are gone (${after.length} records now); published anyway, check the upstream if this was not intended`,
          ],
    );
  });

  it('says nothing when the last snapshot was the sample data, or when the shrink rule already refused', async () => {
    sandbox.server.setFile('provider/tours.json', ids([1, 2, 3, 4, 5, 6]));
    sandbox.server.setFault(sandbox.server.paths.posts, { kind: 'status', status: 500 });
    await syncAgainst(sandbox.server, sandbox.outDir);
    sandbox.server.clearFaults();
    const fromSample = await syncAgainst(sandbox.server, sandbox.outDir);
    expect(collectionOf(fromSample.report, 'news')).toMatchObject({ origin: 'upstream', failed: false });
    expect(fromSample.report.warnings).toEqual([]);

    sandbox.server.setFile('provider/tours.json', ids([11, 12]));
    const refused = await syncAgainst(sandbox.server, sandbox.outDir);
    expect(refused.report.warnings).toEqual([
      expect.stringMatching(/^cityApi tours: 2 valid records .*less than half of the last good 6/),
    ]);
  });
});

describe('the shrink rule', () => {
  it('refuses a collection that shrank below half of its last good count, and --allow-shrink accepts it', async () => {
    sandbox.server.setFile('provider/tours.json', tours(6));
    await syncAgainst(sandbox.server, sandbox.outDir);
    const before = await readSnapshotText(sandbox.outDir, 'tours');

    // 2 valid records out of 5 received, against 6: refused, the 6 stay.
    sandbox.server.setFile('provider/tours.json', [...tours(2, 101), { id: 'bad/id', title: 'x' }, { title: 'no id' }, null]);
    const refused = await syncAgainst(sandbox.server, sandbox.outDir);
    const tour = collectionOf(refused.report, 'tours');
    expect(tour).toMatchObject({ origin: 'snapshot', goodOrigin: 'upstream', failed: true, count: 6, received: 5 });
    expect(tour.dropped.map((record) => record.id)).toEqual(['"bad/id"', '#4 (no id)', '#5 (no id)']);
    expect(tour.error).toBe(
      '2 valid records (5 received), less than half of the last good 6; not published (use --allow-shrink if this is intended)',
    );
    expect(await readSnapshotText(sandbox.outDir, 'tours')).toBe(before);
    expect(statusOf(await readStatus(sandbox.outDir), 'tours')).toMatchObject({ origin: 'snapshot', failed: true, count: 6 });
    expect(refused.report.warnings).toEqual([`cityApi tours: ${tour.error}; keeping the last good snapshot (6 records)`]);
    // The rule is per collection: the others were published.
    expect(collectionOf(refused.report, 'accommodation')).toMatchObject({ origin: 'upstream', failed: false });

    const accepted = await syncAgainst(sandbox.server, sandbox.outDir, { allowShrink: true });
    expect(collectionOf(accepted.report, 'tours')).toMatchObject({ origin: 'upstream', failed: false, count: 2 });
    expect(idsOf(await readSnapshot(sandbox.outDir, 'tours'))).toEqual(['101', '102']);
  });

  it('accepts a drop to exactly half', async () => {
    sandbox.server.setFile('provider/tours.json', tours(6));
    await syncAgainst(sandbox.server, sandbox.outDir);
    sandbox.server.setFile('provider/tours.json', tours(3, 50));
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir);
    expect(collectionOf(report, 'tours')).toMatchObject({ origin: 'upstream', failed: false, count: 3 });
    expect(idsOf(await readSnapshot(sandbox.outDir, 'tours'))).toEqual(['50', '51', '52']);
  });

  it('refuses an upstream list that is suddenly empty', async () => {
    await syncAgainst(sandbox.server, sandbox.outDir);
    sandbox.server.setFile('provider/restaurants.json', { data: { restaurants: [] } });
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir);
    expect(collectionOf(report, 'restaurants')).toMatchObject({ origin: 'snapshot', failed: true, count: 2, received: 0 });
    expect(idsOf(await readSnapshot(sandbox.outDir, 'restaurants'))).toEqual(['301', '302']);
  });

  it('does not hold a sample-data snapshot against the upstream', async () => {
    sandbox.server.setFault(sandbox.server.paths.posts, { kind: 'status', status: 500 });
    await syncAgainst(sandbox.server, sandbox.outDir);
    expect(statusOf(await readStatus(sandbox.outDir), 'news')).toMatchObject({ origin: 'sample', count: 2 });

    sandbox.server.reset();
    sandbox.server.setFile('blog/posts.json', [
      { id: 77, date: '2026-03-01T10:00:00', status: 'publish', title: { rendered: 'Única notícia' } },
    ]);
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir);
    expect(collectionOf(report, 'news')).toMatchObject({ origin: 'upstream', failed: false, count: 1 });
    expect(idsOf(await readSnapshot(sandbox.outDir, 'news'))).toEqual(['77']);
  });
});

describe('secrets', () => {
  const SECRETS = {
    'city data API token': TEST_CREDENTIALS.cityApiToken,
    'Spotify client secret': TEST_CREDENTIALS.clientSecret,
    'Spotify Basic credential': Buffer.from(`${TEST_CREDENTIALS.clientId}:${TEST_CREDENTIALS.clientSecret}`).toString('base64'),
  };

  async function expectNoSecret(run: Awaited<ReturnType<typeof syncAgainst>>) {
    const places = new Map<string, string>([
      ['logger output', run.lines.join('\n')],
      ['warnings', run.report.warnings.join('\n')],
      ['report', JSON.stringify(run.report)],
      ...[...(await allSnapshotTexts(sandbox.outDir))].map(([name, text]): [string, string] => [`snapshot file ${name}`, text]),
    ]);
    const leaks = [...places].flatMap(([where, text]) =>
      Object.entries(SECRETS).flatMap(([what, secret]) => (text.includes(secret) ? [`${what} in ${where}`] : [])),
    );
    expect(leaks).toEqual([]);
  }

  it('never writes or prints a secret on a good run', async () => {
    const run = await syncAgainst(sandbox.server, sandbox.outDir);
    expect((await filesIn(sandbox.outDir)).sort()).toEqual(SNAPSHOT_FILES);
    await expectNoSecret(run);
  });

  it('never writes or prints a secret, even when the upstreams echo them back in their errors', async () => {
    const { cityApiToken, clientSecret } = TEST_CREDENTIALS;
    sandbox.server.setFault(sandbox.server.paths.tours, {
      kind: 'status',
      status: 401,
      statusText: `Invalid token ${cityApiToken}`,
      body: JSON.stringify({ message: `token ${cityApiToken} refused` }),
    });
    sandbox.server.setFault(sandbox.server.paths.hotels, { kind: 'html', html: `<h1>Bearer ${cityApiToken}</h1>` });
    sandbox.server.setFault(sandbox.server.paths.token, {
      kind: 'status',
      status: 400,
      statusText: `Bad client secret ${clientSecret} (${SECRETS['Spotify Basic credential']})`,
    });
    sandbox.server.setFault(sandbox.server.paths.restaurants, {
      kind: 'body',
      body: JSON.stringify({ data: { restaurants: [{ id: 1, name: `Token ${cityApiToken}`, description: cityApiToken }] } }),
    });
    const run = await syncAgainst(sandbox.server, sandbox.outDir);

    expect(collectionOf(run.report, 'tours')).toMatchObject({ failed: true });
    expect(collectionOf(run.report, 'episodes')).toMatchObject({ failed: true, origin: 'sample' });
    expect(collectionOf(run.report, 'tours').error).toBe(
      'HTTP 401 Invalid token [redacted] (credentials refused) from /provider/tours',
    );
    // A record that carries the token is left out; its note's name, which /status shows, redacted.
    expect(await readSnapshot(sandbox.outDir, 'restaurants')).toEqual([]);
    expect(collectionOf(run.report, 'restaurants').dropped).toEqual([
      {
        id: '1',
        name: 'Token [redacted]',
        reason: 'carries a secret of the sync (PROVIDER_API_TOKEN, as it is)',
        problem: 'secret',
      },
    ]);
    await expectNoSecret(run);
  });
});
