/** Pure helpers of the news feed (/news/rss.xml): one RSS item per published article. */
import type { RSSFeedItem } from '@astrojs/rss';
import type { NewsArticle } from '../schemas/index.ts';

/** The feed's path, linked from every page's head (rel="alternate"). */
export const NEWS_FEED_PATH = '/news/rss.xml';

/** The Media RSS namespace, for each item's picture (`<media:content>` needs no byte length, unlike `<enclosure>`). */
export const MEDIA_NAMESPACE = 'http://search.yahoo.com/mrss/';

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The MIME type of an image by its file extension, or null when unknown. */
export function imageType(url: string): string | null {
  const extension = /\.(jpe?g|png|webp|avif|gif|svg)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  if (!extension) return null;
  return { jpg: 'image/jpeg', jpeg: 'image/jpeg', svg: 'image/svg+xml' }[extension] ?? `image/${extension}`;
}

/**
 * The RSS item of an article: its title, its page on this portal, its date, its summary and, as
 * `<media:content>`, `imageUrl` (an absolute URL of the site's own copy; null leaves it out).
 */
export function newsFeedItem(article: NewsArticle, imageUrl: string | null): RSSFeedItem {
  const type = imageUrl ? imageType(imageUrl) : null;
  return {
    title: article.title,
    link: `/news/${article.id}`,
    pubDate: new Date(article.publishedAt),
    description: article.summary,
    categories: [article.category],
    ...(imageUrl && {
      customData: `<media:content url="${escapeXml(imageUrl)}" medium="image"${type ? ` type="${type}"` : ''} />`,
    }),
  };
}
