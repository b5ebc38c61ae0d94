import { z } from 'astro/zod';
import { readTimeMinutes, slugify, truncate } from '../../../src/lib/format.ts';
import { PLACEHOLDERS } from '../../../src/lib/images.ts';
import type { NewsArticle } from '../../../src/lib/schemas/index.ts';
import { cityZone, type RecordContext, RecordRefused } from './context.ts';
import {
  checkedField,
  firstText,
  html,
  LenientText,
  lenient,
  lenientList,
  RawBoolean,
  RawId,
  TEXT_CHARS,
  unique,
  withinScale,
} from './fields.ts';
import { hasVisibleText, htmlToText } from './html.ts';
import { notOwnSite } from './own-links.ts';
import { calendarDate, imageUrl, latestDate, NOT_A_DATE, quoted, webUrl, writtenDate } from './values.ts';

/** Shown when a post has neither featured media nor a yoast og:image. */
export const NEWS_PLACEHOLDER_IMAGE = PLACEHOLDERS.news;
export const NEWS_SUMMARY_LENGTH = 200;

/** A WordPress field as `{ rendered }` or as plain text. */
export const Rendered = z.union([z.looseObject({ rendered: z.string() }).transform((value) => value.rendered), z.string()]);

const RawTerm = z.looseObject({ taxonomy: z.string().optional(), name: z.string() });

/** What `_embed=true` adds to a post or a page: its author, featured image and terms. */
export const RawEmbedded = z.looseObject({
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
  date: lenient(z.string()),
  date_gmt: lenient(z.string()),
  slug: LenientText,
  sticky: RawBoolean,
  status: lenient(z.string()),
  link: lenient(z.string()),
  views: z.unknown().optional(),
  post_views: z.unknown().optional(),
  _embedded: lenient(RawEmbedded),
  yoast_head_json: lenient(
    z.looseObject({
      og_image: lenientList(z.looseObject({ url: z.string() })),
      author: LenientText,
    }),
  ),
});
type RawPost = z.output<typeof RawPostSchema>;

/**
 * When a post was published: WordPress's `date_gmt` (UTC, written without a zone) when it gives one,
 * else its `date`, the blog's own clock, read in the city's time zone (cityZone), in which pages
 * show it, so the day and time read as the blog wrote them ('2026-11-19T00:00:00' is 19/11/2026
 * 00:00, whatever zone the blog runs in). A date that is not on the calendar or lies in the future
 * (a post dated 9999 would top the news for ever) does not count.
 */
function publishedAt(raw: RawPost, context: RecordContext): { instant: string; hasTime: boolean } | null {
  return wordpressDate(raw.date, raw.date_gmt, context);
}

/**
 * A WordPress date given as its `*_gmt` field (UTC, written without a zone) and its local one (the
 * blog's clock, read in the city's time zone, cityZone), as publishedAt reads a post's; null when
 * neither is a real date up to the sync's `now` (plus a day).
 */
export function wordpressDate(
  local: string | undefined,
  gmtField: string | undefined,
  context: Pick<RecordContext, 'now' | 'timeZone'>,
): { instant: string; hasTime: boolean } | null {
  const latest = latestDate(context.now);
  const gmt = gmtField?.replace(/Z$/i, '');
  const fromGmt = calendarDate(gmt, { zone: 'Z', latest });
  const instant = fromGmt ?? calendarDate(local, { zone: cityZone(context), latest });
  return instant ? { instant, hasTime: writtenDate(fromGmt ? gmt : local)?.time != null } : null;
}

/** A view count, when the blog keeps one (a views plugin's `views` or `post_views`); else not shown. */
const VIEWS_SCALE = { label: 'views', min: 0, max: 1_000_000_000, fallback: null, isInteger: true };

/**
 * A post's own address when it is on the blog: an http(s) address whose host is one of `hosts`
 * (lower case); null for any other, which is then treated as a post without one.
 */
export function blogLink(value: string, hosts: ReadonlySet<string>): string | null {
  const url = webUrl(value);
  return url && hosts.has(new URL(url).hostname) ? url : null;
}

/** A post's or a page's title as text; throws (the record is dropped with the reason) unless it is published and titled. */
export function publishedTitle(raw: { status?: string | undefined; title: string }): string {
  if (raw.status && raw.status !== 'publish') {
    const status = quoted(raw.status);
    throw new RecordRefused(`status ${status} is not published`, { field: 'status', problem: 'not-published', value: status });
  }
  const title = htmlToText(raw.title);
  if (!hasVisibleText(title)) throw new RecordRefused('no title', { field: 'title', problem: 'no-title' });
  return title;
}

/**
 * A post's or a page's own address, kept only on the blog's hosts (blogLink), and the base its relative links
 * and images read from.
 */
export function blogAddress(
  rawLink: string | undefined,
  context: RecordContext,
  blogHosts: readonly string[],
): { link: string | null; baseUrl: string | null } {
  const hosts = new Set(
    [...blogHosts, URL.parse(context.baseUrl ?? '')?.hostname].flatMap((host) => (host ? [host.toLowerCase()] : [])),
  );
  // A post on the portal's own address would be a page of ours, and its relative links ours too: the
  // blog's address stands in for it (the portal is no blog, even when BLOG_URL shares its host).
  const link = notOwnSite(
    context.baseUrl === null
      ? webUrl(rawLink)
      : checkedField(rawLink, { label: 'link', kind: 'blog' }, (value) => blogLink(value, hosts), context),
    'link',
    context,
  );
  // The sample data (no base) keeps its site-relative images, whatever its posts' links say.
  return { link, baseUrl: context.baseUrl === null ? null : (link ?? context.baseUrl) };
}

/**
 * A published post as a news article; throws (the post is dropped with the reason) when it is not
 * published, has no visible title or no real publication date. Relative links and images of its
 * content are resolved against the post's own address (`link`), else the blog's. That address is
 * kept only on the blog's host: the host of `context.baseUrl` or one of `blogHosts` (BLOG_URL's and
 * BLOG_API_URL's, scripts/sync/collections.ts), and never on the portal's own (SITE_URL); a post
 * pointing elsewhere is treated as having none.
 * The embedded sample data (no base) is ours and keeps its links.
 */
export function toNewsArticle(raw: RawPost, context: RecordContext, blogHosts: readonly string[] = []): NewsArticle {
  const title = publishedTitle(raw);
  const date = publishedAt(raw, context);
  if (!date) {
    const value = quoted(raw.date_gmt ?? raw.date ?? '');
    throw new RecordRefused(`no valid publication date (${value}: ${NOT_A_DATE})`, { field: 'date', problem: 'not-date', value });
  }

  const { link, baseUrl } = blogAddress(raw.link, context, blogHosts);
  const source = { baseUrl };
  const contentHtml = html(raw.content, source) ?? '';
  const contentText = htmlToText(contentHtml);
  const terms = (raw._embedded?.['wp:term'] ?? []).flat();
  const categories = unique(
    terms.filter((term) => term.taxonomy === undefined || term.taxonomy === 'category').map((term) => htmlToText(term.name)),
  );
  const tags = unique(terms.filter((term) => term.taxonomy === 'post_tag').map((term) => htmlToText(term.name)));
  const image = (value: string | undefined) => (value ? imageUrl(value, source.baseUrl) : null);
  const featuredImage = image(raw._embedded?.['wp:featuredmedia'][0]?.source_url) ?? image(raw.yoast_head_json?.og_image[0]?.url);

  return {
    id: raw.id,
    title: truncate(title, TEXT_CHARS),
    summary: truncate(htmlToText(raw.excerpt), TEXT_CHARS) || truncate(contentText, NEWS_SUMMARY_LENGTH),
    contentHtml,
    image: featuredImage ?? NEWS_PLACEHOLDER_IMAGE,
    hasPlaceholderImage: featuredImage === null,
    author: firstText(htmlToText(raw._embedded?.author[0]?.name), raw.yoast_head_json?.author) ?? 'Redação',
    publishedAt: date.instant,
    hasPublishedTime: date.hasTime,
    category: categories[0] ?? 'Notícias',
    tags,
    readTime: readTimeMinutes(contentText),
    featured: raw.sticky ?? false,
    // WordPress slugs are one path segment, UTF-8 %-encoded; anything else is made one.
    slug: (raw.slug && /^[A-Za-z0-9%_-]{1,200}$/.test(raw.slug) ? raw.slug : slugify(raw.slug ?? '').slice(0, 80)) || raw.id,
    views: withinScale(raw.views ?? raw.post_views, VIEWS_SCALE, context),
    status: 'publish',
    link,
  };
}
