/**
 * The image gate (scripts/verify/images.ts) over real files made with sharp: every format the site
 * publishes passes under its own name and fails under another's, and a GPS location in EXIF or XMP
 * fails in each container, naming the file.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkImages, imageProblem, tiffHasGps } from '../../scripts/verify/images.ts';

/** The place of a photo, as a camera writes it (Barra do Bugres). */
const GPS = {
  IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '15/1 4/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '57/1 11/1 0/1' },
};
const CAMERA = { IFD0: { Make: 'Câmera', Copyright: 'Fotógrafa' } };
const XMP_GPS = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="15,4.0S" exif:GPSLongitude="57,11.0W"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
const XMP_PLAIN = XMP_GPS.replace(/ exif:GPS\w+="[^"]*"/g, ' exif:ExposureTime="1/125"');

const photo = () => sharp({ create: { width: 48, height: 32, channels: 3, background: '#3a6' } });
const encoders: Record<'jpeg' | 'png' | 'webp' | 'avif' | 'gif', (image: Sharp) => Sharp> = {
  jpeg: (image) => image.jpeg(),
  png: (image) => image.png(),
  webp: (image) => image.webp(),
  avif: (image) => image.avif({ effort: 0 }),
  gif: (image) => image.gif(),
};
/** An icon's header: what the gate reads of an ICO (sharp opens none). */
const ICO = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]);
const SVG = Buffer.from('\ufeff<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>');

/** Files sharp does not open, read by their first bytes: an icon, and an SVG without a size (browsers draw it). */
const UNDRAWN: Record<string, Buffer> = { ico: ICO, 'svg-sizeless': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') };

const bytes: Record<string, Buffer> = {};
beforeAll(async () => {
  for (const [format, encode] of Object.entries(encoders)) {
    bytes[format] = await encode(photo()).toBuffer();
    if (format === 'gif') continue;
    bytes[`${format}+gps`] = await encode(photo().withExif({ ...CAMERA, ...GPS })).toBuffer();
    bytes[`${format}+exif`] = await encode(photo().withExif(CAMERA)).toBuffer();
    bytes[`${format}+xmp-gps`] = await encode(photo().withXmp(XMP_GPS)).toBuffer();
    bytes[`${format}+xmp`] = await encode(photo().withXmp(XMP_PLAIN)).toBuffer();
  }
  bytes.tiff = await photo().tiff().toBuffer();
  bytes.bigtiff = await photo().tiff({ bigtiff: true }).toBuffer();
});

/** The developers' reason for `file` holding the bytes of `key` (its editors' reason: verify-editor.test.ts). */
const problemOf = async (file: string, key: string) =>
  (await imageProblem(file, bytes[key] ?? UNDRAWN[key] ?? SVG))?.message ?? null;

describe('imageProblem: the bytes against the name', () => {
  it.each([
    ['_astro/a.jpg', 'jpeg'],
    ['_astro/a.jpeg', 'jpeg'],
    ['_astro/a.png', 'png'],
    ['_astro/a.webp', 'webp'],
    ['_astro/a.avif', 'avif'],
    ['_astro/a.gif', 'gif'],
    ['images/logo.svg', 'svg'],
    ['images/icon.svg', 'svg-sizeless'],
    ['favicon.ico', 'ico'],
    ['_astro/a.jpg', 'jpeg+exif'],
    ['_astro/a.avif', 'avif+exif'],
    ['_astro/a.webp', 'webp+xmp'],
    ['_astro/a.png', 'png+xmp'],
    ['_astro/page.js', 'jpeg'],
  ])('passes %s holding %s', async (file, key) => {
    expect(await problemOf(file, key)).toBeNull();
  });

  it.each([
    ['_astro/photo.Ab12.avif', 'jpeg', 'a JPEG, not an AVIF'],
    ['_astro/photo.Ab12.webp', 'jpeg', 'a JPEG, not a WebP'],
    ['_astro/anim.Ab12.avif', 'gif', 'a GIF, not an AVIF'],
    ['_astro/shot.Ab12.webp', 'png', 'a PNG, not a WebP'],
    ['_astro/scan.Ab12.avif', 'tiff', 'a TIFF, not an AVIF'],
    ['_astro/scan.Ab12.webp', 'bigtiff', 'a TIFF, not a WebP'],
    ['favicon.ico', 'png', 'a PNG, not an ICO'],
    ['_astro/share.Ab12.jpg', 'webp', 'a WebP, not a JPEG'],
    ['images/logo.svg', 'png', 'a PNG, not an SVG'],
  ])('fails %s holding %s, naming the file', async (file, key, what) => {
    expect(await problemOf(file, key)).toBe(
      `${file} is ${what}: an image the build could not encode, copied as it is (browsers that go by its type show nothing).`,
    );
  });

  it('fails an original with its GPS copied under another name for both reasons, in one message', async () => {
    expect(await problemOf('_astro/print.Ab12.avif', 'jpeg+gps')).toBe(
      '_astro/print.Ab12.avif is a JPEG, not an AVIF: an image the build could not encode, copied as it is (browsers that ' +
        'go by its type show nothing). It carries a GPS location (in its EXIF): it would tell everyone where the photo was taken.',
    );
  });

  it('fails a file of no image format at all', async () => {
    expect((await imageProblem('_astro/x.avif', Buffer.from('<html>Erro</html>')))?.message).toMatch(
      /^_astro\/x\.avif is no image format the gate knows, not an AVIF: /,
    );
  });
});

describe('imageProblem: a GPS location', () => {
  it.each([
    ['_astro/a.jpg', 'jpeg+gps', 'EXIF'],
    ['_astro/a.png', 'png+gps', 'EXIF'],
    ['_astro/a.webp', 'webp+gps', 'EXIF'],
    ['_astro/a.avif', 'avif+gps', 'EXIF'],
    ['_astro/a.jpg', 'jpeg+xmp-gps', 'XMP'],
    ['_astro/a.png', 'png+xmp-gps', 'XMP'],
    ['_astro/a.webp', 'webp+xmp-gps', 'XMP'],
    ['_astro/a.avif', 'avif+xmp-gps', 'XMP'],
  ])('fails %s with %s, naming the file', async (file, key, where) => {
    expect(await problemOf(file, key)).toBe(
      `${file} carries a GPS location (in its ${where}): it would tell everyone where the photo was taken.`,
    );
  });

  it('finds EXIF as ImageMagick writes it into a PNG text chunk', async () => {
    const exif = (await sharp(bytes['jpeg+gps']).metadata()).exif as Buffer;
    const hex = exif.toString('hex').replace(/(.{72})/g, '$1\n');
    const text = Buffer.from(`Raw profile type exif\0\nexif\n${String(exif.length).padStart(8)}\n${hex}\n`, 'latin1');
    const png = bytes.png as Buffer;
    const chunk = Buffer.alloc(12 + text.length);
    chunk.writeUInt32BE(text.length, 0);
    chunk.write('tEXt', 4, 'latin1');
    text.copy(chunk, 8);
    chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + text.length)), 8 + text.length);
    const withText = Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
    expect(await imageProblem('_astro/a.png', withText)).toMatchObject({ message: expect.stringContaining('(in its EXIF)') });
  });

  it('reads a GPS IFD with only its version as no location, and an unreadable one as one', () => {
    // Little-endian TIFF header, IFD0 at 8 with one entry: GPSInfo (0x8825, LONG) pointing at `gps`.
    const tiff = (gps: number, gpsTags: number[]) => {
      const block = Buffer.alloc(64);
      block.write('II*\0', 0, 'latin1');
      block.writeUInt32LE(8, 4);
      block.writeUInt16LE(1, 8);
      block.writeUInt16LE(0x8825, 10);
      block.writeUInt16LE(4, 12);
      block.writeUInt32LE(1, 14);
      block.writeUInt32LE(gps, 18);
      block.writeUInt16LE(gpsTags.length, 26);
      gpsTags.forEach((tag, index) => {
        block.writeUInt16LE(tag, 28 + index * 12);
      });
      return block;
    };
    expect(tiffHasGps(tiff(26, [0]))).toBe(false);
    expect(tiffHasGps(tiff(26, [0, 2]))).toBe(true);
    expect(tiffHasGps(tiff(1000, []))).toBe(true);
    expect(tiffHasGps(Buffer.from('not a tiff'))).toBe(false);
  });
});

describe('checkImages', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'verify-images-'));
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  it('reads every image file of dist/ from disk and names each bad one', async () => {
    // A WebP of some size, its EXIF chunk after the image data.
    const large = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .webp({ quality: 100 })
      .withExif(GPS)
      .toBuffer();
    const files: Record<string, Buffer> = {
      '_astro/good.avif': bytes.avif as Buffer,
      '_astro/good.webp': bytes.webp as Buffer,
      '_astro/copied.avif': bytes['jpeg+gps'] as Buffer,
      '_astro/large.webp': large,
      'images/logo.svg': SVG,
      'index.html': Buffer.from('<!doctype html>'),
    };
    for (const [file, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dist, file)), { recursive: true });
      await writeFile(path.join(dist, file), content);
    }
    const problems = await checkImages(dist, Object.keys(files).sort());
    expect(problems.map((problem) => [problem.gate, problem.message.split(':')[0]])).toEqual([
      ['images', '_astro/copied.avif is a JPEG, not an AVIF'],
      ['images', '_astro/large.webp carries a GPS location (in its EXIF)'],
    ]);
  });
});
