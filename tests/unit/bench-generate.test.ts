/**
 * The benchmark's dataset generator: the sizes asked for, records the sync keeps all of (so a
 * bench of 5,000 items builds 5,000 item pages), images from the pool only, and the same data
 * for the same options.
 */

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateDataset, ITEM_KINDS, sampleDatasetWithPhotos, splitByWeight } from '../../scripts/bench/generate.ts';
import { formatBytes, formatDuration, formatTable } from '../../scripts/bench/measure.ts';
import { collectionOf, makeTempDir, readSnapshot, removeDir, syncAgainst } from '../support/sync-helpers.ts';
import { startUpstreamServer } from '../support/upstream-server.ts';

const MEDIA = 'http://media.test/media';

/** Snapshot collection fed by each provider file of the generator. */
const COLLECTION_OF: Record<string, string> = {
  'provider/tours.json': 'tours',
  'provider/hotels.json': 'accommodation',
  'provider/restaurants.json': 'restaurants',
  'provider/attractions.json': 'events',
  'provider/providers-drivers.json': 'drivers',
  'provider/providers-guides.json': 'guides',
  'provider/providers-agencies.json': 'agencies',
  'provider/providers-tours.json': 'tourProviders',
};

describe.each([
  [10, [1, 1], [5, 5]],
  [7, [1, 1], [4, 3]],
  [0, [1, 1], [0, 0]],
  [100, [14, 9, 11], [42, 26, 32]],
])('splitByWeight(%i, %j)', (total, weights, expected) => {
  it(`gives ${expected.join(' + ')}, the rest to the first kinds`, () => {
    expect(splitByWeight(total, weights)).toEqual(expected);
  });
});

describe('generateDataset', () => {
  it.each([66, 250, 1001])('gives exactly %i items over every provider kind, each kind at least once', async (items) => {
    const dataset = await generateDataset({ items, posts: 3, mediaBase: MEDIA });
    const counts = ITEM_KINDS.map((kind) => dataset.counts[kind.file] ?? 0);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(items);
    for (const count of counts) expect(count).toBeGreaterThan(0);
    expect(dataset.counts['blog/posts.json']).toBe(3);
    expect(dataset.counts['provider/feedbacks.json']).toBe(Math.round(items / 2));
  });

  it('points every image at the pool, and the pool grows with the items', async () => {
    const small = await generateDataset({ items: 200, posts: 20, mediaBase: MEDIA });
    const large = await generateDataset({ items: 2000, posts: 20, mediaBase: MEDIA });
    expect(small.images).toBe(40);
    expect(large.images).toBe(400);
    for (const url of large.imageUrls) expect(url).toMatch(/^http:\/\/media\.test\/media\/(\d+)\.jpg$/);
    expect(Math.max(...[...large.imageUrls].map((url) => Number(url.match(/(\d+)\.jpg$/)?.[1])))).toBeLessThan(400);
    // Most of the pool is used, so an image pipeline has that many pictures to fetch and encode.
    expect(large.imageUrls.size).toBeGreaterThan(350);
    expect(JSON.stringify([...large.files.values()])).not.toContain('/sample-media/');
  });

  it('gives the same data for the same options and other data for another seed', async () => {
    const options = { items: 120, posts: 10, mediaBase: MEDIA };
    const a = await generateDataset(options);
    const b = await generateDataset(options);
    const c = await generateDataset({ ...options, seed: 2 });
    expect(JSON.stringify([...a.files])).toBe(JSON.stringify([...b.files]));
    expect(JSON.stringify([...a.files])).not.toBe(JSON.stringify([...c.files]));
  });

  it('is kept whole by the sync from the test upstream server: no record dropped, ids unique', async () => {
    const outDir = await makeTempDir('bench-sync-');
    let dataset: Awaited<ReturnType<typeof generateDataset>> | undefined;
    const server = await startUpstreamServer({ reader: async (file) => dataset?.files.get(file) });
    try {
      dataset = await generateDataset({
        items: 132,
        posts: 25,
        feedbacks: 40,
        episodes: 12,
        mediaBase: `${server.origin}/media`,
      });
      const { report, lines } = await syncAgainst(server, outDir, {
        http: { timeoutMs: 10_000, totalTimeoutMs: 30_000, sourceDeadlineMs: 60_000 },
      });
      expect(report.warnings, lines.join('\n')).toEqual([]);
      for (const [file, collection] of Object.entries(COLLECTION_OF)) {
        const kept = collectionOf(report, collection);
        expect(kept.dropped, collection).toEqual([]);
        expect(kept.count, collection).toBe(dataset.counts[file]);
      }
      expect(collectionOf(report, 'testimonials').count).toBe(40);
      expect(collectionOf(report, 'news').count).toBe(25);
      expect(collectionOf(report, 'episodes').count).toBe(12);
      // The sample's guide, whole and with its links on the blog's host (no page repaired).
      expect(collectionOf(report, 'blogPages')).toMatchObject({
        count: dataset.counts['blog/pages.json'],
        dropped: [],
        repaired: [],
      });
      expect(collectionOf(report, 'experiences').count).toBe(dataset.counts['provider/experiences.json']);
      const tours = await readSnapshot<{ id: string; title: string; image: string | null }>(outDir, 'tours');
      expect(new Set(tours.map((tour) => tour.id)).size).toBe(tours.length);
      expect(tours[0]?.image).toMatch(new RegExp(`^${server.origin}/media/\\d+\\.jpg$`));
    } finally {
      await server.close();
      await removeDir(outDir);
    }
  });
});

describe('sampleDatasetWithPhotos', () => {
  it('is the sample data with each distinct sample image its own photo, the records untouched', async () => {
    const dataset = await sampleDatasetWithPhotos(MEDIA);
    const raw = await readFile(path.resolve(import.meta.dirname, '../../sample-data/provider/tours.json'), 'utf8');
    const samplePaths = new Set(raw.match(/\/sample-media\/[^\s"'<>)]+/g));
    const served = JSON.stringify(dataset.files.get('provider/tours.json'));
    expect(served).not.toContain('/sample-media/');
    // The same records: only the image URLs differ.
    const strip = (text: string) => text.replace(/\/sample-media\/[^\s"'<>)]+|http:\/\/media\.test\/media\/\d+\.jpg/g, 'IMG');
    expect(strip(served)).toBe(strip(JSON.stringify(JSON.parse(raw))));
    const urls = new Set(served.match(/http:\/\/media\.test\/media\/\d+\.jpg/g));
    expect(urls.size).toBe(samplePaths.size);
    expect(dataset.images).toBe(dataset.imageUrls.size);
    expect([...dataset.files.keys()]).toEqual(
      expect.arrayContaining(['provider/tours.json', 'blog/posts.json', 'spotify/token.json']),
    );
    expect(JSON.stringify(dataset.files.get('spotify/token.json'))).toBe(
      JSON.stringify(
        JSON.parse(await readFile(path.resolve(import.meta.dirname, '../../sample-data/spotify/token.json'), 'utf8')),
      ),
    );
  });
});

describe('bench output helpers', () => {
  it.each([
    [512, '512 B'],
    [2048, '2.00 KB'],
    [15 * 1024 * 1024, '15.0 MB'],
    [null, '–'],
  ])('formatBytes(%s) is %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it.each([
    [1234, '1.2 s'],
    [184_000, '3 min 04 s'],
  ])('formatDuration(%i) is %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('pads the table columns to the widest cell', () => {
    expect(formatTable(['a', 'bb'], [['ccc', 'd']]).split('\n')).toEqual(['a   | bb', '----|---', 'ccc | d ']);
  });
});
