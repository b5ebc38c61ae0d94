/** /manifest.webmanifest: what makes the site installable (src/lib/web-app.ts), linked from every page's head. */
import type { APIRoute } from 'astro';
import { SITE } from '../lib/site.ts';
import { webAppManifest } from '../lib/web-app.ts';
import { PALETTE } from '../lib/web-app-palette.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(webAppManifest(SITE, PALETTE), null, 2), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8' },
  });
