// @ts-check
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { loadEnv } from 'vite';

// `.env` is honoured for the configuration contract of DESIGN.md (see src/config.ts).
const env = { ...loadEnv('', process.cwd(), ''), ...process.env };

export default defineConfig({
  site: env.SITE_URL || 'https://turismo.example.com.br',
  output: 'static',
  trailingSlash: 'ignore',
  integrations: [
    react(),
    // Pages that are not content: the 404, the /experience redirect and the 'no id' messages.
    sitemap({ filter: (page) => !/^\/(404|experience|driver|guide)\/?$/.test(new URL(page).pathname) }),
  ],
  build: { format: 'directory' },
});
