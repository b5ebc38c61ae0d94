/**
 * The Content-Security-Policy (src/integrations/csp.ts) in the static HTML of the sample build: each page
 * type carries one policy in a <meta>, and what its markup holds is what both policies a browser enforces
 * (that <meta> and the header `_headers` gives the path) allow: inline scripts and styles by their hashes,
 * scripts, stylesheets and pictures from the site itself, no inline handler, no frame. That the pages then
 * run with no violation, and the maps, the player, the lightbox and the search a visitor opens too, is
 * tests/e2e/csp.spec.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scriptHash } from '../../scripts/verify/scripts.ts';
import { parsePolicy } from '../../src/integrations/csp.ts';
import { headersForPath, parseHeadersFile } from '../../src/integrations/headers.ts';
import { DIST, page } from '../support/dist-pages.ts';

/** The page types tests/e2e/csp.spec.ts opens, by the path a visitor asks for and the file the host serves. */
const PAGE_TYPES = [
  ['/', '/'],
  ['/all-tours', '/all-tours'],
  ['/tour/101', '/tour/101'],
  ['/accommodation/201', '/accommodation/201'],
  ['/event/401', '/event/401'],
  ['/experience/1', '/experience/1'],
  ['/news', '/news'],
  ['/news/1008', '/news/1008'],
  ['/testimonials', '/testimonials'],
  ['/contato', '/contato'],
  ['/favoritos', '/favoritos'],
  ['/busca', '/busca'],
  ['/about', '/about'],
  // A driver that does not exist: the host answers with 404.html (scripts/serve.ts).
  ['/driver/999', '/404'],
] as const;

/** The sources a policy allows for `directive`, falling back as a browser does (script-src-elem, script-src, default-src). */
const sourcesFor = (policy: Map<string, string[]>, ...fallbacks: string[]): string[] =>
  fallbacks.map((name) => policy.get(name)).find((sources) => sources !== undefined) ?? [];

/** Whether `sources` let an inline element of this text run: its hash, or 'unsafe-inline' without any hash. */
function allowsInline(sources: readonly string[], text: string): boolean {
  if (sources.includes(`'${scriptHash(text)}'`)) return true;
  return sources.includes("'unsafe-inline'") && !sources.some((source) => /^'sha(256|384|512)-/.test(source));
}

it('the pages carry the policy we configured (src/integrations/csp.ts)', () => {
  const policy = page('/').querySelector('meta[http-equiv="content-security-policy"]')?.getAttribute('content');
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).toMatch(/script-src 'self' 'wasm-unsafe-eval'( 'sha256-[^']+')+;/);
  expect(policy).toContain('frame-src https://www.google.com https://maps.google.com https://open.spotify.com');
  expect(policy).not.toContain("script-src 'self' 'unsafe-inline'");
});

/** Node.DOCUMENT_POSITION_FOLLOWING (Node is the window's, not a global, in this project). */
const DOCUMENT_POSITION_FOLLOWING = 4;

const HEADER_RULES = parseHeadersFile(readFileSync(path.join(DIST, '_headers'), 'utf8'));

describe.each(PAGE_TYPES)('%s', (address, served) => {
  const document = page(served);
  const metas = document.querySelectorAll('meta[http-equiv="content-security-policy"]');
  const meta = parsePolicy(metas[0]?.getAttribute('content') ?? '');
  const header = parsePolicy(headersForPath(HEADER_RULES, address).get('content-security-policy') ?? '');
  const isAfterMeta = (element: Element) =>
    Boolean((metas[0]?.compareDocumentPosition(element) ?? 0) & DOCUMENT_POSITION_FOLLOWING);

  it('carries one policy in its <meta>, and the host sends one for its path', () => {
    expect(metas).toHaveLength(1);
    expect(meta.get('default-src')).toEqual(["'self'"]);
    expect(header.get('default-src')).toEqual(["'self'"]);
  });

  it('runs only inline scripts both policies hash, and script files of its own', () => {
    const scripts = [...document.querySelectorAll('script')].filter((script) =>
      ['', 'module', 'text/javascript'].includes((script.getAttribute('type') ?? '').trim().toLowerCase()),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const source = script.getAttribute('src');
      if (source !== null) {
        expect(source, 'a script file of the site itself').toMatch(/^\/(?!\/)/);
        continue;
      }
      const text = script.textContent ?? '';
      // A script before the <meta> is checked by the header alone; every one is on both lists all the same.
      expect(allowsInline(sourcesFor(header, 'script-src-elem', 'script-src', 'default-src'), text), text.slice(0, 80)).toBe(
        true,
      );
      expect(allowsInline(sourcesFor(meta, 'script-src-elem', 'script-src', 'default-src'), text), text.slice(0, 80)).toBe(true);
    }
    // No inline handler ('unsafe-inline' is never on script-src-attr) and no javascript: address.
    const handlers = [...document.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes].filter((attribute) => /^on[a-z]+$/.test(attribute.name)).map((attribute) => attribute.name),
    );
    expect(handlers).toEqual([]);
    expect(document.querySelectorAll('[href^="javascript:" i], [src^="javascript:" i], [action^="javascript:" i]')).toHaveLength(
      0,
    );
  });

  it('has inline styles the policies allow, and stylesheets, pictures and no frame but its own', () => {
    for (const style of document.querySelectorAll('style')) {
      const text = style.textContent ?? '';
      expect(allowsInline(sourcesFor(header, 'style-src-elem', 'style-src', 'default-src'), text), text.slice(0, 80)).toBe(true);
      // A <style> parsed before the <meta> is laid out before its policy applies.
      if (isAfterMeta(style)) {
        expect(allowsInline(sourcesFor(meta, 'style-src-elem', 'style-src', 'default-src'), text), text.slice(0, 80)).toBe(true);
      }
    }
    for (const link of document.querySelectorAll('link[rel~="stylesheet"], link[rel~="modulepreload"], link[rel~="preload"]')) {
      expect(link.getAttribute('href')).toMatch(/^\/(?!\/)/);
    }
    const pictures = [...document.querySelectorAll('img[src], source[srcset], img[srcset]')].flatMap((element) => [
      element.getAttribute('src') ?? '',
      ...(element.getAttribute('srcset') ?? '').split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? ''),
    ]);
    expect(pictures.filter((url) => url !== '' && !/^(\/(?!\/)|data:)/.test(url))).toEqual([]);
    // The maps and the player are frames a visitor asks for (tests/e2e/csp.spec.ts opens them); no page is served with one.
    expect(document.querySelectorAll('iframe, object, embed')).toHaveLength(0);
  });
});
