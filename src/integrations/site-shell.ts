/**
 * The site shell's inline script (src/scripts/site-shell.js), minified for every page's head and
 * hashed for the Content-Security-Policy: the layout inlines `minifyShell(source)` and the policy
 * allows the hash of the same bytes (src/integrations/csp.ts), so the readable source is the only copy.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';

/** Where the shell's source is, under the project's `src/`. */
export const SHELL_SOURCE = path.join('scripts', 'site-shell.js');

/**
 * Each source's minified form: the layout asks for it on every page, and esbuild's call took a fifth
 * of a 5,000-item warm build (8,900 pages, one synchronous transform each).
 */
const minified = new Map<string, string>();

/** The shell as it is inlined: minified, for the browsers the site serves, no trailing newline. */
export function minifyShell(source: string): string {
  let code = minified.get(source);
  if (code === undefined) {
    code = transformSync(source, { minify: true, target: 'es2020', legalComments: 'none' }).code.trim();
    minified.set(source, code);
  }
  return code;
}

/** The CSP hash of the inlined shell, from the source under `sourceDir` (the project's `src/`). */
export function shellHash(sourceDir: string): `sha256-${string}` {
  const code = minifyShell(readFileSync(path.join(sourceDir, SHELL_SOURCE), 'utf8'));
  return `sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}`;
}
