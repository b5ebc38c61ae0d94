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

/** The shell as it is inlined: minified, for the browsers the site serves, no trailing newline. */
export function minifyShell(source: string): string {
  return transformSync(source, { minify: true, target: 'es2020', legalComments: 'none' }).code.trim();
}

/** The CSP hash of the inlined shell, from the source under `sourceDir` (the project's `src/`). */
export function shellHash(sourceDir: string): `sha256-${string}` {
  const code = minifyShell(readFileSync(path.join(sourceDir, SHELL_SOURCE), 'utf8'));
  return `sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}`;
}
