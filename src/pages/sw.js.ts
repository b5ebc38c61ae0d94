/**
 * /sw.js: the service worker (src/service-worker/sw.js) with this build's version in it, so every
 * build installs a new worker whose caches replace the last build's (see the worker's header).
 */
import type { APIRoute } from 'astro';
import source from '../service-worker/sw.js?raw';

/** BUILD_ID when the build sets one (a commit, a CI run), else the build's start time. */
const VERSION = process.env.BUILD_ID?.trim() || new Date().toISOString();

export const GET: APIRoute = () =>
  new Response(source.replace("'BUILD_VERSION'", JSON.stringify(VERSION)), {
    headers: { 'content-type': 'text/javascript; charset=utf-8' },
  });
