/**
 * What the sync makes of each upstream image (scripts/sync/images/encode.ts): the master's size and format
 * (`masterPlan`, a table), and the master itself (`makeMaster`, on real bytes): upright, without
 * metadata, one frame, within the sizes the build's encoders take, or refused with the reason.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ImageSource, MASTER_LIMITS, type MasterPlan, makeMaster, masterPlan } from '../../scripts/sync/images/encode.ts';
import { FULL_WIDTH } from '../../src/lib/images.ts';
import { animatedGif, bigTiff, gpsPhoto, tallGpsJpeg, thinStrip } from '../support/hostile-images.ts';

const source = (format: string, width: number, height: number, extra: Partial<ImageSource> = {}): ImageSource => ({
  format,
  width,
  height,
  pages: 1,
  hasAlpha: false,
  ...extra,
});

describe('masterPlan', () => {
  it('keeps the master within the widest picture the site encodes and the tallest WebP stores', () => {
    expect(MASTER_LIMITS).toEqual({ width: FULL_WIDTH, height: 16_383 });
  });

  it.each<[string, ImageSource, MasterPlan]>([
    ['a camera JPEG', source('jpeg', 1200, 800), { width: 1200, height: 800, format: 'jpg', firstFrameOf: null }],
    [
      'a wide photo, scaled to 1600 px',
      source('jpeg', 4000, 3000),
      { width: 1600, height: 1200, format: 'jpg', firstFrameOf: null },
    ],
    [
      'a long screenshot, scaled to 16,383 px high',
      source('jpeg', 1080, 20_000),
      { width: 885, height: 16_383, format: 'jpg', firstFrameOf: null },
    ],
    ['a WebP', source('webp', 800, 600), { width: 800, height: 600, format: 'jpg', firstFrameOf: null }],
    ['an AVIF', source('avif', 800, 600), { width: 800, height: 600, format: 'jpg', firstFrameOf: null }],
    [
      'a transparent WebP',
      source('webp', 800, 600, { hasAlpha: true }),
      { width: 800, height: 600, format: 'png', firstFrameOf: null },
    ],
    ['a PNG drawing', source('png', 400, 300), { width: 400, height: 300, format: 'png', firstFrameOf: null }],
    ['a static GIF', source('gif', 64, 64), { width: 64, height: 64, format: 'png', firstFrameOf: null }],
    [
      'an animated GIF: its first frame',
      source('gif', 64, 64, { pages: 12 }),
      { width: 64, height: 64, format: 'png', firstFrameOf: 12 },
    ],
    [
      'an animated WebP: its first frame',
      source('webp', 640, 480, { pages: 3 }),
      { width: 640, height: 480, format: 'jpg', firstFrameOf: 3 },
    ],
    ['a BigTIFF (Astro refuses it)', source('tiff', 8, 8), { width: 8, height: 8, format: 'jpg', firstFrameOf: null }],
    [
      'a strip that still fits one pixel wide',
      source('png', 1, 20_000),
      { width: 1, height: 16_383, format: 'png', firstFrameOf: null },
    ],
  ])('%s', (_what, image, plan) => {
    expect(masterPlan(image)).toEqual(plan);
  });

  it.each<[string, ImageSource, string]>([
    ['an SVG', source('svg', 100, 100), 'unsupported image format svg'],
    ['a HEIC (sharp cannot decode it)', source('heif', 4032, 3024), 'unsupported image format heif'],
    ['a PDF', source('pdf', 595, 842), 'unsupported image format pdf'],
    ['an image without a size', source('jpeg', 0, 0), 'image without dimensions'],
    ['100 megapixels', source('jpeg', 10_000, 10_000), 'image too large (10000×10000 pixels)'],
    [
      'a strip no picture within the limits can keep the shape of',
      source('png', 1, 40_000),
      'image of 1×40000 pixels: no picture within 1600×16383 pixels keeps its aspect ratio',
    ],
    [
      'a panorama thinner than a pixel at 1,600 px wide',
      source('jpeg', 40_000, 1),
      'image of 40000×1 pixels: no picture within 1600×16383 pixels keeps its aspect ratio',
    ],
  ])('refuses %s', (_what, image, refused) => {
    expect(masterPlan(image)).toEqual({ refused });
  });
});

describe('makeMaster', () => {
  const cases: Record<string, Buffer> = {};
  beforeAll(async () => {
    cases.bigTiff = await bigTiff();
    cases.tall = await tallGpsJpeg(1080, 20_000);
    cases.turned = await gpsPhoto(120, 80, 6);
    cases.gif = await animatedGif(3);
    cases.transparent = await sharp({
      create: { width: 20, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
    })
      .webp()
      .toBuffer();
    cases.strip = await thinStrip();
  });

  it('starts from sources that carry what a master must not', async () => {
    for (const key of ['tall', 'turned']) expect((await sharp(cases[key]).metadata()).exif, key).toBeInstanceOf(Buffer);
    expect(await sharp(cases.turned).metadata()).toMatchObject({ orientation: 6, width: 120, height: 80 });
    expect((await sharp(cases.gif).metadata()).pages).toBe(3);
  });

  it.each([
    ['a BigTIFF becomes a JPEG', 'bigTiff', { format: 'jpg', width: 8, height: 8, firstFrameOf: null }, 'jpeg'],
    [
      'a long screenshot with GPS becomes a JPEG 16,383 px high, without its EXIF',
      'tall',
      { format: 'jpg', width: 885, height: 16_383 },
      'jpeg',
    ],
    ['a photo turned by its EXIF becomes upright, without its EXIF', 'turned', { format: 'jpg', width: 80, height: 120 }, 'jpeg'],
    ['an animated GIF becomes its first frame', 'gif', { format: 'png', width: 10, height: 10, firstFrameOf: 3 }, 'png'],
    ['a transparent WebP becomes a PNG', 'transparent', { format: 'png', width: 20, height: 10 }, 'png'],
  ])('%s', async (_what, key, expected, sharpFormat) => {
    const master = await makeMaster(cases[key] as Buffer);
    expect(master).toMatchObject(expected);
    const metadata = await sharp(master.data).metadata();
    expect(metadata).toMatchObject({ format: sharpFormat, width: expected.width, height: expected.height });
    expect(metadata.pages ?? 1).toBe(1);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    // The build's encoders take it (astro.config.mjs: AVIF and WebP), at the master's own size.
    for (const format of ['avif', 'webp'] as const) {
      await expect(sharp(master.data).toFormat(format, { effort: 0 }).toBuffer(), format).resolves.toBeInstanceOf(Buffer);
    }
  });

  it('keeps the first frame’s pixels', async () => {
    const master = await makeMaster(cases.gif as Buffer);
    const { data } = await sharp(master.data).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
  });

  it('refuses a strip no picture within the limits keeps the shape of', async () => {
    await expect(makeMaster(cases.strip as Buffer)).rejects.toThrow(
      'image of 1×40000 pixels: no picture within 1600×16383 pixels keeps its aspect ratio',
    );
  });
});
