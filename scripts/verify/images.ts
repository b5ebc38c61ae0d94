/**
 * The image gate: every image file of dist/ is the format its name says, and none carries a GPS
 * location.
 *
 * - A name that lies is how an original reaches dist/: when Astro's sharp service cannot encode an
 *   image (a photo taller than WebP's 16,383 px, an animated GIF), it copies its input as it is
 *   under the `.avif` or `.webp` name it was asked for, metadata and all. The sync makes every
 *   image a master the build can encode (scripts/sync/images.ts); this is the check that it held.
 * - A GPS location (EXIF's GPS IFD, or XMP's exif:GPSLatitude / GPSLongitude) tells everyone where
 *   a photographer stood, often their home.
 *
 * Read cheaply, because a 5,000-item build has some 15,000 images: the first bytes of each file
 * (one read for most), then only the headers of its metadata containers (JPEG APP1 segments, PNG
 * chunks, WebP RIFF chunks, AVIF's `meta` box and the Exif and XMP items it locates), never the
 * image data.
 */
import { open } from 'node:fs/promises';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import pLimit from 'p-limit';
import { AT_THE_SOURCE, STAYS_ONLINE } from './editor.ts';
import type { Problem } from './problem.ts';

/** The formats of the files of dist/ by their first bytes. */
export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'heif' | 'tiff' | 'bigtiff' | 'bmp' | 'ico' | 'svg';

/** The format a file with this extension must be; other files are not images to this gate. */
export const IMAGE_EXTENSIONS: Readonly<Record<string, ImageKind>> = {
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
  bigtiff: 'a BigTIFF',
  bmp: 'a BMP',
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
  bigtiff: 'BigTIFF',
  bmp: 'BMP',
  ico: 'ICO',
  svg: 'SVG',
};

/** Bytes read at once from the start of each file: all of most of the site's encodes, and every container's head. */
const HEAD_BYTES = 16 * 1024;
/** A metadata segment, chunk or item larger than this is not read (EXIF and XMP are a few KB). */
const MAX_METADATA_BYTES = 1024 * 1024;
/** Files open at a time. */
const CONCURRENCY = 16;

/** Random access to a file's bytes; `read` returns fewer bytes at its end. */
export interface ByteSource {
  readonly size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** A ByteSource over bytes in memory. */
export function bufferSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.byteLength,
    read: async (offset, length) => bytes.subarray(Math.max(0, offset), Math.max(0, Math.min(bytes.byteLength, offset + length))),
  };
}

/** The bytes of `bytes[start, end)` as Latin-1 text (one character per byte); empty outside the bytes. */
function ascii(bytes: Uint8Array, start = 0, end = bytes.byteLength): string {
  const from = Math.min(Math.max(0, start), bytes.byteLength);
  const to = Math.min(Math.max(from, end), bytes.byteLength);
  return Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString('latin1');
}
const startsWith = (bytes: Uint8Array, text: string, at = 0) => ascii(bytes, at, at + text.length) === text;
const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The format `head` (a file's first bytes) starts like; null for none of KIND_NAMES. */
export function sniffImage(head: Uint8Array): ImageKind | null {
  const [b0, b1, b2, b3] = head;
  if (b0 === 0xff && b1 === 0xd8 && b2 === 0xff) return 'jpeg';
  if (startsWith(head, '\x89PNG\r\n\x1a\n')) return 'png';
  if (startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a')) return 'gif';
  if (startsWith(head, 'RIFF') && startsWith(head, 'WEBP', 8)) return 'webp';
  if (startsWith(head, 'ftyp', 4) && head.byteLength >= 12) {
    const size = Math.min(view(head).getUint32(0), head.byteLength);
    // The major brand, then the compatible brands after the minor version.
    const brands = [ascii(head, 8, 12)];
    for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(head, at, at + 4));
    return brands.some((brand) => brand === 'avif' || brand === 'avis') ? 'avif' : 'heif';
  }
  if (startsWith(head, 'II*\0') || startsWith(head, 'MM\0*')) return 'tiff';
  if (startsWith(head, 'II+\0') || startsWith(head, 'MM\0+')) return 'bigtiff';
  if (b0 === 0 && b1 === 0 && b2 === 1 && b3 === 0) return 'ico';
  if (startsWith(head, 'BM')) return 'bmp';
  const text = ascii(head, 0, 4096)
    .replace(/^\ufeff|^\xef\xbb\xbf/, '')
    .trimStart();
  if (text.startsWith('<') && /<svg[\s>]/i.test(text)) return 'svg';
  return null;
}

/** Whether an EXIF TIFF block (after `Exif\0\0`) has a GPS IFD with more than its version tag. */
export function tiffHasGps(tiff: Uint8Array): boolean {
  if (tiff.byteLength < 8) return false;
  const order = ascii(tiff, 0, 2);
  if (order !== 'II' && order !== 'MM') return false;
  const little = order === 'II';
  const data = view(tiff);
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

/** Whether an XMP packet names a GPS position (exif:GPSLatitude or exif:GPSLongitude, as element or attribute). */
export const xmpHasGps = (xmp: Uint8Array): boolean => /\bexif:GPS(?:Latitude|Longitude)\b/.test(ascii(xmp));

/** Where a location was found. */
export type LocationSource = 'EXIF' | 'XMP';

/** EXIF bytes with or without the `Exif\0\0` prefix some writers put before the TIFF header. */
const exifHasGps = (exif: Uint8Array): boolean => tiffHasGps(startsWith(exif, 'Exif\0\0') ? exif.subarray(6) : exif);

/** JPEG: the APP1 segments (EXIF, XMP) before the image data. */
async function jpegLocation(source: ByteSource): Promise<LocationSource | null> {
  let offset = 2;
  while (offset + 4 <= source.size) {
    const header = await source.read(offset, 4);
    const [mark, marker = 0] = header;
    if (mark !== 0xff) return null;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2;
      continue;
    }
    // Start of scan or end of image: what follows is image data, where no reader looks for metadata.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = view(header).getUint16(2);
    if (marker === 0xe1 && length <= MAX_METADATA_BYTES) {
      const payload = await source.read(offset + 4, length - 2);
      if (startsWith(payload, 'Exif\0\0') && tiffHasGps(payload.subarray(6))) return 'EXIF';
      if (startsWith(payload, 'http://ns.adobe.com/xap/1.0/\0') && xmpHasGps(payload)) return 'XMP';
    }
    offset += 2 + length;
  }
  return null;
}

/** ImageMagick's PNG text form of a profile: a name line, a length line, then hex. */
function rawProfileBytes(text: string): Uint8Array {
  const hex = text.replace(/^\s*\S+\s+\d+\s+/, '').replace(/[^0-9a-f]/gi, '');
  return Buffer.from(hex.length % 2 ? hex.slice(0, -1) : hex, 'hex');
}

/** A PNG text chunk (tEXt, zTXt, iTXt) as keyword and text; null when it cannot be read. */
function pngText(type: string, data: Uint8Array): { keyword: string; text: Uint8Array } | null {
  const end = data.indexOf(0);
  if (end < 0) return null;
  const keyword = ascii(data, 0, end);
  try {
    if (type === 'tEXt') return { keyword, text: data.subarray(end + 1) };
    if (type === 'zTXt') return { keyword, text: inflateSync(data.subarray(end + 2), { maxOutputLength: MAX_METADATA_BYTES }) };
    // iTXt: compression flag and method, then a language tag and a translated keyword, each ended by a NUL.
    const compressed = data[end + 1] === 1;
    const language = data.indexOf(0, end + 3);
    const translated = language < 0 ? -1 : data.indexOf(0, language + 1);
    if (translated < 0) return null;
    const text = data.subarray(translated + 1);
    return { keyword, text: compressed ? inflateSync(text, { maxOutputLength: MAX_METADATA_BYTES }) : text };
  } catch {
    return null;
  }
}

/** PNG: the eXIf chunk, XMP in iTXt, and EXIF as ImageMagick writes it in a text chunk. */
async function pngLocation(source: ByteSource): Promise<LocationSource | null> {
  let offset = 8;
  while (offset + 8 <= source.size) {
    const header = await source.read(offset, 8);
    const length = view(header).getUint32(0);
    const type = ascii(header, 4, 8);
    if (type === 'IEND') return null;
    if (length <= MAX_METADATA_BYTES && ['eXIf', 'tEXt', 'zTXt', 'iTXt'].includes(type)) {
      const data = await source.read(offset + 8, length);
      if (type === 'eXIf' && exifHasGps(data)) return 'EXIF';
      const text = type === 'eXIf' ? null : pngText(type, data);
      if (text?.keyword === 'XML:com.adobe.xmp' && xmpHasGps(text.text)) return 'XMP';
      if (text && /^Raw profile type (?:exif|APP1)$/i.test(text.keyword) && exifHasGps(rawProfileBytes(ascii(text.text)))) {
        return 'EXIF';
      }
    }
    offset += 12 + length;
  }
  return null;
}

/** WebP: the EXIF and XMP chunks of its RIFF container. */
async function webpLocation(source: ByteSource): Promise<LocationSource | null> {
  let offset = 12;
  while (offset + 8 <= source.size) {
    const header = await source.read(offset, 8);
    const type = ascii(header, 0, 4);
    const length = view(header).getUint32(4, true);
    if ((type === 'EXIF' || type === 'XMP ') && length <= MAX_METADATA_BYTES) {
      const data = await source.read(offset + 8, length);
      if (type === 'EXIF' && exifHasGps(data)) return 'EXIF';
      if (type === 'XMP ' && xmpHasGps(data)) return 'XMP';
    }
    offset += 8 + length + (length % 2);
  }
  return null;
}

/** An ISOBMFF box: its type, and where its content starts and ends in the bytes read. */
interface Box {
  type: string;
  start: number;
  end: number;
}

/** The boxes of `bytes[from, to)`; a size that runs past `to` is cut there. */
function boxes(bytes: Uint8Array, from: number, to: number): Box[] {
  const found: Box[] = [];
  const data = view(bytes);
  let at = from;
  while (at + 8 <= to) {
    let size = data.getUint32(at);
    let header = 8;
    if (size === 1 && at + 16 <= to) {
      size = Number(data.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header) break;
    found.push({ type: ascii(bytes, at + 4, at + 8), start: at + header, end: Math.min(to, at + size) });
    at += size;
  }
  return found;
}

/** An AVIF (HEIF) item: its type, its MIME type when `mime`, and where its bytes are. */
interface Item {
  type: string;
  contentType: string;
  /** 0: offsets in the file; 1: in the `idat` box. */
  construction: number;
  extents: { offset: number; length: number }[];
}

/** The items of a `meta` box's content: iinf's types and iloc's extents. */
function avifItems(meta: Uint8Array): { items: Item[]; idat: { offset: number; length: number } | null } {
  const data = view(meta);
  const items = new Map<number, Item>();
  const item = (id: number) => {
    let known = items.get(id);
    if (!known) {
      known = { type: '', contentType: '', construction: 0, extents: [] };
      items.set(id, known);
    }
    return known;
  };
  let idat: { offset: number; length: number } | null = null;
  // `meta` is a full box: its children start after version and flags.
  for (const box of boxes(meta, 4, meta.byteLength)) {
    if (box.type === 'idat') idat = { offset: box.start, length: box.end - box.start };
    if (box.type === 'iinf') {
      const version = meta[box.start] ?? 0;
      for (const infe of boxes(meta, box.start + (version === 0 ? 6 : 8), box.end)) {
        const infeVersion = meta[infe.start] ?? 0;
        if (infe.type !== 'infe' || infeVersion < 2) continue;
        let at = infe.start + 4;
        const id = infeVersion === 2 ? data.getUint16(at) : data.getUint32(at);
        at += (infeVersion === 2 ? 2 : 4) + 2;
        const entry = item(id);
        entry.type = ascii(meta, at, at + 4);
        const name = meta.indexOf(0, at + 4);
        if (entry.type === 'mime' && name >= 0 && name < infe.end) {
          const type = meta.indexOf(0, name + 1);
          entry.contentType = ascii(meta, name + 1, type < 0 || type > infe.end ? infe.end : type);
        }
      }
    }
    if (box.type === 'iloc') {
      const version = meta[box.start] ?? 0;
      const sizes = meta[box.start + 4] ?? 0;
      const more = meta[box.start + 5] ?? 0;
      const [offsetSize, lengthSize, baseSize] = [sizes >> 4, sizes & 15, more >> 4];
      const indexSize = version === 1 || version === 2 ? more & 15 : 0;
      let at = box.start + 6;
      const read = (bytes: number) => {
        const value =
          bytes === 8 ? Number(data.getBigUint64(at)) : bytes === 4 ? data.getUint32(at) : bytes === 2 ? data.getUint16(at) : 0;
        at += bytes;
        return value;
      };
      const count = read(version < 2 ? 2 : 4);
      for (let index = 0; index < count && at < box.end; index += 1) {
        const entry = item(read(version < 2 ? 2 : 4));
        if (version === 1 || version === 2) entry.construction = read(2) & 15;
        read(2);
        const base = read(baseSize);
        const extents = read(2);
        for (let extent = 0; extent < extents; extent += 1) {
          read(indexSize);
          const offset = base + read(offsetSize);
          entry.extents.push({ offset, length: read(lengthSize) });
        }
      }
    }
  }
  return { items: [...items.values()], idat };
}

/** The Exif and XMP (`mime`, application/rdf+xml) items of a `meta` box whose content is at `start` in the file. */
async function metaLocation(source: ByteSource, start: number, length: number): Promise<LocationSource | null> {
  if (length > MAX_METADATA_BYTES) return null;
  const { items, idat } = avifItems(await source.read(start, length));
  for (const item of items) {
    const isExif = item.type === 'Exif';
    const isXmp = item.type === 'mime' && item.contentType === 'application/rdf+xml';
    // Construction 2 (bytes of another item) is not used for metadata.
    if ((!isExif && !isXmp) || item.construction > 1 || (item.construction === 1 && !idat)) continue;
    const base = item.construction === 1 && idat ? start + idat.offset : 0;
    const parts: Uint8Array[] = [];
    for (const extent of item.extents) {
      // A length of 0 runs to the end of the file.
      parts.push(await source.read(base + extent.offset, Math.min(extent.length || MAX_METADATA_BYTES, MAX_METADATA_BYTES)));
    }
    const bytes = Buffer.concat(parts);
    // An Exif item starts with the offset of its TIFF header.
    if (isExif && bytes.byteLength >= 4 && tiffHasGps(bytes.subarray(4 + view(bytes).getUint32(0)))) return 'EXIF';
    if (isXmp && xmpHasGps(bytes)) return 'XMP';
  }
  return null;
}

/** AVIF: its top-level boxes, header by header, to `meta` (right after `ftyp` in practice), then its items. */
async function avifLocation(source: ByteSource): Promise<LocationSource | null> {
  let offset = 0;
  while (offset + 8 <= source.size) {
    const header = await source.read(offset, 16);
    const size = view(header).getUint32(0);
    const headerSize = size === 1 ? 16 : 8;
    const length =
      size === 0 ? source.size - offset : size === 1 && header.byteLength >= 16 ? Number(view(header).getBigUint64(8)) : size;
    if (length < headerSize) return null;
    if (ascii(header, 4, 8) === 'meta') return metaLocation(source, offset + headerSize, length - headerSize);
    offset += length;
  }
  return null;
}

/** Where an image of `kind` carries a GPS location; null when it carries none (or its format holds no EXIF). */
export async function locationIn(kind: ImageKind, source: ByteSource): Promise<LocationSource | null> {
  switch (kind) {
    case 'jpeg':
      return jpegLocation(source);
    case 'png':
      return pngLocation(source);
    case 'webp':
      return webpLocation(source);
    case 'avif':
    case 'heif':
      return avifLocation(source);
    default:
      return null;
  }
}

/**
 * Why the image `file` (its path in dist/) must not be published, one problem naming it; null when
 * it may. A file of another format is searched for a location as the format it is.
 */
export async function imageProblem(file: string, source: ByteSource): Promise<Problem | null> {
  const expected = IMAGE_EXTENSIONS[path.extname(file).slice(1).toLowerCase()];
  if (!expected) return null;
  const found = sniffImage(await source.read(0, HEAD_BYTES));
  const location = found ? await locationIn(found, source).catch(() => null) : null;
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

/** A ByteSource over a file: its first HEAD_BYTES read once, anything after read where asked. */
async function withFileSource<T>(file: string, use: (source: ByteSource) => Promise<T>): Promise<T> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.allocUnsafe(Math.min(size, HEAD_BYTES));
    const { bytesRead } = await handle.read(head, 0, head.byteLength, 0);
    const first = head.subarray(0, bytesRead);
    return await use({
      size,
      async read(offset, length) {
        const end = Math.min(size, offset + length);
        if (offset >= 0 && end <= first.byteLength) return first.subarray(offset, end);
        const bytes = Buffer.allocUnsafe(Math.max(0, end - offset));
        const read = await handle.read(bytes, 0, bytes.byteLength, offset);
        return bytes.subarray(0, read.bytesRead);
      },
    });
  } finally {
    await handle.close();
  }
}

/** One problem per image file of dist/ (IMAGE_EXTENSIONS) whose bytes are another format or that carries a GPS location. */
export async function checkImages(distDir: string, files: readonly string[]): Promise<Problem[]> {
  const images = files.filter((file) => path.extname(file).slice(1).toLowerCase() in IMAGE_EXTENSIONS);
  const limit = pLimit(CONCURRENCY);
  const problems = await Promise.all(
    images.map((file) => limit(() => withFileSource(path.join(distDir, file), (source) => imageProblem(file, source)))),
  );
  return problems.filter((problem) => problem !== null);
}
