// @ts-check

import { existsSync } from 'node:fs';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { DEFAULT_SITE_URL } from './src/lib/config.ts';

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
    sitemap({ filter: (page) => !/^\/(404|experience|driver|guide|favoritos)\/?$/.test(new URL(page).pathname) }),
  ],
  build: { format: 'file' },
});
