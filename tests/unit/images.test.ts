/**
 * The image cache of the sync (scripts/sync/images.ts) against a real HTTP server on 127.0.0.1:
 * download once, reuse, revalidate with a 304, and every broken image (404, hang, garbage, HTML,
 * too big, truncated) a placeholder with a warning, never an exception. Plus the pure helpers of
 * src/lib/images.ts.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cacheImages,
  IMAGE_CACHE_DEFAULTS,
  type ImageCacheOptions,
  isDueForFullDownload,
  MASTER_VERSION,
  makeMaster,
  planImageOrder,
  readImageManifest,
} from '../../scripts/sync/images.ts';
import { imageCacheModule } from '../../src/integrations/image-cache.ts';
import { sharpConfigFor } from '../../src/integrations/image-service.ts';
import {
  chosenWidth,
  collectImageUrls,
  FULL_WIDTH,
  fallbackWidth,
  htmlImageSources,
  imageUrlsInOrder,
  LARGE_BANNER_WIDTH,
  MEDIUM_WIDTH,
  PROFILES,
  replaceHtmlImages,
  SLIDE_PHONE_WIDTH,
  SMALL_WIDTH,
  sizesWidth,
  widthsFor,
} from '../../src/lib/images.ts';
import { animatedGif, bigTiff, gpsPhoto, tallGpsJpeg, thinStrip } from '../support/hostile-images.ts';
import { captureLogger, makeTempDir, removeDir } from '../support/sync-helpers.ts';
import { startUpstreamServer, type UpstreamServer } from '../support/upstream-server.ts';

/** A photo-like JPEG: a gradient, so it is not trivially small. */
async function jpeg(width: number, height: number, seed = 0): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#${(0x2a7 + seed).toString(16).padStart(3, '0')}"/><stop offset="1" stop-color="#fc3"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#135"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

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

describe('collectImageUrls', () => {
  it('takes image-like fields at any depth and the <img> of HTML, not thumbnails nor the site’s own files', () => {
    const entries = [
      {
        id: '1',
        image: 'https://cdn.example.com/a.jpg',
        banner: null,
        gallery: [{ large: '/sample-media/tours/b-large.jpg', thumb: '/sample-media/tours/b-thumb.jpg' }],
        contentHtml: '<p>x</p><img alt="y" src="https://cdn.example.com/c.png?w=1&amp;h=2"><img src=\'/images/placeholder.svg\'>',
      },
      { id: '2', avatar: 'https://cdn.example.com/a.jpg', image: '/images/placeholder.svg', imageUrl: 'javascript:alert(1)' },
    ];
    expect(collectImageUrls(entries)).toEqual([
      '/sample-media/tours/b-large.jpg',
      'https://cdn.example.com/a.jpg',
      'https://cdn.example.com/c.png?w=1&h=2',
    ]);
  });

  it('gives one record’s images in the order it names them, its own photo first, each once', () => {
    const tour = {
      id: '7',
      image: 'https://cdn.example.com/z-capa.jpg',
      banner: 'https://cdn.example.com/y-banner.jpg',
      gallery: [{ large: 'https://cdn.example.com/b.jpg' }, { large: 'https://cdn.example.com/a.jpg' }],
      descriptionHtml: '<img src="https://cdn.example.com/z-capa.jpg"><img src="https://cdn.example.com/0.jpg">',
    };
    expect(imageUrlsInOrder(tour)).toEqual([
      'https://cdn.example.com/z-capa.jpg',
      'https://cdn.example.com/y-banner.jpg',
      'https://cdn.example.com/b.jpg',
      'https://cdn.example.com/a.jpg',
      'https://cdn.example.com/0.jpg',
    ]);
    expect(collectImageUrls(tour)).toEqual([...imageUrlsInOrder(tour)].sort());
  });
});

describe('widthsFor', () => {
  it.each([
    { wanted: [400, 800], original: 1200, expected: [400, 800] },
    { wanted: [800, 1600], original: 1200, expected: [800, 1200] },
    { wanted: [800, 1600], original: 900, expected: [800] },
    { wanted: [400, 800], original: 300, expected: [300] },
    { wanted: [160], original: 160, expected: [160] },
  ])('$wanted from a $original px original → $expected', ({ wanted, original, expected }) => {
    expect(widthsFor(wanted, original)).toEqual(expected);
  });
});

describe('sharpConfigFor', () => {
  const config = {
    avif: { quality: 50, effort: 0, chromaSubsampling: '4:2:0' },
    avifEffortByWidth: { 720: 1 },
    webp: { quality: 68, effort: 2 },
  };
  it.each([
    { width: 720, effort: 1 },
    { width: 1080, effort: 0 },
    { width: 721, effort: 0 },
    { width: undefined, effort: 0 },
  ])('AVIF $width px: effort $effort, the other options as configured', ({ width, effort }) => {
    expect(sharpConfigFor(config, width)).toEqual({
      avif: { quality: 50, effort, chromaSubsampling: '4:2:0' },
      webp: { quality: 68, effort: 2 },
    });
  });

  it('takes the effort a profile asks for over the width table', () => {
    expect(sharpConfigFor(config, 1080, 1).avif).toEqual({ quality: 50, effort: 1, chromaSubsampling: '4:2:0' });
    expect(sharpConfigFor(config, 720, 0).avif?.effort).toBe(0);
  });

  it("is Astro's configuration as it is without a table", () => {
    expect(sharpConfigFor({ avif: { effort: 3 } }, 720)).toEqual({ avif: { effort: 3 } });
  });
});

describe('fallbackWidth', () => {
  it.each([
    { widths: [400, 720], expected: 720 },
    { widths: [720, 1080], expected: 720 },
    { widths: [720, 1080, 1600], expected: 720 },
    { widths: [400], expected: 400 },
    { widths: [176], expected: 176 },
    // An original narrower than the ladder: its own width (widthsFor's answer).
    { widths: [400, 600], expected: 600 },
    { widths: [1000], expected: 1000 },
  ])('one WebP of $widths: $expected px', ({ widths, expected }) => {
    expect(fallbackWidth(widths)).toBe(expected);
  });

  it('is the same encode for every profile a 1600 px photo is drawn with that fits a phone at DPR 2', () => {
    const fallbacks = (['card', 'hero', 'article', 'slide', 'lightbox'] as const).map((profile) =>
      fallbackWidth(widthsFor(PROFILES[profile].widths, 1600)),
    );
    expect(new Set(fallbacks)).toEqual(new Set([MEDIUM_WIDTH]));
  });
});

describe('sizes and widths per layout', () => {
  it.each([
    // The layouts at a 390 px phone, a 412 px one (Lighthouse's), a tablet and a desktop.
    { profile: 'card', viewport: 390, width: 358 },
    { profile: 'card', viewport: 700, width: 350 },
    { profile: 'card', viewport: 1280, width: 400 },
    { profile: 'hero', viewport: 390, width: 358 },
    { profile: 'hero', viewport: 412, width: 380 },
    { profile: 'hero', viewport: 1280, width: 1168 },
    { profile: 'article', viewport: 430, width: 398 },
    { profile: 'article', viewport: 1280, width: 880 },
    { profile: 'slide', viewport: 390, width: 390 },
    { profile: 'thumb', viewport: 390, width: 195 },
    { profile: 'thumb', viewport: 1280, width: 200 },
    { profile: 'lightbox', viewport: 390, width: 358 },
    { profile: 'lightbox', viewport: 1440, width: 1200 },
  ] as const)('$profile at $viewport px is drawn $width px wide', ({ profile, viewport, width }) => {
    expect(sizesWidth(PROFILES[profile].sizes, viewport)).toBe(width);
  });

  it.each([
    // A 390-430 px phone at DPR 2 takes the 720 px photo for its LCP picture, at DPR 3 the 1080 px one;
    // Lighthouse's 412 px at DPR 1.75 the 720 px one. Never the 1600 px photo.
    { profile: 'hero', viewport: 390, dpr: 2, width: MEDIUM_WIDTH },
    { profile: 'hero', viewport: 430, dpr: 2, width: LARGE_BANNER_WIDTH },
    { profile: 'hero', viewport: 390, dpr: 3, width: LARGE_BANNER_WIDTH },
    { profile: 'hero', viewport: 412, dpr: 1.75, width: MEDIUM_WIDTH },
    { profile: 'article', viewport: 390, dpr: 2, width: MEDIUM_WIDTH },
    { profile: 'article', viewport: 430, dpr: 3, width: LARGE_BANNER_WIDTH },
    { profile: 'card', viewport: 390, dpr: 2, width: MEDIUM_WIDTH },
    { profile: 'card', viewport: 390, dpr: 3, width: MEDIUM_WIDTH },
    { profile: 'card', viewport: 1280, dpr: 1, width: SMALL_WIDTH },
    { profile: 'slide', viewport: 390, dpr: 2, width: SLIDE_PHONE_WIDTH },
    { profile: 'slide', viewport: 412, dpr: 1.75, width: SLIDE_PHONE_WIDTH },
    { profile: 'slide', viewport: 414, dpr: 2, width: SLIDE_PHONE_WIDTH },
    { profile: 'slide', viewport: 430, dpr: 2, width: LARGE_BANNER_WIDTH },
    { profile: 'slide', viewport: 360, dpr: 2, width: MEDIUM_WIDTH },
    { profile: 'slide', viewport: 1440, dpr: 1, width: FULL_WIDTH },
  ] as const)('$profile at $viewport px, DPR $dpr → the $width px photo', ({ profile, viewport, dpr, width }) => {
    const slot = sizesWidth(PROFILES[profile].sizes, viewport) as number;
    expect(chosenWidth(widthsFor(PROFILES[profile].widths, 1600), slot, dpr)).toBe(width);
  });

  it('encodes every profile from one ladder, so a photo used as a card and a banner shares its encodes', () => {
    const ladder = new Set([
      SMALL_WIDTH,
      MEDIUM_WIDTH,
      SLIDE_PHONE_WIDTH,
      LARGE_BANNER_WIDTH,
      FULL_WIDTH,
      PROFILES.avatar.widths[0],
    ]);
    for (const spec of Object.values(PROFILES)) for (const width of spec.widths) expect(ladder).toContain(width);
    // Only the full-bleed slideshow is encoded at 828 and 1600 px (the lightbox takes the banners' widths).
    for (const width of [SLIDE_PHONE_WIDTH, FULL_WIDTH]) {
      const users = Object.entries(PROFILES).filter(([, spec]) => spec.widths.includes(width));
      expect(users.map(([name]) => name)).toEqual(['slide']);
    }
  });

  it('reads nothing it does not know', () => {
    expect(sizesWidth('50em', 400)).toBeNull();
    expect(sizesWidth('(max-width: 600px) 100vw', 400)).toBeNull();
  });
});

describe('HTML images', () => {
  it('finds every <img> src and replaces only those the renderer handles', async () => {
    const html = '<p>a</p><img src="/x.jpg" alt="X"><p>b</p><img alt=\'Y\' src=\'/y.jpg\'>';
    expect(htmlImageSources(html)).toEqual(['/x.jpg', '/y.jpg']);
    const out = await replaceHtmlImages(html, async (src) => (src === '/x.jpg' ? '<picture>X</picture>' : null));
    expect(out).toBe("<p>a</p><picture>X</picture><p>b</p><img alt='Y' src='/y.jpg'>");
  });

  it('reads <img> as a browser does: a `>` in a value, references, unquoted and upper-case, not inside a comment', async () => {
    const html =
      '<!-- <img src="/no.jpg"> --><img alt="a > b" src="/a.jpg?w=1&amp;h=2"><IMG SRC=/b.jpg ALT=B><p>x</p><img alt="sem src">';
    expect(htmlImageSources(html)).toEqual(['/a.jpg?w=1&h=2', '/b.jpg']);
    const out = await replaceHtmlImages(html, async (src, tag) => `[${src} ${tag.attributes.get('alt')}]`);
    expect(out).toBe('<!-- <img src="/no.jpg"> -->[/a.jpg?w=1&h=2 a > b][/b.jpg B]<p>x</p><img alt="sem src">');
  });
});

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

describe('planImageOrder', () => {
  const cached = new Set(['https://a.com.br/t1-2.jpg', 'https://a.com.br/t2-9.jpg']);
  const isCached = (url: string) => cached.has(url);
  const records = [
    ['https://a.com.br/t1-0.jpg', 'https://a.com.br/t1-1.jpg', 'https://a.com.br/t1-2.jpg', 'https://a.com.br/t1-3.jpg'],
    [
      'https://b.com.br/t2-0.jpg',
      'https://b.com.br/t2-1.jpg',
      ...Array.from({ length: 7 }, (_, index) => `https://b.com.br/t2-${index + 2}.jpg`),
      'https://a.com.br/t2-9.jpg',
    ],
    // A new record: its photo ranks with every other record's, and a photo another record shows
    // later ranks here, where it ranks first.
    ['https://c.com.br/novo-0.jpg', 'https://b.com.br/t2-8.jpg'],
    ['/sample-media/local.jpg'],
  ];

  it('asks for every record’s photo first, then the images known good, then the new ones, the later ones of a record last', () => {
    const order = planImageOrder(records, isCached, 3);
    expect(order.map((item) => [item.tier, item.url])).toEqual([
      ['cover', 'https://a.com.br/t1-0.jpg'],
      ['cover', 'https://b.com.br/t2-0.jpg'],
      ['cover', 'https://c.com.br/novo-0.jpg'],
      ['cover', '/sample-media/local.jpg'],
      ['cached', 'https://a.com.br/t1-2.jpg'],
      ['cached', 'https://a.com.br/t2-9.jpg'],
      // Each record's second image before any record's third.
      ['first', 'https://a.com.br/t1-1.jpg'],
      ['first', 'https://b.com.br/t2-1.jpg'],
      ['first', 'https://b.com.br/t2-8.jpg'],
      ['first', 'https://b.com.br/t2-2.jpg'],
      ['later', 'https://a.com.br/t1-3.jpg'],
      ['later', 'https://b.com.br/t2-3.jpg'],
      ...[4, 5, 6, 7].map((index) => ['later', `https://b.com.br/t2-${index}.jpg`]),
    ]);
    expect(order.find((item) => item.url === 'https://b.com.br/t2-8.jpg')).toMatchObject({ record: 2, position: 1 });
    expect(order.map((item) => item.host).slice(0, 4)).toEqual(['a.com.br', 'b.com.br', 'c.com.br', '']);
  });

  it('keeps its tiers and places whatever the records’ order, which only breaks ties', () => {
    const shuffled = [records[3], records[2], records[0], records[1]] as string[][];
    const urls = (input: string[][]) => planImageOrder(input, isCached, 3).map((item) => item.url);
    const tiers = (input: string[][]) => planImageOrder(input, isCached, 3).map((item) => [item.tier, item.position]);
    expect(tiers(shuffled)).toEqual(tiers(records));
    expect(new Set(urls(shuffled))).toEqual(new Set(urls(records)));
  });

  it('ranks a record’s new images after its first ones lower by the default (IMAGE_CACHE_DEFAULTS.recordFirstImages)', () => {
    const gallery = Array.from({ length: 40 }, (_, index) => `https://a.com.br/g${index}.jpg`);
    const tiers = planImageOrder([gallery], () => false).map((item) => item.tier);
    const first = IMAGE_CACHE_DEFAULTS.recordFirstImages;
    expect(tiers).toEqual(['cover', ...Array(first - 1).fill('first'), ...Array(40 - first).fill('later')]);
  });
});

/**
 * Made-up public hosts for the fair-share rules: each answers with `answer(url)`, or never ('hang':
 * the request waits until its timeout aborts it). Counts the requests each host has open at once.
 */
function fakeHosts(answers: Record<string, (url: URL) => Response | 'hang' | Promise<Response>>) {
  const asked: string[] = [];
  const open = new Map<string, number>();
  const mostOpen = new Map<string, number>();
  const transport = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    asked.push(url.href);
    open.set(url.host, (open.get(url.host) ?? 0) + 1);
    mostOpen.set(url.host, Math.max(mostOpen.get(url.host) ?? 0, open.get(url.host) ?? 0));
    try {
      const answer = answers[url.host]?.(url) ?? new Response(null, { status: 404 });
      if (answer !== 'hang') return await answer;
      return await new Promise<Response>((_, reject) => {
        if (request.signal.aborted) reject(request.signal.reason);
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    } finally {
      open.set(url.host, (open.get(url.host) ?? 1) - 1);
    }
  }) as typeof fetch;
  return { transport, asked, mostOpen, askedOf: (host: string) => asked.filter((href) => new URL(href).host === host) };
}

describe('cacheImages: a fair share for each host and record', () => {
  const GOOD = 'fotos.bom.com.br';
  const HANG = 'galeria.parada.com.br';
  const jpegAnswer = () => new Response(new Uint8Array(photo), { headers: { 'content-type': 'image/jpeg' } });
  const at = (host: string, name: string) => `https://${host}/${name}.jpg`;
  /** Five tours, each with its photo on the good host and `gallery` photos on the host that never answers. */
  const hangingTours = (gallery: number) =>
    Array.from({ length: 5 }, (_, tour) => [
      at(GOOD, `t${tour}-capa`),
      ...Array.from({ length: gallery }, (_, index) => at(HANG, `t${tour}-${index}`)),
    ]);
  const fake = (extra: Partial<ImageCacheOptions>, hosts: ReturnType<typeof fakeHosts>) =>
    options({
      fetch: hosts.transport,
      // Both made-up hosts resolve to a public address: the address guard lets them through.
      resolve: async () => [{ address: '200.160.2.3', family: 4 }],
      timeoutMs: 100,
      totalTimeoutMs: 150,
      retryLimit: 0,
      ...extra,
    });

  it('gives a host that never answers at most its share of the downloads, and gives up on it after failures in a row', async () => {
    const hosts = fakeHosts({ [GOOD]: jpegAnswer, [HANG]: () => 'hang' });
    const good = Array.from({ length: 12 }, (_, index) => [at(GOOD, `bom-${index}`)]);
    const started = performance.now();
    const report = await cacheImages([...hangingTours(40), ...good], fake({}, hosts));
    const { hostConcurrency, hostFailureLimit } = IMAGE_CACHE_DEFAULTS;
    expect(hosts.mostOpen.get(HANG)).toBe(hostConcurrency);
    // Asked for until the failure that gave it up; the ones already open by then finish on their own.
    const hanging = hosts.askedOf(HANG);
    expect(hanging.length).toBeGreaterThanOrEqual(hostFailureLimit);
    expect(hanging.length).toBeLessThan(hostFailureLimit + hostConcurrency);
    expect(report.skipped).toEqual({ host: 200 - hanging.length, record: 0, deadline: 0 });
    // Every photo of the good host, the five tours' own among them, is cached.
    const goodUrls = [...hangingTours(0).flat(), ...good.flat()];
    for (const url of goodUrls) expect(report.manifest.images[url], url).toBeDefined();
    expect(Object.keys(report.manifest.images)).toHaveLength(goodUrls.length);
    const skipped = at(HANG, 't4-39');
    expect(report.manifest.failed[skipped]).toMatch(
      new RegExp(`^skipped: host ${HANG} failed ${hostFailureLimit} times in a row \\(timed out\\)$`),
    );
    expect(report.warnings).toContain(
      `${200 - hanging.length} image(s) not asked for this run (${200 - hanging.length} of a host given up, 0 of a record given up, ` +
        `0 after the step's deadline): 0 keep their cached copy, ${200 - hanging.length} are the placeholder`,
    );
    expect(report.warnings.filter((line) => line.startsWith(`images of ${HANG}: `))).toHaveLength(1);
    // Two rounds of timeouts at most, not 200 of them.
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('gives a slow host that answers every one of its images, next to one that never answers', async () => {
    const SLOW = 'lento.com.br';
    const hosts = fakeHosts({
      [SLOW]: () => new Promise((resolve) => setTimeout(() => resolve(jpegAnswer()), 80)),
      [HANG]: () => 'hang',
    });
    const slow = Array.from({ length: 20 }, (_, index) => at(SLOW, `foto-${index}`));
    // Each of its answers is slow (80 ms) but within the time limit, with room for a machine under load (a limit of
    // 250 ms failed beside npm test's other steps: the JPEG's decoding counts too).
    const report = await cacheImages([slow, ...hangingTours(10)], fake({ timeoutMs: 1_000, totalTimeoutMs: 1_200 }, hosts));
    for (const url of slow) expect(report.manifest.images[url], url).toBeDefined();
    expect(hosts.askedOf(SLOW)).toHaveLength(20);
    expect(hosts.mostOpen.get(SLOW)).toBe(IMAGE_CACHE_DEFAULTS.hostConcurrency);
    expect(report.skipped.host).toBeGreaterThan(0);
  });

  it('gives up on a record whose images keep failing on a host that serves the others’ well', async () => {
    const MIXED = 'cdn.misto.com.br';
    const hosts = fakeHosts({ [MIXED]: (url) => (url.pathname.startsWith('/morto') ? 'hang' : jpegAnswer()) });
    const dead = [at(MIXED, 'capa'), ...Array.from({ length: 10 }, (_, index) => at(MIXED, `morto-${index}`))];
    const others = ['a', 'b'].map((tour) => Array.from({ length: 10 }, (_, index) => at(MIXED, `${tour}-${index}`)));
    const report = await cacheImages([dead, ...others], fake({}, hosts));
    const limit = IMAGE_CACHE_DEFAULTS.recordFailureLimit;
    // Asked for until the failure that gave the record up; the ones already open by then finish on their own.
    const asked = hosts.asked.filter((href) => href.includes('/morto-')).length;
    expect(asked).toBeGreaterThanOrEqual(limit);
    expect(asked).toBeLessThan(limit + IMAGE_CACHE_DEFAULTS.hostConcurrency);
    expect(report.skipped).toEqual({ host: 0, record: 10 - asked, deadline: 0 });
    expect(report.manifest.failed[at(MIXED, 'morto-9')]).toBe(
      `skipped: ${limit} images of the same record failed in a row (timed out)`,
    );
    for (const url of [dead[0] as string, ...others.flat()]) expect(report.manifest.images[url], url).toBeDefined();
  });

  it('keeps the cached copy of each image of a host it gave up on', async () => {
    const hosts = fakeHosts({ [GOOD]: jpegAnswer, [HANG]: jpegAnswer });
    const tours = hangingTours(8);
    const first = await cacheImages(tours, fake({}, hosts));
    expect(Object.keys(first.manifest.images)).toHaveLength(45);
    // The next week the gallery host never answers: revalidations time out, then it is given up on.
    const broken = fakeHosts({ [GOOD]: jpegAnswer, [HANG]: () => 'hang' });
    const again = await cacheImages(tours, fake({ revalidateAfterMs: 0 }, broken));
    expect(again.manifest.images).toEqual(first.manifest.images);
    expect(again.manifest.failed).toEqual({});
    const skipped = 40 - broken.askedOf(HANG).length;
    expect(again.skipped.host).toBe(skipped);
    expect(again.warnings.at(-1)).toMatch(new RegExp(`: ${skipped} keep their cached copy, 0 are the placeholder$`));
  });

  it('asks in planImageOrder’s order', async () => {
    const OTHER = 'outro.com.br';
    const hosts = fakeHosts({ [GOOD]: jpegAnswer, [OTHER]: jpegAnswer });
    await cacheImages([at(OTHER, 'conhecida')], fake({}, hosts));
    hosts.asked.length = 0;
    const records = [
      [at(GOOD, 'a-capa'), at(GOOD, 'a-1'), at(OTHER, 'a-2'), at(GOOD, 'a-3')],
      [at(OTHER, 'b-capa'), at(OTHER, 'conhecida'), at(GOOD, 'b-2')],
    ];
    // One at a time, and the known image asked for again (a revalidation).
    await cacheImages(records, fake({ concurrency: 1, recordFirstImages: 3, revalidateAfterMs: 0 }, hosts));
    expect(hosts.asked).toEqual([
      at(GOOD, 'a-capa'),
      at(OTHER, 'b-capa'),
      at(OTHER, 'conhecida'),
      at(GOOD, 'a-1'),
      at(OTHER, 'a-2'),
      at(GOOD, 'b-2'),
      at(GOOD, 'a-3'),
    ]);
  });

  it('asks for nothing once the deadline has passed: the cached copy, else the placeholder', async () => {
    const hosts = fakeHosts({ [GOOD]: jpegAnswer, [HANG]: () => 'hang' });
    await cacheImages([at(GOOD, 'b-1')], fake({}, hosts));
    hosts.asked.length = 0;
    const records = [
      [at(HANG, 'a-capa'), at(HANG, 'a-1')],
      [at(GOOD, 'b-capa'), at(GOOD, 'b-1')],
    ];
    // One at a time, the first one hangs longer than the whole step.
    const started = performance.now();
    const report = await cacheImages(
      records,
      fake({ concurrency: 1, deadlineMs: 200, timeoutMs: 2_000, totalTimeoutMs: 3_000, revalidateAfterMs: 0 }, hosts),
    );
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(hosts.asked).toEqual([at(HANG, 'a-capa')]);
    const deadline = 'image step deadline exceeded';
    expect(report.manifest.failed).toEqual({
      [at(HANG, 'a-capa')]: deadline,
      [at(HANG, 'a-1')]: deadline,
      [at(GOOD, 'b-capa')]: deadline,
    });
    expect(Object.keys(report.manifest.images)).toEqual([at(GOOD, 'b-1')]);
    expect(report.skipped).toEqual({ host: 0, record: 0, deadline: 3 });
    expect(report.warnings.at(-1)).toBe(
      "3 image(s) not asked for this run (0 of a host given up, 0 of a record given up, 3 after the step's deadline): " +
        '1 keep their cached copy, 2 are the placeholder',
    );
  });
});
