/**
 * The masters of the image cache: no upstream file is kept as it is; each is re-encoded into a master
 * (`makeMaster`) that the build can always encode, so Astro never falls back to copying its input into
 * dist/ (its sharp service does that when an encode fails: a photo taller than WebP's 16,383 px, an
 * animated GIF), and that carries no metadata, so a photographer's EXIF and GPS never reach dist/
 * either. The master is at most MASTER_LIMITS in size (aspect ratio kept), upright, sRGB, a still (the
 * first frame of an animation), a JPEG, or a PNG for transparency and for PNG and GIF sources
 * (drawings, logos, screenshots). An image no master can be made of is refused (ImageRejected).
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { FULL_WIDTH } from '../../../src/lib/images.ts';
import { IMAGE_CACHE_DEFAULTS, ImageRejected } from './options.ts';

/**
 * Formats taken from an upstream (sharp's names; it calls AVIF 'heif' with AV1 compression): what
 * cameras, phones and CMSs send. Each is decoded and re-encoded as a master, so a variant Astro's
 * service refuses (a BigTIFF: 'UnsupportedImageFormat') is shown all the same. Not SVG (a document,
 * not a photo), nor HEIC (sharp cannot decode it).
 */
const INPUT_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'gif', 'tiff']);
/** Sources drawn rather than photographed: kept lossless (a JPEG would blur their edges and text). */
const LOSSLESS_INPUTS = new Set(['png', 'gif']);

/** The formats of a master: both encoded by Astro's sharp service, both without metadata. */
export type MasterFormat = 'jpg' | 'png';

/** Changes when a master is made differently: an index entry of another version is made again. */
export const MASTER_VERSION = 1;

/** The largest master the sync keeps; a larger image is scaled down to fit, its aspect ratio kept. */
export const MASTER_LIMITS = {
  /** The widest picture the site encodes (the home slideshow's FULL_WIDTH, src/lib/images.ts): more is never used. */
  width: FULL_WIDTH,
  /**
   * The tallest image WebP stores (16,383 px; libheif's AVIF 16,384): a taller master's encodes
   * fail, and Astro then copies the master itself into dist/ under .avif and .webp names. Widths are
   * never enlarged (widthsFor), so no encode of a master is taller than the master.
   */
  height: 16_383,
} as const;

/** JPEG masters: near-lossless, and 4:4:4 so that the build's 4:2:0 AVIF is the only chroma subsampling. */
const MASTER_JPEG = { quality: 92, chromaSubsampling: '4:4:4' } as const;

/** The name of the master of `data`: its content and the master's version, so a new version never takes an old file. */
export const masterKey = (data: Uint8Array) =>
  createHash('sha256').update(`master ${MASTER_VERSION}\n`).update(data).digest('hex').slice(0, 32);

/** What `masterPlan` needs to know of an upstream image (sharp's metadata, size upright). */
export interface ImageSource {
  /** sharp's format name, 'avif' for HEIF with AV1. */
  format: string;
  /** Upright size (an EXIF orientation of 5 to 8 turns the image a quarter), of one frame. */
  width: number;
  height: number;
  /** Frames of an animation or pages of a TIFF; 1 for a still. */
  pages: number;
  hasAlpha: boolean;
}

/** The master a source becomes, or the reason it cannot become one. */
export type MasterPlan =
  | { width: number; height: number; format: MasterFormat; firstFrameOf: number | null }
  | { refused: string };

/**
 * The master of an image: its size within `limits` (scaled down, aspect ratio kept), its format,
 * and for an animation the frame count (its first frame is the master); or why none can be made.
 *
 * An animation becomes its first frame rather than being refused: the first frame is what a
 * browser draws before the animation starts and what reduced motion leaves, so it is the picture
 * the sender chose to be seen; the site draws every photo as a still (a card, a banner), and an
 * animated WebP fallback would cost a phone on 3G every frame. Refusing would show the grey
 * placeholder where a good still exists.
 */
export function masterPlan(
  source: ImageSource,
  limits: { width: number; height: number; pixels: number } = { ...MASTER_LIMITS, pixels: IMAGE_CACHE_DEFAULTS.maxPixels },
): MasterPlan {
  const { format, width, height } = source;
  if (!INPUT_FORMATS.has(format)) return { refused: `unsupported image format ${format}` };
  if (!(width > 0 && height > 0)) return { refused: 'image without dimensions' };
  if (width * height > limits.pixels) return { refused: `image too large (${width}×${height} pixels)` };
  const scale = Math.min(1, limits.width / width, limits.height / height);
  const fitted = { width: Math.round(width * scale), height: Math.round(height * scale) };
  if (fitted.width < 1 || fitted.height < 1) {
    return {
      refused: `image of ${width}×${height} pixels: no picture within ${limits.width}×${limits.height} pixels keeps its aspect ratio`,
    };
  }
  return {
    ...fitted,
    format: source.hasAlpha || LOSSLESS_INPUTS.has(format) ? 'png' : 'jpg',
    firstFrameOf: source.pages > 1 ? source.pages : null,
  };
}

/** A master: its bytes, size and format, and the frames the source had (null for a still). */
interface Master {
  data: Buffer;
  width: number;
  height: number;
  format: MasterFormat;
  firstFrameOf: number | null;
}

/**
 * Re-encodes upstream bytes as a master (`masterPlan`): upright, sRGB, without EXIF, XMP, IPTC or
 * ICC profile (sharp writes none unless asked), fully decoded so a cut or corrupt file is refused
 * here and not at build time. Throws ImageRejected with the reason for anything that cannot be one.
 */
export async function makeMaster(data: Uint8Array, maxPixels: number = IMAGE_CACHE_DEFAULTS.maxPixels): Promise<Master> {
  if (data.byteLength === 0) throw new ImageRejected('empty body');
  let metadata: Metadata;
  try {
    metadata = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected('not a readable image');
  }
  const turned = (metadata.orientation ?? 0) >= 5;
  const plan = masterPlan(
    {
      format: metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : String(metadata.format),
      width: (turned ? metadata.height : metadata.width) ?? 0,
      height: (turned ? metadata.width : metadata.height) ?? 0,
      pages: metadata.pages ?? 1,
      hasAlpha: metadata.hasAlpha ?? false,
    },
    { ...MASTER_LIMITS, pixels: maxPixels },
  );
  if ('refused' in plan) throw new ImageRejected(plan.refused);
  try {
    // One frame (sharp's default `pages: 1`), turned upright by its EXIF orientation before the EXIF goes.
    const image = sharp(data, { failOn: 'truncated', limitInputPixels: maxPixels, autoOrient: true }).resize({
      width: plan.width,
      height: plan.height,
      fit: 'fill',
    });
    const encoded = plan.format === 'png' ? image.png() : image.jpeg(MASTER_JPEG);
    const { data: bytes, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data: bytes, width: info.width, height: info.height, format: plan.format, firstFrameOf: plan.firstFrameOf };
  } catch {
    throw new ImageRejected('image data is corrupt or truncated');
  }
}
