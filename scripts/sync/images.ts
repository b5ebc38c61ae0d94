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
import ky, { isHTTPError, type KyInstance } from 'ky';
import pLimit from 'p-limit';
import sharp, { type Metadata } from 'sharp';
import type { Env } from '../../src/lib/config.ts';
import { collectImageUrls, FULL_WIDTH } from '../../src/lib/images.ts';
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
export interface CachedImage {
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
export interface LocalRoot {
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
  /** Bound on the whole step; images not reached by then keep their cached copy or get the placeholder. */
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
  warnings: string[];
}

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
export interface Master {
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

/**
 * Brings every URL of `urls` into the cache and writes the manifest the build reads. Never
 * throws for an image: a failure keeps the cached copy (a stale photo beats a grey box) or, with
 * none, leaves the URL out of the manifest so the page shows the placeholder; each is a warning.
 */
export async function cacheImages(urls: readonly string[], options: ImageCacheOptions): Promise<ImageCacheReport> {
  const cache = await openImageCache(options);
  const unique = [...new Set(urls)];
  await pLimit(Math.max(1, Math.trunc(cache.settings.concurrency))).map(unique, (url) => cacheOne(cache, url));
  return closeImageCache(cache, unique);
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
    guard,
    client,
  };
}

/** Brings one URL into the cache; a failure keeps the cached copy or, with none, marks it failed. */
async function cacheOne(cache: ImageCacheRun, url: string): Promise<void> {
  const { entries, now, deadline } = cache;
  const previous = await withCurrentMaster(cache, url, entries[url]);
  try {
    if (deadline.aborted) throw new ImageRejected('image step deadline exceeded');
    const isLocal = !/^https?:\/\//i.test(url);
    const entry = isLocal ? await resolveLocal(cache, url) : await resolveRemote(cache, url, previous);
    entries[url] = { ...entry, usedAt: now().toISOString() };
  } catch (error) {
    const reason = describeImageError(error, deadline);
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
async function resolveRemote(cache: ImageCacheRun, url: string, previous: IndexEntry | undefined): Promise<IndexEntry> {
  const { settings, now, report } = cache;
  // Documentation hosts (RFC 2606) never serve a real image: no request, no timeout to wait for.
  if (RESERVED_HOST.test(new URL(url).hostname)) throw new ImageRejected('example host (RFC 2606), not fetched');
  // Before the cache too: a copy from a host that is now refused is not published either.
  await cache.guard.check(new URL(url));
  const age = previous ? now().getTime() - Date.parse(previous.checkedAt) : Number.POSITIVE_INFINITY;
  const isDueInFull = isDueForFullDownload(previous, now(), settings.refetchAfterMs);
  if (isUsable(cache, previous) && age < settings.revalidateAfterMs && !isDueInFull) {
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

/** Reads every snapshot file of `snapshotDir` and returns the image URLs they name. */
export async function snapshotImageUrls(snapshotDir: string): Promise<string[]> {
  const names = (await readdir(snapshotDir)).filter((name) => name.endsWith('.json') && name !== 'status.json');
  const all = await Promise.all(names.map((name) => readJson<unknown>(path.join(snapshotDir, name))));
  return collectImageUrls(all);
}

/** The sample data's `/sample-media/...` images live in sample-data/media (not in public/: not copied to dist/). */
export const SAMPLE_MEDIA_ROOT = (root: string): LocalRoot => ({
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
}): Promise<ImageCacheReport> {
  const { secrets, upstreamOrigins } = readSyncConfig(options.env);
  const output = options.logger ?? consoleLogger;
  const logger: SyncLogger = {
    info: (message) => output.info(redact(message, secrets)),
    warn: (message) => output.warn(redact(message, secrets)),
  };
  const started = performance.now();
  const urls = await snapshotImageUrls(options.snapshotDir);
  const report = await cacheImages(urls, {
    cacheDir: projectDir(options.env, 'imageCache', options.root),
    localRoots: [SAMPLE_MEDIA_ROOT(options.root)],
    allowedOrigins: upstreamOrigins,
    logger,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  logger.info(
    `images: ${urls.length} in ${seconds} s: ${report.downloaded} downloaded, ${report.notModified} not modified, ` +
      `${report.reused} from the cache, ${report.local} local, ${Object.keys(report.manifest.failed).length} shown as the placeholder`,
  );
  return report;
}
