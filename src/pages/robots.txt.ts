/** /robots.txt: everything may be crawled; the sitemap index comes from @astrojs/sitemap. */
import type { APIRoute } from 'astro';
import { SITE } from '../lib/data.ts';

export const GET: APIRoute = () =>
  new Response(`User-agent: *\nAllow: /\n\nSitemap: ${SITE.siteUrl}/sitemap-index.xml\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
