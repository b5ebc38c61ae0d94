/**
 * The read of one collection: its source asked (the upstream or the sample data), its records
 * normalised, and what became of those that could not be kept as they came (fetchEntries).
 */
import type { Env } from '../../../src/lib/config.ts';
import { DEFAULT_PAGE_SIZE_LIMITS, parseBytes } from '../../verify/sizes.ts';
import { type CollectionSpec, sourceBaseUrl } from '../collections.ts';
import { type ByteBudget, DEFAULT_HTTP_OPTIONS, tooManyRecords } from '../http.ts';
import type { RecordNote } from '../normalise/context.ts';
import { noteForReport } from '../notes.ts';
import type { SourceContext } from '../sources.ts';
import type { Mode, SyncRun } from './start.ts';

/** What became of the records a source gave this time. */
export interface RecordsSeen {
  /** Records the source gave (0 when it failed). */
  received: number;
  /** Records that could not be made valid. */
  dropped: RecordNote[];
  /** Records kept after a repair (a field cut, refused or replaced by its fallback), one note per repair. */
  repaired: RecordNote[];
  /** Why the source's read stopped short this time (a later page failed), or null; see syncCollection. */
  partial: string | null;
}

/**
 * The gate's limit for the page of one record, as `npm run verify` reads it (VERIFY_MAX_PAGE_BYTES,
 * else its default): the sync drops a record whose page would pass it. A value the gate cannot read
 * makes the gate refuse to start anyway; the sync then keeps the default.
 */
export function recordPageLimit(env: Env): number {
  const text = env.VERIFY_MAX_PAGE_BYTES?.trim();
  return (text && parseBytes(text)) || DEFAULT_PAGE_SIZE_LIMITS.recordPage;
}

/**
 * Reads one collection from `mode` and normalises it: the valid entries and what became of the rest.
 * Its answers together may not pass HttpOptions.maxCollectionBytes (a BudgetExceededError fails it).
 */
export async function fetchEntries(run: SyncRun, spec: CollectionSpec, mode: Mode) {
  const { clean } = run;
  let partial: string | null = null;
  const budget: ByteBudget = { limit: run.options.http?.maxCollectionBytes ?? DEFAULT_HTTP_OPTIONS.maxCollectionBytes, used: 0 };
  const context: SourceContext = {
    ...run.contextFor(spec.source, mode, budget),
    note: (message, kind) => {
      if (kind === 'partial') partial = clean(message);
      else run.warn(`${spec.source} ${spec.name}: ${message}`);
    },
  };
  const records = await spec.fetch(context, mode === 'upstream' ? run.config : run.sample);
  // Each answer's lists are counted before parsing (readJson); this counts a paged read's pages together.
  const { maxRecords } = context.httpOptions;
  if (records.length > maxRecords) throw tooManyRecords(records.length, maxRecords);
  // The sample data's images are site-relative files of sample-data/media: no base for them.
  const baseUrl = mode === 'upstream' ? sourceBaseUrl(spec.source, run.config) : null;
  const { entries, dropped, repaired } = await run.normaliseInTurn(() =>
    spec.normalise(records, run.config, {
      baseUrl,
      now: run.now(),
      siteUrl: run.config.site.siteUrl,
      timeZone: run.config.site.timeZone,
      pageBytes: recordPageLimit(run.options.env),
      secrets: run.secrets,
    }),
  );
  const cleaned = (notes: RecordNote[]) => notes.map((note) => noteForReport(note, run.secrets));
  return {
    received: records.length,
    entries,
    dropped: cleaned(dropped),
    repaired: cleaned(repaired),
    partial: partial as string | null,
  };
}
