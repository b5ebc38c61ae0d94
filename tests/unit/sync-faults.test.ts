/**
 * Upstream faults against the sync, through a real HTTP server on 127.0.0.1: retries, Retry-After,
 * hangs and time bounds, garbage answers, refused credentials. The run never throws; a collection
 * that cannot be fetched falls back, the others are unaffected.
 */
import { describe, expect, it } from 'vitest';
import {
  CITY_API_COLLECTIONS,
  collectionOf,
  filesIn,
  idsOf,
  readSnapshot,
  SNAPSHOT_FILES,
  setUpSyncSandbox,
  syncAgainst,
} from '../support/sync-helpers.ts';
import { type RecordedRequest, startUpstreamServer } from '../support/upstream-server.ts';

const sandbox = setUpSyncSandbox();

/** Milliseconds between consecutive requests. */
const gaps = (requests: readonly RecordedRequest[]) =>
  requests.slice(1).map((request, index) => request.at - (requests[index]?.at ?? 0));

/** Every provider collection except `failing` came from upstream. */
function expectOtherProviderCollectionsFine(report: Awaited<ReturnType<typeof syncAgainst>>['report'], failing: string) {
  for (const id of CITY_API_COLLECTIONS.filter((name) => name !== failing)) {
    expect(collectionOf(report, id), id).toMatchObject({ origin: 'upstream', failed: false });
  }
}

describe('retries', () => {
  it('retries a 500 then a 503 and publishes the third answer', async () => {
    sandbox.server.setFault(sandbox.server.paths.tours, { kind: 'status', status: 500 }, { times: 1 });
    sandbox.server.setFault(sandbox.server.paths.tours, { kind: 'status', status: 503 }, { times: 1 });
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir);

    expect(sandbox.server.requestsTo(sandbox.server.paths.tours).map((request) => request.status)).toEqual([500, 503, 200]);
    expect(collectionOf(report, 'tours')).toMatchObject({ origin: 'upstream', failed: false, error: null, count: 6 });
    expect(idsOf(await readSnapshot(sandbox.outDir, 'tours'))).toEqual(['101', '102', '104', '105', '107', '108']);
    expect(report.warnings).toEqual([]);
  });

  it('gives up after the retry limit (1 + 2 attempts) and falls back, the other collections unaffected', async () => {
    sandbox.server.setFault(sandbox.server.paths.tours, { kind: 'status', status: 503 });
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir);

    expect(sandbox.server.requestsTo(sandbox.server.paths.tours)).toHaveLength(3);
    expect(collectionOf(report, 'tours')).toMatchObject({
      origin: 'none',
      failed: true,
      count: 0,
      error: 'HTTP 503 Service Unavailable from /provider/tours',
    });
    expect(await readSnapshot(sandbox.outDir, 'tours')).toEqual([]);
    expectOtherProviderCollectionsFine(report, 'tours');
    expect(report.warnings).toEqual([
      'cityApi tours: HTTP 503 Service Unavailable from /provider/tours; no last good snapshot, publishing it empty',
    ]);
  });

  it('retries the Spotify token POST, with the same credentials and body', async () => {
    sandbox.server.setFault(sandbox.server.paths.token, { kind: 'status', status: 503 }, { times: 1 });
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir);

    const posts = sandbox.server.requestsTo(sandbox.server.paths.token, 'POST');
    expect(posts.map((request) => request.status)).toEqual([503, 200]);
    expect(posts[1]?.headers.authorization).toBe(posts[0]?.headers.authorization);
    expect(posts[1]?.body).toBe('grant_type=client_credentials');
    expect(collectionOf(report, 'episodes')).toMatchObject({ origin: 'upstream', failed: false, count: 3 });
  });

  it('recovers from a dropped connection by retrying', async () => {
    sandbox.server.setFault(sandbox.server.paths.restaurants, { kind: 'reset' }, { times: 1 });
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir);
    expect(sandbox.server.requestsTo(sandbox.server.paths.restaurants)).toHaveLength(2);
    expect(collectionOf(report, 'restaurants')).toMatchObject({ origin: 'upstream', count: 2 });
  });

  it('reports a connection that keeps dropping as a network error', async () => {
    sandbox.server.setFault(sandbox.server.paths.restaurants, { kind: 'reset' });
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir);
    expect(sandbox.server.requestsTo(sandbox.server.paths.restaurants)).toHaveLength(3);
    expect(collectionOf(report, 'restaurants')).toMatchObject({ origin: 'none', failed: true });
    expect(collectionOf(report, 'restaurants').error).toMatch(/^network error \(/);
  });
});

describe('refused credentials', () => {
  it('does not retry a 401 from the provider and says the credentials were refused', async () => {
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir, { env: { PROVIDER_API_TOKEN: 'not-the-right-token' } });

    // Each of the 11 provider calls exactly once: a 401 is not worth retrying.
    const cityApiRequests = sandbox.server.requestsTo(sandbox.server.paths.cityApi);
    expect(cityApiRequests).toHaveLength(11);
    expect(cityApiRequests.every((request) => request.status === 401)).toBe(true);
    expect(collectionOf(report, 'tours')).toMatchObject({
      origin: 'none',
      failed: true,
      error: 'HTTP 401 Unauthorized (credentials refused) from /provider/tours',
    });
    expect(collectionOf(report, 'city')).toMatchObject({ origin: 'none', failed: true, count: 1 });
    expect(await readSnapshot(sandbox.outDir, 'city')).toEqual([
      expect.objectContaining({ id: '0', name: 'Barra do Bugres', state: 'MT', isFallback: true }),
    ]);
    // The blog and the podcast have their own credentials and are unaffected.
    expect(collectionOf(report, 'news')).toMatchObject({ origin: 'upstream', count: 3 });
    expect(collectionOf(report, 'episodes')).toMatchObject({ origin: 'upstream', count: 3 });
  });

  it('falls back to the sample episodes when Spotify refuses the client secret', async () => {
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir, { env: { SPOTIFY_CLIENT_SECRET: 'wrong-secret' } });

    expect(sandbox.server.requestsTo(sandbox.server.paths.token).map((request) => request.status)).toEqual([401]);
    expect(sandbox.server.requestsTo(sandbox.server.paths.episodes)).toEqual([]);
    expect(collectionOf(report, 'episodes')).toMatchObject({
      origin: 'sample',
      failed: true,
      error: 'HTTP 401 Unauthorized (credentials refused) from /spotify-accounts/api/token',
    });
    expect(idsOf(await readSnapshot(sandbox.outDir, 'episodes'))).toEqual(['sample-ep-2', 'sample-ep-1']);
  });
});

describe('Retry-After', () => {
  it.each([429, 503])('honours Retry-After: 1 on a %i (about a second between the attempts)', async (status) => {
    sandbox.server.setFault(
      sandbox.server.paths.tours,
      { kind: 'status', status, headers: { 'retry-after': '1' } },
      { times: 1 },
    );
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir, { http: { maxRetryAfterMs: 5_000 } });

    const requests = sandbox.server.requestsTo(sandbox.server.paths.tours);
    expect(requests.map((request) => request.status)).toEqual([status, 200]);
    const [gap] = gaps(requests);
    expect(gap).toBeGreaterThanOrEqual(900);
    expect(gap).toBeLessThan(3_000);
    expect(collectionOf(report, 'tours')).toMatchObject({ origin: 'upstream', count: 6 });
  });

  it('waits no longer than the cap when Retry-After asks for two minutes', async () => {
    sandbox.server.setFault(
      sandbox.server.paths.tours,
      { kind: 'status', status: 429, headers: { 'retry-after': '120' } },
      { times: 1 },
    );
    const { report, ms } = await syncAgainst(sandbox.server, sandbox.outDir, { http: { maxRetryAfterMs: 1_000 } });

    const [gap] = gaps(sandbox.server.requestsTo(sandbox.server.paths.tours));
    expect(gap).toBeGreaterThanOrEqual(900);
    expect(gap).toBeLessThan(3_000);
    expect(ms).toBeLessThan(10_000);
    expect(collectionOf(report, 'tours')).toMatchObject({ origin: 'upstream', count: 6 });
  });
});

describe('time bounds', () => {
  it('ends a hang by the per-attempt timeout, retries it, then falls back', async () => {
    sandbox.server.setFault(sandbox.server.paths.hotels, { kind: 'hang' });
    const { report, ms } = await syncAgainst(sandbox.server, sandbox.outDir, { http: { timeoutMs: 300, totalTimeoutMs: 4_000 } });

    const requests = sandbox.server.requestsTo(sandbox.server.paths.hotels);
    expect(requests).toHaveLength(3);
    for (const gap of gaps(requests)) expect(gap).toBeGreaterThanOrEqual(250); // timeoutMs 300 each
    expect(collectionOf(report, 'accommodation')).toMatchObject({
      origin: 'none',
      failed: true,
      error: 'timed out (/provider/hotels)',
    });
    expectOtherProviderCollectionsFine(report, 'accommodation');
    expect(ms).toBeLessThan(4_000);
  });

  it('recovers when only the first attempt hangs', async () => {
    sandbox.server.setFault(sandbox.server.paths.hotels, { kind: 'hang' }, { times: 1 });
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir);
    expect(sandbox.server.requestsTo(sandbox.server.paths.hotels)).toHaveLength(2);
    expect(collectionOf(report, 'accommodation')).toMatchObject({ origin: 'upstream', count: 2 });
  });

  it('a slow answer within the timeout is simply waited for', async () => {
    sandbox.server.setFault(sandbox.server.paths.hotels, { kind: 'delay', ms: 250 });
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir, { http: { timeoutMs: 1_500 } });
    expect(sandbox.server.requestsTo(sandbox.server.paths.hotels)).toHaveLength(1);
    expect(collectionOf(report, 'accommodation')).toMatchObject({ origin: 'upstream', count: 2 });
  });

  it('cuts a body that stalls after the headers at the per-attempt timeout', async () => {
    sandbox.server.setFault(sandbox.server.paths.feedbacks, { kind: 'stall-body' });
    const { report, ms } = await syncAgainst(sandbox.server, sandbox.outDir, {
      http: { timeoutMs: 300, sourceDeadlineMs: 10_000 },
    });

    expect(collectionOf(report, 'testimonials')).toMatchObject({ origin: 'none', failed: true });
    expect(collectionOf(report, 'testimonials').error).toMatch(/timed out/);
    expect(ms).toBeLessThan(5_000);
    expectOtherProviderCollectionsFine(report, 'testimonials');
  });

  it('bounds all the retries of one request by the total timeout', async () => {
    sandbox.server.setFault(sandbox.server.paths.tours, { kind: 'status', status: 503 });
    const { report, ms } = await syncAgainst(sandbox.server, sandbox.outDir, {
      http: { retryLimit: 100, backoffLimitMs: 100, totalTimeoutMs: 800 },
    });

    expect(collectionOf(report, 'tours')).toMatchObject({ origin: 'none', failed: true, error: 'timed out (/provider/tours)' });
    const attempts = sandbox.server.requestsTo(sandbox.server.paths.tours).length;
    expect(attempts).toBeGreaterThan(2);
    expect(attempts).toBeLessThan(20);
    expect(ms).toBeLessThan(3_000);
  });

  it('bounds a whole source by its deadline, however many requests are left', async () => {
    sandbox.server.setFault(sandbox.server.paths.cityApi, { kind: 'hang' });
    const { report, ms } = await syncAgainst(sandbox.server, sandbox.outDir, {
      http: { timeoutMs: 10_000, totalTimeoutMs: 60_000, sourceDeadlineMs: 700 },
    });

    for (const id of CITY_API_COLLECTIONS) {
      expect(collectionOf(report, id), id).toMatchObject({ failed: true, error: 'source deadline exceeded' });
    }
    expect(ms).toBeGreaterThanOrEqual(650);
    expect(ms).toBeLessThan(3_000);
    expect(collectionOf(report, 'news')).toMatchObject({ origin: 'upstream', failed: false });
  });
});

describe('garbage answers', () => {
  it('rejects truncated JSON without retrying and without publishing a partial list', async () => {
    sandbox.server.setFault(sandbox.server.paths.tours, { kind: 'truncate' });
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir);

    expect(sandbox.server.requestsTo(sandbox.server.paths.tours)).toHaveLength(1);
    expect(collectionOf(report, 'tours')).toMatchObject({ origin: 'none', failed: true, count: 0, received: 0 });
    expect(collectionOf(report, 'tours').error).toMatch(/^invalid JSON instead of JSON \(HTTP 200, application\/json/);
    expectOtherProviderCollectionsFine(report, 'tours');
  });

  it('rejects an HTML page sent with status 200 and falls back to the sample news', async () => {
    sandbox.server.setFault(sandbox.server.paths.posts, { kind: 'html' });
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir);

    expect(collectionOf(report, 'news')).toMatchObject({ origin: 'sample', goodOrigin: 'sample', failed: true, count: 2 });
    expect(collectionOf(report, 'news').error).toMatch(/^HTML page instead of JSON \(HTTP 200, text\/html/);
    expect(idsOf(await readSnapshot(sandbox.outDir, 'news'))).toEqual(['9001', '9002']);
  });

  it('rejects a truncated Spotify token and an episodes answer without items', async () => {
    sandbox.server.setFault(sandbox.server.paths.token, { kind: 'truncate' }, { times: 1 });
    const first = await syncAgainst(sandbox.server, sandbox.outDir);
    expect(collectionOf(first.report, 'episodes')).toMatchObject({ origin: 'sample', failed: true });

    sandbox.server.reset();
    sandbox.server.setFault(sandbox.server.paths.episodes, { kind: 'body', body: JSON.stringify({ error: 'nope' }) });
    const second = await syncAgainst(sandbox.server, sandbox.outDir);
    expect(collectionOf(second.report, 'episodes')).toMatchObject({
      origin: 'snapshot',
      failed: true,
      error: 'invalid Spotify API data: no items list',
    });
  });

  it('fails the page of a paged call that breaks, not the pages before it', async () => {
    const paged = await startUpstreamServer({ maxPageSize: 2 });
    try {
      paged.setFault(paged.paths.feedbacks, { kind: 'truncate' }, { query: { page: '2' } });
      const { report } = await syncAgainst(paged, sandbox.outDir);
      expect(paged.requestsTo(paged.paths.feedbacks).map((request) => request.query.page)).toEqual(['1', '2']);
      // The pages read before are published, as a partial read with its reason (tests/unit/sync-limits.test.ts).
      expect(collectionOf(report, 'testimonials')).toMatchObject({ origin: 'upstream', failed: false, count: 2 });
      expect(collectionOf(report, 'testimonials').partial).toMatch(/^feedbacks page 2 failed \(invalid JSON instead of JSON/);
    } finally {
      await paged.close();
    }
  });
});

describe('never throws', () => {
  it('finishes with a complete snapshot when every upstream fails in a different way at once', async () => {
    const { paths } = sandbox.server;
    sandbox.server.setFault(paths.cities, { kind: 'html' });
    sandbox.server.setFault(paths.tours, { kind: 'truncate' });
    sandbox.server.setFault(paths.hotels, { kind: 'hang' });
    sandbox.server.setFault(paths.restaurants, { kind: 'status', status: 401 });
    sandbox.server.setFault(paths.attractions, { kind: 'reset' });
    sandbox.server.setFault(paths.providers, { kind: 'status', status: 503 });
    sandbox.server.setFault(paths.experiences, { kind: 'status', status: 429, headers: { 'retry-after': '0' } });
    sandbox.server.setFault(paths.feedbacks, { kind: 'stall-body' });
    sandbox.server.setFault(paths.posts, { kind: 'html', status: 502 });
    sandbox.server.setFault(paths.pages, { kind: 'body', body: '{"code":"rest_no_route"}' });
    sandbox.server.setFault(paths.token, { kind: 'body', body: '{"access_token":' });

    const run = syncAgainst(sandbox.server, sandbox.outDir, { http: { timeoutMs: 300, sourceDeadlineMs: 1_500 } });
    await expect(run).resolves.toBeDefined();
    const { report } = await run;

    expect(report.collections.every((collection) => collection.failed)).toBe(true);
    expect(report.warnings).toHaveLength(14);
    expect((await filesIn(sandbox.outDir)).sort()).toEqual(SNAPSHOT_FILES);
    expect(await readSnapshot(sandbox.outDir, 'city')).toEqual([expect.objectContaining({ id: '0', isFallback: true })]);
    expect(collectionOf(report, 'news')).toMatchObject({ origin: 'sample', count: 2 });
    expect(collectionOf(report, 'episodes')).toMatchObject({ origin: 'sample', count: 2 });
    expect(collectionOf(report, 'restaurants').error).toBe(
      'HTTP 401 Unauthorized (credentials refused) from /provider/restaurants',
    );
    expect(collectionOf(report, 'events').error).toMatch(/^network error/);
    expect(collectionOf(report, 'accommodation').error).toBe('timed out (/provider/hotels)');
  });
});
