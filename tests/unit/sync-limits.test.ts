/**
 * The sync's bounds on what an upstream can send, against the local upstream server: a byte cap on
 * every answer (declared or not), WordPress paging bounded and kept when a later page fails or the
 * page count is bogus, feedback paging likewise, and a partial read filled from the last good snapshot.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_OPTIONS } from '../../scripts/sync/http.ts';
import { headerCount, POSTS_PAGE_SIZE } from '../../scripts/sync/sources.ts';
import {
  collectionOf,
  idsOf,
  numberedPosts as posts,
  readSnapshot,
  readSnapshotText,
  readStatus,
  type SyncRun,
  setUpSyncSandbox,
  statusOf,
  syncAgainst,
} from '../support/sync-helpers.ts';
import type { Fault, UpstreamServer } from '../support/upstream-server.ts';

/** One server per test file whose pages hold one record each: five posts are five pages. */
const sandbox = setUpSyncSandbox({ maxPageSize: 1 });

/** Every posts answer with X-WP-TotalPages set to `value` (null: removed); other answers (the 400 past the end) as they are. */
function totalPagesHeader(value: string | null): Fault {
  return {
    kind: 'respond',
    respond: async (_request, next) => {
      const answer = await next();
      if (answer.status !== 200) return answer;
      const headers = new Headers(answer.headers);
      if (value === null) headers.delete('x-wp-totalpages');
      else headers.set('x-wp-totalpages', value);
      return new Response(await answer.text(), { status: answer.status, headers });
    },
  };
}

/**
 * syncAgainst with a per-attempt timeout long enough that a loaded machine never times out a good
 * answer: these tests count requests, and no fault here hangs.
 */
function sync(server: UpstreamServer, options: Parameters<typeof syncAgainst>[2] = {}): Promise<SyncRun> {
  return syncAgainst(server, sandbox.outDir, {
    ...options,
    http: { timeoutMs: 5_000, totalTimeoutMs: 15_000, sourceDeadlineMs: 30_000, ...options.http },
  });
}

const postPages = () => sandbox.server.requestsTo(sandbox.server.paths.posts).map((request) => Number(request.query.page));

describe('a byte cap on every answer', () => {
  const cap = 16 * 1024;
  /** A valid JSON list of tours, larger than the cap. */
  const oversized = JSON.stringify(
    Array.from({ length: 40 }, (_, index) => ({ id: index + 1, title: `Passeio ${index + 1}`, description: 'x'.repeat(1000) })),
  );

  it('refuses a declared Content-Length above the cap before reading, once, and the other collections sync', async () => {
    const { server } = sandbox;
    server.setFault(server.paths.tours, { kind: 'body', body: oversized });
    const { report } = await sync(server, { http: { maxBodyBytes: cap } });
    const tours = collectionOf(report, 'tours');
    expect(tours).toMatchObject({ origin: 'none', failed: true, count: 0 });
    expect(tours.error).toBe(`answer too large: Content-Length ${oversized.length} bytes, limit ${cap} (/provider/tours)`);
    // Not retried: the next answer would be as large.
    expect(server.requestsTo(server.paths.tours)).toHaveLength(1);
    expect(report.warnings).toContain(`cityApi tours: ${tours.error}; no last good snapshot, publishing it empty`);
    for (const collection of report.collections.filter((entry) => entry.id !== 'tours')) {
      expect(collection, collection.id).toMatchObject({ origin: 'upstream', failed: false });
    }
  });

  it('cuts an answer without a declared length when it passes the cap', async () => {
    const { server } = sandbox;
    server.setFault(server.paths.tours, { kind: 'chunked', body: oversized, chunkBytes: 4096 });
    const { report } = await sync(server, { http: { maxBodyBytes: cap } });
    expect(collectionOf(report, 'tours')).toMatchObject({
      origin: 'none',
      failed: true,
      error: `answer too large: over ${cap} bytes (/provider/tours)`,
    });
    expect(server.requestsTo(server.paths.tours)).toHaveLength(1);
    expect(collectionOf(report, 'accommodation')).toMatchObject({ origin: 'upstream', failed: false });
  });

  it('reads a chunked answer under the cap as usual', async () => {
    const { server } = sandbox;
    server.setFault(server.paths.tours, { kind: 'chunked', chunkBytes: 100 });
    const { report } = await sync(server, { http: { maxBodyBytes: cap } });
    expect(collectionOf(report, 'tours')).toMatchObject({ origin: 'upstream', failed: false });
    expect(collectionOf(report, 'tours').count).toBeGreaterThan(0);
  });

  it('caps the blog and Spotify answers too: the news and the episodes fall back with the reason', async () => {
    const { server } = sandbox;
    server.setFault(server.paths.posts, { kind: 'chunked', body: JSON.stringify(posts(1)).padEnd(cap * 2, ' ') });
    server.setFault(server.paths.token, { kind: 'body', body: JSON.stringify({ access_token: 'x'.repeat(cap * 2) }) });
    const { report } = await sync(server, { http: { maxBodyBytes: cap } });
    expect(collectionOf(report, 'news')).toMatchObject({
      origin: 'sample',
      error: `answer too large: over ${cap} bytes (/blog/wp-json/wp/v2/posts)`,
    });
    expect(collectionOf(report, 'episodes')).toMatchObject({ origin: 'sample' });
    expect(collectionOf(report, 'episodes').error).toMatch(
      /^answer too large: Content-Length \d+ bytes, limit 16384 \(\/spotify-accounts\/api\/token\)$/,
    );
  });

  it('defaults to 50 MB per answer', () => {
    expect(DEFAULT_HTTP_OPTIONS.maxBodyBytes).toBe(50 * 1024 * 1024);
  });
});

describe('WordPress paging', () => {
  it('keeps pages 1-2 when page 3 of 5 fails after its retries, and says so', async () => {
    const { server } = sandbox;
    server.setFile('blog/posts.json', posts(5));
    server.setFault(server.paths.posts, { kind: 'status', status: 503 }, { query: { page: '3' } });
    const { report } = await sync(server);
    // Page 3 asked three times (two retries), pages 4 and 5 never.
    expect(postPages()).toEqual([1, 2, 3, 3, 3]);
    const news = collectionOf(report, 'news');
    expect(news).toMatchObject({ origin: 'upstream', failed: false, count: 2, received: 2, error: null });
    expect(news.partial).toBe(
      'posts page 3 of 5 failed (HTTP 503 Service Unavailable from /blog/wp-json/wp/v2/posts) after pages 1-2 (2 posts)',
    );
    expect(report.warnings).toContain(`blog news: ${news.partial}; publishing the 2 valid records read`);
    expect(idsOf(await readSnapshot(sandbox.outDir, 'news')).sort()).toEqual(['1', '2']);
    expect(statusOf(await readStatus(sandbox.outDir), 'news')).toMatchObject({ origin: 'upstream', failed: false, count: 2 });
  });

  it.each<[string, Fault, RegExp]>([
    [
      'a dropped connection',
      { kind: 'reset' },
      /^posts page 3 of 5 failed \(network error \(.+\)\) after pages 1-2 \(2 posts\)$/,
    ],
    [
      'an HTML page',
      { kind: 'html' },
      /^posts page 3 of 5 failed \(HTML page instead of JSON \(HTTP 200, text\/html; charset=utf-8, \d+ bytes\)\) after pages 1-2 \(2 posts\)$/,
    ],
    [
      'a cut answer',
      { kind: 'truncate' },
      /^posts page 3 of 5 failed \(invalid JSON instead of JSON .*\) after pages 1-2 \(2 posts\)$/,
    ],
    [
      'an object instead of a list',
      { kind: 'body', body: '{"code":"oops"}' },
      /^posts page 3 of 5 failed \(posts answer is not an array\) after pages 1-2 \(2 posts\)$/,
    ],
  ])('keeps pages 1-2 when page 3 is %s', async (_name, fault, partial) => {
    const { server } = sandbox;
    server.setFile('blog/posts.json', posts(5));
    server.setFault(server.paths.posts, fault, { query: { page: '3' } });
    const { report } = await sync(server);
    expect(postPages()).not.toContain(4);
    expect(collectionOf(report, 'news')).toMatchObject({ origin: 'upstream', count: 2 });
    expect(collectionOf(report, 'news').partial).toMatch(partial);
  });

  it('takes WordPress’s 400 rest_post_invalid_page_number as the end, not a failure', async () => {
    const { server } = sandbox;
    server.setFile('blog/posts.json', posts(5));
    server.setFault(
      server.paths.posts,
      {
        kind: 'status',
        status: 400,
        body: JSON.stringify({ code: 'rest_post_invalid_page_number', message: 'O número de página solicitado é maior.' }),
      },
      { query: { page: '3' } },
    );
    const { report } = await sync(server);
    expect(postPages()).toEqual([1, 2, 3]);
    expect(collectionOf(report, 'news')).toMatchObject({ origin: 'upstream', count: 2, partial: null });
    expect(report.warnings).toContain('blog news: X-WP-TotalPages said 5 but page 3 does not exist; read pages 1-2');
  });

  it('fails the collection when the first page fails (nothing was read)', async () => {
    const { server } = sandbox;
    server.setFile('blog/posts.json', posts(5));
    server.setFault(server.paths.posts, { kind: 'status', status: 503 }, { query: { page: '1' } });
    const { report } = await sync(server);
    expect(collectionOf(report, 'news')).toMatchObject({ origin: 'sample', failed: true });
  });

  it.each<[string, string | null, number[], string]>([
    ['not a number', 'abc', [1, 2, 3, 4, 5, 6], 'X-WP-TotalPages "abc" is not a page count; posts read until a short page'],
    ['negative', '-3', [1, 2, 3, 4, 5, 6], 'X-WP-TotalPages "-3" is not a page count; posts read until a short page'],
    ['an exponent', '1e3', [1, 2, 3, 4, 5, 6], 'X-WP-TotalPages "1e3" is not a page count; posts read until a short page'],
    ['empty', '', [1, 2, 3, 4, 5, 6], 'X-WP-TotalPages "" is not a page count; posts read until a short page'],
    ['missing', null, [1, 2, 3, 4, 5, 6], 'X-WP-TotalPages missing is not a page count; posts read until a short page'],
    ['zero with posts', '0', [1, 2, 3, 4, 5, 6], 'X-WP-TotalPages "0" is not a page count; posts read until a short page'],
    ['huge', '999999999', [1, 2, 3, 4, 5, 6], 'X-WP-TotalPages said 999999999 but page 6 does not exist; read pages 1-5'],
    ['higher than reality', '8', [1, 2, 3, 4, 5, 6], 'X-WP-TotalPages said 8 but page 6 does not exist; read pages 1-5'],
    [
      'lower than reality (X-WP-Total says 5)',
      '2',
      [1, 2, 3, 4, 5],
      'X-WP-TotalPages said 2 but there were more; read pages 1-5',
    ],
  ])('reads every post when X-WP-TotalPages is %s, with a warning', async (_name, header, pages, warning) => {
    const { server } = sandbox;
    server.setFile('blog/posts.json', posts(5));
    server.setFault(server.paths.posts, totalPagesHeader(header));
    const { report } = await sync(server);
    expect(postPages()).toEqual(pages);
    expect(collectionOf(report, 'news')).toMatchObject({ origin: 'upstream', failed: false, count: 5, partial: null });
    expect(report.warnings).toEqual([`blog news: ${warning}`]);
  });

  it('reads a correct X-WP-TotalPages without a warning or an extra request', async () => {
    const { server } = sandbox;
    server.setFile('blog/posts.json', posts(5));
    const { report } = await sync(server);
    expect(postPages()).toEqual([1, 2, 3, 4, 5]);
    expect(collectionOf(report, 'news')).toMatchObject({ count: 5 });
    expect(report.warnings).toEqual([]);
  });

  it("stops at the page bound, keeping what it read, with a warning: the posts and the blog's pages alike", async () => {
    const { server } = sandbox;
    server.setFile('blog/posts.json', posts(5));
    const { report } = await sync(server, { http: { maxPostPages: 3 } });
    expect(postPages()).toEqual([1, 2, 3]);
    expect(collectionOf(report, 'news')).toMatchObject({ origin: 'upstream', count: 3, partial: null });
    expect(server.requestsTo(server.paths.pages).map((request) => Number(request.query.page))).toEqual([1, 2, 3]);
    expect(collectionOf(report, 'blogPages')).toMatchObject({ origin: 'upstream', received: 3, partial: null });
    expect(report.warnings).toEqual([
      'blog news: stopped after 3 pages of posts, the most read (3 posts, X-WP-TotalPages said 5)',
      'blog blogPages: stopped after 3 pages of pages, the most read (3 pages, X-WP-TotalPages said 16)',
    ]);
  });

  it('stops at the page bound when a blog ignores `page` and announces a billion pages', async () => {
    const { server } = sandbox;
    server.setFault(server.paths.posts, {
      kind: 'respond',
      respond: () => Response.json(posts(1, 40), { headers: { 'x-wp-totalpages': '1000000000', 'x-wp-total': '1000000000' } }),
    });
    const { report } = await sync(server, { http: { maxPostPages: 4 } });
    expect(postPages()).toEqual([1, 2, 3, 4]);
    expect(collectionOf(report, 'news')).toMatchObject({ origin: 'upstream', received: 4, count: 1 });
  });

  it('bounds the posts by default to a sane number', () => {
    expect(DEFAULT_HTTP_OPTIONS.maxPostPages * POSTS_PAGE_SIZE).toBeLessThanOrEqual(5_000);
    expect(DEFAULT_HTTP_OPTIONS.maxPostPages).toBeGreaterThanOrEqual(10);
  });

  it.each<[string | null, number | null]>([
    ['12', 12],
    [' 7 ', 7],
    ['0', 0],
    ['-1', null],
    ['3abc', null],
    ['1e3', null],
    ['1.5', null],
    ['', null],
    [null, null],
    ['9'.repeat(16), null],
  ])('headerCount(%j) is %j', (value, count) => {
    expect(headerCount(value)).toBe(count);
  });
});

describe('feedback paging', () => {
  it('keeps the pages read when a later page fails, with a warning', async () => {
    const { server } = sandbox;
    server.setFault(server.paths.feedbacks, { kind: 'status', status: 500 }, { query: { page: '3' } });
    const { report } = await sync(server);
    const testimonials = collectionOf(report, 'testimonials');
    expect(testimonials).toMatchObject({ origin: 'upstream', failed: false, received: 2, count: 2 });
    expect(testimonials.partial).toBe(
      'feedbacks page 3 failed (HTTP 500 Internal Server Error from /provider/feedbacks) after pages 1-2 (2 feedbacks)',
    );
    expect(report.warnings).toContain(`cityApi testimonials: ${testimonials.partial}; publishing the 2 valid records read`);
    expect(idsOf(await readSnapshot(sandbox.outDir, 'testimonials'))).toEqual(['1001', '1002']);
  });

  it('stops at the page bound with a warning', async () => {
    const { server } = sandbox;
    const { report } = await sync(server, { http: { maxFeedbackPages: 2 } });
    expect(server.requestsTo(server.paths.feedbacks)).toHaveLength(2);
    expect(collectionOf(report, 'testimonials')).toMatchObject({ received: 2, partial: null });
    expect(report.warnings).toEqual(['cityApi testimonials: stopped after 2 pages of feedbacks, the most read (2 read of 5)']);
  });
});

describe('a partial read and the last good snapshot', () => {
  /** A first good run with 6 posts, the last good snapshot of the news. */
  async function sixGoodPosts() {
    sandbox.server.setFile('blog/posts.json', posts(6));
    await sync(sandbox.server);
    sandbox.server.clearRequests();
    return readSnapshotText(sandbox.outDir, 'news');
  }

  it('fills the pages not read from the last good snapshot: no record is lost, the ones read are the new ones', async () => {
    await sixGoodPosts();
    // A new post first, post 1 renamed; page 4 of 7 drops the connection.
    const renamed = { ...posts(1)[0], title: { rendered: 'Notícia 1, corrigida' } };
    sandbox.server.setFile('blog/posts.json', [...posts(1, 7), renamed, ...posts(5, 2)]);
    sandbox.server.setFault(sandbox.server.paths.posts, { kind: 'reset' }, { query: { page: '4' } });
    const { report } = await sync(sandbox.server);
    const news = collectionOf(report, 'news');
    expect(news).toMatchObject({
      origin: 'upstream',
      failed: false,
      count: 7,
      received: 3,
      problem: { code: 'partial-filled', count: 3, filled: 4 },
    });
    expect(report.warnings).toContain(
      `blog news: ${news.partial}; publishing the 3 valid records read and the 4 of the last good snapshot that were not read`,
    );
    const published = await readSnapshot<{ id: string; title: string }>(sandbox.outDir, 'news');
    expect(idsOf(published)).toEqual(['7', '1', '2', '3', '4', '5', '6']);
    expect(published.find((entry) => entry.id === '1')?.title).toBe('Notícia 1, corrigida');
    expect(statusOf(await readStatus(sandbox.outDir), 'news')).toMatchObject({ count: 7, baseline: 7, checkedAgainst: 6 });
  });

  it('fills a read cut after its first page as well, with or without --allow-shrink', async () => {
    await sixGoodPosts();
    sandbox.server.setFault(sandbox.server.paths.posts, { kind: 'status', status: 503 }, { query: { page: '2' } });
    for (const allowShrink of [false, true]) {
      const { report } = await sync(sandbox.server, { allowShrink });
      expect(collectionOf(report, 'news'), `allowShrink ${allowShrink}`).toMatchObject({
        origin: 'upstream',
        failed: false,
        count: 6,
        received: 1,
        problem: { code: 'partial-filled', count: 1, filled: 5 },
      });
      expect(idsOf(await readSnapshot(sandbox.outDir, 'news')).sort()).toEqual(['1', '2', '3', '4', '5', '6']);
    }
  });

  it('publishes a partial read on a first run, when there is no last good snapshot', async () => {
    sandbox.server.setFile('blog/posts.json', posts(6));
    sandbox.server.setFault(sandbox.server.paths.posts, { kind: 'status', status: 503 }, { query: { page: '2' } });
    const { report } = await sync(sandbox.server);
    expect(collectionOf(report, 'news')).toMatchObject({ origin: 'upstream', failed: false, count: 1 });
  });

  it('lets an intended drop through with --allow-shrink when the read was complete', async () => {
    await sixGoodPosts();
    sandbox.server.setFile('blog/posts.json', posts(2, 50));
    const refused = await sync(sandbox.server);
    expect(collectionOf(refused.report, 'news')).toMatchObject({ origin: 'snapshot', count: 6 });
    const accepted = await sync(sandbox.server, { allowShrink: true });
    expect(collectionOf(accepted.report, 'news')).toMatchObject({ origin: 'upstream', count: 2 });
  });
});
