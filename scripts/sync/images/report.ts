/**
 * What the image step reports: its counts (ImageCacheReport), why an image failed in words
 * (describeImageError), and the lines that sum a run up for the log.
 */
import { isHTTPError } from 'ky';
import { refusalIn } from '../address-guard.ts';
import { describeError } from '../http.ts';
import { type ImageManifest, INDEX_VERSION } from './cache-index.ts';
import { ImageRejected } from './options.ts';
import type { SkipKind } from './schedule.ts';

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

/** A report with nothing counted yet, and an empty manifest. */
export function emptyReport(): ImageCacheReport {
  return {
    manifest: { version: INDEX_VERSION, images: {}, failed: {} },
    downloaded: 0,
    notModified: 0,
    reused: 0,
    local: 0,
    skipped: { host: 0, record: 0, deadline: 0 },
    warnings: [],
  };
}

/** Why an image failed, in one line for the log and the manifest (a refusal, a status, a timeout). */
export function describeImageError(error: unknown, deadline: AbortSignal): string {
  if (error instanceof ImageRejected) return error.message;
  const refusal = refusalIn(error);
  if (refusal) return `refused: ${refusal.message}`;
  if (deadline.aborted) return 'image step deadline exceeded';
  if (isHTTPError(error)) return `HTTP ${error.response.status}`;
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timed out';
  return describeError(error).replace(/ \(\/.*\)$/, '');
}

/**
 * The warning of the images not asked for this run (skipOf), by why, and how many of them keep their
 * cached copy (`kept`); null when every image was asked for.
 */
export function skippedWarning(report: ImageCacheReport, kept: number): string | null {
  const { host, record, deadline } = report.skipped;
  const skipped = host + record + deadline;
  if (skipped === 0) return null;
  return (
    `${skipped} image(s) not asked for this run (${host} of a host given up, ${record} of a record given up, ` +
    `${deadline} after the step's deadline): ${kept} keep their cached copy, ` +
    `${skipped - kept} are the placeholder`
  );
}

/** The step's one summary line: how many images, in how long, and what became of them. */
export function summaryLine(report: ImageCacheReport, count: number, seconds: string): string {
  const { host, record, deadline } = report.skipped;
  const skipped = host + record + deadline;
  return (
    `images: ${count} in ${seconds} s: ${report.downloaded} downloaded, ${report.notModified} not modified, ` +
    `${report.reused} from the cache, ${report.local} local, ${Object.keys(report.manifest.failed).length} shown as the placeholder` +
    (skipped > 0 ? `, ${skipped} not asked for (${host} host given up, ${record} record given up, ${deadline} deadline)` : '')
  );
}
