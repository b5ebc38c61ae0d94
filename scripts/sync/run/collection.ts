/**
 * One collection settled (syncCollection): read and published, or, when the read fails or is held,
 * its last good snapshot kept, or with none its fallback (fallBack).
 */
import type { CollectionProblem, CollectionStatus, Origin } from '../../../src/lib/schemas/index.ts';
import { AnotherCityError, type CollectionSpec, FALLBACK_CITY } from '../collections.ts';
import { type EntryIndex, indexEntries } from '../diff.ts';
import { DEFAULT_HTTP_OPTIONS, describeError, failureKind, overBudget } from '../http.ts';
import { jsonBytes, readPreviousEntries } from '../snapshot.ts';
import { baselineOf, fillFromSnapshot, idsGone, isSyncGrowth, SYNC_GROWTH } from './last-good.ts';
import { fetchEntries, type RecordsSeen } from './read.ts';
import type { CollectionReport } from './report.ts';
import { isConfigured, type Mode, type SyncRun } from './start.ts';

/** A collection whose read is not published: its last good snapshot stays (a shrink, a sudden growth). */
class HeldError extends Error {
  override name = 'HeldError';
  readonly problem: CollectionProblem;
  constructor(message: string, problem: CollectionProblem) {
    super(message);
    this.problem = problem;
  }
}

/** What syncCollection settles of a collection's status; the rest is known once it is published. */
type SettledStatus = Pick<
  CollectionStatus,
  'origin' | 'goodOrigin' | 'count' | 'failed' | 'error' | 'syncedAt' | 'problem' | 'baseline' | 'checkedAgainst'
>;
type StatusReport = (status: SettledStatus, records: RecordsSeen) => CollectionReport;

/** A collection once its source has been read (or has failed): what it publishes, before its links to the portal are settled. */
export interface Settled {
  spec: CollectionSpec;
  report: CollectionReport;
  entries: { id: string }[];
  /** The entries of the snapshot the sync started from, by id; null when it had none (publish diffs against it). */
  previous: EntryIndex | null;
}

/**
 * One collection: read, or, when that fails or is refused, its last good snapshot kept, or with none
 * its fallback (fallBack). Written by runSync once every collection is settled.
 *
 * Against its last good snapshot from the upstream (`last`), a read is refused when it is less than
 * half of its baseline (baselineOf; --allow-shrink publishes it) or a sudden growth over `last`
 * (SYNC_GROWTH; --allow-growth publishes it), and one cut short by a failed page is filled from it
 * (fillFromSnapshot). The status keeps the baseline for the next sync: the count published, or after
 * a sudden growth published on purpose the baseline from before it, until a later night confirms
 * the growth. A collection whose entries would pass the byte budget in the snapshot keeps its last
 * good snapshot too.
 */
export async function syncCollection(run: SyncRun, spec: CollectionSpec): Promise<Settled> {
  const { options, now, warn } = run;
  const mode: Mode = isConfigured(run, spec.source) ? 'upstream' : 'sample';
  const previous = run.previousStatus.get(spec.name);
  const report: StatusReport = (status, records) => ({
    id: spec.name,
    source: spec.source,
    ...status,
    ...records,
    diff: null,
    hidden: [],
  });

  const stored = await readPreviousEntries(options.outDir, spec);
  // Compared with the last good snapshot only when both come from the upstream: the sample data's
  // ids and counts say nothing about the upstream's.
  const last = mode === 'upstream' && (previous?.goodOrigin ?? 'upstream') === 'upstream' ? stored : null;
  const baseline = last ? baselineOf(previous, last.length) : null;

  let records: RecordsSeen = { received: 0, dropped: [], repaired: [], partial: null };
  try {
    const { entries: read, ...seen } = await fetchEntries(run, spec, mode);
    records = seen;
    const { partial } = seen;
    const { entries, filled } = partial && last ? fillFromSnapshot(read, last) : { entries: read, filled: 0 };
    if (last && baseline !== null) {
      const count = entries.length;
      const grew = isSyncGrowth(last.length, count);
      if (!options.allowShrink && count * 2 < baseline) {
        const before =
          baseline < last.length ? `${baseline}, the last good count before a sudden growth (${last.length} now)` : `${baseline}`;
        throw new HeldError(
          `${count} valid records (${seen.received} received), less than half of the last good ${before}; not published (use --allow-shrink if this is intended)`,
          { code: 'shrink', count, previous: baseline },
        );
      }
      if (!options.allowGrowth && grew) {
        throw new HeldError(
          `${count} valid records (${seen.received} received), over ${SYNC_GROWTH.factor} times and over ${SYNC_GROWTH.entries} more than the last good ${last.length}; not published (use --allow-growth if this is intended)`,
          { code: 'growth', count, previous: last.length },
        );
      }
    }
    const { maxCollectionBytes } = { ...DEFAULT_HTTP_OPTIONS, ...options.http };
    if (jsonBytes(entries) > maxCollectionBytes) throw overBudget('its snapshot would take', maxCollectionBytes);
    const gone = last ? idsGone(last, entries) : 0;
    let problem: CollectionProblem | null = null;
    // The count check above cannot see an upstream that swapped its records (another city's list,
    // ids renumbered by a migration): every old page would go and every link to it break. It is
    // said, not refused, since the data may be right; a real shrink already has its own message.
    if (last && entries.length * 2 >= last.length && gone * 2 > last.length) {
      warn(
        `${spec.source} ${spec.name}: ids replaced: ${gone} of the ${last.length} ids of the last good snapshot are gone (${entries.length} records now); published anyway, check the upstream if this was not intended`,
      );
      problem = { code: 'ids-replaced', gone, previous: last.length };
    }
    if (partial && last) {
      warn(
        `${spec.source} ${spec.name}: ${partial}; publishing the ${read.length} valid records read and the ${filled} of the last good snapshot that were not read`,
      );
      problem = { code: 'partial-filled', count: read.length, filled };
    } else if (partial) {
      warn(`${spec.source} ${spec.name}: ${partial}; publishing the ${entries.length} valid records read`);
      problem = { code: 'partial', count: entries.length };
    }
    // A sudden growth published on purpose is measured against the count before it until a later
    // night confirms it (is no sudden growth over it): then the next good night is never held as
    // 'less than half' of a flood.
    const nextBaseline = last && baseline !== null && isSyncGrowth(last.length, entries.length) ? baseline : entries.length;
    return {
      spec,
      entries,
      previous: stored && indexEntries(spec.name, stored),
      report: report(
        {
          origin: mode,
          goodOrigin: mode,
          count: entries.length,
          failed: false,
          error: null,
          syncedAt: now().toISOString(),
          problem,
          baseline: mode === 'upstream' ? nextBaseline : null,
          checkedAgainst: baseline,
        },
        records,
      ),
    };
  } catch (error) {
    const reason = run.clean(describeError(error));
    const problem = problemOf(error);
    if (!stored) return fallBack(run, spec, { reason, problem }, records, report);
    warn(`${spec.source} ${spec.name}: ${reason}; keeping the last good snapshot (${stored.length} records)`);
    return {
      spec,
      entries: stored,
      previous: indexEntries(spec.name, stored),
      report: report(
        {
          origin: 'snapshot',
          goodOrigin: previous?.goodOrigin ?? 'upstream',
          count: stored.length,
          failed: true,
          error: reason,
          syncedAt: previous?.syncedAt ?? null,
          problem,
          baseline,
          checkedAgainst: baseline,
        },
        records,
      ),
    };
  }
}

/** What an editor is told of a collection that could not be refreshed (src/lib/status/messages.ts). */
function problemOf(error: unknown): CollectionProblem {
  if (error instanceof HeldError) return error.problem;
  if (error instanceof AnotherCityError) return { code: 'another-city', found: error.found };
  return { code: 'unavailable', ...failureKind(error) };
}

/** A failed collection with no last good snapshot: the sample data, the fallback city, or published empty. */
async function fallBack(
  run: SyncRun,
  spec: CollectionSpec,
  { reason, problem }: { reason: string; problem: CollectionProblem },
  records: RecordsSeen,
  report: StatusReport,
): Promise<Settled> {
  let entries: { id: string }[] = [];
  let origin: Origin = 'none';
  if (spec.fallback === 'sample') {
    try {
      entries = (await fetchEntries(run, spec, 'sample')).entries;
      origin = 'sample';
    } catch (sampleError) {
      run.warn(`${spec.source} ${spec.name}: the sample data cannot be read either: ${describeError(sampleError)}`);
    }
  } else if (spec.fallback === 'fallback-city') {
    entries = [FALLBACK_CITY(run.config)];
  }
  const outcome =
    origin === 'sample'
      ? 'using the sample data'
      : spec.fallback === 'fallback-city'
        ? 'using the fallback city'
        : 'publishing it empty';
  run.warn(`${spec.source} ${spec.name}: ${reason}; no last good snapshot, ${outcome}`);
  return {
    spec,
    entries,
    previous: null,
    report: report(
      {
        origin,
        goodOrigin: origin,
        count: entries.length,
        failed: true,
        error: reason,
        syncedAt: origin === 'sample' ? run.now().toISOString() : null,
        problem,
        baseline: null,
        checkedAgainst: null,
      },
      records,
    ),
  };
}
