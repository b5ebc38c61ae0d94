// @ts-check

// First: .env loaded and every setting read (src/lib/load-settings.ts); a setting that cannot be read ends
// the build here with its one line, before Astro would print a stack trace that does not name it.
import './src/lib/load-settings.ts';
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig, fontProviders } from 'astro/config';
import { buildManifest } from './src/integrations/build-manifest.ts';
import { clientDirectives } from './src/integrations/client-directives.ts';
import { contentSecurityPolicy } from './src/integrations/csp.ts';
import imageCache from './src/integrations/image-cache.ts';
import { staticHosting } from './src/integrations/publication.ts';
import { serviceWorker } from './src/integrations/service-worker.ts';
import { snapshotVersion } from './src/integrations/snapshot-version.ts';
import { unlistedPages } from './src/integrations/unlisted-pages.ts';
import { MEDIUM_WIDTH } from './src/lib/images.ts';
import { SETTINGS } from './src/lib/load-settings.ts';
import { projectDir } from './src/lib/project-dirs.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
/** @param {number} weight */
const poppinsFile = (weight) => `./node_modules/@fontsource/poppins/files/poppins-latin-${weight}-normal.woff2`;
const unlisted = unlistedPages(projectDir(process.env, 'snapshot', root));

export default defineConfig({
  site: SETTINGS.site.siteUrl,
  output: 'static',
  trailingSlash: 'ignore',
  integrations: [
    // A snapshot of another format than this code's ends the build in one line (the sync migrates it).
    snapshotVersion(projectDir(process.env, 'snapshot', root)),
    react(),
    // The project's client directives (src/directives/): React arrives only when a widget needs it.
    clientDirectives(),
    // The service worker (src/service-worker/sw.ts) bundled with this build's version, served as /sw.js.
    serviceWorker(root),
    // The sync's image cache (IMAGE_CACHE_DIR) as local images for <Picture> (src/components/ResponsiveImage.astro).
    imageCache(projectDir(process.env, 'imageCache', root)),
    // Pages that are not content: the 404, the /experience redirect, the 'no id' messages, favourites, the
    // editors' /status. Not in the sitemap: pages kept out of search engines, and /events and /accommodation,
    // older addresses that send the visitor to /all-events and /all-accommodation.
    // Nor the pages of providers the portal does not list (src/integrations/unlisted-pages.ts).
    sitemap({
      filter: (page) => {
        const { pathname } = new URL(page);
        return (
          !/^\/(404|experience|driver|guide|favoritos|busca|offline|status|events|accommodation)\/?$/.test(pathname) &&
          !unlisted.has(pathname.replace(/\/$/, ''))
        );
      },
    }),
    // dist/build-manifest.json: the entries per collection this build published; `npm run verify` compares
    // the next build with it, so a collection that lost its data is never deployed silently.
    buildManifest(projectDir(process.env, 'snapshot', root), root),
    // dist/ as the host it is for serves it (DEPLOY_HOST, src/integrations/hosts.ts): the folder copies
    // {path}/index.html that host needs (none for GitHub Pages: one file per page); _headers; .nojekyll.
    staticHosting(SETTINGS.deployHost),
  ],
  // One <meta> policy per page (src/integrations/csp.ts): our own code, the embeds the visitor asks for, nothing else
  // (but the VLibras widget's hosts where the city sets VLIBRAS=true).
  // Hosts that read dist/_headers also send it as a header (src/integrations/headers.ts).
  security: { csp: contentSecurityPolicy(`${root}src`, { vlibras: SETTINGS.site.vlibras }) },
  // No Markdown code blocks on the site; Shiki's inline styles would need 'unsafe-inline' under the policy.
  markdown: { syntaxHighlight: false },
  // Pages as files (/tour/101 → tour/101.html): links and canonicals use /tour/101; the static-hosting
  // step above adds the folder form the host needs, if any.
  // Every stylesheet a cached file, that a visitor's next pages do not carry again; two pages rendered at a time,
  // one rendering while the other's file is written; scoped styles marked by a class, lighter HTML than an
  // attribute of their own at the same specificity. Each measured in docs/performance.md ('CSS', 'The build').
  scopedStyleStrategy: 'class',
  build: { format: 'file', inlineStylesheets: 'never', concurrency: 2 },
  // The city's time zone in the browser's copy of src/lib/format.ts, as the pages are built with it (CITY_TIME_ZONE).
  vite: { define: { __CITY_TIME_ZONE__: JSON.stringify(SETTINGS.site.timeZone) } },
  // Poppins (latin, self-hosted from @fontsource) through Astro's font API, not preloaded: the LCP photo has the
  // link first. font-display: optional, so a font that misses the first render is used from the next page on
  // (cached) and never swapped in under the visitor's eyes, which shifts the layout; until then a fallback fitted
  // to Poppins' metrics (docs/performance.md, 'Fonts').
  fonts: [
    {
      provider: fontProviders.local(),
      name: 'Poppins',
      cssVariable: '--font-poppins',
      // system-ui: Astro fits a fallback for each system font it stands for (Roboto on Android, San Francisco, Segoe UI, Arial).
      fallbacks: ['system-ui'],
      options: {
        variants: [
          { weight: 400, style: 'normal', display: 'optional', src: [poppinsFile(400)] },
          { weight: 600, style: 'normal', display: 'optional', src: [poppinsFile(600)] },
          { weight: 700, style: 'normal', display: 'optional', src: [poppinsFile(700)] },
        ],
      },
    },
  ],
  // Astro's encoded-image cache next to the sync's downloads (.cache/images): the nightly job keeps the one
  // folder `.cache/` in actions/cache, and `npm ci` (which empties node_modules/) does not wipe it.
  // ASTRO_CACHE_DIR: `npm run bench` gives each run its own, so it measures a cold build and a warm one.
  cacheDir: projectDir(process.env, 'astroCache', root),
  image: {
    // Quality and encoder effort chosen on real photographs, bytes and SSIM against encoding time
    // (docs/performance.md, 'Image encoding'): effort decides most of a cold build's time, so it is 0 but at
    // 720 px, the LCP photo of a phone at DPR 2 (the slideshow's profile raises it, src/lib/images.ts).
    service: {
      entrypoint: './src/integrations/image-service.ts',
      config: {
        avif: { quality: 50, effort: 0, chromaSubsampling: '4:2:0' },
        avifEffortByWidth: { [MEDIUM_WIDTH]: 1 },
        webp: { quality: 68, effort: 2 },
      },
    },
  },
});
