/**
 * /news/index.json: the compact index the news portal island fetches on the first search, chip or
 * page button (src/lib/portal/index-entries.ts), in the portal's order (featured first, newest next).
 */
import type { APIRoute } from 'astro';
import { NEWS } from '../../lib/data.ts';
import { PLACEHOLDERS } from '../../lib/images.ts';
import { newsInPortalOrder } from '../../lib/news/news.ts';
import { webpUrl } from '../../lib/picture.ts';
import { toNewsIndexEntry } from '../../lib/portal/index-entries.ts';

// The card's picture is the WebP the static cards already encode (no upstream URL reaches the browser).
export const GET: APIRoute = async () => {
  const entries = await Promise.all(
    newsInPortalOrder(NEWS).map(async (article) =>
      toNewsIndexEntry(article, await webpUrl(article.image, PLACEHOLDERS.news, 'card')),
    ),
  );
  return new Response(JSON.stringify(entries), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
