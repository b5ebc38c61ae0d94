/**
 * The site's Content-Security-Policy (Astro's `security.csp`, emitted as a `<meta>` on every page
 * with the hashes of the scripts and styles Astro bundles). Allowed: our own files, the inline
 * `is:inline` scripts of our own components (hashed here from the source), WebAssembly for the
 * Pagefind search, and the map and Spotify frames a visitor asks for (src/lib/embeds.ts).
 * Nothing else: no other site's script, style, font, image or connection; where a city turns on
 * VLIBRAS, the government's sign-language widget it loads when the visitor presses 'Libras' (below).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { VLIBRAS_ORIGINS } from '../lib/vlibras.ts';
import type { Tag } from './html-scan.ts';
import { shellHash } from './site-shell.ts';

/** Frames loaded on the visitor's request: Google Maps embeds and the Spotify player. */
const EMBED_FRAME_ORIGINS = ['https://www.google.com', 'https://maps.google.com', 'https://open.spotify.com'] as const;

/** Directives beyond script-src and style-src (which Astro writes with its hashes). */
export const CSP_DIRECTIVES = [
  "default-src 'self'",
  // data: for the small inline SVG/PNG placeholders CSS and components use.
  "img-src 'self' data:",
  "font-src 'self'",
  // Pagefind fetches its index and WebAssembly from /pagefind/; the service worker caches our own files.
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  `frame-src ${EMBED_FRAME_ORIGINS.join(' ')}`,
  "object-src 'none'",
  "base-uri 'self'",
  // Every form is a GET to our own pages (filters, searches); the contact form targets nothing (its island hands off).
  "form-action 'self'",
] as const;

/** What the policy allows beyond the site's own, by the city's configuration (src/lib/config.ts). */
interface PolicyOptions {
  /** VLIBRAS: the government's sign-language widget (src/lib/vlibras.ts). */
  vlibras?: boolean;
}

/**
 * What the VLibras widget loads, by directive, on top of CSP_DIRECTIVES and the script and style sources:
 * its hosts for its script, styles, fonts, images and dictionary, and what its signing avatar (a Unity
 * WebGL player) needs, scripts and workers from blob: URLs and eval ('unsafe-eval'), and the <style>
 * elements its script writes ('unsafe-inline', which drops the style hashes of the page's own policy).
 * Only for a city that sets VLIBRAS=true: the price of the widget is a looser policy on every page.
 */
const VLIBRAS_SOURCES = {
  directives: {
    'img-src': [...VLIBRAS_ORIGINS],
    'font-src': [...VLIBRAS_ORIGINS],
    'connect-src': [...VLIBRAS_ORIGINS],
    'worker-src': ['blob:'],
  } as Readonly<Record<string, readonly string[]>>,
  script: [...VLIBRAS_ORIGINS, 'blob:', "'unsafe-eval'"],
  style: ["'unsafe-inline'", ...VLIBRAS_ORIGINS],
} as const;

/** One of CSP_DIRECTIVES, its sources perhaps extended: its name, then sources (as Astro's config types it). */
type Directive = `${(typeof CSP_DIRECTIVES)[number] extends `${infer Name} ${string}` ? Name : never} ${string}`;

/** CSP_DIRECTIVES with the sources the configuration adds (the VLibras widget's, where it is on). */
export function policyDirectives(options: PolicyOptions = {}): Directive[] {
  if (!options.vlibras) return [...CSP_DIRECTIVES];
  return CSP_DIRECTIVES.map(
    (directive) => [directive, ...(VLIBRAS_SOURCES.directives[directive.split(' ')[0] ?? ''] ?? [])].join(' ') as Directive,
  );
}

/**
 * The `<script>` elements of an Astro template: attributes (which may hold quoted strings and
 * `{expressions}` with `>` inside) and text. Self-closing ones (`<script set:html={...} />`) have no text.
 */
function astroScripts(file: string): { attributes: string; text: string | null }[] {
  // The frontmatter is code: a '<script>' in one of its strings or comments is not an element.
  const frontmatter = /^\s*---\r?\n[\s\S]*?\r?\n---/.exec(file);
  const source = frontmatter ? ' '.repeat(frontmatter[0].length) + file.slice(frontmatter[0].length) : file;
  const scripts: { attributes: string; text: string | null }[] = [];
  const next = (from: number) => {
    const match = /<script[\s>/]/g;
    match.lastIndex = from;
    return match.exec(source)?.index ?? -1;
  };
  let position = next(0);
  while (position !== -1) {
    let cursor = position + '<script'.length;
    let depth = 0;
    let quote: string | null = null;
    for (; cursor < source.length; cursor += 1) {
      const char = source[cursor];
      if (quote) {
        if (char === quote) quote = null;
      } else if (char === '"' || char === "'" || char === '`') quote = char;
      else if (char === '{') depth += 1;
      else if (char === '}') depth -= 1;
      else if (char === '>' && depth === 0) break;
    }
    const attributes = source.slice(position + '<script'.length, cursor);
    if (attributes.trimEnd().endsWith('/')) {
      scripts.push({ attributes, text: null });
      position = next(cursor);
      continue;
    }
    const close = source.indexOf('</script>', cursor);
    if (close === -1) break;
    scripts.push({ attributes, text: source.slice(cursor + 1, close) });
    position = next(close);
  }
  return scripts;
}

/**
 * Hashes of the `<script is:inline>` blocks of our `.astro` files, exactly as Astro emits them
 * (verbatim). Scripts with `define:vars`, `set:html` or `src` cannot be hashed from the source and
 * are left out: such a script is refused by the browser and by `npm run verify`, which says so.
 */
export function inlineScriptHashes(sourceDir: string): `sha256-${string}`[] {
  const hashes = new Set<`sha256-${string}`>();
  const files = readdirSync(sourceDir, { recursive: true, withFileTypes: true }).filter(
    (entry) => entry.isFile() && entry.name.endsWith('.astro'),
  );
  for (const entry of files) {
    const source = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const { attributes, text } of astroScripts(source)) {
      if (text === null || !/\bis:inline\b/.test(attributes)) continue;
      if (/\b(define:vars|set:html|set:text|src)\b|type\s*=\s*["']application\/ld\+json/.test(attributes)) continue;
      hashes.add(`sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`);
    }
  }
  return [...hashes].sort();
}

/** The `security.csp` value of astro.config.mjs. */
export function contentSecurityPolicy(sourceDir: string, options: PolicyOptions = {}) {
  return {
    algorithm: 'SHA-256' as const,
    directives: policyDirectives(options),
    scriptDirective: {
      // 'wasm-unsafe-eval' lets Pagefind compile its WebAssembly; it does not allow eval() of JavaScript.
      resources: ["'self'", "'wasm-unsafe-eval'", ...(options.vlibras ? VLIBRAS_SOURCES.script : [])],
      hashes: [...inlineScriptHashes(sourceDir), shellHash(sourceDir)],
    },
    styleDirective: {
      // style="" attributes (a custom property for an avatar size, a wave colour) cannot run code;
      // <style> elements and stylesheets stay limited to our own files and Astro's hashes.
      // Both scoped (style-src-elem, style-src-attr), so no source is silently dropped by the more specific directive.
      resources: [
        { resource: "'self'", kind: 'element' as const },
        ...(options.vlibras ? VLIBRAS_SOURCES.style.map((resource) => ({ resource, kind: 'element' as const })) : []),
        { resource: "'unsafe-inline'", kind: 'attribute' as const },
      ],
    },
  };
}

/** The directives of the page's `<meta http-equiv="content-security-policy">`, or null without one. */
export function pagePolicy(tags: readonly Tag[]): Map<string, string[]> | null {
  const meta = tags.find(
    (tag) => tag.name === 'meta' && tag.attributes.get('http-equiv')?.toLowerCase() === 'content-security-policy',
  );
  const content = meta?.attributes.get('content');
  return content === undefined ? null : parsePolicy(content);
}

/** A policy's directives by name (lower case), each with its sources; the first of a repeated name counts, as in a browser. */
export function parsePolicy(content: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of content.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), values);
  }
  return directives;
}
