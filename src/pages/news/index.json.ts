/**
 * /news/index.json: the compact index the news portal fetches on the first search, chip or page
 * button (src/lib/portal/index-entries.ts), in the portal's order (featured first, newest next).
 */
import type { APIRoute } from 'astro';
import { NEWS } from '../../lib/data.ts';
import { newsInPortalOrder } from '../../lib/news/news.ts';
import { toNewsIndexEntry } from '../../lib/portal/index-entries.ts';
import { portalPageOf } from '../../lib/portal/portal.ts';

export const GET: APIRoute = () => {
  const entries = newsInPortalOrder(NEWS).map((article, position) => toNewsIndexEntry(article, portalPageOf(position)));
  return new Response(JSON.stringify(entries), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
