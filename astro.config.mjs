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
  // Every stylesheet is a cached file (the layout's, and the chunks Vite splits per page type): inlined, the
  // small ones cost every page 8-12 KB again (79 MB of a 5,000-item build), with no better LCP for a first visit
  // (Lighthouse with real photographs, docs/performance.md). One site-wide file instead cost the first visit its LCP.
  // Two pages rendered at a time: while one page's file is written the next renders, on the one thread
  // (a 5,000-item warm build under load: 116 s against 143 s, peak memory 1.50 GB against 1.41 GB).
  // Scoped styles mark their elements with a class (`class="card astro-cipmdm5i"`, selectors `.card.astro-cipmdm5i`)
  // rather than a `data-astro-cid-…` attribute of their own: the same specificity, 930 B less of the home's gzip
  // HTML (a 3G phone's first TCP windows, see docs/performance.md, "Reading the figures").
  scopedStyleStrategy: 'class',
  build: { format: 'file', inlineStylesheets: 'never', concurrency: 2 },
  // The city's time zone in the browser's copy of src/lib/format.ts, as the pages are built with it (CITY_TIME_ZONE).
  vite: { define: { __CITY_TIME_ZONE__: JSON.stringify(SETTINGS.site.timeZone) } },
  // Poppins (latin, self-hosted from @fontsource) through Astro's font API, not preloaded: the LCP photo has the
  // link first. font-display: optional, so a font that misses the first render is used from the next page on
  // (cached) and never swapped in under the visitor's eyes; until then a fallback fitted to Poppins' metrics.
  // With swap, Lighthouse measured CLS 0.156 on a news article (its Chromium has none of the fitted system fonts).
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
    // Chosen on real photographs (the benchmark's 1600×1000 camera JPEGs, 11 scenes, 720 px wide; luma SSIM
    // against the resized original): AVIF q50 averages 15.4 KB (the heaviest, foliage, 36.6 KB) at SSIM 0.957;
    // q45 saves 16 % but visibly smears wood grain and needles, q55 adds 19 % for 0.007 SSIM. 4:2:0 chroma
    // saves 3-4 % at the same SSIM (sharp's AVIF default is 4:4:4). WebP (the one fallback of browsers without
    // AVIF, src/lib/images.ts fallbackWidth) q68: SSIM 0.967 at 28 KB where q72 takes 29.4 KB for 0.969.
    // Encoder effort, measured on 33 photos of the benchmark's pool (CPU per encode, one thread), decides most
    // of a cold build's time, so it is chosen per width (src/integrations/image-service.ts):
    // - AVIF effort 0, except at 720 px: at 1080 px effort 1 takes 177 ms for 35.4 KB, effort 0 60 ms for
    //   38.5 KB (+9 %, SSIM 0.955 both); at 400 px 36 ms / 6.3 KB against 16 ms / 7.0 KB. Effort 2 takes
    //   another 60 % of effort 1's time for 1 % fewer bytes.
    // - AVIF 720 px keeps effort 1 (94 ms, 17.3 KB; effort 0: 40 ms, 19.0 KB): it is the LCP photo of a phone
    //   at DPR 2 on a slow link, and the average hides smooth photos: the real-photo sample's tour banner
    //   takes 12.7 KB at effort 1 and 19.8 KB at effort 0 (+56 %), the home's first slide 11.9 and 18.3 KB.
    //   Effort 0 there too would save about 25 s of a 5,000-item cold build (2 min 43 s against 3 min 08 s).
    // - The home slideshow's photos take effort 1 at every width (`avifEffort` of the slide profile,
    //   src/lib/images.ts): a handful of photos, and the first is the LCP image at 1080 or 1600 px.
    // - WebP effort 2: 29 ms and 28.5 KB at 720 px against effort 4's 46 ms and 27.5 KB (SSIM 0.965 / 0.967),
    //   for the few browsers without AVIF.
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
