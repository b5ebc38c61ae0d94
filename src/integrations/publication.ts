/**
 * The build's last step (astro.config.mjs, `astro:build:done`): what makes dist/ publishable as it
 * is on the static host it is for (static-hosting.ts, headers.ts; checked by scripts/verify/hosting.ts and
 * scripts/verify/headers.ts).
 *
 * - the mirrors `{path}/index.html` the host needs (none for a file-first one: one file per page);
 * - `_headers`, the Content-Security-Policy and caching rules for hosts that read it;
 * - `.nojekyll`, so a GitHub Pages deploy from a branch publishes `_astro/` (Jekyll drops folders
 *   whose names start with an underscore).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { pagePolicy } from './csp.ts';
import { formatHeadersFile, HEADERS_FILE, headerRules } from './headers.ts';
import { HOSTS, type HostName } from './hosts.ts';
import { documentHead, scanTags } from './html-scan.ts';
import { listFiles } from './site-files.ts';
import { pageFiles, writeMirrors } from './static-hosting.ts';

export const NO_JEKYLL_FILE = '.nojekyll';

/** Writes the mirrors `host` needs, `_headers` and `.nojekyll` into a finished build; returns what it wrote. */
export async function preparePublication(distDir: string, host: HostName): Promise<{ mirrors: number; headerRules: number }> {
  const built = await listFiles(distDir);
  const mirrors = await writeMirrors(distDir, built, host);
  const files = await listFiles(distDir);
  // The head only (where the policy is), and one copy of each distinct policy (pages share a handful):
  // a policy parsed from a page holds slices of that page's text, and keeping one per page kept every
  // page's text alive until the end of the build, so its memory and time grew with every page.
  const policies = new Map<string, Map<string, string[]>>();
  for (const page of pageFiles(files)) {
    const policy = pagePolicy(scanTags(documentHead(await readFile(path.join(distDir, page), 'utf8'))));
    if (!policy) continue;
    const key = JSON.stringify([...policy]);
    if (!policies.has(key)) policies.set(key, new Map(JSON.parse(key) as [string, string[]][]));
  }
  const rules = headerRules(files, [...policies.values()]);
  await writeFile(path.join(distDir, HEADERS_FILE), formatHeadersFile(rules), 'utf8');
  await writeFile(path.join(distDir, NO_JEKYLL_FILE), '', 'utf8');
  return { mirrors, headerRules: rules.length };
}

/** preparePublication as the build's last step, for the host the build is for (DEPLOY_HOST). */
export function staticHosting(host: HostName): AstroIntegration {
  return {
    name: 'static-hosting',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const { mirrors, headerRules } = await preparePublication(fileURLToPath(dir), host);
        logger.info(
          `for ${HOSTS[host].label}: ${mirrors} pages also written as {path}/index.html; _headers with ${headerRules} rules; .nojekyll`,
        );
      },
    },
  };
}
