/**
 * Byte budgets per collection (docs/architecture.md): the bytes a collection reads, all its answers
 * together, and those its snapshot would take, against HttpOptions.maxCollectionBytes; over it that
 * collection keeps its last good snapshot, says why, and the run goes on. And the snapshot writer:
 * JSON written a piece at a time (never one string of the whole file), its temporary file removed
 * when a write fails.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BudgetExceededError, budgetedFetch, DEFAULT_HTTP_OPTIONS, failureKind } from '../../scripts/sync/http.ts';
import { jsonBytes, jsonPieces, writeJsonAtomic } from '../../scripts/sync/snapshot.ts';
import { syncSummary } from '../../scripts/sync/summary.ts';
import {
  collectionOf,
  makeTempDir,
  readSnapshotText,
  readStatus,
  removeDir,
  type SyncRun,
  setUpSyncSandbox,
  statusOf,
  syncAgainst,
} from '../support/sync-helpers.ts';

describe('budgetedFetch', () => {
  const answer = (bytes: number) => async () => new Response(new Uint8Array(bytes));

  it('counts every answer’s body into the budget, and cuts the one that passes it', async () => {
    const budget = { limit: 1000, used: 0 };
    const fetch = budgetedFetch(answer(600), budget);
    expect((await (await fetch('http://x.invalid/1')).arrayBuffer()).byteLength).toBe(600);
    expect(budget.used).toBe(600);
    const error = await (await fetch('http://x.invalid/2')).arrayBuffer().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect((error as Error).message).toBe(
      "over the collection's byte budget: read over 1,000 bytes (HttpOptions.maxCollectionBytes)",
    );
    expect(failureKind(error)).toEqual({ kind: 'too-large' });
  });

  it('defaults to 64 MiB a collection, above one answer’s cap', () => {
    expect(DEFAULT_HTTP_OPTIONS.maxCollectionBytes).toBe(64 * 1024 * 1024);
    expect(DEFAULT_HTTP_OPTIONS.maxCollectionBytes).toBeGreaterThan(DEFAULT_HTTP_OPTIONS.maxBodyBytes);
  });
});

/** Pages of two records: the five feedbacks come in three pages. */
const sandbox = setUpSyncSandbox({ maxPageSize: 2 });

const sync = (options: Parameters<typeof syncAgainst>[2] = {}): Promise<SyncRun> =>
  syncAgainst(sandbox.server, sandbox.outDir, options);

describe('a collection over its byte budget', () => {
  /** A feedback of about `chars` characters of text. */
  const feedback = (id: number, chars: number) => ({
    id,
    description: `Ótimo passeio. ${'a'.repeat(chars)}`,
    rating: 9,
    created_at: '2026-03-01T10:00:00Z',
  });

  it('keeps its last good snapshot when its pages, each under the answer cap, add up past the budget; the others publish', async () => {
    await sync();
    sandbox.server.clearRequests();
    const before = await readSnapshotText(sandbox.outDir, 'testimonials');
    // Six feedbacks of 9 kB in pages of two: 18 kB a page, under the answer cap, 54 kB together.
    const feedbacks = Array.from({ length: 6 }, (_, index) => feedback(2001 + index, 9_000));
    sandbox.server.setFile('provider/feedbacks.json', { data: { feedbacks, total: feedbacks.length } });
    const { report } = await sync({ http: { maxBodyBytes: 30_000, maxCollectionBytes: 40_000 } });
    const testimonials = collectionOf(report, 'testimonials');
    expect(testimonials).toMatchObject({ origin: 'snapshot', failed: true, problem: { code: 'unavailable', kind: 'too-large' } });
    expect(testimonials.error).toBe("over the collection's byte budget: read over 40,000 bytes (HttpOptions.maxCollectionBytes)");
    expect(report.warnings).toContain(`cityApi testimonials: ${testimonials.error}; keeping the last good snapshot (5 records)`);
    // The third page was cut as it passed the budget, and no page was asked again.
    expect(sandbox.server.requestsTo(sandbox.server.paths.feedbacks).map((request) => request.query.page)).toEqual([
      '1',
      '2',
      '3',
    ]);
    expect(await readSnapshotText(sandbox.outDir, 'testimonials')).toBe(before);
    for (const id of ['tours', 'news', 'episodes']) {
      expect(collectionOf(report, id), id).toMatchObject({ origin: 'upstream', failed: false });
    }
    // The editors' summary says why.
    const summary = syncSummary({ statuses: report.statuses, images: [], timeZone: 'America/Cuiaba', now: new Date() });
    expect(summary).toMatch(/Depoimentos: o provedor de dados enviou dados demais de uma vez; o site mostra os 5 itens/);
  });

  it('keeps its last good snapshot when its entries would take more than the budget in the snapshot', async () => {
    await sync();
    const before = await readSnapshotText(sandbox.outDir, 'tours');
    // 2,000 ampersands read as 2 kB and written as `&amp;`, 10 kB, in each of three tours.
    const description = `<p>${'&'.repeat(2_000)}</p>`;
    sandbox.server.setFile(
      'provider/tours.json',
      Array.from({ length: 3 }, (_, index) => ({ id: index + 1, title: `Passeio ${index + 1}`, description })),
    );
    const { report } = await sync({ http: { maxCollectionBytes: 20_000 } });
    expect(collectionOf(report, 'tours')).toMatchObject({
      origin: 'snapshot',
      failed: true,
      error: "over the collection's byte budget: its snapshot would take over 20,000 bytes (HttpOptions.maxCollectionBytes)",
    });
    expect(await readSnapshotText(sandbox.outDir, 'tours')).toBe(before);
    expect(statusOf(await readStatus(sandbox.outDir), 'tours')).toMatchObject({ origin: 'snapshot', failed: true });
  });

  it('without a last good snapshot, falls back like any failed collection', async () => {
    const { report } = await sync({ http: { maxCollectionBytes: 1_000 } });
    expect(collectionOf(report, 'tours')).toMatchObject({ origin: 'none', failed: true, count: 0 });
    expect(collectionOf(report, 'news')).toMatchObject({ origin: 'sample', failed: true });
  });
});

describe('the snapshot writer', () => {
  const VALUES: [string, unknown][] = [
    ['a list of entries', [{ id: '1', title: 'Título', tags: ['a', 'b'], nested: { deep: [1, { x: null }] } }, { id: '2' }]],
    ['an empty list', []],
    ['a list of one', [{ id: 'só' }]],
    ['entries JSON cannot hold', [undefined, () => 1, { id: 'x', skipped: undefined }]],
    ['an object', { a: [1, 2], b: 'c' }],
    ['text with line breaks and quotes', [{ id: '1', text: 'linha 1\nlinha "2"\u2028' }]],
  ];

  it.each(VALUES)('writes %s exactly as JSON.stringify with one space of indent', async (_what, value) => {
    expect([...jsonPieces(value)].join('')).toBe(`${JSON.stringify(value, null, 1)}\n`);
    const dir = await makeTempDir('writer-');
    try {
      await writeJsonAtomic(dir, 'value', value);
      expect(await readFile(path.join(dir, 'value.json'), 'utf8')).toBe(`${JSON.stringify(value, null, 1)}\n`);
      expect(await readdir(dir)).toEqual(['value.json']);
      expect(jsonBytes(value)).toBe(Buffer.byteLength(`${JSON.stringify(value, null, 1)}\n`));
    } finally {
      await removeDir(dir);
    }
  });

  it('never makes one string of the whole file: each piece is one entry', () => {
    const entry = { id: 'x', text: '旅'.repeat(10_000) };
    const pieces = [...jsonPieces(Array.from({ length: 300 }, () => entry))];
    expect(pieces).toHaveLength(302);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan(10_100);
  });

  it('removes its temporary file and leaves the file before as it was when a write fails', async () => {
    const dir = await makeTempDir('writer-');
    try {
      await writeJsonAtomic(dir, 'news', [{ id: '1' }]);
      const before = await readFile(path.join(dir, 'news.json'), 'utf8');
      // JSON cannot hold a BigInt: the second entry fails once the first is written.
      await expect(writeJsonAtomic(dir, 'news', [{ id: '2' }, { id: 3n }])).rejects.toThrow(TypeError);
      expect(await readdir(dir)).toEqual(['news.json']);
      expect(await readFile(path.join(dir, 'news.json'), 'utf8')).toBe(before);
    } finally {
      await removeDir(dir);
    }
  });

  it('removes the temporary files a killed sync left, on the next sync', async () => {
    const stale = path.join(sandbox.outDir, 'news.json.4242.1700000000000.tmp');
    await writeFile(stale, '');
    const other = path.join(sandbox.outDir, 'notes.tmp');
    await writeFile(other, 'not ours');
    await sync();
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(other)).toBe(true);
  });
});
