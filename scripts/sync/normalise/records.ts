import { setImmediate } from 'node:timers/promises';
import type { z } from 'astro/zod';
import { isRouteSafeId } from '../../../src/lib/route-id.ts';
import { boundRecord, LIMITS, renderedChars } from './bounds.ts';
import type { RecordContext, RecordNote } from './context.ts';
import { describeIssues, noteLeftOut } from './fields.ts';
import { quoted } from './values.ts';

export interface NormalisedRecords<Entry> {
  entries: Entry[];
  /** Records that could not be made valid. */
  dropped: RecordNote[];
  /** Records kept after a field was cut, replaced by its fallback or left out; one note per repair. */
  repaired: RecordNote[];
}

/**
 * Records normalised between two turns of the event loop: what the sanitiser's jsdom leaves behind
 * for each HTML field is freed only when the loop turns, so a loop that never yields holds all of
 * it until the collection's last record.
 */
export const RECORDS_PER_TURN = 100;

export interface NormaliseOptions {
  baseUrl: string | null;
  now: Date;
  /** SITE_URL (RecordContext.siteUrl). */
  siteUrl?: string | undefined;
}

function rawId(record: unknown, index: number): string {
  if (record && typeof record === 'object' && 'id' in record) {
    const id = (record as { id: unknown }).id;
    // A plain id is shown as it is; any other quoted and escaped, so a report line shows what arrived.
    if (typeof id === 'string' || typeof id === 'number') return isRouteSafeId(String(id)) ? String(id) : quoted(id);
  }
  return `#${index + 1} (no id)`;
}

/**
 * Each record on its own, inside one guard: bounded (LIMITS), parsed with `rawSchema`, mapped by
 * `toEntry`, checked against `entrySchema` (whose ids are page addresses where the entry has a
 * page) and its size against LIMITS.entryChars. Anything that fails or throws (a stack overflow included) drops that record
 * only, with its reason; the others are kept. A repeated id (compared without case, as some file
 * systems and hosts do) keeps the first record. Yields to the event loop every RECORDS_PER_TURN
 * records, so what the sanitiser leaves for the loop to free is freed as it goes.
 */
export async function normaliseRecords<RawSchema extends z.ZodType, Entry extends { id: string }>(
  records: readonly unknown[],
  rawSchema: RawSchema,
  toEntry: (raw: z.output<RawSchema>, context: RecordContext) => Entry,
  entrySchema: z.ZodType<Entry>,
  options: NormaliseOptions,
): Promise<NormalisedRecords<Entry>> {
  const result: NormalisedRecords<Entry> = { entries: [], dropped: [], repaired: [] };
  const seen = new Set<string>();
  /** The entry of one record, or why it has none. */
  const normaliseOne = (record: unknown, context: RecordContext): Entry | string => {
    const bounded = boundRecord(record, context.note);
    const raw = rawSchema.safeParse(bounded);
    if (!raw.success) return describeIssues(raw.error);
    noteLeftOut(bounded, raw.data, context.note);
    const checked = entrySchema.safeParse(toEntry(raw.data, context));
    if (!checked.success) return describeIssues(checked.error);
    const size = renderedChars(checked.data);
    if (size > LIMITS.entryChars) {
      return `too large for one page (${size.toLocaleString('en-US')} characters, limit ${LIMITS.entryChars.toLocaleString('en-US')})`;
    }
    const key = checked.data.id.toLowerCase();
    if (seen.has(key)) return 'duplicate id (the first record with it is kept)';
    seen.add(key);
    return checked.data;
  };
  for (const [index, record] of records.entries()) {
    if (index > 0 && index % RECORDS_PER_TURN === 0) await setImmediate();
    const id = rawId(record, index);
    const notes: string[] = [];
    const context: RecordContext = {
      baseUrl: options.baseUrl,
      now: options.now,
      siteUrl: options.siteUrl,
      index,
      total: records.length,
      note: (reason) => notes.push(reason),
    };
    let outcome: Entry | string;
    try {
      outcome = normaliseOne(record, context);
    } catch (error) {
      outcome =
        error instanceof RangeError
          ? `cannot be read (${error.message})`
          : error instanceof Error
            ? error.message
            : String(error);
    }
    if (typeof outcome === 'string') result.dropped.push({ id, reason: outcome });
    else {
      result.entries.push(outcome);
      for (const reason of notes) result.repaired.push({ id, reason });
    }
  }
  return result;
}
