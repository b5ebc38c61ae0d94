// @ts-check

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { contentSecurityPolicy } from './scripts/verify/csp.ts';
import { writeBuildManifest } from './scripts/verify/manifest.ts';
import { DEFAULT_SITE_URL } from './src/lib/config.ts';
import { snapshotDir } from './src/lib/schemas/index.ts';

// `.env` is honoured for the configuration contract of DESIGN.md (src/lib/config.ts reads process.env);
// variables already set in the environment win.
if (existsSync('.env')) process.loadEnvFile('.env');

export default defineConfig({
  site: process.env.SITE_URL?.trim() || DEFAULT_SITE_URL,
  output: 'static',
  trailingSlash: 'ignore',
  integrations: [
    react(),
    // Pages that are not content: the 404, the /experience redirect, the 'no id' messages, favourites.
    sitemap({ filter: (page) => !/^\/(404|experience|driver|guide|favoritos|busca)\/?$/.test(new URL(page).pathname) }),
    // dist/build-manifest.json: the entries per collection this build published; `npm run verify` compares
    // the next build with it, so a collection that lost its data is never deployed silently.
    {
      name: 'build-manifest',
      hooks: {
        'astro:build:done': ({ dir }) => writeBuildManifest(fileURLToPath(dir), snapshotDir(process.env)).then(() => undefined),
      },
    },
  ],
  // One <meta> policy per page (scripts/verify/csp.ts): our own code, the embeds the visitor asks for, nothing else.
  security: { csp: contentSecurityPolicy('src') },
  // No Markdown code blocks on the site; Shiki's inline styles would need 'unsafe-inline' under the policy.
  markdown: { syntaxHighlight: false },
  build: { format: 'file' },
});
