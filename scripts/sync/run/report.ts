/**
 * What a sync run reports: per collection (CollectionReport), for the whole run (SyncReport), one
 * warning per record dropped or repaired (recordNotes) and the summary table of the log (formatSummary).
 */
import type { CollectionStatus, HiddenRecord } from '../../../src/lib/schemas/index.ts';
import type { CollectionDiff } from '../diff.ts';
import type { RecordsSeen } from './read.ts';
import type { SyncRun } from './start.ts';

export interface CollectionReport extends Omit<CollectionStatus, 'dropped' | 'repaired' | 'changes' | 'hidden'>, RecordsSeen {
  /** What it publishes against the snapshot the sync started from; null when that had no such collection. */
  diff: CollectionDiff | null;
  /** The records it publishes that the lists leave out (hiddenRecords). */
  hidden: HiddenRecord[];
}

export interface SyncReport {
  collections: CollectionReport[];
  /** status.json as written: each collection's status, with its changes and record notes for the editors. */
  statuses: CollectionStatus[];
  /** A source or collection that failed, fell back or was refused. */
  warnings: string[];
  /** One line per record dropped or repaired ('cityApi tours: dropped record "../x": id: …'); warnings too. */
  recordWarnings: string[];
}

/** Record notes printed per collection and kind; the report keeps every one. */
const LOGGED_NOTES = 20;

/**
 * One warning per record dropped or repaired: the nightly job's summary counts them, and each says
 * why. The log shows the first few of each collection; the returned list keeps them all.
 */
export function recordNotes(run: SyncRun, collections: readonly CollectionReport[]): string[] {
  const lines: string[] = [];
  for (const collection of collections) {
    for (const [what, notes] of [
      ['dropped', collection.dropped],
      ['repaired', collection.repaired],
    ] as const) {
      notes.forEach((record, index) => {
        const line = `${collection.source} ${collection.id}: ${what} record ${record.id}: ${record.reason}`;
        lines.push(run.clean(line));
        if (index < LOGGED_NOTES) run.logger.warn(line);
      });
      if (notes.length > LOGGED_NOTES)
        run.logger.warn(`${collection.source} ${collection.id}: and ${notes.length - LOGGED_NOTES} more ${what}`);
    }
  }
  return lines;
}

/** The summary table: per collection, records received, kept and dropped, and where they came from. */
export function formatSummary(collections: readonly CollectionReport[]): string {
  const rows = [
    ['collection', 'source', 'from', 'received', 'kept', 'dropped', 'repaired', 'note'],
    ...collections.map((collection) => [
      collection.id,
      collection.source,
      collection.origin === 'snapshot' ? 'last good snapshot' : collection.origin === 'none' ? 'fallback' : collection.origin,
      String(collection.received),
      String(collection.count),
      String(collection.dropped.length),
      String(new Set(collection.repaired.map((record) => record.id)).size),
      collection.error ?? (collection.partial ? `partial read: ${collection.partial}` : ''),
    ]),
  ];
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
