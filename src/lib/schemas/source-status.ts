import { z } from 'astro/zod';

/** Where a published collection came from. */
const OriginSchema = z.enum(['upstream', 'snapshot', 'sample', 'none']);
export type Origin = z.infer<typeof OriginSchema>;

/**
 * What was wrong with a record, or with one of its fields: the sync's note in a form the editors'
 * report puts into Portuguese (src/lib/status/notes.ts). The first group repairs a field (the
 * record is published without it, or cut); the second drops the record.
 */
export const NOTE_PROBLEMS = [
  'text-cut',
  'list-cut',
  'nested-too-deep',
  'html-too-deep',
  'out-of-range',
  'not-understood',
  'not-email',
  'not-phone',
  'not-url',
  'not-image-url',
  'not-spotify-url',
  'not-blog-url',
  'not-price',
  'not-date',
  'own-site-address',
  'private-address',
  'lookalike-address',
  'not-network-address',
  'link-not-a-page',
  'link-anchor-dropped',
  'invalid',
  'too-large',
  'secret',
  'duplicate-id',
  'unreadable',
  'not-published',
  'no-title',
  'missing-parent',
] as const;
const NoteProblemSchema = z.enum(NOTE_PROBLEMS);
export type NoteProblem = z.infer<typeof NoteProblemSchema>;

/** A record left out of a collection, or kept after a repair, with why. */
const RecordNoteSchema = z.object({
  /** The record's id as received ('101'; one that is no page address quoted and escaped: '"../x"'), or its position ('#3 (no id)'). */
  id: z.string(),
  /** The record's title or name as received, as plain text, when it has one. */
  name: z.string().optional(),
  /** Why, in English, for the developers' log. */
  reason: z.string(),
  /** The field at fault as the upstream names it ('start_date', 'provider.email', 'gallery'); absent for the record as a whole. */
  field: z.string().optional(),
  problem: NoteProblemSchema,
  /** The refused value as received, quoted and cut short. */
  value: z.string().optional(),
});
export type RecordNote = z.infer<typeof RecordNoteSchema>;

/**
 * Why a provider's record is published with its page but kept off the lists (its status:
 * statusChip, scripts/sync/normalise/item.ts): inactive, registration pending, under review, or any
 * other status that is not published.
 */
export const HIDDEN_REASONS = ['inactive', 'pending', 'review', 'unpublished'] as const;
export type HiddenReason = (typeof HIDDEN_REASONS)[number];

/** A record the lists leave out, named for the editors (through the report's redaction, noteForReport's rules). */
const HiddenRecordSchema = z.object({
  /** The record's id, a page address. */
  id: z.string(),
  /** Its title or name, as an excerpt; absent when it could not be shown. */
  name: z.string().optional(),
  reason: z.enum(HIDDEN_REASONS),
});
export type HiddenRecord = z.infer<typeof HiddenRecordSchema>;

/** Why a source's call failed, in the few kinds an editor can tell apart. */
const FailureKindSchema = z.enum(['http', 'credentials', 'timeout', 'network', 'garbage', 'too-large', 'other']);
export type FailureKind = z.infer<typeof FailureKindSchema>;

/**
 * What kept a collection from publishing what its source sent this time, or what an editor should
 * know although it did publish (`ids-replaced`, `partial`); each has its Portuguese sentence in
 * src/lib/status/messages.ts.
 */
const CollectionProblemSchema = z.discriminatedUnion('code', [
  /** The source could not be read: the last good snapshot, the sample data or nothing is shown instead (`origin`). */
  z.object({ code: z.literal('unavailable'), kind: FailureKindSchema, status: z.number().int().optional() }),
  /** It sent less than half of the last good snapshot's records: that snapshot stays. */
  z.object({ code: z.literal('shrink'), count: z.number().int(), previous: z.number().int() }),
  /**
   * A later page failed and what was read is less than half of the last good snapshot: that snapshot
   * stays. Written by syncs before `partial-filled`; kept so that their status.json still reads.
   */
  z.object({ code: z.literal('partial-kept'), count: z.number().int(), previous: z.number().int() }),
  /** A later page failed: the records read are published (with no last good snapshot to fill the rest from). */
  z.object({ code: z.literal('partial'), count: z.number().int() }),
  /**
   * A later page failed: the records read are published, and the last good snapshot's records that
   * were not read (`filled`, by id) stay, so no record is lost to the page that failed.
   */
  z.object({ code: z.literal('partial-filled'), count: z.number().int(), filled: z.number().int() }),
  /**
   * It sent far more records than its last good count (`previous`; scripts/sync/run/last-good.ts, SYNC_GROWTH):
   * the last good snapshot stays, until the growth is published on purpose (`allow_growth`).
   */
  z.object({ code: z.literal('growth'), count: z.number().int(), previous: z.number().int() }),
  /** The provider answered another city: the last good city stays. */
  z.object({ code: z.literal('another-city'), found: z.string() }),
  /** Most ids of the last good snapshot are gone (published all the same). */
  z.object({ code: z.literal('ids-replaced'), gone: z.number().int(), previous: z.number().int() }),
]);
export type CollectionProblem = z.infer<typeof CollectionProblemSchema>;

/** A record named in the editors' report: its id and its title or name. */
const EntryRefSchema = z.object({ id: z.string(), name: z.string() });
export type EntryRef = z.infer<typeof EntryRefSchema>;

/** The first entries of a list too long to keep whole in status.json, and how many there are. */
const capped = <T extends z.ZodType>(entry: T) =>
  z.object({ total: z.number().int().nonnegative(), first: z.array(entry) }).default({ total: 0, first: [] });

/**
 * How the last sync went for one collection. Pages read it to show the documented error texts
 * ('Erro ao carregar ...', 'Usando dados de exemplo') when a collection could not be refreshed, and
 * /status reads all of it for the editors.
 */
export const CollectionStatusSchema = z.object({
  /** Collection name, e.g. 'tours'. */
  id: z.string(),
  /** Upstream source: 'cityApi', 'blog' or 'podcast'. */
  source: z.enum(['cityApi', 'blog', 'podcast']),
  /** Where the published records came from this time. */
  origin: OriginSchema,
  /** Where the last good data came from ('upstream' or 'sample'); drives the shrink check. */
  goodOrigin: OriginSchema,
  /** Records published. */
  count: z.number().int().nonnegative(),
  /** True when this sync could not refresh the collection from its configured source. */
  failed: z.boolean(),
  /** Why it failed, without secrets, in English for the developers; null when it did not. */
  error: z.string().nullable(),
  /** When the published records were last fetched successfully, ISO 8601, or null. */
  syncedAt: z.string().nullable(),
  /** What an editor should know of this sync's read of the collection; null when nothing. */
  problem: CollectionProblemSchema.nullable().default(null),
  /**
   * The count the next sync measures this collection's read against, for a shrink or a sudden growth:
   * its last good count from the upstream or, after a sudden growth was published on purpose
   * (`allow_growth`), the count from before it until a later night confirms it. null when there is no
   * upstream count to measure against (the sample data, a first sync, a fallback).
   */
  baseline: z.number().int().nonnegative().nullable().default(null),
  /**
   * The baseline this sync measured the collection's read against; null when it had none. A collection
   * the sync measured had its shrink and growth settled here, per collection: the deploy gate does not
   * refuse the whole site for its count (scripts/verify/manifest.ts).
   */
  checkedAgainst: z.number().int().nonnegative().nullable().default(null),
  /** Records new and gone since the snapshot the sync started from (the last published one in CI); null with none to compare. */
  changes: z
    .object({ added: capped(EntryRefSchema), removed: capped(EntryRefSchema), changed: z.number().int().nonnegative() })
    .nullable()
    .default(null),
  /** Records the source sent that were left out. */
  dropped: capped(RecordNoteSchema),
  /** Repairs of the records kept, one per field repaired. */
  repaired: capped(RecordNoteSchema),
  /**
   * Records published with their page but left off the lists and /dados (an item whose `isListed` is
   * false), with why; `count` less their total is what the lists show.
   */
  hidden: capped(HiddenRecordSchema),
});
export type CollectionStatus = z.infer<typeof CollectionStatusSchema>;

/** Entries kept in each capped list of status.json: enough for an editor's page, bounded for a flood. */
export const STATUS_LIST_CAP = 100;
