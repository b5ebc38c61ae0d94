import { z } from 'astro/zod';
import { LANGUAGE_CODES } from '../i18n/languages.ts';
import { RouteIdSchema } from './common.ts';

/**
 * A published page of the blog (WordPress's `/wp/v2/pages`), with its place in the pages' tree and on
 * the portal (src/lib/visitor-guide/placement.ts): /destination, /about, the visitor's guide and its
 * translations. Every page that hangs from the top of the tree is kept, published on the portal or not.
 */
export const BlogPageSchema = z.object({
  /** WordPress page id, as a string. */
  id: RouteIdSchema,
  /** WordPress slug, as the blog gives it ('como-chegar', or %-escaped UTF-8). */
  slug: z.string(),
  /** Title with HTML entities decoded, plain text. */
  title: z.string().min(1),
  /** Excerpt as plain text, or the first 200 characters of the stripped content. */
  summary: z.string(),
  /** Sanitised content HTML; a phone number in its text is a tel: link (scripts/sync/normalise/html.ts). */
  contentHtml: z.string(),
  /** Featured image URL (embedded media or yoast og_image), or null when the page has none. */
  image: z.string().nullable(),
  /** The parent page's id; null at the top of the tree. */
  parent: RouteIdSchema.nullable(),
  /** WordPress's `menu_order`: the editors' order among siblings, smallest first. */
  menuOrder: z.number().int(),
  /** When an editor last changed the page, ISO 8601 (WordPress's `modified_gmt`, else its date). */
  modifiedAt: z.string(),
  /** Link to the page on the blog, or null. */
  link: z.string().nullable(),
  /** Its address on the portal ('/destination', '/guia/como-chegar', '/es/guia'); null when it has none of its own. */
  path: z.string().nullable(),
  /** The language it is written in (`<html lang>`): a translated version's, else 'pt-BR'. */
  lang: z.enum(LANGUAGE_CODES),
  /** The id of the Portuguese page it translates, or null. */
  translationOf: RouteIdSchema.nullable(),
});
export type BlogPage = z.infer<typeof BlogPageSchema>;
