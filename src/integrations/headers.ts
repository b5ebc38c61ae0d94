/**
 * `dist/_headers`: the response headers for hosts that read that file (Netlify, Cloudflare Pages;
 * docs/deploy-and-hosting.md shows the same rules for nginx and S3). Written by the build's last
 * step (src/integrations/static-hosting.ts), checked by the gate (scripts/verify/headers.ts).
 *
 * - Content-Security-Policy on every response, as a header: it then applies from the first byte
 *   (a `<meta>` policy only from where it is parsed). Each page keeps its own `<meta>` policy with the
 *   hashes of its own styles; the header is one policy valid for every page (each directive is the
 *   union of the pages' sources), so where both apply the browser enforces the page's own. Style
 *   hashes are left to the `<meta>`: with them the header would pass the 2,000 characters a
 *   Cloudflare Pages line may have. Script hashes, the part that matters, are all in the header.
 * - `/_astro/*`: hashed names, a new name for new content, so cached for a year and `immutable`.
 * - Pages and `/sw.js`: revalidated on every use (a 304 when unchanged), so a new build is seen at
 *   once and never mixes a stale page with the new build's `/_astro/` files.
 * - CSV files (the open data of /dados): `text/csv; charset=utf-8`, one rule per folder that has
 *   them, since a host's default type for `.csv` may name no charset (GitHub Pages, which reads no
 *   `_headers`, sends this one). The events' calendar files (`/event/{id}.ics`) likewise as
 *   `text/calendar; charset=utf-8`: an event's name and place are UTF-8 text.
 *
 * Rules never set one header twice for one path: Netlify and Cloudflare join such values with a
 * comma, which would make two Cache-Control policies, or two CSPs that the browser intersects.
 */

import { pagePathOf } from './site-files.ts';
import { pageFiles } from './static-hosting.ts';

export const HEADERS_FILE = '_headers';

/** Cloudflare Pages' documented limits for `_headers` (the stricter of the two hosts). */
export const HEADERS_LIMITS = { rules: 100, lineLength: 2000 } as const;

/** Cache-Control of hashed bundles. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache-Control of pages and the service worker. */
const REVALIDATE = 'public, max-age=0, must-revalidate';
/** Content-Type of a CSV file. */
export const CSV_TYPE = 'text/csv; charset=utf-8';
/** Content-Type of an event's calendar file (the endpoint's too: src/lib/events/calendar.ts, ICS_TYPE). */
export const ICS_TYPE = 'text/calendar; charset=utf-8';

/** The files sent with a Content-Type of their own: each extension, its type and the comment of its first rule. */
const TYPED_FILES = [
  { extension: '.csv', type: CSV_TYPE, comment: 'CSV files (the open data, /dados): UTF-8 text.' },
  { extension: '.ics', type: ICS_TYPE, comment: "Events' calendar files ('Adicionar à agenda'): UTF-8 text." },
] as const;

/** One block of `_headers`: a path pattern (`*` matches anything, `/` included) and its headers. */
export interface HeaderRule {
  path: string;
  headers: [name: string, value: string][];
  /** A comment line written above the rule. */
  comment?: string;
}

/**
 * The one policy for every page: per directive, the union of the pages' sources in the order first
 * seen; in `style-src-elem` (and `style-src`), hashes give way to `'unsafe-inline'`, since the page's
 * own `<meta>` policy still limits its styles to its hashes.
 */
export function headerPolicy(policies: readonly Map<string, string[]>[]): string {
  const union = new Map<string, string[]>();
  for (const policy of policies) {
    for (const [directive, sources] of policy) {
      const list = union.get(directive) ?? [];
      for (const source of sources) if (!list.includes(source)) list.push(source);
      union.set(directive, list);
    }
  }
  const parts: string[] = [];
  for (const [directive, sources] of union) {
    let list = sources;
    if (
      (directive === 'style-src-elem' || directive === 'style-src') &&
      list.some((source) => /^'sha(256|384|512)-/.test(source))
    ) {
      list = [...list.filter((source) => !/^'sha(256|384|512)-/.test(source)), "'unsafe-inline'"];
    }
    parts.push([directive, ...list].join(' '));
  }
  return parts.join('; ');
}

/** The rules for a build: its files (relative, '/'-separated) and the `<meta>` policy of each page. */
export function headerRules(files: readonly string[], policies: readonly Map<string, string[]>[]): HeaderRule[] {
  const rules: HeaderRule[] = [
    {
      path: '/*',
      comment: 'One Content-Security-Policy for every page (each page also carries its own, with its style hashes).',
      headers: [['Content-Security-Policy', headerPolicy(policies)]],
    },
    {
      path: '/_astro/*',
      comment: 'Hashed bundles: a new name for new content.',
      headers: [['Cache-Control', IMMUTABLE]],
    },
    { path: '/sw.js', comment: 'The service worker: a new build is seen at once.', headers: [['Cache-Control', REVALIDATE]] },
  ];
  const pages = pageFiles(files).filter((file) => file !== '404.html');
  const folders = new Set(pages.filter((file) => file.includes('/')).map((file) => file.slice(0, file.indexOf('/'))));
  const paths: string[] = [];
  const topLevel = pages.filter((page) => !page.includes('/')).sort((a, b) => pagePathOf(a).localeCompare(pagePathOf(b)));
  for (const file of topLevel) {
    const sitePath = pagePathOf(file);
    paths.push(sitePath);
    // `/news/` is already matched by `/news/*`: one rule per path, so the header is never doubled.
    if (sitePath !== '/' && !folders.has(sitePath.slice(1))) paths.push(`${sitePath}/`);
  }
  for (const folder of [...folders].sort()) paths.push(`/${folder}/*`);
  paths.forEach((pagePath, index) => {
    rules.push({
      path: pagePath,
      ...(index === 0 ? { comment: 'Pages (each at /x and /x/): revalidated on every visit.' } : {}),
      headers: [['Cache-Control', REVALIDATE]],
    });
  });
  for (const { extension, type, comment } of TYPED_FILES) {
    // `*` matches `/` too: a folder inside one already covered gets no rule of its own, or its files would get the type twice.
    const typedFolders: string[] = [];
    const typedFiles = files.filter((file) => file.endsWith(extension));
    for (const folder of [...new Set(typedFiles.map((file) => file.slice(0, file.lastIndexOf('/') + 1)))].sort()) {
      if (!typedFolders.some((covered) => folder.startsWith(covered))) typedFolders.push(folder);
    }
    typedFolders.forEach((folder, index) => {
      rules.push({
        path: `/${folder}*${extension}`,
        ...(index === 0 ? { comment } : {}),
        headers: [['Content-Type', type]],
      });
    });
  }
  return rules;
}

/** The text of `_headers`. */
export function formatHeadersFile(rules: readonly HeaderRule[]): string {
  const lines = ['# Generated by the build (src/integrations/headers.ts): Netlify and Cloudflare Pages read it.'];
  for (const rule of rules) {
    if (rule.comment) lines.push(`# ${rule.comment}`);
    lines.push(rule.path, ...rule.headers.map(([name, value]) => `  ${name}: ${value}`));
  }
  return `${lines.join('\n')}\n`;
}

/** Reads `_headers` text back into rules (comments dropped). */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (/^\S/.test(line)) rules.push({ path: line.trim(), headers: [] });
    else {
      const match = /^\s+([^:\s]+)\s*:\s*(.*)$/.exec(line);
      const rule = rules[rules.length - 1];
      if (match?.[1] && rule) rule.headers.push([match[1], (match[2] ?? '').trim()]);
    }
  }
  return rules;
}

const patternCache = new Map<string, RegExp>();
function rulePattern(rulePath: string): RegExp {
  let pattern = patternCache.get(rulePath);
  if (!pattern) {
    pattern = new RegExp(
      `^${rulePath
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    );
    patternCache.set(rulePath, pattern);
  }
  return pattern;
}

/** The headers a host sends for `pathname`: every matching rule's, one header's values joined with ', '. */
export function headersForPath(rules: readonly HeaderRule[], pathname: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const rule of rules) {
    if (!rulePattern(rule.path).test(pathname)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      const before = headers.get(key);
      headers.set(key, before === undefined ? value : `${before}, ${value}`);
    }
  }
  return headers;
}
