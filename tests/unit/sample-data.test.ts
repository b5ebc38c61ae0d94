import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSync } from '../../scripts/sync/run/index.ts';
import type { SyncReport } from '../../scripts/sync/run/report.ts';
import type { Item } from '../../src/lib/schemas/index.ts';

/** The embedded sample data, read by the real sync with nothing configured. */
const root = path.resolve(import.meta.dirname, '../..');
let outDir: string;
let report: SyncReport;
const quiet = { info: () => {}, warn: () => {} };
const read = async <T>(name: string): Promise<T[]> => JSON.parse(await readFile(path.join(outDir, `${name}.json`), 'utf8'));

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'sample-sync-'));
  report = await runSync({ env: {}, outDir, sampleDir: path.join(root, 'sample-data'), logger: quiet });
});
afterAll(() => rm(outDir, { recursive: true, force: true }));

describe('the embedded sample data', () => {
  it('comes entirely from the sample, with no record dropped and no warning', () => {
    expect(report.warnings).toEqual([]);
    for (const collection of report.collections) {
      expect(collection, collection.id).toMatchObject({ origin: 'sample', failed: false, dropped: [] });
    }
  });

  it.each([
    ['city', 1],
    ['tours', 12],
    ['accommodation', 8],
    ['restaurants', 10],
    ['events', 6],
    ['experiences', 8],
    ['drivers', 5],
    ['guides', 5],
    ['agencies', 5],
    ['tourProviders', 5],
    ['testimonials', 30],
    ['news', 30],
    ['episodes', 8],
  ])('has at least %i %s', async (name, minimum) => {
    expect((await read(name)).length).toBeGreaterThanOrEqual(minimum);
  });

  it('exercises every provider status and the fallbacks of optional fields', async () => {
    const providers = (
      await Promise.all(['drivers', 'guides', 'agencies', 'tourProviders'].map((name) => read<Item>(name)))
    ).flat();
    expect(new Set(providers.map((provider) => provider.status?.label))).toEqual(
      new Set(['Ativo', 'Inativo', 'Cadastro pendente', 'Publicado', 'Cadastro em análise']),
    );
    expect(providers.some((provider) => !provider.isListed)).toBe(true);
    const items = (await Promise.all(['tours', 'accommodation', 'restaurants', 'events'].map((name) => read<Item>(name)))).flat();
    // Records that leave facts out, so the pages show they state none.
    expect(items.some((item) => item.rating === null)).toBe(true);
    expect(items.some((item) => item.people === null)).toBe(true);
    expect(items.some((item) => item.priceValue === null && !item.isFree)).toBe(true);
    expect(items.some((item) => item.isFree)).toBe(true);
    expect(items.some((item) => item.startDate !== null)).toBe(true);
    expect(items.some((item) => item.kind === 'event' && item.startDate === null)).toBe(true);
    expect(items.some((item) => item.location === '')).toBe(true);
    expect(items.some((item) => item.contactPhone === null)).toBe(true);
    expect(items.some((item) => item.gallery.length === 0)).toBe(true);
    expect(items.some((item) => item.gallery.length >= 8)).toBe(true);
    expect(items.some((item) => item.discountPercent !== null)).toBe(true);
  });

  it('has news in 4 or more categories, with placeholder images and default authors', async () => {
    const news = await read<{ category: string; hasPlaceholderImage: boolean; author: string }>('news');
    expect(new Set(news.map((article) => article.category)).size).toBeGreaterThanOrEqual(4);
    expect(news.some((article) => article.hasPlaceholderImage)).toBe(true);
    expect(news.some((article) => article.author === 'Redação')).toBe(true);
  });

  it('points only at images of sample-data/media or public/images, so a build needs no network', async () => {
    const snapshot = await Promise.all(
      report.collections.map((collection) => readFile(path.join(outDir, `${collection.id}.json`), 'utf8')),
    );
    const paths = new Set(snapshot.join('\n').match(/\/(?:sample-media|images)\/[\w./-]+\.(?:jpg|png|svg|webp)/g));
    expect(paths.size).toBeGreaterThan(50);
    const fileOf = (url: string) =>
      url.startsWith('/sample-media/')
        ? path.join(root, 'sample-data', 'media', url.slice('/sample-media/'.length))
        : path.join(root, 'public', url);
    const missing = [...paths].filter((url) => !existsSync(fileOf(url)));
    expect(missing).toEqual([]);
  });
});
