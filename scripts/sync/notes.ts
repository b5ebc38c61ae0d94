/**
 * A record note as it leaves the sync for the editors' reports: status.json (then /status, a public
 * page), the sync's log and the job summary. Its texts quote upstream text, which anyone who writes at
 * a source controls, and which may even hold a credential the upstream echoed back.
 */
import { isRouteSafeId } from '../../src/lib/route-id.ts';
import type { HiddenRecord, RecordNote } from '../../src/lib/schemas/index.ts';
import { excerpt } from '../../src/lib/status/excerpt.ts';
import { withoutHiddenCharacters } from '../../src/lib/text.ts';
import { holdsSecretPart, type Secret } from '../verify/secrets.ts';
import { redact } from './log.ts';

/** What an id becomes when it holds part of a secret. */
export const WITHHELD_ID = '[redacted]';

/** An id the sync gives a record without one: its position ('#3 (no id)', rawId in normalise/records.ts). */
const POSITION_ID = /^#\d+ \(no id\)$/;

/**
 * `note` with its quotes of upstream text made safe to show, in this order:
 * - each configured secret value replaced, wherever it is (redact);
 * - an id that is no page address, the name and the value cut to their final length, with no
 *   invisible character and no followable address (excerpt);
 * - the name shown only beside an id that is a page address: the title of a record whose id is
 *   itself broken is as likely to be crafted, and the editor finds it by its position;
 * - then, at that final length, any text that holds MIN_SECRET_LENGTH characters of a secret
 *   (holdsSecretPart) is not shown at all: an excerpt cut short can end in the first characters of
 *   a token that the search for whole values cannot see. The record is then named by its id, its
 *   field and its problem only, and its English reason says no more than that.
 */
export function noteForReport(note: RecordNote, secrets: readonly Secret[]): RecordNote {
  const values = secrets.map((secret) => secret.value);
  const shown = shownWithout(values);
  const isPageId = isRouteSafeId(note.id);
  const id = isPageId || POSITION_ID.test(note.id) ? redact(note.id, values) : shown(note.id);
  const name = isPageId && note.name !== undefined ? shown(note.name) : undefined;
  const value = note.value === undefined ? undefined : shown(note.value);
  const reason = withoutHiddenCharacters(redact(note.reason, values));
  const { name: _name, value: _value, ...rest } = note;
  if ([id, name, value, reason].some((text) => text !== undefined && holdsSecretPart(text, secrets))) {
    const safeId = holdsSecretPart(id, secrets) ? WITHHELD_ID : id;
    const subject = note.field ?? 'record';
    return { ...rest, id: safeId, reason: `${subject}: ${note.problem} (its text is withheld: it holds part of a credential)` };
  }
  return { ...rest, id, reason, ...(name ? { name } : {}), ...(value === undefined ? {} : { value }) };
}

/** Upstream text as a report quotes it: each secret value replaced (redact), then cut to an excerpt. */
const shownWithout = (values: readonly string[]) => (text: string) => excerpt(redact(text, values));

/**
 * A record the lists leave out (hiddenRecords, scripts/sync/run/publish.ts), named as noteForReport names a
 * record: its name an excerpt with every secret value replaced, shown only beside an id that is a page
 * address, and not at all when that excerpt still holds part of a secret (holdsSecretPart); an id that
 * holds part of one is WITHHELD_ID.
 */
export function hiddenForReport(record: HiddenRecord, secrets: readonly Secret[]): HiddenRecord {
  const shown = shownWithout(secrets.map((secret) => secret.value));
  const isPageId = isRouteSafeId(record.id) && !holdsSecretPart(record.id, secrets);
  const id = isPageId ? record.id : WITHHELD_ID;
  const name = isPageId && record.name !== undefined ? shown(record.name) : undefined;
  const { name: _name, ...rest } = record;
  return { ...rest, id, ...(name && !holdsSecretPart(name, secrets) ? { name } : {}) };
}
