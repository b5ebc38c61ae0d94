import { z } from 'astro/zod';
import { readTimeMinutes, truncate } from '../format.ts';
import { htmlToText } from '../html.ts';
import type { NewsArticle } from '../schemas/index.ts';
import { firstText, LenientHtml, LenientText, lenient, lenientList, RawBoolean, RawId, safeUrl, unique } from './fields.ts';

/** Shown when a post has neither featured media nor a yoast og:image. */
export const NEWS_PLACEHOLDER_IMAGE = '/images/news-placeholder.svg';
export const NEWS_SUMMARY_LENGTH = 200;

const Rendered = z.union([z.looseObject({ rendered: z.string() }).transform((value) => value.rendered), z.string()]);

const RawTerm = z.looseObject({ taxonomy: z.string().optional(), name: z.string() });

const RawEmbedded = z.looseObject({
  author: lenientList(z.looseObject({ name: z.string() })),
  'wp:featuredmedia': lenientList(z.looseObject({ source_url: z.string() })),
  'wp:term': lenientList(lenientList(RawTerm)),
});

/** A WordPress REST v2 post (`_embed=true`). */
export const RawPostSchema = z.looseObject({
  id: RawId,
  title: Rendered,
  content: lenient(Rendered),
  excerpt: lenient(Rendered),
  date: z.string().optional(),
  date_gmt: lenient(z.string()),
  slug: LenientText,
  sticky: RawBoolean,
  status: lenient(z.string()),
  link: lenient(z.string()),
  _embedded: lenient(RawEmbedded),
  yoast_head_json: lenient(
    z.looseObject({
      og_image: lenientList(z.looseObject({ url: z.string() })),
      author: LenientText,
    }),
  ),
});
export type RawPost = z.output<typeof RawPostSchema>;

/** WordPress gives `date_gmt` without a zone; `date` is the blog's local time. */
function publishedAt(raw: RawPost): string | null {
  const candidates = [raw.date_gmt ? `${raw.date_gmt.replace(/Z?$/, '')}Z` : null, raw.date ?? null];
  for (const candidate of candidates) {
    if (candidate && !Number.isNaN(new Date(candidate).getTime())) return new Date(candidate).toISOString();
  }
  return null;
}

/** Views are not tracked by the blog; a stable number per post keeps builds reproducible. */
export function pseudoViews(id: string): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return 100 + (hash % 1000);
}

/** A published post as a news article; throws when it is not published or has no title. */
export function toNewsArticle(raw: RawPost): NewsArticle {
  if (raw.status && raw.status !== 'publish') throw new Error(`status '${raw.status}' is not published`);
  const title = htmlToText(raw.title);
  if (!title) throw new Error('no title');
  const date = publishedAt(raw);
  if (!date) throw new Error('no valid publication date');

  const contentHtml = LenientHtml.parse(raw.content) ?? '';
  const contentText = htmlToText(contentHtml);
  const terms = (raw._embedded?.['wp:term'] ?? []).flat();
  const categories = unique(
    terms.filter((term) => term.taxonomy === undefined || term.taxonomy === 'category').map((term) => htmlToText(term.name)),
  );
  const tags = unique(terms.filter((term) => term.taxonomy === 'post_tag').map((term) => htmlToText(term.name)));
  const image = safeUrl(raw._embedded?.['wp:featuredmedia'][0]?.source_url) ?? safeUrl(raw.yoast_head_json?.og_image[0]?.url);

  return {
    id: raw.id,
    title,
    summary: htmlToText(raw.excerpt) || truncate(contentText, NEWS_SUMMARY_LENGTH),
    contentHtml,
    image: image ?? NEWS_PLACEHOLDER_IMAGE,
    hasPlaceholderImage: image === null,
    author: firstText(htmlToText(raw._embedded?.author[0]?.name), raw.yoast_head_json?.author) ?? 'Redação',
    publishedAt: date,
    category: categories[0] ?? 'Notícias',
    tags,
    readTime: readTimeMinutes(contentText),
    featured: raw.sticky ?? false,
    slug: raw.slug ?? raw.id,
    views: pseudoViews(raw.id),
    status: 'publish',
    link: safeUrl(raw.link),
  };
}
