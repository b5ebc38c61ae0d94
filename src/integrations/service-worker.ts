/**
 * The service worker (src/service-worker/sw.ts) as the build serves it: bundled with the constants
 * it shares with the pages (src/lib/offline.ts, src/lib/paths.ts), minified, with this build's
 * version in it, handed to src/pages/sw.js.ts as the virtual module `virtual:service-worker`. Every
 * build installs a new worker whose caches replace the last build's (see the worker's header).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { AstroIntegration } from 'astro';
import { buildSync } from 'esbuild';

const SERVICE_WORKER_MODULE = 'virtual:service-worker';
const RESOLVED = `\0${SERVICE_WORKER_MODULE}`;

/** The worker's source, under the project's root. */
const SERVICE_WORKER_SOURCE = path.join('src', 'service-worker', 'sw.ts');

/** The worker as one classic script for the browsers the site serves, `version` in BUILD_VERSION. */
export function bundleServiceWorker(root: string, version: string): string {
  const { outputFiles } = buildSync({
    entryPoints: [path.join(root, SERVICE_WORKER_SOURCE)],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    // Workbox's modules hold their development checks and logging behind NODE_ENV: left out here.
    define: { BUILD_VERSION: JSON.stringify(version), 'process.env.NODE_ENV': '"production"' },
  });
  return outputFiles[0]?.text ?? '';
}

/** BUILD_ID when the build sets one (a commit, a CI run), else the build's start time. */
function buildVersion(env: NodeJS.ProcessEnv = process.env): string {
  return env.BUILD_ID?.trim() || new Date().toISOString();
}

/** The Astro integration: `virtual:service-worker` exports the bundled worker as a string. */
export function serviceWorker(root: string): AstroIntegration {
  const version = buildVersion();
  return {
    name: 'service-worker',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'service-worker',
                resolveId: (id) => (id === SERVICE_WORKER_MODULE ? RESOLVED : undefined),
                load(id) {
                  if (id !== RESOLVED) return undefined;
                  // The worker's modules (sw.ts and those it imports beside it).
                  const folder = path.dirname(path.join(root, SERVICE_WORKER_SOURCE));
                  for (const file of readdirSync(folder)) if (file.endsWith('.ts')) this.addWatchFile(path.join(folder, file));
                  return `export default ${JSON.stringify(bundleServiceWorker(root, version))};`;
                },
              },
            ],
          },
        });
      },
    },
  };
}
