/** The shell's inline script: one readable source, minified for the head, its hash allowed by the CSP. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../src/integrations/csp.ts';
import { minifyShell, SHELL_SOURCE, shellHash } from '../../src/integrations/site-shell.ts';

const src = path.resolve(import.meta.dirname, '../../src');
const source = readFileSync(path.join(src, SHELL_SOURCE), 'utf8');

describe('the site shell', () => {
  const code = minifyShell(source);

  it('is minified to under 1.25 KB, one line, none of its comments', () => {
    expect(code.length).toBeLessThan(1280);
    expect(code).not.toContain('\n');
    expect(code).not.toMatch(/\/\*|\/\/ /);
    expect(code).toContain("register('/sw.js')".replace(/'/g, '"'));
  });

  it('is allowed by the policy by the hash of exactly those bytes', () => {
    const hash = `sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}`;
    expect(shellHash(src)).toBe(hash);
    expect(contentSecurityPolicy(src).scriptDirective.hashes).toContain(hash);
  });

  it('minifies the same source to the same bytes every time (the layout and the policy each minify it)', () =>
    expect(minifyShell(source)).toBe(code));
});
