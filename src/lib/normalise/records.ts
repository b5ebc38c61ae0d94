import type { z } from 'astro/zod';
import { describeIssues } from './fields.ts';

/** A record left out of a collection, with why. */
export interface DroppedRecord {
  /** The record's id, or its position ('#3') when it has none. */
  id: string;
  reason: string;
}

export interface NormalisedRecords<Entry> {
  entries: Entry[];
  dropped: DroppedRecord[];
}

function rawId(record: unknown, index: number): string {
  if (record && typeof record === 'object' && 'id' in record) {
    const id = (record as { id: unknown }).id;
    if (typeof id === 'string' || typeof id === 'number') return String(id);
  }
  return `#${index + 1} (no id)`;
}

/**
 * Each record on its own: parsed with `rawSchema`, mapped by `toEntry`, checked against
 * `entrySchema`. A record that fails anywhere is dropped and reported; the others are kept.
 * A repeated id keeps the first record.
 */
export function normaliseRecords<RawSchema extends z.ZodType, Entry extends { id: string }>(
  records: readonly unknown[],
  rawSchema: RawSchema,
  toEntry: (raw: z.output<RawSchema>, index: number) => Entry,
  entrySchema: z.ZodType<Entry>,
): NormalisedRecords<Entry> {
  const entries: Entry[] = [];
  const dropped: DroppedRecord[] = [];
  const seen = new Set<string>();
  records.forEach((record, index) => {
    const id = rawId(record, index);
    const raw = rawSchema.safeParse(record);
    if (!raw.success) {
      dropped.push({ id, reason: describeIssues(raw.error) });
      return;
    }
    let entry: Entry;
    try {
      entry = toEntry(raw.data, index);
    } catch (error) {
      dropped.push({ id, reason: error instanceof Error ? error.message : String(error) });
      return;
    }
    const checked = entrySchema.safeParse(entry);
    if (!checked.success) {
      dropped.push({ id, reason: describeIssues(checked.error) });
      return;
    }
    if (seen.has(checked.data.id)) {
      dropped.push({ id: checked.data.id, reason: 'duplicate id' });
      return;
    }
    seen.add(checked.data.id);
    entries.push(checked.data);
  });
  return { entries, dropped };
}
