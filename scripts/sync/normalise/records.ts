import { setImmediate } from 'node:timers/promises';
import type { z } from 'astro/zod';
import { isRouteSafeId } from '../../../src/lib/route-id.ts';
import { type Secret, secretsIn } from '../../verify/secrets.ts';
import { DEFAULT_PAGE_SIZE_LIMITS } from '../../verify/sizes.ts';
import { boundRecord, estimatedPageBytes } from './bounds.ts';
import { type NoteDetail, type RecordContext, type RecordNote, RecordRefused } from './context.ts';
import { describeIssues, noteLeftOut } from './fields.ts';
import { htmlToText } from './html.ts';
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
  /** CITY_TIME_ZONE (RecordContext.timeZone). */
  timeZone?: string | undefined;
  /**
   * The deploy gate's limit for the page of one record, in bytes (scripts/verify/sizes.ts; its
   * default unless VERIFY_MAX_PAGE_BYTES raises it): a record whose page would pass it is dropped.
   */
  pageBytes?: number;
  /** The secrets the deploy gate searches the site for (secretsFromEnv): a record that carries one is dropped. */
  secrets?: readonly Secret[];
}

function rawId(record: unknown, index: number): string {
  if (record && typeof record === 'object' && 'id' in record) {
    const id = (record as { id: unknown }).id;
    // A plain id is shown as it is; any other quoted and escaped, so a report line shows what arrived.
    if (typeof id === 'string' || typeof id === 'number') return isRouteSafeId(String(id)) ? String(id) : quoted(id);
  }
  return `#${index + 1} (no id)`;
}

/** Characters of a record's name in a note. */
const NAME_CHARS = 80;

/**
 * The record's title or name as received (a string, or WordPress's `{ rendered }`), as plain text cut
 * short, so that the editors' report names the record as the editor knows it; undefined when it has none.
 */
export function rawName(record: unknown): string | undefined {
  if (!record || typeof record !== 'object') return undefined;
  const { title, name } = record as { title?: unknown; name?: unknown };
  for (const value of [title, name]) {
    const text = typeof value === 'string' ? value : (value as { rendered?: unknown } | null)?.rendered;
    if (typeof text !== 'string') continue;
    // A name is a few words: the start of a flooded title is enough, and cheap to read.
    const plain = htmlToText(text.slice(0, 2000)).trim();
    if (plain) return plain.length > NAME_CHARS ? `${plain.slice(0, NAME_CHARS)}…` : plain;
  }
  return undefined;
}

/** Why a record was dropped: the developers' reason and the editors' detail. */
type Refusal = { reason: string } & NoteDetail;

/** A zod failure as a refusal of the field of its first issue. */
function invalid(error: z.ZodError): Refusal {
  const path = error.issues[0]?.path ?? [];
  return { reason: describeIssues(error), ...(path.length > 0 ? { field: path.join('.') } : {}), problem: 'invalid' };
}

/** What a normaliser threw, as a refusal: its own (RecordRefused), a record too deep for the stack, or anything else. */
function thrown(error: unknown): Refusal {
  if (error instanceof RecordRefused) return { reason: error.message, ...error.detail };
  const reason =
    error instanceof RangeError ? `cannot be read (${error.message})` : error instanceof Error ? error.message : String(error);
  return { reason, problem: 'unreadable' };
}

/** Every string value of an entry, in order (its keys are the schema's own). */
function stringsOf(value: unknown): string[] {
  const strings: string[] = [];
  const walk = (item: unknown) => {
    if (typeof item === 'string') strings.push(item);
    else if (Array.isArray(item)) for (const entry of item) walk(entry);
    else if (item && typeof item === 'object') for (const entry of Object.values(item)) walk(entry);
  };
  walk(value);
  return strings;
}

/**
 * The first secret an entry carries in any form the gate looks for (secretsIn), in any of its strings
 * or split across two fields a page shows side by side: its strings are read as one text, joined by a
 * space (which a reader's view ignores, and which no tag can start with); null when none.
 */
function secretInEntry(entry: unknown, secrets: readonly Secret[]): string | null {
  if (secrets.length === 0) return null;
  const [found] = secretsIn(stringsOf(entry).join(' '), secrets);
  return found ? `${found.secret.name}, ${found.form}` : null;
}

/**
 * Each record on its own, inside one guard: bounded (LIMITS), parsed with `rawSchema`, mapped by
 * `toEntry`, checked against `entrySchema` (whose ids are page addresses where the entry has a
 * page), then against what the deploy gate refuses of a page: its size (estimatedPageBytes against
 * the gate's limit for a page of one record) and any secret in any form the gate finds (secretsIn).
 * Anything that fails or throws (a stack overflow included) drops that record only, with its
 * reason; the others are kept, and the gate has no reason left to refuse the whole site for it. A
 * repeated id (compared without case, as some file systems and hosts do) keeps the first record.
 * Yields to the event loop every RECORDS_PER_TURN records, so what the sanitiser leaves for the
 * loop to free is freed as it goes.
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
  const pageLimit = options.pageBytes ?? DEFAULT_PAGE_SIZE_LIMITS.recordPage;
  const secrets = options.secrets ?? [];
  /** The entry of one record, or why it has none. */
  const normaliseOne = (record: unknown, context: RecordContext): { entry: Entry } | Refusal => {
    const bounded = boundRecord(record, context.note);
    const raw = rawSchema.safeParse(bounded);
    if (!raw.success) return invalid(raw.error);
    noteLeftOut(bounded, raw.data, context.note);
    const checked = entrySchema.safeParse(toEntry(raw.data, context));
    if (!checked.success) return invalid(checked.error);
    const size = estimatedPageBytes(checked.data);
    if (size > pageLimit) {
      const bytes = (value: number) => value.toLocaleString('en-US');
      return {
        reason: `too large for one page (about ${bytes(size)} bytes, over the gate's limit of ${bytes(pageLimit)} for the page of one record)`,
        problem: 'too-large',
      };
    }
    // Not redacted but left out: a credential split by a space, a line break or markup, or encoded,
    // cannot be taken out of a text reliably, and the gate would refuse the whole site for it.
    const secret = secretInEntry(checked.data, secrets);
    if (secret) return { reason: `carries a secret of the sync (${secret})`, problem: 'secret' };
    const key = checked.data.id.toLowerCase();
    if (seen.has(key)) return { reason: 'duplicate id (the first record with it is kept)', field: 'id', problem: 'duplicate-id' };
    seen.add(key);
    return { entry: checked.data };
  };
  for (const [index, record] of records.entries()) {
    if (index > 0 && index % RECORDS_PER_TURN === 0) await setImmediate();
    const id = rawId(record, index);
    const notes: Refusal[] = [];
    const context: RecordContext = {
      baseUrl: options.baseUrl,
      now: options.now,
      siteUrl: options.siteUrl,
      timeZone: options.timeZone,
      index,
      total: records.length,
      note: (reason, detail) => notes.push({ reason, ...detail }),
    };
    let outcome: { entry: Entry } | Refusal;
    try {
      outcome = normaliseOne(record, context);
    } catch (error) {
      outcome = thrown(error);
    }
    const named = (note: Refusal): RecordNote => {
      const name = rawName(record);
      return { id, ...(name ? { name } : {}), ...note };
    };
    if ('entry' in outcome) {
      result.entries.push(outcome.entry);
      result.repaired.push(...notes.map(named));
    } else result.dropped.push(named(outcome));
  }
  return result;
}
