/**
 * What every normaliser is handed besides the record (RecordContext) and what it reports back
 * (RecordNote): a module of their own, so the field helpers and the record loop share them without
 * importing each other.
 */

/** A record left out of a collection, or kept after a repair, with why. */
export interface RecordNote {
  /** The record's id as received ('101'; one that is no page address quoted and escaped: '"../x"'), or its position ('#3 (no id)'). */
  id: string;
  reason: string;
}
/** What a normaliser knows beyond the record itself. */
export interface RecordContext {
  /**
   * The absolute URL this source's relative links and images are relative to (the provider's API
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
  /** The record's position in its collection, from 0, and the collection's size. */
  index: number;
  total: number;
  /** Records a repair of this record for the sync's summary ('email "a@b?bcc=c": not a plain address'). */
  note(reason: string): void;
}
