/**
 * The image cache of the sync: every upstream image the snapshot names is downloaded once, checked
 * (an image, not too big, decodable) and kept in a content-addressed folder that survives builds;
 * the build reads the images from there as local files (src/integrations/image-cache.ts).
 *
 * Why the sync downloads and Astro does not fetch remote images itself:
 * Astro 7's remote pipeline fetches each remote image during page rendering (a size/format probe,
 * not cached) and again at generation, with no timeout, no size or type limit, and a failed
 * download throws and fails the whole build. Downloading here reuses the sync's ky client (timeouts,
 * retries, Retry-After), lets a broken image become a placeholder with a warning, and hands Astro
 * local files, for which its own transform cache (`cacheDir/assets`) keys the encoded variants on
 * the content hash: an unchanged image is neither fetched nor re-encoded again.
 *
 * Images are asked for in the order of what matters most (planImageOrder: every record's own photo,
 * then the known good, then new gallery photos, a record's first ones before its later ones), and no
 * host takes more than its share (runQueue: a few downloads at a time, and given up on for the run
 * after failures in a row), so photos on a host that never answers cannot use the whole deadline.
 *
 * Only public addresses are fetched, and the configured upstreams' own hosts (address-guard.ts): an
 * image URL naming a loopback, private, link-local or metadata address, or a name resolving to one,
 * or redirecting to one, is the placeholder with a warning saying why. Redirects are followed here,
 * hop by hop, each hop checked before its request.
 *
 * No upstream file is kept as it is: each is re-encoded here into a master (`makeMaster`) that the
 * build can always encode, so Astro never falls back to copying its input into dist/ (its sharp
 * service does that when an encode fails: a photo taller than WebP's 16,383 px, an animated GIF), and
 * that carries no metadata, so a photographer's EXIF and GPS never reach dist/ either. The master is
 * at most MASTER_LIMITS in size (aspect ratio kept), upright, sRGB, a still (the first frame of an
 * animation), a JPEG, or a PNG for transparency and for PNG and GIF sources (drawings, logos,
 * screenshots). An image no master can be made of is the placeholder with a warning.
 *
 * Layout of the cache folder (IMAGE_CACHE_DIR, default `.cache/images`):
 *   files/<sha256>.<ext>   the masters, named by their source's content (two URLs with the same bytes share one)
 *   index.json             per URL: file, size, ETag / Last-Modified, when checked, last downloaded in full and last used
 *   manifest.json          the images of the last sync: URL → file, and the URLs that failed
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ky, { isHTTPError, isNetworkError, isTimeoutError, type KyInstance } from 'ky';
import sharp, { type Metadata } from 'sharp';
import type { Env } from '../../src/lib/config.ts';
import { FULL_WIDTH, imageUrlsInOrder } from '../../src/lib/images.ts';
import { projectDir } from '../../src/lib/project-dirs.ts';
import { type AddressGuard, AddressRefused, createAddressGuard, type Resolver, refusalIn } from './address-guard.ts';
import { readSyncConfig } from './config.ts';
import { DEFAULT_HTTP_OPTIONS, describeError, retryPolicy } from './http.ts';
import { consoleLogger, redact, type SyncLogger } from './log.ts';
import { writeJsonAtomic } from './snapshot.ts';

export const MANIFEST_FILE = 'manifest';
const INDEX_FILE = 'index';
const INDEX_VERSION = 1;

/** A cached master, as the build needs it. */
interface CachedImage {
  /** Path inside the cache folder, e.g. 'files/3f2a….jpg'. */
  file: string;
  width: number;
  height: number;
  format: MasterFormat;
}

/** manifest.json: what the last sync resolved, read by the build. */
export interface ImageManifest {
  version: number;
  images: Record<string, CachedImage>;
  /** URLs that are shown as the placeholder, with the reason. */
  failed: Record<string, string>;
}

interface IndexEntry extends CachedImage {
  /** Bytes of the upstream file. */
  bytes: number;
  /**
   * MASTER_VERSION of the master in `file`. Absent in an entry written before masters existed: its
   * file is then the upstream original, made into a master from the disk before it is used.
   */
  master?: number;
  etag?: string;
  lastModified?: string;
  /** ISO time of the last download or successful revalidation. */
  checkedAt: string;
  /**
   * ISO time of the last full download (a request without If-None-Match / If-Modified-Since): after
   * refetchAfterMs the image is downloaded in full again, whatever its ETag says. Absent in an entry
   * written before it was kept: downloaded in full at its next sync.
   */
  downloadedAt?: string;
  /** ISO time of the last sync that named this URL. */
  usedAt: string;
}

interface ImageIndex {
  version: number;
  entries: Record<string, IndexEntry>;
}

/** Site-relative URLs under `prefix` are read from `dir` (the embedded sample media). */
interface LocalRoot {
  prefix: string;
  dir: string;
}

export interface ImageCacheOptions {
  cacheDir: string;
  /** Folders serving site-relative URLs; a site-relative URL outside them gets the placeholder. */
  localRoots: LocalRoot[];
  logger: SyncLogger;
  /**
   * Origins fetched whatever address they resolve to: the configured upstreams' (SyncConfig.upstreamOrigins).
   * Any other host must be a public address.
   */
  allowedOrigins?: readonly string[];
  /** DNS resolver of the address check (tests inject one; default the system's). */
  resolve?: Resolver;
  /**
   * Transport for remote images (tests may inject one). Default: undici's fetch through a dispatcher that
   * checks the address of every connection; an injected one gets the check before each request only.
   */
  fetch?: typeof fetch;
  /** Per attempt. */
  timeoutMs?: number;
  /** Per image, retries included. */
  totalTimeoutMs?: number;
  retryLimit?: number;
  /** Bigger downloads are refused. */
  maxBytes?: number;
  /** Bigger images (width × height) are refused: decoding them would exhaust the build's memory. */
  maxPixels?: number;
  /** A cached image is not asked for again before this age; after it, a conditional request. */
  revalidateAfterMs?: number;
  /**
   * A cached image is downloaded in full again (no conditional request) once its last full download
   * is this old: a replaced picture that keeps its ETag (or a host that replays one) is not kept for
   * ever. Default 30 days.
   */
  refetchAfterMs?: number;
  /** Entries not named by any sync for this long are dropped, with their files. */
  forgetAfterMs?: number;
  /** Downloads at a time. */
  concurrency?: number;
  /** Downloads at a time from one host (`host:port`). */
  hostConcurrency?: number;
  /** Failures in a row from one host after which its images not yet asked for wait for the next run. */
  hostFailureLimit?: number;
  /** Failures in a row among one record's images after which its images not yet asked for wait for the next run. */
  recordFailureLimit?: number;
  /** A record's first images, ranked before any record's later ones (planImageOrder). */
  recordFirstImages?: number;
  /**
   * Bound on the whole step; images not asked for by then keep their cached copy or get the
   * placeholder (a site-relative one, read from disk, is still read).
   */
  deadlineMs?: number;
  /** Redirects followed per image. */
  maxRedirects?: number;
  now?: () => Date;
}

export interface ImageCacheReport {
  manifest: ImageManifest;
  /** Downloaded this time (new or changed). */
  downloaded: number;
  /** Answered 304 Not Modified. */
  notModified: number;
  /** Served from the cache without a request. */
  reused: number;
  /** Read from a local folder. */
  local: number;
  /**
   * Not asked for this run, by why: their host, or their record's other images, failed too often in a
   * row, or the step's deadline had passed. Each keeps its cached copy, else is the placeholder.
   */
  skipped: Record<SkipKind, number>;
  warnings: string[];
}

/** Why an image was not asked for this run. */
type SkipKind = 'host' | 'record' | 'deadline';

export const IMAGE_CACHE_DEFAULTS = {
  timeoutMs: 15_000,
  totalTimeoutMs: 40_000,
  retryLimit: 2,
  maxBytes: 15 * 1024 * 1024,
  maxPixels: 40_000_000,
  revalidateAfterMs: 7 * 24 * 3600_000,
  refetchAfterMs: 30 * 24 * 3600_000,
  forgetAfterMs: 30 * 24 * 3600_000,
  concurrency: 6,
  /**
   * Half of `concurrency`: a host whose images never answer holds at most half the downloads, and the
   * other hosts' images go on in the other half. Five tours with 40 gallery photos each on a host that
   * never answered once took the whole deadline, every good photo with it.
   */
  hostConcurrency: 3,
  /**
   * Failures in a row from one host (timed out, no connection, HTTP 5xx or 429, counted as they finish;
   * any other answer starts the count again) after which its images not yet asked for wait for the
   * next run. Five: with three at a time, two rounds of timeouts (about 80 s at the defaults) instead
   * of every one of its images; a working host with a few dead photos among good ones answers in between.
   */
  hostFailureLimit: 5,
  /**
   * The same among one record's images: dead photos on a host that also serves good ones (where the
   * host's count starts again at each good answer) cost each record at most this many waits.
   */
  recordFailureLimit: 3,
  /**
   * A record's first images: its photo, its banner and the six thumbnails a gallery shows before
   * 'Mais N fotos' (Gallery.astro). Its later new images come after every record's first ones.
   */
  recordFirstImages: 8,
  deadlineMs: 15 * 60_000,
  maxRedirects: 5,
} as const;

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
type MasterFormat = 'jpg' | 'png';

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

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
};

/** An image the cache refuses, with a one-line reason for the log. */
export class ImageRejected extends Error {
  override name = 'ImageRejected';
}

const RESERVED_HOST = /(^|\.)(example|invalid|test)$|(^|\.)example\.(com|net|org)$/i;

/** The name of the master of `data`: its content and the master's version, so a new version never takes an old file. */
const masterKey = (data: Uint8Array) =>
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

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** The manifest of the last sync in `cacheDir`; undefined when there is none. */
export async function readImageManifest(cacheDir: string): Promise<ImageManifest | undefined> {
  const manifest = await readJson<ImageManifest>(path.join(cacheDir, `${MANIFEST_FILE}.json`));
  return manifest?.version === INDEX_VERSION ? manifest : undefined;
}

/** Reads a body up to `maxBytes`; a longer one is refused without reading the rest. */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) throw new ImageRejected(`file too large (${declared} bytes, limit ${maxBytes})`);
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new ImageRejected(`file too large (over ${maxBytes} bytes)`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function checkContentType(response: Response): void {
  const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  // No type at all is left to the byte check; a declared non-image (an HTML error page) is refused.
  if (type && !type.startsWith('image/') && type !== 'application/octet-stream') {
    throw new ImageRejected(`content type ${type}, not an image`);
  }
}

/** One record's image URLs in the order it shows them, its own photo first (imageUrlsInOrder). */
type RecordImages = readonly string[];

/** Where an image ranks in the step's order (planImageOrder), first to last. */
const IMAGE_TIERS = ['cover', 'cached', 'first', 'later'] as const;
type ImageTier = (typeof IMAGE_TIERS)[number];

/** An image of the step's queue: where it ranks, and the host and the record its failures count against. */
interface PlannedImage {
  url: string;
  tier: ImageTier;
  /** Its place among its record's images (0: the record's own photo). */
  position: number;
  /** Index of the record it ranks for: of those that name it, the one where it ranks first. */
  record: number;
  /** `host:port` of a remote image (the port only when not the default); '' for a site-relative one. */
  host: string;
}

const hostOf = (url: string) => (/^https?:\/\//i.test(url) ? (URL.parse(url)?.host ?? '') : '');

const byRank = (a: PlannedImage, b: PlannedImage) =>
  IMAGE_TIERS.indexOf(a.tier) - IMAGE_TIERS.indexOf(b.tier) || a.position - b.position || a.record - b.record;

/**
 * The order the image step asks for images in, what matters most first, the same for the same input:
 * 1. 'cover': every record's first image (the photo of its card and its page), new or cached;
 * 2. 'cached': the other images already in the cache, known good (a revalidation, or no request at all);
 * 3. 'first': new images among a record's first `recordFirstImages`;
 * 4. 'later': a record's other new images (the tail of a 40-photo gallery).
 * Within a tier by place in the record, then by record: every record's second image before any
 * record's third, so no record's gallery waits for another's. A URL several records name ranks
 * where it ranks first.
 */
export function planImageOrder(
  records: readonly RecordImages[],
  isCached: (url: string) => boolean,
  recordFirstImages: number = IMAGE_CACHE_DEFAULTS.recordFirstImages,
): PlannedImage[] {
  const best = new Map<string, PlannedImage>();
  records.forEach((urls, record) => {
    urls.forEach((url, position) => {
      const tier: ImageTier =
        position === 0 ? 'cover' : isCached(url) ? 'cached' : position < recordFirstImages ? 'first' : 'later';
      const planned: PlannedImage = { url, tier, position, record, host: hostOf(url) };
      const seen = best.get(url);
      if (!seen || byRank(planned, seen) < 0) best.set(url, planned);
    });
  });
  return [...best.values()].sort(byRank);
}

/**
 * Brings every image of `records` into the cache and writes the manifest the build reads. Each item
 * is one record's images, its own photo first (a lone URL is a record of one). They are asked for in
 * planImageOrder's order, at most `hostConcurrency` at a time from one host, and a host or a record
 * whose requests fail too often in a row gets no more this run (runQueue). Never throws for an image:
 * a failure keeps the cached copy (a stale photo beats a grey box) or, with none, leaves the URL out
 * of the manifest so the page shows the placeholder; each is a warning.
 */
export async function cacheImages(
  records: readonly (string | RecordImages)[],
  options: ImageCacheOptions,
): Promise<ImageCacheReport> {
  const cache = await openImageCache(options);
  const queue = planImageOrder(
    records.map((record) => (typeof record === 'string' ? [record] : record)),
    (url) => isUsable(cache, cache.entries[url]),
    cache.settings.recordFirstImages,
  );
  await runQueue(cache, queue);
  return closeImageCache(
    cache,
    queue.map((item) => item.url),
  );
}

/**
 * Runs cacheOne over `queue` in its order, `concurrency` at a time and at most `hostConcurrency` from
 * one host: the next image is the first in the queue whose host has a free slot, so a host whose
 * requests hang holds its share of the slots, and the other hosts' images go on in the rest. The
 * site-relative images (host '') are files on disk, which never hang: they may take every slot.
 */
async function runQueue(cache: ImageCacheRun, queue: readonly PlannedImage[]): Promise<void> {
  const total = Math.max(1, Math.trunc(cache.settings.concurrency));
  const perHost = Math.max(1, Math.trunc(cache.settings.hostConcurrency));
  // Each host's images in queue order (their indices), the next one to start and how many are running.
  const hosts = new Map<string, { indices: number[]; next: number; running: number }>();
  queue.forEach((item, index) => {
    const host = hosts.get(item.host) ?? { indices: [], next: 0, running: 0 };
    host.indices.push(index);
    hosts.set(item.host, host);
  });
  let running = 0;
  await new Promise<void>((resolve) => {
    const pump = () => {
      while (running < total) {
        let pick: { indices: number[]; next: number; running: number } | undefined;
        for (const [key, host] of hosts) {
          const head = host.indices[host.next];
          if (head === undefined || host.running >= (key === '' ? total : perHost)) continue;
          if (!pick || head < (pick.indices[pick.next] as number)) pick = host;
        }
        if (!pick) break;
        const chosen = pick;
        const item = queue[chosen.indices[chosen.next] as number] as PlannedImage;
        chosen.next += 1;
        chosen.running += 1;
        running += 1;
        cacheOne(cache, item)
          .catch((error: unknown) => cache.warn(`image ${item.url}: ${describeImageError(error, cache.deadline)}`))
          .finally(() => {
            chosen.running -= 1;
            running -= 1;
            pump();
          });
      }
      // Nothing running means nothing left: a host with images waiting would have a free slot.
      if (running === 0) resolve();
    };
    pump();
  });
}

/** One run of the image cache: its settings, its index read from disk, its HTTP client and its report. */
interface ImageCacheRun {
  options: ImageCacheOptions;
  /** IMAGE_CACHE_DEFAULTS, each overridden by the option of the same name. */
  settings: Record<keyof typeof IMAGE_CACHE_DEFAULTS, number>;
  now: () => Date;
  filesDir: string;
  /** The index: one entry per URL, written back at the end. */
  entries: Record<string, IndexEntry>;
  existingFiles: Set<string>;
  /** Masters by masterKey of their source: bytes already in the cache are not encoded again. */
  byHash: Map<string, CachedImage>;
  report: ImageCacheReport;
  warn: (message: string) => void;
  /** The whole image step's deadline. */
  deadline: AbortSignal;
  /** Failures in a row of each host, and of each record (by its index in the queue's records). */
  hostStreaks: FailureStreaks;
  recordStreaks: FailureStreaks;
  /** Images not asked for that kept their cached copy. */
  skippedKept: number;
  guard: AddressGuard;
  client: KyInstance;
}

/** Reads the index, and sets up the address guard and the HTTP client every download goes through. */
async function openImageCache(options: ImageCacheOptions): Promise<ImageCacheRun> {
  const settings: ImageCacheRun['settings'] = { ...IMAGE_CACHE_DEFAULTS, ...definedOnly(options) };
  const filesDir = path.join(options.cacheDir, 'files');
  await mkdir(filesDir, { recursive: true });
  const stored = await readJson<ImageIndex>(path.join(options.cacheDir, `${INDEX_FILE}.json`));
  const entries: Record<string, IndexEntry> = stored?.version === INDEX_VERSION ? { ...stored.entries } : {};
  const report: ImageCacheReport = {
    manifest: { version: INDEX_VERSION, images: {}, failed: {} },
    downloaded: 0,
    notModified: 0,
    reused: 0,
    local: 0,
    skipped: { host: 0, record: 0, deadline: 0 },
    warnings: [],
  };
  const guard = createAddressGuard({
    allowedOrigins: options.allowedOrigins ?? [],
    ...(options.resolve ? { resolve: options.resolve } : {}),
  });
  const retry = retryPolicy({
    ...DEFAULT_HTTP_OPTIONS,
    timeoutMs: settings.timeoutMs,
    totalTimeoutMs: settings.totalTimeoutMs,
    retryLimit: settings.retryLimit,
    maxRetryAfterMs: 10_000,
    backoffLimitMs: 4_000,
  });
  const client = ky.create({
    timeout: settings.timeoutMs,
    totalTimeout: settings.totalTimeoutMs,
    // A refused address stays refused: no retry.
    retry: { ...retry, shouldRetry: ({ error }) => (refusalIn(error) ? false : undefined) },
    headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8' },
    // Redirects are followed by resolveRemote, which checks each hop's address before asking it.
    redirect: 'manual',
    // A 304 is the answer a revalidation hopes for, and a 3xx a hop to follow: neither is an error.
    throwHttpErrors: (status) => status >= 400,
    fetch: options.fetch ?? guard.fetch,
  });
  return {
    options,
    settings,
    now: options.now ?? (() => new Date()),
    filesDir,
    entries,
    existingFiles: new Set(await readdir(filesDir)),
    byHash: new Map<string, CachedImage>(
      Object.values(entries)
        .filter((entry) => entry.master === MASTER_VERSION)
        .map(({ file, width, height, format }) => [path.basename(file).split('.')[0] ?? '', { file, width, height, format }]),
    ),
    report,
    warn: (message) => {
      report.warnings.push(message);
      options.logger.warn(message);
    },
    deadline: AbortSignal.timeout(settings.deadlineMs),
    hostStreaks: new FailureStreaks(settings.hostFailureLimit),
    recordStreaks: new FailureStreaks(settings.recordFailureLimit),
    skippedKept: 0,
    guard,
    client,
  };
}

/**
 * Failures in a row per key (a host, a record), counted as requests finish; at `limit` the key is
 * given up on for the rest of the run. An answer starts the count again; a request the deadline cut
 * or an image never asked for counts neither way.
 */
class FailureStreaks {
  readonly #streaks = new Map<string | number, { count: number; last: string }>();
  readonly #givenUp = new Map<string | number, { count: number; last: string }>();
  readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }

  /** Counts a failure; true when it is the one that gives `key` up. */
  failed(key: string | number, reason: string): boolean {
    if (this.#givenUp.has(key)) return false;
    const streak = { count: (this.#streaks.get(key)?.count ?? 0) + 1, last: reason };
    this.#streaks.set(key, streak);
    if (streak.count < this.limit) return false;
    this.#givenUp.set(key, streak);
    return true;
  }

  answered(key: string | number): void {
    this.#streaks.delete(key);
  }

  /** The streak that gave `key` up, if it was. */
  givenUp(key: string | number): { count: number; last: string } | undefined {
    return this.#givenUp.get(key);
  }
}

/** Why `item` is not asked for now (its host or its record given up, the deadline passed), or null. */
function skipOf(cache: ImageCacheRun, item: PlannedImage): { kind: SkipKind; reason: string } | null {
  if (cache.deadline.aborted) return { kind: 'deadline', reason: 'image step deadline exceeded' };
  const host = cache.hostStreaks.givenUp(item.host);
  if (host) return { kind: 'host', reason: `skipped: host ${item.host} failed ${host.count} times in a row (${host.last})` };
  const record = cache.recordStreaks.givenUp(item.record);
  if (record) {
    return { kind: 'record', reason: `skipped: ${record.count} images of the same record failed in a row (${record.last})` };
  }
  return null;
}

/**
 * Whether `error` says the host is not answering (a timeout, no connection, HTTP 5xx or 429) rather
 * than something of this one image (a 404, not an image, a refused address) or the step's deadline.
 */
function isHostFailure(error: unknown, deadline: AbortSignal): boolean {
  if (deadline.aborted || refusalIn(error) || error instanceof ImageRejected) return false;
  if (isHTTPError(error)) return error.response.status >= 500 || error.response.status === 429;
  if (error instanceof DOMException) return error.name === 'TimeoutError' || error.name === 'AbortError';
  return isTimeoutError(error) || isNetworkError(error) || error instanceof TypeError;
}

/** Counts the outcome of `item`'s request against its host and its record, and says when either is given up. */
function countOutcome(cache: ImageCacheRun, item: PlannedImage, failure: string | null): void {
  if (failure === null) {
    cache.hostStreaks.answered(item.host);
    cache.recordStreaks.answered(item.record);
    return;
  }
  if (cache.hostStreaks.failed(item.host, failure)) {
    cache.warn(
      `images of ${item.host}: ${cache.settings.hostFailureLimit} failures in a row (last: ${failure}); ` +
        'its images not asked for yet wait for the next run',
    );
  }
  if (cache.recordStreaks.failed(item.record, failure)) {
    cache.warn(
      `images of the record that names ${item.url}: ${cache.settings.recordFailureLimit} failures in a row ` +
        `(last: ${failure}); its images not asked for yet wait for the next run`,
    );
  }
}

/**
 * Brings one image into the cache; a failure keeps the cached copy or, with none, marks it failed.
 * An image that needs a request is not asked for once the deadline has passed or its host or record
 * has been given up on (skipOf): it keeps its cached copy, else is the placeholder, without a warning
 * of its own (closeImageCache counts them).
 */
async function cacheOne(cache: ImageCacheRun, item: PlannedImage): Promise<void> {
  const { entries, now, deadline } = cache;
  const { url } = item;
  const previous = await withCurrentMaster(cache, url, entries[url]);
  const isLocal = !/^https?:\/\//i.test(url);
  const skip = !isLocal && needsRequest(cache, url, previous) ? skipOf(cache, item) : null;
  if (skip) {
    cache.report.skipped[skip.kind] += 1;
    if (isUsable(cache, previous)) {
      entries[url] = { ...previous, usedAt: now().toISOString() };
      cache.skippedKept += 1;
    } else {
      delete entries[url];
      cache.report.manifest.failed[url] = skip.reason;
    }
    return;
  }
  // Set once the host has answered this image's request, whatever it answered.
  const call = { answered: false };
  try {
    const entry = isLocal ? await resolveLocal(cache, url) : await resolveRemote(cache, url, previous, call);
    entries[url] = { ...entry, usedAt: now().toISOString() };
    if (call.answered) countOutcome(cache, item, null);
  } catch (error) {
    const reason = describeImageError(error, deadline);
    if (isHostFailure(error, deadline)) countOutcome(cache, item, reason);
    else if (call.answered || isHTTPError(error)) countOutcome(cache, item, null);
    // A refused address never keeps a copy: it may date from before the check existed.
    if (isUsable(cache, previous) && !refusalIn(error)) {
      entries[url] = { ...previous, usedAt: now().toISOString() };
      cache.warn(`image ${url}: ${reason}; keeping the cached copy`);
    } else {
      delete entries[url];
      cache.report.manifest.failed[url] = reason;
      cache.warn(`image ${url}: ${reason}; the placeholder is shown instead`);
    }
  }
}

/** The manifest of this run's URLs, old entries forgotten, the index and the manifest written. */
async function closeImageCache(cache: ImageCacheRun, urls: readonly string[]): Promise<ImageCacheReport> {
  const { entries, report, options } = cache;
  await cache.guard.close();
  const { host, record, deadline } = report.skipped;
  const skipped = host + record + deadline;
  if (skipped > 0) {
    cache.warn(
      `${skipped} image(s) not asked for this run (${host} of a host given up, ${record} of a record given up, ` +
        `${deadline} after the step's deadline): ${cache.skippedKept} keep their cached copy, ` +
        `${skipped - cache.skippedKept} are the placeholder`,
    );
  }
  for (const url of urls) {
    const entry = entries[url];
    if (entry && !(url in report.manifest.failed)) {
      report.manifest.images[url] = { file: entry.file, width: entry.width, height: entry.height, format: entry.format };
    }
  }
  await forgetOld(entries, cache.now().getTime() - cache.settings.forgetAfterMs, cache.filesDir, cache.existingFiles);
  await writeJsonAtomic(options.cacheDir, INDEX_FILE, { version: INDEX_VERSION, entries });
  await writeJsonAtomic(options.cacheDir, MANIFEST_FILE, report.manifest);
  return report;
}

/**
 * Makes the master of `url`'s bytes `data` and stores it under masterKey; the same bytes are encoded
 * and written once. An animation made a still is noted in the log (not a warning: the photo is shown).
 */
async function store(
  cache: ImageCacheRun,
  url: string,
  data: Uint8Array,
): Promise<CachedImage & { bytes: number; master: number }> {
  const { byHash, existingFiles } = cache;
  const key = masterKey(data);
  const known = byHash.get(key);
  if (known && existingFiles.has(path.basename(known.file))) return { ...known, bytes: data.byteLength, master: MASTER_VERSION };
  const master = await makeMaster(data, cache.settings.maxPixels);
  if (master.firstFrameOf) {
    cache.options.logger.info(`image ${url}: an animation of ${master.firstFrameOf} frames; its first frame is shown`);
  }
  const name = `${key}.${master.format}`;
  if (!existingFiles.has(name)) {
    await writeFile(path.join(cache.filesDir, name), master.data);
    existingFiles.add(name);
  }
  const cached: CachedImage = { file: `files/${name}`, width: master.width, height: master.height, format: master.format };
  byHash.set(key, cached);
  return { ...cached, bytes: data.byteLength, master: MASTER_VERSION };
}

/**
 * An index entry as this version's master: one from before masters (its file the upstream original)
 * or of another MASTER_VERSION is made into one from its file, with no request, so a cache kept
 * across the upgrade publishes no original and loses no image. Undefined when it cannot be: the
 * URL is then fetched again like a new one.
 */
async function withCurrentMaster(
  cache: ImageCacheRun,
  url: string,
  entry: IndexEntry | undefined,
): Promise<IndexEntry | undefined> {
  if (!isUsable(cache, entry) || entry.master === MASTER_VERSION) return entry;
  try {
    const { bytes: _, ...master } = await store(cache, url, await readFile(path.join(cache.options.cacheDir, entry.file)));
    return { ...entry, ...master };
  } catch {
    return undefined;
  }
}

/** Whether an index entry's file is still in the cache. */
const isUsable = (cache: ImageCacheRun, entry: IndexEntry | undefined): entry is IndexEntry =>
  Boolean(entry && cache.existingFiles.has(path.basename(entry.file)));

/** A site-relative image of the embedded sample data, read from its local media folder. */
async function resolveLocal(cache: ImageCacheRun, url: string): Promise<IndexEntry> {
  const { settings, now } = cache;
  const root = cache.options.localRoots.find((candidate) => url.startsWith(candidate.prefix));
  const relative = root ? decodeURIComponent(url.slice(root.prefix.length).split(/[?#]/)[0] ?? '') : '';
  const file = root ? path.resolve(root.dir, relative) : '';
  if (!root || !file.startsWith(path.resolve(root.dir) + path.sep)) {
    throw new ImageRejected('site-relative URL outside the local media folders');
  }
  const type = CONTENT_TYPES[path.extname(file).toLowerCase()];
  if (!type) throw new ImageRejected(`content type of ${path.extname(file) || 'a file without extension'} unknown`);
  let data: Uint8Array;
  try {
    if ((await stat(file)).size > settings.maxBytes) throw new ImageRejected('file too large');
    data = await readFile(file);
  } catch (error) {
    if (error instanceof ImageRejected) throw error;
    throw new ImageRejected('no such local file');
  }
  const cached = await store(cache, url, data);
  cache.report.local += 1;
  return { ...cached, checkedAt: now().toISOString(), usedAt: now().toISOString() };
}

/**
 * An upstream image: the cached copy while fresh, else revalidated (with its ETag or date) or
 * downloaded; downloaded in full, without a conditional request, once its last full download is
 * refetchAfterMs old. From allowed addresses only.
 */
async function resolveRemote(
  cache: ImageCacheRun,
  url: string,
  previous: IndexEntry | undefined,
  call: { answered: boolean },
): Promise<IndexEntry> {
  const { settings, now, report } = cache;
  // Documentation hosts (RFC 2606) never serve a real image: no request, no timeout to wait for.
  if (isReservedHost(url)) throw new ImageRejected('example host (RFC 2606), not fetched');
  // Before the cache too: a copy from a host that is now refused is not published either.
  await cache.guard.check(new URL(url));
  const isDueInFull = isDueForFullDownload(previous, now(), settings.refetchAfterMs);
  if (isUsable(cache, previous) && isFresh(cache, previous)) {
    report.reused += 1;
    return previous;
  }
  const conditional: Record<string, string> = {};
  if (isUsable(cache, previous) && !isDueInFull) {
    if (previous.etag) conditional['if-none-match'] = previous.etag;
    if (previous.lastModified) conditional['if-modified-since'] = previous.lastModified;
  }
  const signal = AbortSignal.any([cache.deadline, AbortSignal.timeout(settings.totalTimeoutMs + 1000)]);
  const response = await getFollowingRedirects(cache, new URL(url), conditional, signal);
  call.answered = true;
  if (response.status === 304 && isUsable(cache, previous) && !isDueInFull) {
    report.notModified += 1;
    return { ...previous, checkedAt: now().toISOString() };
  }
  // Not Modified since nothing: no answer to a request for the whole image.
  if (response.status === 304) throw new ImageRejected('HTTP 304 Not Modified to a request for the whole image');
  checkContentType(response);
  const data = await readCapped(response, settings.maxBytes);
  const cached = await store(cache, url, data);
  report.downloaded += 1;
  const etag = response.headers.get('etag');
  const lastModified = response.headers.get('last-modified');
  return {
    ...cached,
    ...(etag ? { etag } : {}),
    ...(lastModified ? { lastModified } : {}),
    checkedAt: now().toISOString(),
    downloadedAt: now().toISOString(),
    usedAt: now().toISOString(),
  };
}

const isReservedHost = (url: string) => RESERVED_HOST.test(URL.parse(url)?.hostname ?? '');

/** Whether a cached entry is served as it is tonight: checked within revalidateAfterMs, and not due in full. */
function isFresh(cache: ImageCacheRun, entry: IndexEntry): boolean {
  const { settings, now } = cache;
  return (
    now().getTime() - Date.parse(entry.checkedAt) < settings.revalidateAfterMs &&
    !isDueForFullDownload(entry, now(), settings.refetchAfterMs)
  );
}

/** Whether a remote image takes a request tonight: not a documentation host, and no fresh cached copy. */
function needsRequest(cache: ImageCacheRun, url: string, previous: IndexEntry | undefined): boolean {
  return !isReservedHost(url) && !(isUsable(cache, previous) && isFresh(cache, previous));
}

/**
 * Whether a cached image must be downloaded in full tonight: its last full download is `refetchAfterMs`
 * old or more, or unknown (an entry from before it was kept, a date that does not parse).
 */
export function isDueForFullDownload(
  entry: Pick<IndexEntry, 'downloadedAt'> | undefined,
  now: Date,
  refetchAfterMs: number,
): boolean {
  const downloaded = entry?.downloadedAt ? Date.parse(entry.downloadedAt) : Number.NaN;
  return !Number.isFinite(downloaded) || now.getTime() - downloaded >= refetchAfterMs;
}

/** GET `start`, following up to maxRedirects redirects; every hop's address is checked before it is asked. */
async function getFollowingRedirects(
  cache: ImageCacheRun,
  start: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<Response> {
  const { maxRedirects } = cache.settings;
  let target = start;
  for (let hop = 0; ; hop += 1) {
    if (hop > 0) {
      try {
        await cache.guard.check(target);
      } catch (error) {
        if (error instanceof AddressRefused) throw new AddressRefused(`redirected to ${target.host}: ${error.message}`);
        throw error;
      }
    }
    const response = await cache.client.get(target, { headers, signal });
    if (response.status < 300 || response.status >= 400 || response.status === 304) return response;
    await response.body?.cancel();
    const location = response.headers.get('location');
    if (!location) throw new ImageRejected(`HTTP ${response.status} without a Location`);
    if (hop >= maxRedirects) throw new ImageRejected(`more than ${maxRedirects} redirects`);
    const next = URL.parse(location, target);
    if (!next || !/^https?:$/.test(next.protocol)) throw new ImageRejected(`redirected to a URL that is not http(s)`);
    target = next;
  }
}

/** Drops entries no sync named since `before`, and the files no entry names any more. */
async function forgetOld(
  entries: Record<string, IndexEntry>,
  before: number,
  filesDir: string,
  existingFiles: Set<string>,
): Promise<void> {
  for (const [url, entry] of Object.entries(entries)) {
    if (Date.parse(entry.usedAt) < before) delete entries[url];
  }
  const kept = new Set(Object.values(entries).map((entry) => path.basename(entry.file)));
  for (const name of existingFiles) {
    if (!kept.has(name)) await rm(path.join(filesDir, name), { force: true });
  }
}

function describeImageError(error: unknown, deadline: AbortSignal): string {
  if (error instanceof ImageRejected) return error.message;
  const refusal = refusalIn(error);
  if (refusal) return `refused: ${refusal.message}`;
  if (deadline.aborted) return 'image step deadline exceeded';
  if (isHTTPError(error)) return `HTTP ${error.response.status}`;
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timed out';
  return describeError(error).replace(/ \(\/.*\)$/, '');
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;
}

/**
 * Reads every snapshot file of `snapshotDir` and returns the image URLs of each record (each entry
 * of a file's list), in the order the record names them, the files in name order: cacheImages's input.
 */
async function snapshotImageRecords(snapshotDir: string): Promise<string[][]> {
  const names = (await readdir(snapshotDir)).filter((name) => name.endsWith('.json') && name !== 'status.json').sort();
  const all = await Promise.all(names.map((name) => readJson<unknown>(path.join(snapshotDir, name))));
  return all
    .flatMap((data) => (Array.isArray(data) ? data : [data]))
    .map((entry) => imageUrlsInOrder(entry))
    .filter((urls) => urls.length > 0);
}

/** The sample data's `/sample-media/...` images live in sample-data/media (not in public/: not copied to dist/). */
const SAMPLE_MEDIA_ROOT = (root: string): LocalRoot => ({
  prefix: '/sample-media/',
  dir: path.join(root, 'sample-data', 'media'),
});

/**
 * The image step of `npm run sync`: the images of the snapshot in `snapshotDir` into the cache of
 * IMAGE_CACHE_DIR, one summary line, every line through the secrets filter.
 */
export async function syncImages(options: {
  env: Env;
  root: string;
  snapshotDir: string;
  logger?: SyncLogger;
  fetch?: typeof fetch;
  /** Time limits other than IMAGE_CACHE_DEFAULTS' (tests: a deadline of seconds, not 15 minutes) and the clock. */
  limits?: Partial<Pick<ImageCacheOptions, 'deadlineMs' | 'timeoutMs' | 'totalTimeoutMs' | 'retryLimit' | 'now'>>;
}): Promise<ImageCacheReport> {
  const { secrets, upstreamOrigins } = readSyncConfig(options.env);
  const output = options.logger ?? consoleLogger;
  const logger: SyncLogger = {
    info: (message) => output.info(redact(message, secrets)),
    warn: (message) => output.warn(redact(message, secrets)),
  };
  const started = performance.now();
  const records = await snapshotImageRecords(options.snapshotDir);
  const report = await cacheImages(records, {
    ...options.limits,
    cacheDir: projectDir(options.env, 'imageCache', options.root),
    localRoots: [SAMPLE_MEDIA_ROOT(options.root)],
    allowedOrigins: upstreamOrigins,
    logger,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const count = new Set(records.flat()).size;
  const { host, record, deadline } = report.skipped;
  const skipped = host + record + deadline;
  logger.info(
    `images: ${count} in ${seconds} s: ${report.downloaded} downloaded, ${report.notModified} not modified, ` +
      `${report.reused} from the cache, ${report.local} local, ${Object.keys(report.manifest.failed).length} shown as the placeholder` +
      (skipped > 0 ? `, ${skipped} not asked for (${host} host given up, ${record} record given up, ${deadline} deadline)` : ''),
  );
  return report;
}
