/**
 * The benchmark's real photographs (scripts/bench/photos.ts): the parameters that cut each photo of
 * the pool from a source wallpaper (distinct for every index, inside the source, 16:10), the JPEG
 * quality steps that keep a photo within the provider's 90-700 KB, and one photo actually derived
 * from a stand-in source (the package itself is fetched by `npm run bench` only).
 */
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cropRect,
  derivePhoto,
  nextQuality,
  PHOTO_HEIGHT,
  PHOTO_MAX_BYTES,
  PHOTO_MIN_BYTES,
  PHOTO_SCALES,
  PHOTO_WALLPAPERS,
  PHOTO_WIDTH,
  photoDerivation,
  photoPackageHelp,
} from '../../scripts/bench/photos.ts';
import { makeTempDir, removeDir } from '../support/sync-helpers.ts';

const SOURCES = PHOTO_WALLPAPERS.length;

describe('photoDerivation', () => {
  it('gives 1,200 distinct photos from the 11 source wallpapers', () => {
    const seen = new Set<string>();
    for (let index = 0; index < 1200; index += 1) {
      const d = photoDerivation(index, SOURCES);
      seen.add(JSON.stringify({ ...d, quality: 0 }));
    }
    expect(seen.size).toBe(1200);
  });

  it('spreads consecutive photos over the sources, mirrors every other round, and steps the scale', () => {
    expect([0, 1, 10, 11].map((index) => photoDerivation(index, SOURCES).source)).toEqual([0, 1, 10, 0]);
    expect(photoDerivation(0, SOURCES).flop).toBe(false);
    expect(photoDerivation(SOURCES, SOURCES).flop).toBe(true);
    expect(photoDerivation(0, SOURCES).scale).toBe(PHOTO_SCALES[0]);
    expect(photoDerivation(2 * SOURCES, SOURCES).scale).toBe(PHOTO_SCALES[1]);
  });

  it('keeps offsets, tones and qualities within their ranges', () => {
    for (let index = 0; index < 2000; index += 7) {
      const d = photoDerivation(index, SOURCES);
      for (const value of [d.left, d.top]) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThan(1);
      }
      expect(d.brightness).toBeGreaterThanOrEqual(0.9);
      expect(d.brightness).toBeLessThanOrEqual(1.1);
      expect(d.saturation).toBeGreaterThanOrEqual(0.85);
      expect(d.saturation).toBeLessThanOrEqual(1.15);
      expect(Math.abs(d.hue)).toBeLessThanOrEqual(12);
      expect(d.quality).toBeGreaterThanOrEqual(78);
      expect(d.quality).toBeLessThanOrEqual(92);
    }
  });

  it('refuses an index or a source count that is not a natural number', () => {
    expect(() => photoDerivation(-1, SOURCES)).toThrow(RangeError);
    expect(() => photoDerivation(1.5, SOURCES)).toThrow(RangeError);
    expect(() => photoDerivation(0, 0)).toThrow(RangeError);
  });
});

describe('cropRect', () => {
  it.each([
    { scale: 0.625, left: 0, top: 0, expected: { left: 0, top: 0, width: 1600, height: 1000 } },
    { scale: 0.625, left: 1, top: 1, expected: { left: 960, top: 600, width: 1600, height: 1000 } },
    { scale: 1, left: 0.5, top: 0.5, expected: { left: 0, top: 0, width: 2560, height: 1600 } },
    { scale: 0.85, left: 0.5, top: 0.25, expected: { left: 192, top: 60, width: 2176, height: 1360 } },
  ])('a 2560×1600 source at scale $scale, offset $left/$top', ({ expected, ...derivation }) => {
    expect(cropRect(derivation, 2560, 1600)).toEqual(expected);
  });

  it('stays inside a source of another shape and keeps 16:10', () => {
    for (let index = 0; index < 300; index += 1) {
      const rect = cropRect(photoDerivation(index, SOURCES), 3000, 1500);
      expect(rect.left + rect.width).toBeLessThanOrEqual(3000);
      expect(rect.top + rect.height).toBeLessThanOrEqual(1500);
      expect(rect.height).toBeLessThanOrEqual(1500);
      expect(Math.abs(rect.width / rect.height - 1.6)).toBeLessThan(0.01);
    }
  });
});

describe('nextQuality', () => {
  it.each([
    { quality: 80, bytes: 200 * 1024, expected: null },
    { quality: 80, bytes: 50 * 1024, expected: 84 },
    { quality: 96, bytes: 50 * 1024, expected: 97 },
    { quality: 97, bytes: 50 * 1024, expected: null },
    { quality: 92, bytes: 900 * 1024, expected: 84 },
    { quality: 54, bytes: 900 * 1024, expected: 50 },
    { quality: 50, bytes: 900 * 1024, expected: null },
  ])('quality $quality giving $bytes bytes → $expected', ({ quality, bytes, expected }) => {
    expect(nextQuality(quality, bytes)).toBe(expected);
  });
});

it('says exactly what to run when apt cannot fetch the package', () => {
  const help = photoPackageHelp('/tmp/x');
  expect(help).toContain('apt-get download plasma-workspace-wallpapers');
  expect(help).toContain('/tmp/x/deb');
});

describe('derivePhoto', () => {
  let dir: string;
  let source: string;
  beforeAll(async () => {
    dir = await makeTempDir('bench-photos-');
    source = path.join(dir, 'source.jpg');
    // A stand-in for a wallpaper: grain, which weighs like a camera photo once enlarged to 1600×1000.
    await sharp({
      create: { width: 960, height: 600, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
    })
      .jpeg({ quality: 90 })
      .toFile(source);
  }, 60_000);
  afterAll(() => removeDir(dir));

  it('makes a 1600×1000 JPEG of 90-700 KB, a different one for each index', async () => {
    const [first, second] = await Promise.all([derivePhoto([source], 0), derivePhoto([source], 1)]);
    for (const photo of [first, second]) {
      expect(await sharp(photo).metadata()).toMatchObject({ width: PHOTO_WIDTH, height: PHOTO_HEIGHT, format: 'jpeg' });
      expect(photo.length).toBeGreaterThanOrEqual(PHOTO_MIN_BYTES);
      expect(photo.length).toBeLessThanOrEqual(PHOTO_MAX_BYTES);
    }
    expect(first.equals(second)).toBe(false);
  }, 60_000);
});
