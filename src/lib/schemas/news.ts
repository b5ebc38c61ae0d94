import { z } from 'astro/zod';
import { RouteIdSchema } from './common.ts';

/** A published blog post, mapped from WordPress. */
export const NewsArticleSchema = z.object({
  /** WordPress post id, as a string (`/news/{id}`). */
  id: RouteIdSchema,
  /** Title with HTML entities decoded, plain text. */
  title: z.string().min(1),
  /** Excerpt as plain text, or the first 200 characters of the stripped content. */
  summary: z.string(),
  /** Sanitised content HTML. */
  contentHtml: z.string(),
  /** Featured image URL (embedded media or yoast og_image), or the placeholder. */
  image: z.string(),
  /** True when `image` is the placeholder. */
  hasPlaceholderImage: z.boolean(),
  /** Author name, 'Redação' when unknown. */
  author: z.string(),
  /** Publication date, ISO 8601. */
  publishedAt: z.string(),
  /**
   * Whether the blog gave the time of day: a post dated with the day alone is placed at noon in the
   * city (for the order of the news), and its page shows no time. Snapshots from before it had times.
   */
  hasPublishedTime: z.boolean().default(true),
  /** First category name, 'Notícias' when none. */
  category: z.string(),
  /** Tags (post_tag terms). */
  tags: z.array(z.string()),
  /** Reading time in minutes: words / 200, rounded up, at least 1. */
  readTime: z.number().int().positive(),
  /** Sticky post. */
  featured: z.boolean(),
  /** WordPress slug. */
  slug: z.string(),
  /** View count when the blog keeps one; null otherwise (no count is shown). */
  views: z.number().int().nullable(),
  /** Always 'publish' (only published posts are fetched). */
  status: z.string(),
  /** Link to the article on the external blog, or null. */
  link: z.string().nullable(),
});
export type NewsArticle = z.infer<typeof NewsArticleSchema>;

/**
 * An article's fields that move with no editor's doing: a WordPress views plugin counts every request,
 * so `views` differs at each read. The article page shows it, but it is no change by itself
 * (VOLATILE_FIELDS in ./collections.ts).
 */
export const NEWS_VOLATILE_FIELDS = ['views'] as const satisfies readonly (keyof NewsArticle)[];
