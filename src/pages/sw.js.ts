/**
 * /sw.js: the service worker, bundled with this build's version by src/integrations/service-worker.ts
 * (its source: src/service-worker/sw.ts).
 */

import source from 'virtual:service-worker';
import type { APIRoute } from 'astro';

export const GET: APIRoute = () => new Response(source, { headers: { 'content-type': 'text/javascript; charset=utf-8' } });
