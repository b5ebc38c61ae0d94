// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { loadEnv } from 'vite';

// `.env` is honoured for the configuration contract of DESIGN.md (see src/config.ts).
const env = { ...loadEnv('', process.cwd(), ''), ...process.env };

export default defineConfig({
  site: env.SITE_URL || 'https://turismo.example.com.br',
  output: 'static',
  trailingSlash: 'ignore',
  integrations: [react()],
  build: { format: 'directory' },
});
