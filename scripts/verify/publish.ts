/**
 * The build's last step (astro.config.mjs, `astro:build:done`): what makes dist/ publishable as it
 * is on any static host (scripts/verify/hosting.ts, scripts/verify/headers.ts).
 *
 * - the mirror `{path}/index.html` of every page, so file-first and folder-first hosts find it;
 * - `_headers`, the Content-Security-Policy and caching rules for hosts that read it;
 * - `.nojekyll`, so a GitHub Pages deploy from a branch publishes `_astro/` (Jekyll drops folders
 *   whose names start with an underscore).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { listFiles } from './files.ts';
import { formatHeadersFile, HEADERS_FILE, headerRules } from './headers.ts';
import { pageFiles, writeMirrors } from './hosting.ts';
import { scanTags } from './html.ts';
import { pagePolicy } from './scripts.ts';

export const NO_JEKYLL_FILE = '.nojekyll';

/** Writes the mirrors, `_headers` and `.nojekyll` into a finished build; returns what it wrote. */
export async function preparePublication(distDir: string): Promise<{ mirrors: number; headerRules: number }> {
  const built = await listFiles(distDir);
  const mirrors = await writeMirrors(distDir, built);
  const files = await listFiles(distDir);
  const policies = [];
  for (const page of pageFiles(files)) {
    const policy = pagePolicy(scanTags(await readFile(path.join(distDir, page), 'utf8')));
    if (policy) policies.push(policy);
  }
  const rules = headerRules(files, policies);
  await writeFile(path.join(distDir, HEADERS_FILE), formatHeadersFile(rules), 'utf8');
  await writeFile(path.join(distDir, NO_JEKYLL_FILE), '', 'utf8');
  return { mirrors, headerRules: rules.length };
}
