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
 * This module puts the step together; each part has a module of its own:
 *   options.ts      the options, their defaults (IMAGE_CACHE_DEFAULTS) and ImageRejected
 *   schedule.ts     the order images are asked for in, a host's share, failures in a row (planImageOrder, runQueue)
 *   fetch.ts        the requests: allowed addresses only, redirects hop by hop, a capped body
 *   encode.ts       the master each image becomes (makeMaster): the build can always encode it, no metadata
 *   cache-index.ts  the cache folder: its index, its master files and the manifest the build reads
 *   report.ts       the counts, the reasons in words and the summary lines
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isHTTPError } from 'ky';
import type { Env } from '../../../src/lib/config.ts';
import { imageUrlsInOrder } from '../../../src/lib/images.ts';
import { projectDir } from '../../../src/lib/project-dirs.ts';
import { refusalIn } from '../address-guard.ts';
import { readSyncConfig } from '../config.ts';
import { consoleLogger, redact, type SyncLogger } from '../log.ts';
import {
  type CacheFolder,
  type IndexEntry,
  isDueForFullDownload,
  isFresh,
  isUsable,
  openCacheFolder,
  readJson,
  storeMaster,
  withCurrentMaster,
  writeCacheFolder,
} from './cache-index.ts';
import { checkContentType, createImageHttp, getFollowingRedirects, type ImageHttp, isReservedHost, readCapped } from './fetch.ts';
import { type ImageCacheOptions, ImageRejected, type ImageSettings, type LocalRoot, settingsOf } from './options.ts';
import { describeImageError, emptyReport, type ImageCacheReport, skippedWarning, summaryLine } from './report.ts';
import {
  countOutcome,
  FailureStreaks,
  isHostFailure,
  type Pace,
  type PlannedImage,
  planImageOrder,
  type RecordImages,
  runQueue,
  skipOf,
} from './schedule.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
};

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
  await runQueue(queue, cache.settings, (item) =>
    cacheOne(cache, item).catch((error: unknown) =>
      cache.warn(`image ${item.url}: ${describeImageError(error, cache.deadline)}`),
    ),
  );
  return closeImageCache(
    cache,
    queue.map((item) => item.url),
  );
}

/** One run of the image cache: its settings, its cache folder, its pace, its HTTP client and its report. */
interface ImageCacheRun extends CacheFolder, Pace, ImageHttp {
  options: ImageCacheOptions;
  settings: ImageSettings;
  now: () => Date;
  report: ImageCacheReport;
  /** Images not asked for that kept their cached copy. */
  skippedKept: number;
}

/** Reads the cache folder, and sets up the address guard and the HTTP client every download goes through. */
async function openImageCache(options: ImageCacheOptions): Promise<ImageCacheRun> {
  const settings = settingsOf(options);
  const folder = await openCacheFolder(options.cacheDir);
  const report = emptyReport();
  return {
    ...folder,
    ...createImageHttp(options, settings),
    options,
    settings,
    now: options.now ?? (() => new Date()),
    report,
    warn: (message) => {
      report.warnings.push(message);
      options.logger.warn(message);
    },
    deadline: AbortSignal.timeout(settings.deadlineMs),
    hostStreaks: new FailureStreaks(settings.hostFailureLimit),
    recordStreaks: new FailureStreaks(settings.recordFailureLimit),
    skippedKept: 0,
  };
}

/** What encoding a master takes from a run: its pixel limit and its log. */
const encodingOf = (cache: ImageCacheRun) => ({ maxPixels: cache.settings.maxPixels, logger: cache.options.logger });

/**
 * Brings one image into the cache; a failure keeps the cached copy or, with none, marks it failed.
 * An image that needs a request is not asked for once the deadline has passed or its host or record
 * has been given up on (skipOf): it keeps its cached copy, else is the placeholder, without a warning
 * of its own (closeImageCache counts them).
 */
async function cacheOne(cache: ImageCacheRun, item: PlannedImage): Promise<void> {
  const { entries, now, deadline } = cache;
  const { url } = item;
  const previous = await withCurrentMaster(cache, url, entries[url], encodingOf(cache));
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
  const { entries, report } = cache;
  await cache.guard.close();
  const skipped = skippedWarning(report, cache.skippedKept);
  if (skipped) cache.warn(skipped);
  for (const url of urls) {
    const entry = entries[url];
    if (entry && !(url in report.manifest.failed)) {
      report.manifest.images[url] = { file: entry.file, width: entry.width, height: entry.height, format: entry.format };
    }
  }
  await writeCacheFolder(cache, report.manifest, cache.now().getTime() - cache.settings.forgetAfterMs);
  return report;
}

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
  const cached = await storeMaster(cache, url, data, encodingOf(cache));
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
  if (isUsable(cache, previous) && isFresh(previous, now, settings)) {
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
  const cached = await storeMaster(cache, url, data, encodingOf(cache));
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

/** Whether a remote image takes a request tonight: not a documentation host, and no fresh cached copy. */
function needsRequest(cache: ImageCacheRun, url: string, previous: IndexEntry | undefined): boolean {
  return !isReservedHost(url) && !(isUsable(cache, previous) && isFresh(previous, cache.now, cache.settings));
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
  logger.info(summaryLine(report, count, seconds));
  return report;
}
