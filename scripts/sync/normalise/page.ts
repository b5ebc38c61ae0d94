/**
 * The blog's pages (WordPress's `/wp/v2/pages`): each page normalised as a post is (news.ts: the same
 * sanitiser, title, dates, own address and featured image), then the pages together as a tree
 * (src/lib/visitor-guide/tree.ts): a page whose parent is not published is dropped and reported with every
 * page below it, and each page kept is placed on the portal (src/lib/visitor-guide/placement.ts).
 */
import { z } from 'astro/zod';
import type { PageSlugs } from '../../../src/lib/config.ts';
import { truncate } from '../../../src/lib/format.ts';
import type { BlogPage } from '../../../src/lib/schemas/index.ts';
import { placePages } from '../../../src/lib/visitor-guide/placement.ts';
import { type OrphanReason, rootedPages } from '../../../src/lib/visitor-guide/tree.ts';
import { type RecordContext, type RecordNote, RecordRefused } from './context.ts';
import { LenientText, lenient, lenientList, RawId, TEXT_CHARS, withinScale } from './fields.ts';
import { htmlToText, sanitizeHtml } from './html.ts';
import { blogAddress, NEWS_SUMMARY_LENGTH, publishedTitle, RawEmbedded, Rendered, wordpressDate } from './news.ts';
import type { NormalisedRecords } from './records.ts';
import { imageUrl, NOT_A_DATE, quoted } from './values.ts';

/** A page's parent: WordPress's page id, 0 (or none) at the top of the tree. Anything else makes the page invalid. */
const RawParent = z
  .union([
    z.number().int().nonnegative(),
    z
      .string()
      .trim()
      .regex(/^\d{1,15}$/),
  ])
  .transform((value) => (Number(value) === 0 ? null : String(Number(value))))
  .optional();

/** A WordPress REST v2 page (`_embed=true`). */
export const RawPageSchema = z.looseObject({
  id: RawId,
  title: Rendered,
  content: lenient(Rendered),
  excerpt: lenient(Rendered),
  date: lenient(z.string()),
  date_gmt: lenient(z.string()),
  modified: lenient(z.string()),
  modified_gmt: lenient(z.string()),
  slug: LenientText,
  status: lenient(z.string()),
  link: lenient(z.string()),
  parent: RawParent,
  menu_order: z.unknown().optional(),
  _embedded: lenient(RawEmbedded),
  yoast_head_json: lenient(z.looseObject({ og_image: lenientList(z.looseObject({ url: z.string() })) })),
});
type RawPage = z.output<typeof RawPageSchema>;

/** `menu_order` as WordPress keeps it: an integer, 0 when not set; another value is noted and read as 0. */
const MENU_ORDER_SCALE = { label: 'menu_order', min: -1_000_000, max: 1_000_000, fallback: 0, isInteger: true };

/** The fields the sync settles once every page is read (placeBlogPages): a single page is placed nowhere until then. */
const UNPLACED = { path: null, lang: 'pt-BR', translationOf: null } as const satisfies Pick<
  BlogPage,
  'path' | 'lang' | 'translationOf'
>;

/**
 * A published page as an entry, placed nowhere yet; throws (the page is dropped with the reason) when it
 * is not published, has no visible title or no real date. Its text's phone numbers become tel: links
 * (sanitizeHtml's linkPhoneNumbers); its own address is kept only on the blog's host (blogLink), as a post's.
 */
export function toBlogPage(raw: RawPage, context: RecordContext, blogHosts: readonly string[] = []): BlogPage {
  const title = publishedTitle(raw);
  // When an editor last saved it; a page never changed since it was published has its date.
  const modified = wordpressDate(raw.modified, raw.modified_gmt, context) ?? wordpressDate(raw.date, raw.date_gmt, context);
  if (!modified) {
    const value = quoted(raw.modified_gmt ?? raw.modified ?? raw.date_gmt ?? raw.date ?? '');
    throw new RecordRefused(`no valid date (${value}: ${NOT_A_DATE})`, { field: 'modified', problem: 'not-date', value });
  }
  const { link, baseUrl } = blogAddress(raw.link, context, blogHosts);
  const contentHtml = raw.content ? sanitizeHtml(raw.content, { baseUrl, linkPhoneNumbers: true }) : '';
  const image = (value: string | undefined) => (value ? imageUrl(value, baseUrl) : null);
  return {
    id: raw.id,
    slug: raw.slug && /^[A-Za-z0-9%_-]{1,200}$/.test(raw.slug) ? raw.slug : raw.id,
    title: truncate(title, TEXT_CHARS),
    summary: truncate(htmlToText(raw.excerpt), TEXT_CHARS) || truncate(htmlToText(contentHtml), NEWS_SUMMARY_LENGTH),
    contentHtml,
    image: image(raw._embedded?.['wp:featuredmedia'][0]?.source_url) ?? image(raw.yoast_head_json?.og_image[0]?.url),
    parent: raw.parent ?? null,
    menuOrder: withinScale(raw.menu_order, MENU_ORDER_SCALE, context),
    modifiedAt: modified.instant,
    link,
    ...UNPLACED,
  };
}

/** What an editor is told of a page cut off from the tree. */
const ORPHAN_REASONS: Record<OrphanReason, string> = {
  'missing-parent': 'its parent page is not published (a draft, private or deleted); not published',
  'parent-left-out': 'a page above it is not published; not published',
  loop: 'its parent pages lead back to itself; not published',
};

/**
 * The pages read, as the snapshot keeps them: those cut off from the tree (rootedPages) dropped, each
 * with its note, and every other page placed on the portal by the configured slugs (placePages).
 */
export function placeBlogPages(result: NormalisedRecords<BlogPage>, slugs: PageSlugs): NormalisedRecords<BlogPage> {
  const { rooted, orphans } = rootedPages(result.entries);
  const placements = placePages(rooted, slugs);
  const dropped: RecordNote[] = orphans.map(({ page, reason }) => ({
    id: page.id,
    name: page.title,
    reason: `parent ${page.parent}: ${ORPHAN_REASONS[reason]}`,
    field: 'parent',
    problem: 'missing-parent',
    value: quoted(page.parent ?? ''),
  }));
  const entries = rooted.map((page) => ({ ...page, ...placements.get(page.id) }));
  return { entries, dropped: [...result.dropped, ...dropped], repaired: result.repaired };
}
