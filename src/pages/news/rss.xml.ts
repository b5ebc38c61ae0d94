/**
 * /news/rss.xml: the news as an RSS 2.0 feed (@astrojs/rss), newest first, every article with its
 * title, link, date, summary and picture. The picture is the JPEG the share previews use (readers
 * do not all show WebP), else the news placeholder.
 */
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { CITY, NEWS, SITE } from '../../lib/data.ts';
import { PLACEHOLDERS } from '../../lib/images.ts';
import { MEDIA_NAMESPACE, newsFeedItem } from '../../lib/news/feed.ts';
import { shareImageUrl } from '../../lib/picture.ts';
import { absoluteUrl } from '../../lib/seo.ts';
import { placeLabel } from '../../lib/text.ts';

export const GET: APIRoute = async () => {
  const items = await Promise.all(
    NEWS.map(async (article) => newsFeedItem(article, absoluteUrl((await shareImageUrl(article.image)) ?? PLACEHOLDERS.news))),
  );
  return rss({
    title: `Notícias | ${SITE.businessName}`,
    description: `Notícias do turismo em ${placeLabel(CITY)}.`,
    site: SITE.siteUrl,
    xmlns: { media: MEDIA_NAMESPACE },
    customData: '<language>pt-BR</language>',
    items,
    // Links in the one form canonical URLs use ('/news/42', src/lib/seo.ts).
    trailingSlash: false,
  });
};
