/**
 * The order and the pace of the image step: images are asked for in the order of what matters most
 * (planImageOrder: every record's own photo, then the known good, then new gallery photos, a record's
 * first ones before its later ones), and no host takes more than its share (runQueue: a few downloads
 * at a time), and a host or a record is given up on for the run after failures in a row
 * (FailureStreaks, skipOf), so photos on a host that never answers cannot use the whole deadline.
 */
import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import { refusalIn } from '../address-guard.ts';
import { IMAGE_CACHE_DEFAULTS, ImageRejected } from './options.ts';

/** Why an image was not asked for this run. */
export type SkipKind = 'host' | 'record' | 'deadline';

/** One record's image URLs in the order it shows them, its own photo first (imageUrlsInOrder). */
export type RecordImages = readonly string[];

/** Where an image ranks in the step's order (planImageOrder), first to last. */
const IMAGE_TIERS = ['cover', 'cached', 'first', 'later'] as const;
type ImageTier = (typeof IMAGE_TIERS)[number];

/** An image of the step's queue: where it ranks, and the host and the record its failures count against. */
export interface PlannedImage {
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
 * Runs `work` over `queue` in its order, `concurrency` at a time and at most `hostConcurrency` from
 * one host: the next image is the first in the queue whose host has a free slot, so a host whose
 * requests hang holds its share of the slots, and the other hosts' images go on in the rest. The
 * site-relative images (host '') are files on disk, which never hang: they may take every slot.
 * `work` settles every image it is given, its failures included: it never rejects.
 */
export async function runQueue(
  queue: readonly PlannedImage[],
  settings: { concurrency: number; hostConcurrency: number },
  work: (item: PlannedImage) => Promise<void>,
): Promise<void> {
  const total = Math.max(1, Math.trunc(settings.concurrency));
  const perHost = Math.max(1, Math.trunc(settings.hostConcurrency));
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
        work(item).finally(() => {
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

/** What the pace of one run keeps: the step's deadline, the failures in a row of each host and record, its warnings. */
export interface Pace {
  /** The whole image step's deadline. */
  deadline: AbortSignal;
  /** Failures in a row of each host, and of each record (by its index in the queue's records). */
  hostStreaks: FailureStreaks;
  recordStreaks: FailureStreaks;
  warn: (message: string) => void;
}

/**
 * Failures in a row per key (a host, a record), counted as requests finish; at `limit` the key is
 * given up on for the rest of the run. An answer starts the count again; a request the deadline cut
 * or an image never asked for counts neither way.
 */
export class FailureStreaks {
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
export function skipOf(cache: Pace, item: PlannedImage): { kind: SkipKind; reason: string } | null {
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
export function isHostFailure(error: unknown, deadline: AbortSignal): boolean {
  if (deadline.aborted || refusalIn(error) || error instanceof ImageRejected) return false;
  if (isHTTPError(error)) return error.response.status >= 500 || error.response.status === 429;
  if (error instanceof DOMException) return error.name === 'TimeoutError' || error.name === 'AbortError';
  return isTimeoutError(error) || isNetworkError(error) || error instanceof TypeError;
}

/** Counts the outcome of `item`'s request against its host and its record, and says when either is given up. */
export function countOutcome(cache: Pace, item: PlannedImage, failure: string | null): void {
  if (failure === null) {
    cache.hostStreaks.answered(item.host);
    cache.recordStreaks.answered(item.record);
    return;
  }
  if (cache.hostStreaks.failed(item.host, failure)) {
    cache.warn(
      `images of ${item.host}: ${cache.hostStreaks.limit} failures in a row (last: ${failure}); ` +
        'its images not asked for yet wait for the next run',
    );
  }
  if (cache.recordStreaks.failed(item.record, failure)) {
    cache.warn(
      `images of the record that names ${item.url}: ${cache.recordStreaks.limit} failures in a row ` +
        `(last: ${failure}); its images not asked for yet wait for the next run`,
    );
  }
}
