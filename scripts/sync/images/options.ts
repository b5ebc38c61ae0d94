/**
 * What every part of the image step shares: its options (ImageCacheOptions), their defaults
 * (IMAGE_CACHE_DEFAULTS), the settings of one run made of both, and the error of an image refused.
 */
import type { Resolver } from '../address-guard.ts';
import type { SyncLogger } from '../log.ts';

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

/** IMAGE_CACHE_DEFAULTS, each overridden by the option of the same name. */
export type ImageSettings = Record<keyof typeof IMAGE_CACHE_DEFAULTS, number>;

/** The settings of one run: IMAGE_CACHE_DEFAULTS, each overridden by an option given. */
export function settingsOf(options: ImageCacheOptions): ImageSettings {
  return { ...IMAGE_CACHE_DEFAULTS, ...definedOnly(options) };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;
}

/** An image the cache refuses, with a one-line reason for the log. */
export class ImageRejected extends Error {
  override name = 'ImageRejected';
}
