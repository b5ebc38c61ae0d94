/**
 * Bounded work: how many records a collection may hold (HttpOptions.maxRecords, counted before an
 * answer is parsed and again over a paged read), a gzip bomb stopped while it is decompressed or
 * before it is parsed, and the per-record loop giving the event loop its turns. Against the local
 * upstream server; an over-cap collection keeps its last good snapshot like any failed one.
 */
import { setImmediate } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_OPTIONS } from '../../scripts/sync/http.ts';
import { outermostListEntries } from '../../scripts/sync/normalise/envelope.ts';
import { RawItemSchema, toItem } from '../../scripts/sync/normalise/item.ts';
import { normaliseRecords, RECORDS_PER_TURN } from '../../scripts/sync/normalise/records.ts';
import { oneAtATime } from '../../scripts/sync/run/start.ts';
import { ItemSchema } from '../../src/lib/schemas/index.ts';
import { SAMPLE } from '../support/record-context.ts';
import { collectionOf, readSnapshotText, type SyncRun, setUpSyncSandbox, syncAgainst } from '../support/sync-helpers.ts';
import type { Fault } from '../support/upstream-server.ts';

describe('outermostListEntries', () => {
  it.each([
    ['a plain list', '[{"id":1},{"id":2},{"id":3}]', 3],
    ['{ name: [...] }', '{"tours":[1,2]}', 2],
    ['{ data: { name: [...] } }', '{"data":{"tours":[{"a":[1,2,3,4,5]},{}]},"total":2}', 2],
    ['the longest of two outermost lists', '{"a":[1],"b":[1,2,3],"c":[]}', 3],
    ['an empty list', '[]', 0],
    ['one entry, spaced', '[ \n {"x": 1} \n ]', 1],
    ['a record’s own lists are not counted', '[{"tags":[1,2,3,4,5,6,7,8,9]}]', 1],
    ['commas and brackets inside strings', '["a,b,[c]", "d\\",e", "\\\\"]', 3],
    ['no list at all', '{"a":1,"b":2}', 0],
    ['not JSON', '<html>a, b, c</html>', 0],
    ['a list cut short', '[1,2,3', 3],
  ])('%s', (_name, text, expected) => {
    expect(outermostListEntries(text)).toBe(expected);
    expect(outermostListEntries(text, expected)).toBe(expected);
  });

  it('stops counting once past the limit', () => {
    const text = `[${'{},'.repeat(1_000_000)}{}]`;
    expect(outermostListEntries(text, 10)).toBe(11);
    expect(outermostListEntries(text)).toBe(1_000_001);
  });
});

describe('the per-record loop', () => {
  it('lets the event loop turn while it normalises: a timer set before it fires before the last record', async () => {
    let hasFired = false;
    const timer = setTimeout(() => {
      hasFired = true;
    }, 0);
    const firedAt: boolean[] = [];
    const records = Array.from({ length: RECORDS_PER_TURN * 3 + 1 }, (_, index) => ({
      id: index + 1,
      title: `Passeio ${index + 1}`,
    }));
    const { entries } = await normaliseRecords(
      records,
      RawItemSchema,
      (raw, context) => {
        firedAt.push(hasFired);
        return toItem(raw, 'tour', context);
      },
      ItemSchema,
      SAMPLE,
    );
    clearTimeout(timer);
    expect(entries).toHaveLength(records.length);
    expect(firedAt[0]).toBe(false);
    expect(firedAt.at(-1)).toBe(true);
  });
});

describe('oneAtATime', () => {
  it('starts each task when the one before has settled, a failed one included, and keeps each result', async () => {
    const inTurn = oneAtATime();
    const log: string[] = [];
    const task =
      (name: string, fails = false) =>
      async () => {
        log.push(`${name} starts`);
        await setImmediate();
        log.push(`${name} ends`);
        if (fails) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([inTurn(task('a')), inTurn(task('b', true)), inTurn(task('c'))]);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : String(result.reason)))).toEqual([
      'a',
      'Error: b',
      'c',
    ]);
  });
});

/** One server per file whose pages hold two records each: the five feedbacks and posts come in three pages. */
const sandbox = setUpSyncSandbox({ maxPageSize: 2 });

/** syncAgainst with attempts long enough that a loaded machine reads 50 MB in one; no fault here hangs. */
function sync(options: Parameters<typeof syncAgainst>[2] = {}): Promise<SyncRun> {
  return syncAgainst(sandbox.server, sandbox.outDir, {
    ...options,
    http: { timeoutMs: 20_000, totalTimeoutMs: 60_000, sourceDeadlineMs: 60_000, ...options.http },
  });
}

/** The tours answer as `body`, gzip-encoded, whatever was asked. */
const gzipped = (body: Buffer): Fault => ({
  kind: 'respond',
  respond: () =>
    new Response(new Uint8Array(body), {
      headers: { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'gzip' },
    }),
});

/** A gzip answer of a JSON list of `{}` made of `megabytes` MB of `{},` (3 bytes an entry): a few dozen KB on the wire. */
function emptyObjectsBomb(megabytes: number): { gzip: Buffer; entries: number } {
  const block = Buffer.from('{},'.repeat(1024 * 1024));
  const blocks = Array.from({ length: megabytes / 3 }, () => block);
  return {
    gzip: gzipSync(Buffer.concat([Buffer.from('['), ...blocks, Buffer.from('{}]')])),
    entries: (megabytes / 3) * 1024 * 1024 + 1,
  };
}

describe('records per collection', () => {
  it('defaults to 25,000', () => {
    expect(DEFAULT_HTTP_OPTIONS.maxRecords).toBe(25_000);
  });

  it('an answer over the cap, or pages over it together: that collection keeps its last good snapshot, with the cap named', async () => {
    const { report: first } = await sync();
    expect(first.warnings).toEqual([]);
    const lastTours = await readSnapshotText(sandbox.outDir, 'tours');
    const lastTestimonials = await readSnapshotText(sandbox.outDir, 'testimonials');
    const lastNews = await readSnapshotText(sandbox.outDir, 'news');

    // Eight tours in one answer (six of them valid); five feedbacks and five posts in pages of two.
    const { report } = await sync({ http: { maxRecords: 4 } });
    const tours = collectionOf(report, 'tours');
    expect(tours).toMatchObject({ origin: 'snapshot', failed: true, count: 6, received: 0 });
    expect(tours.error).toBe('too many records: a list of over 4 entries in one answer; the limit is 4 records per collection');
    expect(report.warnings).toContain(`cityApi tours: ${tours.error}; keeping the last good snapshot (6 records)`);
    expect(await readSnapshotText(sandbox.outDir, 'tours')).toBe(lastTours);

    expect(collectionOf(report, 'testimonials')).toMatchObject({
      origin: 'snapshot',
      failed: true,
      error: 'too many records: 5 received; the limit is 4 records per collection',
    });
    expect(await readSnapshotText(sandbox.outDir, 'testimonials')).toBe(lastTestimonials);
    expect(collectionOf(report, 'news')).toMatchObject({ origin: 'snapshot', failed: true });
    expect(await readSnapshotText(sandbox.outDir, 'news')).toBe(lastNews);

    // The collections within the cap are published as usual.
    for (const id of ['city', 'accommodation', 'restaurants', 'events', 'drivers', 'experiences', 'episodes']) {
      expect(collectionOf(report, id), id).toMatchObject({ origin: 'upstream', failed: false });
    }
  });

  it('refuses 25,001 tours before parsing them, keeping the last good snapshot', async () => {
    await sync();
    const lastTours = await readSnapshotText(sandbox.outDir, 'tours');
    sandbox.server.setFile(
      'provider/tours.json',
      Array.from({ length: 25_001 }, (_, index) => ({ id: index + 1, title: `Passeio ${index + 1}` })),
    );
    const { report } = await sync();
    expect(collectionOf(report, 'tours')).toMatchObject({
      origin: 'snapshot',
      count: 6,
      error: 'too many records: a list of over 25,000 entries in one answer; the limit is 25,000 records per collection',
    });
    expect(await readSnapshotText(sandbox.outDir, 'tours')).toBe(lastTours);
    expect(collectionOf(report, 'accommodation')).toMatchObject({ origin: 'upstream', failed: false });
  });
});

describe('a gzip bomb', () => {
  it('that decompresses past the byte cap is cut while it is decompressed, in seconds', async () => {
    const { gzip } = emptyObjectsBomb(54);
    expect(gzip.length).toBeLessThan(300 * 1024);
    sandbox.server.setFault(sandbox.server.paths.tours, gzipped(gzip));
    const { report, ms } = await sync();
    const cap = DEFAULT_HTTP_OPTIONS.maxBodyBytes;
    expect(collectionOf(report, 'tours')).toMatchObject({
      origin: 'none',
      failed: true,
      error: `answer too large: over ${cap} bytes (/provider/tours)`,
    });
    expect(report.warnings).toContain(
      `cityApi tours: answer too large: over ${cap} bytes (/provider/tours); no last good snapshot, publishing it empty`,
    );
    expect(collectionOf(report, 'accommodation')).toMatchObject({ origin: 'upstream', failed: false });
    expect(ms).toBeLessThan(15_000);
  });

  it('of sixteen million {} under the byte cap is refused before it is parsed, and the sync finishes in seconds', async () => {
    const { gzip, entries } = emptyObjectsBomb(48);
    expect(entries).toBeGreaterThan(16_000_000);
    expect(gzip.length).toBeLessThan(300 * 1024);
    sandbox.server.setFault(sandbox.server.paths.tours, gzipped(gzip));
    const { report, ms } = await sync();
    const tours = collectionOf(report, 'tours');
    expect(tours).toMatchObject({
      origin: 'none',
      failed: true,
      received: 0,
      error: 'too many records: a list of over 25,000 entries in one answer; the limit is 25,000 records per collection',
    });
    expect(report.warnings).toContain(`cityApi tours: ${tours.error}; no last good snapshot, publishing it empty`);
    expect(collectionOf(report, 'restaurants')).toMatchObject({ origin: 'upstream', failed: false });
    expect(ms).toBeLessThan(15_000);
  });
});
