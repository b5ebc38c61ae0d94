/**
 * The image gate: every image file of dist/ is the format its name says, and none carries a GPS
 * location.
 *
 * - A name that lies is how an original reaches dist/: when Astro's sharp service cannot encode an
 *   image (a photo taller than WebP's 16,383 px, an animated GIF), it copies its input as it is
 *   under the `.avif` or `.webp` name it was asked for, metadata and all. The sync makes every
 *   image a master the build can encode (scripts/sync/images/encode.ts); this is the check that it held.
 * - A GPS location (EXIF's GPS IFD, or XMP's exif:GPSLatitude / GPSLongitude) tells everyone where
 *   a photographer stood, often their home.
 *
 * sharp (libvips) reads each file's format and metadata (EXIF, XMP, PNG text chunks) from its
 * header, never decoding the image data, so a 5,000-item build's 15,000 images take seconds. What
 * it does not read is read here: an ICO, and an SVG without a size (browsers draw it, librsvg does
 * not), by their first bytes, and whether an EXIF block's GPS directory holds a position (tiffHasGps).
 */
import { open } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import sharp, { type Metadata } from 'sharp';
import { AT_THE_SOURCE, STAYS_ONLINE } from './editor.ts';
import type { Problem } from './problem.ts';

/** The formats of the files of dist/ by their first bytes. */
type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'heif' | 'tiff' | 'ico' | 'svg';

/** The format a file with this extension must be; other files are not images to this gate. */
const IMAGE_EXTENSIONS: Readonly<Record<string, ImageKind>> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  avif: 'avif',
  svg: 'svg',
  ico: 'ico',
};

/** Each format as the messages name it. */
const KIND_NAMES: Readonly<Record<ImageKind, string>> = {
  jpeg: 'a JPEG',
  png: 'a PNG',
  gif: 'a GIF',
  webp: 'a WebP',
  avif: 'an AVIF',
  heif: 'a HEIF other than AVIF',
  tiff: 'a TIFF',
  ico: 'an ICO',
  svg: 'an SVG',
};

/** Each format as the editors' sentences name it. */
const FORMAT_NAMES: Readonly<Record<ImageKind, string>> = {
  jpeg: 'JPEG',
  png: 'PNG',
  gif: 'GIF',
  webp: 'WebP',
  avif: 'AVIF',
  heif: 'HEIF',
  tiff: 'TIFF',
  ico: 'ICO',
  svg: 'SVG',
};

/** Files read at a time (sharp works on libuv's thread pool). */
const CONCURRENCY = 16;

/** The formats sharp names as the gate does (HEIF is told apart by its compression: AV1 is AVIF). */
const SHARP_KINDS: Readonly<Record<string, ImageKind>> = {
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  svg: 'svg',
  tiff: 'tiff',
};

/**
 * An image's format and metadata as sharp reads them. What sharp cannot open is told by its first
 * bytes: an ICO, and an SVG that librsvg would not draw (one without a size, which browsers show);
 * null for anything else.
 */
async function readImage(input: Buffer | string): Promise<{ kind: ImageKind | null; metadata?: Metadata }> {
  try {
    const metadata = await sharp(input).metadata();
    const kind = metadata.format === 'heif' ? (metadata.compression === 'av1' ? 'avif' : 'heif') : SHARP_KINDS[metadata.format];
    return { kind: kind ?? null, metadata };
  } catch {
    const head = await firstBytes(input, 4096);
    if (head.subarray(0, 4).equals(ICO_MAGIC)) return { kind: 'ico' };
    const text = head
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .trimStart();
    return { kind: text.startsWith('<') && /<svg[\s>/]/i.test(text) ? 'svg' : null };
  }
}

const ICO_MAGIC = Buffer.from([0, 0, 1, 0]);

async function firstBytes(input: Buffer | string, length: number): Promise<Buffer> {
  if (Buffer.isBuffer(input)) return input.subarray(0, length);
  const handle = await open(input, 'r');
  try {
    const bytes = Buffer.alloc(length);
    const { bytesRead } = await handle.read(bytes, 0, length, 0);
    return bytes.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Whether an EXIF TIFF block (after `Exif\0\0`) has a GPS IFD with more than its version tag. */
export function tiffHasGps(tiff: Uint8Array): boolean {
  if (tiff.byteLength < 8) return false;
  const order = Buffer.from(tiff.buffer, tiff.byteOffset, 2).toString('latin1');
  if (order !== 'II' && order !== 'MM') return false;
  const little = order === 'II';
  const data = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const u16 = (at: number) => (at + 2 <= tiff.byteLength ? data.getUint16(at, little) : null);
  const u32 = (at: number) => (at + 4 <= tiff.byteLength ? data.getUint32(at, little) : null);
  const ifd = u32(4);
  const count = ifd === null ? null : u16(ifd);
  if (ifd === null || count === null) return false;
  for (let index = 0; index < count; index += 1) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > tiff.byteLength) break;
    if (u16(entry) !== 0x8825) continue;
    // The GPSInfo pointer: a location unless its IFD holds nothing but GPSVersionID (tag 0). One
    // that cannot be read counts as a location: nothing published should leave the doubt.
    const gps = u32(entry + 8);
    const tags = gps === null ? null : u16(gps);
    if (gps === null || tags === null) return true;
    for (let tag = 0; tag < tags; tag += 1) {
      const id = u16(gps + 2 + tag * 12);
      if (id === null || id !== 0) return true;
    }
    return false;
  }
  return false;
}

/** Where a location was found. */
type LocationSource = 'EXIF' | 'XMP';

/** Whether an XMP packet names a GPS position (exif:GPSLatitude or exif:GPSLongitude, as element or attribute). */
const xmpHasGps = (xmp: Uint8Array): boolean => /\bexif:GPS(?:Latitude|Longitude)\b/.test(Buffer.from(xmp).toString('latin1'));

/** EXIF bytes with or without the `Exif\0\0` prefix writers put before the TIFF header. */
const exifHasGps = (exif: Buffer): boolean =>
  tiffHasGps(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif);

/** ImageMagick's PNG text form of a profile ('Raw profile type exif'): a name line, a length line, then hex. */
function rawProfileBytes(text: string): Buffer {
  const hex = text.replace(/^\s*\S+\s+\d+\s+/, '').replace(/[^0-9a-f]/gi, '');
  return Buffer.from(hex.length % 2 ? hex.slice(0, -1) : hex, 'hex');
}

/** Where `metadata` holds a GPS position: its EXIF (or a PNG's text copy of one), its XMP (or a PNG's text copy); null for nowhere. */
function locationIn(metadata: Metadata): LocationSource | null {
  const texts = metadata.comments ?? [];
  const exifs = [
    metadata.exif,
    ...texts.filter(({ keyword }) => /^raw profile type (exif|app1)$/i.test(keyword)).map(({ text }) => rawProfileBytes(text)),
  ];
  if (exifs.some((exif) => exif && exifHasGps(exif))) return 'EXIF';
  const xmps = [metadata.xmp, ...texts.filter(({ keyword }) => /xmp/i.test(keyword)).map(({ text }) => Buffer.from(text))];
  if (xmps.some((xmp) => xmp && xmpHasGps(xmp))) return 'XMP';
  return null;
}

/**
 * Why the image `file` (its path in dist/; `input` its bytes or where they are on disk) must not be
 * published, one problem naming it; null when it may. A file of another format is searched for a
 * location as the format it is.
 */
export async function imageProblem(file: string, input: Buffer | string): Promise<Problem | null> {
  const expected = IMAGE_EXTENSIONS[path.extname(file).slice(1).toLowerCase()];
  if (!expected) return null;
  const { kind: found, metadata } = await readImage(input);
  const location = metadata ? locationIn(metadata) : null;
  const reasons: string[] = [];
  const editor: string[] = [];
  if (found !== expected) {
    reasons.push(
      `${file} is ${found ? KIND_NAMES[found] : 'no image format the gate knows'}, not ${KIND_NAMES[expected]}: an image the ` +
        'build could not encode, copied as it is (browsers that go by its type show nothing).',
    );
    editor.push(
      `A imagem ${file} ` +
        (found
          ? `é um ${FORMAT_NAMES[found]}, e não um ${FORMAT_NAMES[expected]} como o nome diz`
          : `não está em nenhum formato de imagem conhecido, embora o nome diga ${FORMAT_NAMES[expected]}`) +
        ': a construção do site não conseguiu convertê-la e a copiou como veio, e muitos navegadores não a mostrariam.',
    );
  }
  if (location) {
    const subject = reasons.length > 0 ? 'It' : file;
    reasons.push(`${subject} carries a GPS location (in its ${location}): it would tell everyone where the photo was taken.`);
    editor.push(
      `${editor.length > 0 ? 'Ela também' : `A imagem ${file}`} guarda o lugar onde a foto foi tirada (a localização ` +
        `GPS, nos dados ${location}), que não pode ser publicado.`,
    );
  }
  if (reasons.length === 0) return null;
  editor.push(
    'É um problema técnico da construção do site: avise a equipe técnica. Se a foto veio de um item, trocá-la por ' +
      `outra ${AT_THE_SOURCE} também resolve. ${STAYS_ONLINE}`,
  );
  return { gate: 'images', message: reasons.join(' '), editor: editor.join(' ') };
}

/** One problem per image file of dist/ (IMAGE_EXTENSIONS) whose bytes are another format or that carries a GPS location. */
export async function checkImages(distDir: string, files: readonly string[]): Promise<Problem[]> {
  const images = files.filter((file) => path.extname(file).slice(1).toLowerCase() in IMAGE_EXTENSIONS);
  // Each file is opened once: libvips' cache of open images would only cost (the gate runs in a process of its own).
  sharp.cache(false);
  const limit = pLimit(CONCURRENCY);
  const problems = await Promise.all(images.map((file) => limit(() => imageProblem(file, path.join(distDir, file)))));
  return problems.filter((problem) => problem !== null);
}
