import type { RecordContext } from '../../scripts/sync/normalise/context.ts';
import type { NormaliseOptions } from '../../scripts/sync/normalise/records.ts';

/** The sync's clock in the normaliser tests. */
export const NOW = new Date('2026-11-22T12:00:00Z');
/** Records of the embedded sample data: no base URL, site-relative images kept. */
export const SAMPLE: NormaliseOptions = { baseUrl: null, now: NOW };

/** A context for a mapper called directly; its notes are kept. */
export function contextFor(overrides: Partial<RecordContext> = {}): RecordContext & { notes: string[] } {
  const notes: string[] = [];
  return { baseUrl: null, now: NOW, index: 0, total: 1, note: (reason) => notes.push(reason), ...overrides, notes };
}
