/**
 * zod building blocks for raw upstream records. Top-level scalars that cannot be coerced make the
 * record invalid (it is dropped and reported); nested extras that are malformed are treated as
 * missing, so one odd social link does not cost a whole tour.
 */
import { z } from 'astro/zod';
import { htmlToText, sanitizeHtml } from '../html.ts';

const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** `schema`, or undefined when the value is null, missing or blank. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (isBlank(value) ? undefined : value), schema.optional());

/** `schema`, or undefined when missing or malformed. */
export const lenient = <T extends z.ZodType>(schema: T) => optional(schema).catch(undefined);

/** An id: a non-empty string or a finite number, as a string. */
export const RawId = z.union([z.string().trim().min(1), z.number().finite()]).transform((id) => String(id).trim());

/** Plain text from a string or number; tags stripped and entities decoded. */
export const RawText = optional(z.union([z.string(), z.number()]).transform((value) => htmlToText(String(value)) || undefined));

/** Plain text, or undefined when missing or malformed (for nested extras). */
export const LenientText = RawText.catch(undefined);

/** Sanitised HTML from a string. */
export const RawHtml = optional(z.union([z.string(), z.number()]).transform((value) => sanitizeHtml(String(value)) || undefined));

/** Sanitised HTML, or undefined when missing or malformed. */
export const LenientHtml = RawHtml.catch(undefined);

/** A finite number, from a number or a numeric string ('4.5', '4,5'). */
export const RawNumber = optional(
  z.union([
    z.number().finite(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(?:[.,]\d+)?$/, 'not a number')
      .transform((value) => Number(value.replace(',', '.'))),
  ]),
);

/**
 * A price: a number, or a string kept raw for parsePrice ('R$ 150,00', '150.00'); a string with
 * no digits ('Sob consulta') counts as no price. Objects and lists make the record invalid.
 */
export const RawMoney = optional(
  z.union([z.number().finite(), z.string().transform((value) => (/\d/.test(value) ? value : undefined))]),
);

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

/** A name from a string or an object with `name`, `title` or `label`. */
export const RawName = z
  .union([
    z.string(),
    z.looseObject({ name: z.string() }).transform((value) => value.name),
    z.looseObject({ title: z.string() }).transform((value) => value.title),
    z.looseObject({ label: z.string() }).transform((value) => value.label),
  ])
  .transform((value) => htmlToText(value));

/** A list of names, de-duplicated, empty names removed. */
export const RawNameList = lenientList(RawName).transform((names) => unique(names));

/** URL safe to put in src or href: http(s), protocol-relative made https, or site-relative. */
export function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (/^https?:\/\/[^\s]+$/i.test(url)) return url;
  if (/^\/\/[^\s/]+/.test(url)) return `https:${url}`;
  if (/^\/(?!\/)[^\s]*$/.test(url)) return url;
  return null;
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
