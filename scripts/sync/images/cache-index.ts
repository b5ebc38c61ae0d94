/**
 * The cache folder of the image step (IMAGE_CACHE_DIR, default `.cache/images`): its index, its
 * master files and the manifest the build reads.
 *   files/<sha256>.<ext>   the masters, named by their source's content (two URLs with the same bytes share one)
 *   index.json             per URL: file, size, ETag / Last-Modified, when checked, last downloaded in full and last used
 *   manifest.json          the images of the last sync: URL → file, and the URLs that failed
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SyncLogger } from '../log.ts';
import { writeJsonAtomic } from '../snapshot.ts';
import { MASTER_VERSION, type MasterFormat, makeMaster, masterKey } from './encode.ts';
import type { ImageSettings } from './options.ts';

const MANIFEST_FILE = 'manifest';
const INDEX_FILE = 'index';
export const INDEX_VERSION = 1;

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

export interface IndexEntry extends CachedImage {
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

/** The cache folder as one run holds it: the index read from disk, the files it has, the masters by source. */
export interface CacheFolder {
  cacheDir: string;
  filesDir: string;
  /** The index: one entry per URL, written back at the end (writeCacheFolder). */
  entries: Record<string, IndexEntry>;
  existingFiles: Set<string>;
  /** Masters by masterKey of their source: bytes already in the cache are not encoded again. */
  byHash: Map<string, CachedImage>;
}

export async function readJson<T>(file: string): Promise<T | undefined> {
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

/** Reads the index of `cacheDir` and the files it holds (the folder made when there is none). */
export async function openCacheFolder(cacheDir: string): Promise<CacheFolder> {
  const filesDir = path.join(cacheDir, 'files');
  await mkdir(filesDir, { recursive: true });
  const stored = await readJson<ImageIndex>(path.join(cacheDir, `${INDEX_FILE}.json`));
  const entries: Record<string, IndexEntry> = stored?.version === INDEX_VERSION ? { ...stored.entries } : {};
  return {
    cacheDir,
    filesDir,
    entries,
    existingFiles: new Set(await readdir(filesDir)),
    byHash: new Map<string, CachedImage>(
      Object.values(entries)
        .filter((entry) => entry.master === MASTER_VERSION)
        .map(({ file, width, height, format }) => [path.basename(file).split('.')[0] ?? '', { file, width, height, format }]),
    ),
  };
}

/** Old entries forgotten (forgetOld), then the index and `manifest` written. */
export async function writeCacheFolder(folder: CacheFolder, manifest: ImageManifest, before: number): Promise<void> {
  await forgetOld(folder.entries, before, folder.filesDir, folder.existingFiles);
  await writeJsonAtomic(folder.cacheDir, INDEX_FILE, { version: INDEX_VERSION, entries: folder.entries });
  await writeJsonAtomic(folder.cacheDir, MANIFEST_FILE, manifest);
}

/**
 * Makes the master of `url`'s bytes `data` and stores it under masterKey; the same bytes are encoded
 * and written once. An animation made a still is noted in the log (not a warning: the photo is shown).
 */
export async function storeMaster(
  cache: CacheFolder,
  url: string,
  data: Uint8Array,
  { maxPixels, logger }: { maxPixels: number; logger: SyncLogger },
): Promise<CachedImage & { bytes: number; master: number }> {
  const { byHash, existingFiles } = cache;
  const key = masterKey(data);
  const known = byHash.get(key);
  if (known && existingFiles.has(path.basename(known.file))) return { ...known, bytes: data.byteLength, master: MASTER_VERSION };
  const master = await makeMaster(data, maxPixels);
  if (master.firstFrameOf) {
    logger.info(`image ${url}: an animation of ${master.firstFrameOf} frames; its first frame is shown`);
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
export async function withCurrentMaster(
  cache: CacheFolder,
  url: string,
  entry: IndexEntry | undefined,
  encoding: { maxPixels: number; logger: SyncLogger },
): Promise<IndexEntry | undefined> {
  if (!isUsable(cache, entry) || entry.master === MASTER_VERSION) return entry;
  try {
    const { bytes: _, ...master } = await storeMaster(
      cache,
      url,
      await readFile(path.join(cache.cacheDir, entry.file)),
      encoding,
    );
    return { ...entry, ...master };
  } catch {
    return undefined;
  }
}

/** Whether an index entry's file is still in the cache. */
export const isUsable = (cache: CacheFolder, entry: IndexEntry | undefined): entry is IndexEntry =>
  Boolean(entry && cache.existingFiles.has(path.basename(entry.file)));

/** Whether a cached entry is served as it is tonight: checked within revalidateAfterMs, and not due in full. */
export function isFresh(
  entry: IndexEntry,
  now: () => Date,
  settings: Pick<ImageSettings, 'revalidateAfterMs' | 'refetchAfterMs'>,
): boolean {
  return (
    now().getTime() - Date.parse(entry.checkedAt) < settings.revalidateAfterMs &&
    !isDueForFullDownload(entry, now(), settings.refetchAfterMs)
  );
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
