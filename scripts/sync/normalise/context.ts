/**
 * What every normaliser is handed besides the record (RecordContext) and what it reports back
 * (RecordNote): a module of their own, so the field helpers and the record loop share them without
 * importing each other.
 */

import { TIME_ZONE } from '../../../src/lib/format.ts';
import type { RecordNote } from '../../../src/lib/schemas/index.ts';

/** A record left out of a collection, or kept after a repair, with why (status.json keeps them for /status). */
export type { RecordNote };

/** What a note says besides its English reason: the field, the problem and the value, for the editors' report. */
export type NoteDetail = Pick<RecordNote, 'field' | 'problem' | 'value'>;

/** Thrown by a normaliser for a record that cannot be published: it is dropped with this reason and detail. */
export class RecordRefused extends Error {
  override name = 'RecordRefused';
  readonly detail: NoteDetail;
  constructor(reason: string, detail: NoteDetail) {
    super(reason);
    this.detail = detail;
  }
}

/** What a normaliser knows beyond the record itself. */
export interface RecordContext {
  /**
   * The absolute URL this source's relative links and images are relative to (the city data API's
   * address, the blog's address); null for the embedded sample data, whose images are site-relative.
   */
  baseUrl: string | null;
  /** The sync's clock: dates after it (plus a day) are not real. */
  now: Date;
  /**
   * SITE_URL: a link field on this address is the portal's own, not the provider's or the blog's
   * (notOwnSite, own-links.ts); unset in tests of a single mapper.
   */
  siteUrl?: string | undefined;
  /**
   * CITY_TIME_ZONE of this run, in which a date or time written without an offset is read (an event's,
   * a post's, an episode's, a testimonial's) and every time is written; TIME_ZONE, the process's, when
   * unset (tests of a single mapper): cityZone.
   */
  timeZone?: string | undefined;
  /** The record's position in its collection, from 0, and the collection's size. */
  index: number;
  total: number;
  /**
   * Records a repair of this record for the sync's summary: the developers' reason ('email "a@b?bcc=c":
   * not a plain address') and what the editors' report says of it.
   */
  note(reason: string, detail: NoteDetail): void;
}

/** The city's time zone of a record's sync (RecordContext.timeZone), else the process's (TIME_ZONE). */
export const cityZone = (context: Pick<RecordContext, 'timeZone'>): string => context.timeZone ?? TIME_ZONE;
