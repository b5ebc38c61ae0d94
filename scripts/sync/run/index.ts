/**
 * The sync: every collection from its configured upstream (or the embedded sample data), each
 * record validated and sanitised, written to the snapshot; a failing source keeps its last good
 * snapshot and the run goes on. What the deploy gate would refuse the whole site for is caught here
 * per record (a page over its byte limit, a secret in any form: normalise/records.ts) and per
 * collection (a shrink, a sudden growth, a byte budget passed: syncCollection), so that one record
 * or one collection never stops the others from being published.
 *
 * This module puts the run together; each part has a module of its own:
 *   start.ts       the options, the configuration, the secrets filter and the clients (startRun)
 *   read.ts        the read of one collection from its source, normalised (fetchEntries)
 *   last-good.ts   what a read is measured against: the baseline, a sudden growth, the pages not read
 *   collection.ts  one collection settled: published, held, kept from its last good snapshot, or its fallback
 *   publish.ts     the collections written, their links to the portal settled, and status.json's lines
 *   report.ts      the run's report, the record warnings and the summary table
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { SNAPSHOT_VERSION } from '../../../src/lib/snapshot-migrations.ts';
import { REFUSAL_FILE } from '../../../src/lib/status/refusal.ts';
import { COLLECTIONS } from '../collections.ts';
import { migrateSnapshotDir, removeStaleTemporaries, STATUS_FILE } from '../snapshot.ts';
import { syncCollection } from './collection.ts';
import { publish, statusLine } from './publish.ts';
import { formatSummary, recordNotes, type SyncReport } from './report.ts';
import { type SyncOptions, startRun, warnPartialPodcast } from './start.ts';

export async function runSync(options: SyncOptions): Promise<SyncReport> {
  // The last good snapshot in the current format before anything reads it (a dry run reads an older one in memory).
  const migratedFrom = options.dryRun ? null : await migrateSnapshotDir(options.outDir);
  const run = await startRun(options);
  if (migratedFrom !== null) {
    run.logger.info(
      `the last good snapshot in ${options.outDir} was migrated from version ${migratedFrom} to ${SNAPSHOT_VERSION}`,
    );
  }
  // A refused update's note (src/lib/status/refusal.ts) is about the attempt before this one.
  if (!options.dryRun) {
    await rm(path.join(options.outDir, REFUSAL_FILE), { force: true });
    await removeStaleTemporaries(options.outDir);
  }
  warnPartialPodcast(run);
  const collections = await publish(run, await Promise.all(COLLECTIONS.map((spec) => syncCollection(run, spec))));
  const recordWarnings = recordNotes(run, collections);
  const statuses = collections.map(statusLine);
  await run.write(STATUS_FILE, statuses);
  run.logger.info(formatSummary(collections));
  return { collections, statuses, warnings: run.warnings, recordWarnings };
}
