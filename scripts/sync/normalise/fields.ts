/**
 * zod building blocks for raw upstream records. Top-level scalars that cannot be coerced make the
 * record invalid (it is dropped and reported); nested extras that are malformed are treated as
 * missing, so one odd social link does not cost a whole tour. HTML is kept raw here and sanitised
 * by the mappers (`html()`), which know the record's source and so its relative URLs.
 */
import { z } from 'astro/zod';
import { truncate } from '../../../src/lib/format.ts';
import { isRouteSafeId } from '../../../src/lib/route-id.ts';
import { withoutXmlForbidden } from '../../../src/lib/text.ts';
import type { NoteDetail, RecordContext } from './context.ts';
import { hasVisibleText, htmlToText, sanitizeHtml } from './html.ts';
import { quoted } from './values.ts';

const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** `schema`, or undefined when the value is null, missing or blank. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (isBlank(value) ? undefined : value), schema.optional());

/** `schema`, or undefined when missing or malformed. */
export const lenient = <T extends z.ZodType>(schema: T) => optional(schema).catch(undefined);

/**
 * The id of a record that gets a page: a string or an integer, as a string that is one safe path
 * segment (letters, digits, '-' and '_', at most 64; not 'index' or 'page'). Anything else makes
 * the record invalid: it could not be built, or would be built where its links do not lead.
 */
export const RawId = z
  .union([z.string().trim(), z.number()])
  .transform((id) => String(id))
  .refine(isRouteSafeId, "not a page address (letters, digits, '-' and '_', at most 64; not 'index' or 'page')");

/** The id of a record without a page of its own (a city, a feedback's tour): any short text. */
export const RawKey = z
  .union([z.string().trim().min(1).max(200), z.number().finite()])
  .transform((id) => withoutXmlForbidden(String(id)));

/** Characters of a plain-text field (names, titles, addresses); longer ones are cut with '...'. */
export const TEXT_CHARS = 1000;
/** Characters of a long plain-text field (a testimonial, an episode's description). */
const LONG_TEXT_CHARS = 10_000;

/**
 * Plain text from a string, a number or a WordPress-style `{ rendered }`, at most `max` characters;
 * undefined when nothing visible is left. Nothing XML forbids survives (htmlToText removes it, and
 * truncate never cuts a surrogate pair): the RSS feed carries these texts.
 */
const textOf = (max: number) =>
  optional(
    z
      .union([z.string(), z.number(), z.looseObject({ rendered: z.string() }).transform((value) => value.rendered)])
      .transform((value) => {
        const text = htmlToText(String(value));
        return hasVisibleText(text) ? truncate(text, max) : undefined;
      }),
  );

/** Plain text (tags stripped, entities decoded, control and bidi characters removed), or undefined when missing or malformed. */
export const LenientText = textOf(TEXT_CHARS).catch(undefined);

/** Long plain text, or undefined when missing or malformed. */
export const LenientLongText = textOf(LONG_TEXT_CHARS).catch(undefined);

/** An HTML field as received (a string, or a number as text); sanitised later by `html()`. */
const RawHtml = optional(z.union([z.string(), z.number()]).transform((value) => String(value)));

/** An HTML field, or undefined when missing or malformed. */
export const LenientHtml = RawHtml.catch(undefined);

/** The sanitised HTML of a field, its relative URLs resolved against the record's source; null when empty. */
export function html(value: string | undefined, context: Pick<RecordContext, 'baseUrl'>): string | null {
  return value ? sanitizeHtml(value, { baseUrl: context.baseUrl }) || null : null;
}

/** Any JSON number: `1e309` arrives as Infinity and is refused by the field's own range check, not the record's. */
const AnyNumber = z.custom<number>((value) => typeof value === 'number', 'not a number');

/** A number, from a number or a numeric string ('4.5', '4,5'); callers check its range (`withinScale`). */
export const RawNumber = optional(
  z.union([
    AnyNumber,
    z
      .string()
      .trim()
      .regex(/^-?\d+(?:[.,]\d+)?$/, 'not a number')
      .transform((value) => Number(value.replace(',', '.'))),
  ]),
);

/** A price as sent, a number or a string, for parsePrice ('R$ 150,00', '150.00', 'Sob consulta'). */
export const RawMoney = lenient(z.union([AnyNumber, z.string()]));

/** A boolean from true/false, 1/0 or their strings. */
export const RawBoolean = lenient(
  z
    .union([z.boolean(), z.number(), z.string()])
    .transform((value) => value === true || value === 1 || value === '1' || value === 'true'),
);

/** A list whose entries are parsed one by one; malformed entries are skipped. */
export const lenientList = <T extends z.ZodType>(entry: T) =>
  z.preprocess(
    (value) => (Array.isArray(value) ? value : []),
    z.array(z.unknown()).transform((values) =>
      values.flatMap((value) => {
        const parsed = entry.safeParse(value);
        return parsed.success && parsed.data !== undefined && parsed.data !== null ? [parsed.data as z.output<T>] : [];
      }),
    ),
  );

/** Characters of a name in a list (a tag, an amenity, an experience). */
const NAME_CHARS = 120;

/** A name from a string or an object with `name`, `title` or `label`. */
export const RawName = z
  .union([
    z.string(),
    z.looseObject({ name: z.string() }).transform((value) => value.name),
    z.looseObject({ title: z.string() }).transform((value) => value.title),
    z.looseObject({ label: z.string() }).transform((value) => value.label),
  ])
  .transform((value) => truncate(htmlToText(value), NAME_CHARS));

/** A list of names, de-duplicated, empty names removed. */
export const RawNameList = lenientList(RawName).transform((names) => unique(names));

/** A number from a number or a numeric string ('4.5', '4,5'); NaN for anything else given, undefined when blank. */
function numberFrom(value: unknown): number | undefined {
  if (isBlank(value)) return undefined;
  if (typeof value === 'number') return value;
  const text = typeof value === 'string' ? value.trim() : '';
  return /^-?\d+(?:[.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
}

/**
 * Notes a field of the record that was refused or repaired: the developers' reason
 * ('rating "abc": outside 0–5; left out') and the editors' detail (the field, the problem, the value).
 */
export function noteField(
  context: Pick<RecordContext, 'note'>,
  field: string,
  value: unknown,
  problem: NoteDetail['problem'],
  reason: string,
): void {
  const shown = quoted(value);
  context.note(`${field} ${shown}: ${reason}`, { field, problem, value: shown });
}

/**
 * A number on a scale (ratings, people, durations): the value when it is a number within
 * [min, max], else the scale's fallback, with a note when a value was given and refused ('rating
 * "abc" outside 0–5; left out'). A fact the upstream did not give has the fallback null: the page
 * leaves it out rather than state a default. The raw field is `z.unknown()`: a bad rating repairs
 * the record, it does not cost it.
 */
export function withinScale<Fallback extends number | null>(
  value: unknown,
  scale: { label: string; min: number; max: number; fallback: Fallback; isInteger?: boolean },
  context: Pick<RecordContext, 'note'>,
): number | Fallback {
  const number = numberFrom(value);
  if (number === undefined) return scale.fallback;
  const isValid = number >= scale.min && number <= scale.max && (!scale.isInteger || Number.isInteger(number));
  if (!isValid) {
    const instead = scale.fallback === null ? 'left out' : `${scale.fallback} used`;
    const shown = quoted(value);
    context.note(`${scale.label} ${shown} outside ${scale.min}–${scale.max}; ${instead}`, {
      field: scale.label,
      problem: 'out-of-range',
      value: shown,
    });
  }
  return isValid ? number : scale.fallback;
}

/**
 * One note per field the record had but its schema could not read and left out ('provider
 * "x": not understood, left out'): lenient fields keep the record, the summary still says what was lost.
 */
export function noteLeftOut(input: unknown, output: unknown, note: RecordContext['note']): void {
  if (!input || typeof input !== 'object' || !output || typeof output !== 'object') return;
  const parsed = output as Record<string, unknown>;
  for (const [key, value] of Object.entries(input)) {
    if (Object.hasOwn(parsed, key) && parsed[key] === undefined && !isBlank(value)) {
      noteField({ note }, key, value, 'not-understood', 'not understood, left out');
    }
  }
}

/** Unique, non-empty strings in their first order. */
export function unique(values: Iterable<string>): string[] {
  return [...new Set([...values].map((value) => value.trim()).filter(Boolean))];
}

/** The first argument that is a non-empty string, else null. */
export function firstText(...values: (string | null | undefined)[]): string | null {
  for (const value of values) if (value?.trim()) return value.trim();
  return null;
}

/** A readable reason for a zod failure: 'rating: not a number; id: Invalid input'. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'record'}: ${issue.message}`)
    .join('; ');
}

/** Why `check` refused a value, for the note; one per kind of field. */
const REFUSALS = {
  email: { reason: 'not a plain e-mail address', problem: 'not-email' },
  phone: { reason: 'not a phone number (8 to 15 digits)', problem: 'not-phone' },
  url: { reason: 'not an http(s) address', problem: 'not-url' },
  image: { reason: 'not an http(s) image address', problem: 'not-image-url' },
  spotify: { reason: 'not an https address on spotify.com', problem: 'not-spotify-url' },
  blog: { reason: "not an address on the blog's host", problem: 'not-blog-url' },
} as const satisfies Record<string, { reason: string; problem: NoteDetail['problem'] }>;

/**
 * A contact or link field checked by `check` (plainEmail, plausiblePhone, webUrl, an image URL):
 * the clean value, or null (the page's fallback text) with a note when a value was given and refused.
 */
export function checkedField(
  value: string | null | undefined,
  field: { label: string; kind: keyof typeof REFUSALS },
  check: (value: string) => string | null,
  context: Pick<RecordContext, 'note'>,
): string | null {
  if (!value?.trim()) return null;
  const result = check(value);
  if (result === null) {
    const refusal = REFUSALS[field.kind];
    noteField(context, field.label, value, refusal.problem, refusal.reason);
  }
  return result;
}
