import type { RecordContext, RecordNote } from '../../scripts/sync/normalise/context.ts';
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

const TEST_TITLE = 'Passeio de teste';

/**
 * A raw item record with a name, as every item needs one (the sync leaves out a record without it):
 * the tests about other fields give none, and a title of their own is kept.
 */
export function titled(record: unknown): unknown {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return record;
  return 'title' in record || 'name' in record ? record : { title: TEST_TITLE, ...record };
}

/** A normalisation's notes without the name `titled` gave, so they read as the record the test wrote. */
export function untitledNotes<Result extends { dropped: RecordNote[]; repaired: RecordNote[] }>(result: Result): Result {
  const unnamed = (note: RecordNote): RecordNote => {
    if (note.name !== TEST_TITLE) return note;
    const { name: _name, ...rest } = note;
    return rest;
  };
  return { ...result, dropped: result.dropped.map(unnamed), repaired: result.repaired.map(unnamed) };
}
