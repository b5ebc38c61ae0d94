/**
 * The image cache of the sync (scripts/sync/images/) against a real HTTP server on 127.0.0.1:
 * download once, reuse, revalidate with a 304, and every broken image (404, hang, garbage, HTML,
 * too big, truncated) a placeholder with a warning, never an exception. The order and the fair share
 * of the downloads are in image-schedule.test.ts; the pure helpers of src/lib/images.ts in
 * image-profiles.test.ts.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isDueForFullDownload, readImageManifest } from '../../scripts/sync/images/cache-index.ts';
import { MASTER_VERSION, makeMaster } from '../../scripts/sync/images/encode.ts';
import { cacheImages } from '../../scripts/sync/images/index.ts';
import { IMAGE_CACHE_DEFAULTS, type ImageCacheOptions } from '../../scripts/sync/images/options.ts';
import { imageCacheModule } from '../../src/integrations/image-cache.ts';
import { animatedGif, bigTiff, gpsPhoto, tallGpsJpeg, thinStrip } from '../support/hostile-images.ts';
import { jpeg } from '../support/photos.ts';
import { captureLogger, makeTempDir, removeDir } from '../support/sync-helpers.ts';
import { startUpstreamServer, type UpstreamServer } from '../support/upstream-server.ts';

let server: UpstreamServer;
let photo: Buffer;
let otherPhoto: Buffer;
/** Body served under /media/<name>; missing names are the server's normal 404. */
const media = new Map<string, { body: Buffer; type: string; etag?: string }>();

beforeAll(async () => {
  photo = await jpeg(1200, 800);
  otherPhoto = await jpeg(640, 480, 7);
  server = await startUpstreamServer({ checkAuth: false });
});
afterAll(() => server.close());

let cacheDir: string;
let mediaDir: string;
let log: ReturnType<typeof captureLogger>;

beforeEach(async () => {
  cacheDir = await makeTempDir('images-cache-');
  mediaDir = await makeTempDir('images-media-');
  log = captureLogger();
  media.clear();
  server.reset();
  // Images are answered by one rule; faults added by a test come after it, so they are set with
  // `times` or replace the rule (server.clearFaults) to take precedence.
  serveMedia();
});
afterEach(async () => {
  await removeDir(cacheDir);
  await removeDir(mediaDir);
});

function serveMedia() {
  server.setFault(/^\/media\//, {
    kind: 'respond',
    respond: (request, next) => {
      const name = new URL(request.url).pathname.slice('/media/'.length);
      const file = media.get(name);
      if (!file) return next();
      if (file.etag && request.headers.get('if-none-match') === file.etag) {
        return new Response(null, { status: 304, headers: { etag: file.etag } });
      }
      return new Response(new Uint8Array(file.body), {
        headers: { 'content-type': file.type, ...(file.etag ? { etag: file.etag } : {}) },
      });
    },
  });
}

/** Puts a fault before the media rule: it applies first. */
function faultFirst(pathname: string, fault: Parameters<UpstreamServer['setFault']>[1]) {
  server.clearFaults();
  server.setFault(pathname, fault);
  serveMedia();
}

const url = (name: string) => `${server.origin}/media/${name}`;

function options(extra: Partial<ImageCacheOptions> = {}): ImageCacheOptions {
  return {
    cacheDir,
    localRoots: [{ prefix: '/sample-media/', dir: mediaDir }],
    // The test server is on 127.0.0.1, allowed as a configured upstream's origin.
    allowedOrigins: [server.origin],
    logger: log.logger,
    timeoutMs: 300,
    totalTimeoutMs: 1_500,
    retryLimit: 1,
    ...extra,
  };
}
describe('makeMaster', () => {
  it('gives the size and format of a real image and refuses garbage and oversized ones', async () => {
    await expect(makeMaster(photo)).resolves.toMatchObject({ width: 1200, height: 800, format: 'jpg', firstFrameOf: null });
    await expect(makeMaster(Buffer.from('not an image at all'))).rejects.toThrow('not a readable image');
    await expect(makeMaster(photo, 1000 * 500)).rejects.toThrow('image too large (1200×800 pixels)');
    await expect(makeMaster(photo.subarray(0, Math.floor(photo.length / 2)))).rejects.toThrow('corrupt or truncated');
  });
});

describe('cacheImages', () => {
  it('downloads an image once, then serves it from the cache without a request', async () => {
    media.set('a.jpg', { body: photo, type: 'image/jpeg' });
    const first = await cacheImages([url('a.jpg')], options());
    expect(first).toMatchObject({ downloaded: 1, reused: 0, warnings: [] });
    const entry = first.manifest.images[url('a.jpg')];
    expect(entry).toMatchObject({ width: 1200, height: 800, format: 'jpg' });
    // The cache keeps the sync's re-encode (makeMaster), never the upstream's bytes.
    const cached = await readFile(path.join(cacheDir, entry?.file ?? ''));
    expect(cached).not.toEqual(photo);
    expect(await sharp(cached).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });
    expect(await readImageManifest(cacheDir)).toEqual(first.manifest);

    server.clearRequests();
    const second = await cacheImages([url('a.jpg')], options());
    expect(second).toMatchObject({ downloaded: 0, reused: 1, warnings: [] });
    expect(second.manifest.images[url('a.jpg')]).toEqual(entry);
    expect(server.requestsTo('/media/a.jpg')).toHaveLength(0);
  });

  it('revalidates an old entry with its ETag and keeps it on 304 Not Modified', async () => {
    media.set('a.jpg', { body: photo, type: 'image/jpeg', etag: '"v1"' });
    await cacheImages([url('a.jpg')], options());
    server.clearRequests();
    const again = await cacheImages([url('a.jpg')], options({ revalidateAfterMs: 0 }));
    expect(again).toMatchObject({ downloaded: 0, notModified: 1, warnings: [] });
    expect(server.requestsTo('/media/a.jpg').map((request) => [request.headers['if-none-match'], request.status])).toEqual([
      ['"v1"', 304],
    ]);

    // A changed image (new ETag) is downloaded and stored under its new content hash.
    media.set('a.jpg', { body: otherPhoto, type: 'image/jpeg', etag: '"v2"' });
    const changed = await cacheImages([url('a.jpg')], options({ revalidateAfterMs: 0 }));
    expect(changed).toMatchObject({ downloaded: 1, notModified: 0 });
    expect(changed.manifest.images[url('a.jpg')]).toMatchObject({ width: 640, height: 480 });
  });

  it('downloads each image in full again once a month, whatever its ETag says', async () => {
    const day = 24 * 3600_000;
    const start = Date.parse('2026-01-01T03:00:00Z');
    const on = (days: number) => options({ now: () => new Date(start + days * day) });
    const asked = () =>
      server.requestsTo('/media/a.jpg').map((request) => [request.headers['if-none-match'] ?? 'whole image', request.status]);
    media.set('a.jpg', { body: photo, type: 'image/jpeg', etag: '"v1"' });
    await cacheImages([url('a.jpg')], on(0));
    // The picture is replaced and its host replays the old ETag: a revalidation keeps the old copy…
    media.set('a.jpg', { body: otherPhoto, type: 'image/jpeg', etag: '"v1"' });
    server.clearRequests();
    expect((await cacheImages([url('a.jpg')], on(3))).reused).toBe(1);
    expect((await cacheImages([url('a.jpg')], on(8))).manifest.images[url('a.jpg')]).toMatchObject({ width: 1200 });
    expect((await cacheImages([url('a.jpg')], on(29.9))).manifest.images[url('a.jpg')]).toMatchObject({ width: 1200 });
    expect(asked()).toEqual([
      ['"v1"', 304],
      ['"v1"', 304],
    ]);
    // …until 30 days after the last full download: asked for without the ETag, the new picture is kept.
    server.clearRequests();
    const monthly = await cacheImages([url('a.jpg')], on(30));
    expect(monthly).toMatchObject({ downloaded: 1, notModified: 0, reused: 0, warnings: [] });
    expect(monthly.manifest.images[url('a.jpg')]).toMatchObject({ width: 640, height: 480 });
    expect(asked()).toEqual([['whole image', 200]]);
    // The month starts again from that download: revalidated with the ETag in between, in full 30 days on.
    server.clearRequests();
    await cacheImages([url('a.jpg')], on(45));
    await cacheImages([url('a.jpg')], on(60));
    expect(asked()).toEqual([
      ['"v1"', 304],
      ['whole image', 200],
    ]);
  });

  it('downloads in full an entry that has no date of its last full download, and takes no 304 for an answer to it', async () => {
    media.set('a.jpg', { body: photo, type: 'image/jpeg', etag: '"v1"' });
    await cacheImages([url('a.jpg')], options());
    // An index written before the date was kept.
    const indexFile = path.join(cacheDir, 'index.json');
    const index = JSON.parse(await readFile(indexFile, 'utf8')) as { entries: Record<string, { downloadedAt?: string }> };
    for (const entry of Object.values(index.entries)) delete entry.downloadedAt;
    await writeFile(indexFile, JSON.stringify(index));
    // A host that answers 304 whatever it is asked.
    faultFirst('/media/a.jpg', {
      kind: 'respond',
      respond: () => new Response(null, { status: 304, headers: { etag: '"v1"' } }),
    });
    server.clearRequests();
    const report = await cacheImages([url('a.jpg')], options());
    expect(server.requestsTo('/media/a.jpg').map((request) => request.headers['if-none-match'])).toEqual([undefined]);
    expect(report.notModified).toBe(0);
    expect(log.lines.at(-1)).toBe(
      `WARN image ${url('a.jpg')}: HTTP 304 Not Modified to a request for the whole image; keeping the cached copy`,
    );
  });

  it.each([
    [undefined, 0, true],
    ['not a date', 0, true],
    ['2026-01-01T00:00:00Z', 29.99, false],
    ['2026-01-01T00:00:00Z', 30, true],
    ['2026-01-01T00:00:00Z', 45, true],
    // A clock set back: not due until the month has passed.
    ['2026-01-01T00:00:00Z', -3, false],
  ])('an entry last downloaded in full at %s is due %s days later: %s', (downloadedAt, days, expected) => {
    const now = new Date(Date.parse('2026-01-01T00:00:00Z') + days * 24 * 3600_000);
    const entry = downloadedAt === undefined ? {} : { downloadedAt };
    expect(isDueForFullDownload(entry, now, IMAGE_CACHE_DEFAULTS.refetchAfterMs)).toBe(expected);
    expect(isDueForFullDownload(undefined, now, IMAGE_CACHE_DEFAULTS.refetchAfterMs)).toBe(true);
  });

  it('stores the same bytes under two URLs once', async () => {
    media.set('a.jpg', { body: photo, type: 'image/jpeg' });
    media.set('copy.jpg', { body: photo, type: 'image/jpeg' });
    const report = await cacheImages([url('a.jpg'), url('copy.jpg')], options());
    expect(report.manifest.images[url('a.jpg')]?.file).toBe(report.manifest.images[url('copy.jpg')]?.file);
    expect(await readdir(path.join(cacheDir, 'files'))).toHaveLength(1);
  });

  it.each([
    { name: 'missing.jpg', setup: () => undefined, reason: 'HTTP 404' },
    {
      name: 'garbage.jpg',
      setup: () => media.set('garbage.jpg', { body: Buffer.from('\xff\xd8 definitely not a jpeg'), type: 'image/jpeg' }),
      reason: 'not a readable image',
    },
    {
      name: 'page.jpg',
      setup: () => media.set('page.jpg', { body: Buffer.from('<html>Erro</html>'), type: 'text/html; charset=utf-8' }),
      reason: 'content type text/html, not an image',
    },
    {
      name: 'cut.jpg',
      setup: () => media.set('cut.jpg', { body: photo.subarray(0, Math.floor(photo.length / 2)), type: 'image/jpeg' }),
      reason: 'image data is corrupt or truncated',
    },
    {
      name: 'huge.jpg',
      setup: () => media.set('huge.jpg', { body: Buffer.alloc(300_000, 1), type: 'image/jpeg' }),
      reason: 'file too large (300000 bytes, limit 200000)',
    },
  ])('$name: the placeholder and a warning ($reason), the other images unaffected', async ({ name, setup, reason }) => {
    setup();
    media.set('a.jpg', { body: photo, type: 'image/jpeg' });
    const report = await cacheImages([url(name), url('a.jpg')], options({ maxBytes: 200_000 }));
    expect(report.manifest.failed).toEqual({ [url(name)]: reason });
    expect(report.manifest.images[url(name)]).toBeUndefined();
    expect(report.manifest.images[url('a.jpg')]).toMatchObject({ width: 1200 });
    expect(log.lines).toEqual([`WARN image ${url(name)}: ${reason}; the placeholder is shown instead`]);
  });

  it('gives up on an image that never answers within its time bound', async () => {
    faultFirst('/media/slow.jpg', { kind: 'hang' });
    const started = performance.now();
    const report = await cacheImages([url('slow.jpg')], options());
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(report.manifest.failed[url('slow.jpg')]).toMatch(/timed out/);
    expect(server.requestsTo('/media/slow.jpg')).toHaveLength(2); // one retry
  });

  it('keeps the cached copy when a revalidation fails', async () => {
    media.set('a.jpg', { body: photo, type: 'image/jpeg', etag: '"v1"' });
    const first = await cacheImages([url('a.jpg')], options());
    faultFirst('/media/a.jpg', { kind: 'status', status: 503 });
    const again = await cacheImages([url('a.jpg')], options({ revalidateAfterMs: 0 }));
    expect(again.manifest.images[url('a.jpg')]).toEqual(first.manifest.images[url('a.jpg')]);
    expect(again.manifest.failed).toEqual({});
    expect(log.lines.at(-1)).toBe(`WARN image ${url('a.jpg')}: HTTP 503; keeping the cached copy`);
  });

  it('reads site-relative sample images from the local folder, and nothing outside it', async () => {
    await mkdir(path.join(mediaDir, 'tours'));
    await writeFile(path.join(mediaDir, 'tours', 'x.jpg'), otherPhoto);
    const report = await cacheImages(
      ['/sample-media/tours/x.jpg', '/sample-media/../outside.jpg', '/sample-media/tours/none.jpg', '/uploads/y.jpg'],
      options(),
    );
    expect(report.local).toBe(1);
    expect(report.manifest.images['/sample-media/tours/x.jpg']).toMatchObject({ width: 640, height: 480 });
    expect(report.manifest.failed).toEqual({
      '/sample-media/../outside.jpg': 'site-relative URL outside the local media folders',
      '/sample-media/tours/none.jpg': 'no such local file',
      '/uploads/y.jpg': 'site-relative URL outside the local media folders',
    });
    expect(server.requests).toHaveLength(0);
  });

  it('forgets images no sync has named for a long time, and deletes their files', async () => {
    media.set('a.jpg', { body: photo, type: 'image/jpeg' });
    media.set('b.jpg', { body: otherPhoto, type: 'image/jpeg' });
    const day = 24 * 3600_000;
    const start = Date.parse('2026-01-01T00:00:00Z');
    await cacheImages([url('a.jpg'), url('b.jpg')], options({ now: () => new Date(start) }));
    expect(await readdir(path.join(cacheDir, 'files'))).toHaveLength(2);
    // 40 days later only a.jpg is still named: b.jpg (unused for more than 30 days) goes.
    const later = await cacheImages([url('a.jpg')], options({ now: () => new Date(start + 40 * day) }));
    expect(await readdir(path.join(cacheDir, 'files'))).toEqual([path.basename(later.manifest.images[url('a.jpg')]?.file ?? '')]);
  });
});

describe('cacheImages: every image a master', () => {
  it('shows a BigTIFF, a long screenshot with GPS and an animated GIF as stripped masters, and refuses a strip no picture fits', async () => {
    media.set('scan.tif', { body: await bigTiff(), type: 'image/tiff' });
    media.set('long.jpg', { body: await tallGpsJpeg(300, 20_000), type: 'image/jpeg' });
    media.set('anim.gif', { body: await animatedGif(), type: 'image/gif' });
    media.set('strip.png', { body: await thinStrip(), type: 'image/png' });
    media.set('a.jpg', { body: photo, type: 'image/jpeg' });
    const names = ['scan.tif', 'long.jpg', 'anim.gif', 'strip.png', 'a.jpg'];
    const report = await cacheImages(names.map(url), options({ timeoutMs: 5_000, totalTimeoutMs: 10_000 }));
    expect(report.manifest.images).toEqual({
      [url('scan.tif')]: { file: expect.stringMatching(/^files\/[0-9a-f]{32}\.jpg$/), width: 8, height: 8, format: 'jpg' },
      [url('long.jpg')]: { file: expect.stringMatching(/\.jpg$/), width: 246, height: 16_383, format: 'jpg' },
      [url('anim.gif')]: { file: expect.stringMatching(/\.png$/), width: 10, height: 10, format: 'png' },
      [url('a.jpg')]: { file: expect.stringMatching(/\.jpg$/), width: 1200, height: 800, format: 'jpg' },
    });
    const refused = 'image of 1×40000 pixels: no picture within 1600×16383 pixels keeps its aspect ratio';
    expect(report.manifest.failed).toEqual({ [url('strip.png')]: refused });
    // Sorted: the images are fetched at once, so their lines come in any order.
    expect([...log.lines].sort()).toEqual([
      `INFO image ${url('anim.gif')}: an animation of 2 frames; its first frame is shown`,
      `WARN image ${url('strip.png')}: ${refused}; the placeholder is shown instead`,
    ]);
    for (const [image, entry] of Object.entries(report.manifest.images)) {
      const metadata = await sharp(path.join(cacheDir, entry.file)).metadata();
      expect(metadata, image).toMatchObject({ width: entry.width, height: entry.height });
      expect(metadata.exif, image).toBeUndefined();
      expect(metadata.pages ?? 1, image).toBe(1);
    }
  });

  /** An index entry as the sync wrote them before masters: the upstream's bytes under their sha256. */
  async function cachedBeforeMasters(name: string, body: Buffer, size: { width: number; height: number }) {
    const file = `files/${createHash('sha256').update(body).digest('hex').slice(0, 32)}.jpg`;
    await mkdir(path.join(cacheDir, 'files'), { recursive: true });
    await writeFile(path.join(cacheDir, file), body);
    const now = new Date().toISOString();
    // Downloaded in full today: not due for the monthly full download.
    const entry = { file, ...size, format: 'jpg', bytes: body.length, checkedAt: now, downloadedAt: now, usedAt: now };
    await writeFile(path.join(cacheDir, 'index.json'), JSON.stringify({ version: 1, entries: { [url(name)]: entry } }));
    return file;
  }

  it('makes an image cached before masters a master from the disk, without a request, and deletes the original', async () => {
    const original = await gpsPhoto(120, 80, 6);
    const old = await cachedBeforeMasters('old.jpg', original, { width: 80, height: 120 });
    const report = await cacheImages([url('old.jpg')], options());
    const entry = report.manifest.images[url('old.jpg')];
    expect(report).toMatchObject({ downloaded: 0, reused: 1, warnings: [] });
    expect(entry).toMatchObject({ width: 80, height: 120, format: 'jpg' });
    expect(entry?.file).not.toBe(old);
    expect(server.requests).toHaveLength(0);
    expect(await readdir(path.join(cacheDir, 'files'))).toEqual([path.basename(entry?.file ?? '')]);
    expect((await sharp(path.join(cacheDir, entry?.file ?? '')).metadata()).exif).toBeUndefined();
    const index = JSON.parse(await readFile(path.join(cacheDir, 'index.json'), 'utf8'));
    expect(index.entries[url('old.jpg')]).toMatchObject({ file: entry?.file, master: MASTER_VERSION });
  });

  it('asks again for an image cached before masters that cannot be one, and shows the placeholder when it still cannot', async () => {
    const strip = await thinStrip();
    await cachedBeforeMasters('strip.png', strip, { width: 1, height: 40_000 });
    media.set('strip.png', { body: strip, type: 'image/png' });
    const report = await cacheImages([url('strip.png')], options());
    expect(report.manifest.images).toEqual({});
    expect(report.manifest.failed[url('strip.png')]).toMatch(/no picture within 1600×16383 pixels keeps its aspect ratio$/);
    expect(server.requestsTo('/media/strip.png')).toHaveLength(1);
    expect(await readdir(path.join(cacheDir, 'files'))).toEqual([]);
  });
});

describe('the build side (virtual:image-cache)', () => {
  it('imports exactly the images of the last manifest, with their sizes and the failures', async () => {
    media.set('a.jpg', { body: photo, type: 'image/jpeg' });
    const report = await cacheImages([url('a.jpg'), url('gone.jpg')], options());
    const module = imageCacheModule(cacheDir);
    const file = path.join(cacheDir, report.manifest.images[url('a.jpg')]?.file ?? '');
    expect(module).toMatchObject({ count: 1, missing: false });
    expect(module.code).toContain(`import i0 from ${JSON.stringify(file)};`);
    expect(module.code).toContain(`${JSON.stringify(url('a.jpg'))}: i0,`);
    expect(module.code).toContain(`export const dimensions = ${JSON.stringify({ [url('a.jpg')]: [1200, 800] })};`);
    expect(module.code).toContain(`export const failed = ${JSON.stringify({ [url('gone.jpg')]: 'HTTP 404' })};`);
  });

  it('is empty without a manifest (the folder is IMAGE_CACHE_DIR: tests/unit/project-dirs.test.ts)', () => {
    expect(imageCacheModule(path.join(cacheDir, 'nothing-here'))).toMatchObject({ count: 0, missing: true });
  });
});
