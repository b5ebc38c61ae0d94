/**
 * A bad night for images, end to end: the local upstream serves, next to good photos (one with the
 * phone's GPS in its EXIF, as most phone photos have), a BigTIFF (once a failed build every night:
 * 'UnsupportedImageFormat: … `bigtiff`'), a long screenshot taller than WebP's 16,383 px with GPS
 * (Astro copied it into dist/ as it was, under an .avif name), an animated GIF, and a strip no
 * picture can keep the shape of. One sync and build (`buildSite`), then:
 * - the build succeeds and every good photo is published;
 * - the BigTIFF, the screenshot and the GIF are stripped re-encodes of the sync (scripts/sync/images/encode.ts),
 *   the strip is the placeholder with a warning in the sync's report;
 * - no image in dist/ carries EXIF or XMP, an animation, or bytes its name does not say (read with
 *   sharp, independently of the gate);
 * - the deploy gate passes on that dist/.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureReader, folderReader } from '../../scripts/sync/fixture-upstream.ts';
import { sampleJpeg } from '../support/bad-night.ts';
import { type BuiltSite, buildSite, indexSearch, verifyBuiltSite } from '../support/build-site.ts';
import { animatedGif, bigTiff, gpsPhoto, tallGpsJpeg, thinStrip } from '../support/hostile-images.ts';
import { DEFAULT_FIXTURE_DIR, startUpstreamServer, type UpstreamServer } from '../support/upstream-server.ts';

/** The tours added to the fixtures, each with its photo path on the upstream, its bytes and their type. */
const PHOTOS = {
  good: { path: '/media/good/barco.jpg', type: 'image/jpeg', make: sampleJpeg },
  'good-gps': { path: '/media/good/celular.jpg', type: 'image/jpeg', make: () => gpsPhoto(1200, 800) },
  bigtiff: { path: '/media/hostile/scan.tif', type: 'image/tiff', make: bigTiff },
  screenshot: { path: '/media/hostile/print-longo.jpg', type: 'image/jpeg', make: () => tallGpsJpeg(1080, 20_000) },
  animated: { path: '/media/hostile/animado.gif', type: 'image/gif', make: () => animatedGif(3) },
  strip: { path: '/media/hostile/faixa.png', type: 'image/png', make: thinStrip },
} as const;
type Tour = keyof typeof PHOTOS;

/** The fixtures with one tour per photo, its photo as banner; the good one has the photo with GPS in its gallery too. */
function readerWithPhotos(): FixtureReader {
  const base = folderReader(DEFAULT_FIXTURE_DIR);
  return async (file) => {
    const body = await base(file);
    if (file !== 'provider/tours.json') return body;
    const tours = Object.entries(PHOTOS).map(([id, photo]) => ({
      id: `foto-${id}`,
      title: `Passeio ${id}`,
      price: 'R$ 90,00',
      image: photo.path,
      ...(id === 'good' ? { gallery: [{ large: PHOTOS['good-gps'].path, thumb: PHOTOS['good-gps'].path }] } : {}),
    }));
    return [...(body as unknown[]), ...tours];
  };
}

let server: UpstreamServer;
let site: BuiltSite;

beforeAll(async () => {
  const bodies = new Map<string, { body: Buffer; type: string }>();
  for (const photo of Object.values(PHOTOS)) bodies.set(photo.path, { body: await photo.make(), type: photo.type });
  server = await startUpstreamServer({ reader: readerWithPhotos() });
  server.setFault(/^\/media\//, {
    kind: 'respond',
    respond: (request, next) => {
      const photo = bodies.get(new URL(request.url).pathname);
      return photo ? new Response(new Uint8Array(photo.body), { headers: { 'content-type': photo.type } }) : next();
    },
  });
  site = await buildSite(server.env);
}, 600_000);

afterAll(async () => {
  await server?.close();
  await site?.remove();
});

const urlOf = (tour: Tour) => `${server.origin}${PHOTOS[tour].path}`;

/** The <picture> of a tour's banner: its AVIF srcset; null when the page shows the placeholder instead. */
async function bannerOf(tour: Tour): Promise<string | null> {
  const html = await site.page(`/tour/foto-${tour}`);
  return /<source type="image\/avif" srcset="(\/_astro\/[^"]+)"/.exec(html)?.[1] ?? null;
}

/** Every image file of dist/, relative. */
async function imagesOf(dist: string): Promise<string[]> {
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(avif|webp|jpe?g|png|gif|svg)$/i.test(entry.name))
    .map((entry) => path.relative(dist, path.join(entry.parentPath, entry.name)));
}

/** sharp's format name of each extension (sharp calls AVIF 'heif'). */
const FORMAT_OF: Record<string, string> = {
  avif: 'heif',
  webp: 'webp',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  svg: 'svg',
};

describe('a bad night for images', () => {
  it('builds, and publishes the good photos as our own encodes', async () => {
    for (const tour of ['good', 'good-gps'] as const) {
      expect(site.images.manifest.images[urlOf(tour)], tour).toMatchObject({ format: 'jpg' });
      expect(await bannerOf(tour), tour).toMatch(/\.avif /);
    }
  });

  it.each([
    ['the BigTIFF', 'bigtiff', { width: 8, height: 8, format: 'jpg' }],
    ['the long screenshot, within 16,383 px', 'screenshot', { width: 885, height: 16_383, format: 'jpg' }],
    ['the animated GIF, as its first frame', 'animated', { width: 10, height: 10, format: 'png' }],
  ] as const)('shows %s as a stripped re-encode', async (_what, tour, master) => {
    expect(site.images.manifest.images[urlOf(tour)]).toMatchObject(master);
    expect(await bannerOf(tour)).toMatch(/\.avif/);
  });

  it('shows the strip no picture fits as the placeholder, with a warning in the sync’s report', async () => {
    const reason = 'image of 1×40000 pixels: no picture within 1600×16383 pixels keeps its aspect ratio';
    expect(site.images.manifest.failed[urlOf('strip')]).toBe(reason);
    expect(site.images.warnings).toContain(`image ${urlOf('strip')}: ${reason}; the placeholder is shown instead`);
    expect(await bannerOf('strip')).toBeNull();
    expect(await site.page('/tour/foto-strip')).toContain('/images/placeholder.svg');
    // The others are no warning: each became a picture.
    for (const tour of ['good', 'good-gps', 'bigtiff', 'screenshot', 'animated'] as const) {
      expect(site.images.warnings.join('\n'), tour).not.toContain(urlOf(tour));
    }
  });

  it('publishes no image with EXIF or XMP, an animation or bytes its name does not say', async () => {
    const images = await imagesOf(site.dist);
    expect(images.filter((file) => file.startsWith('_astro/')).length).toBeGreaterThan(20);
    for (const file of images) {
      const metadata = await sharp(path.join(site.dist, file)).metadata();
      expect(metadata.format, file).toBe(FORMAT_OF[path.extname(file).slice(1).toLowerCase()]);
      expect(metadata.exif, file).toBeUndefined();
      expect(metadata.xmp, file).toBeUndefined();
      expect(metadata.pages ?? 1, file).toBe(1);
    }
  });

  it('passes the deploy gate, whose image check finds nothing', async () => {
    await indexSearch(site);
    expect(await verifyBuiltSite(site, server.env)).toEqual([]);
  });
});
