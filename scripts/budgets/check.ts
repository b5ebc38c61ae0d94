/**
 * Page weight budgets over a built site (`npm run budgets`): per page, the compressed bytes of its
 * HTML, of the stylesheets it links and of the JavaScript it loads (module scripts, island
 * components and renderers, inline scripts, and every static import of those modules), checked
 * against the limits of its page type in budgets.json. Also checked on every page:
 *
 * - no JavaScript on a page type without any (a budget `js` of 0): a script there, inline or not,
 *   fails its budget and is named;
 * - the site shell's scripts (on every page: the service worker registration, the header's menus)
 *   are listed in budgets.json by name, weighed apart and held to their own budget;
 * - the island runtime (React, react-dom and Astro's React client: one set of files that every page
 *   with an island shares and the browser caches after the first) is weighed apart too, with its
 *   own budget, so that a page type's `js` says what its own widgets cost;
 * - no request to another host on page load: no src, srcset, poster, data or loading href to a
 *   foreign origin in an element that loads by itself, and no foreign url() or @import in the CSS;
 * - fonts: no subset but latin referenced by the CSS.
 *
 * Sizes are gzip (level 9, what a static host's precompression gives).
 */

import { existsSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { init as initLexer } from 'es-module-lexer';
import { JSDOM } from 'jsdom';
import { CLIENT_DIRECTIVES, staticImports } from '../../src/integrations/client-directives.ts';
import { pageFiles } from '../../src/integrations/static-hosting.ts';

await initLexer();

/** Limits of one page type, gzip bytes. */
interface PageTypeBudget {
  /** Name in the report ('home', 'list', 'detail'…). */
  name: string;
  /** Regular expression on the page's path in the build, '/'-separated ('tour/101.html'). */
  match: string;
  html: number;
  css: number;
  /**
   * JavaScript of the page's own: its modules, inline scripts and islands (the shell's scripts are
   * counted apart); 0 for pages that run none.
   */
  js: number;
  /** This type's own limit of JavaScript fetched with the page, where the site-wide `jsAtLoad` cannot hold. */
  jsAtLoad?: number;
}

export interface BudgetConfig {
  /** Scripts every page may carry, and their budget per page. */
  shell: {
    /**
     * A module script is shell when its src contains one of these; an inline script when its
     * `data-shell` attribute is one of these.
     */
    scripts: string[];
    js: number;
  };
  /**
   * The island runtime, shared by every page with an island: the islands' renderer (`renderer-url`,
   * Astro's React client) and every module it imports (React, react-dom); `js` is its budget, gzip bytes.
   */
  runtime: { js: number };
  /**
   * JavaScript a page may fetch before the visitor does anything (shell, page scripts and the islands
   * that start on load, idle or at once), gzip bytes; islands that wait for the visitor or for their
   * widget to scroll into view (ON_DEMAND_DIRECTIVES) are not counted. A page type may set its own.
   */
  jsAtLoad?: number;
  /** Hosts a page may load from besides its own (none by default). */
  allowedHosts?: string[];
  /** Tried in order; the first whose `match` fits the page gives its limits. */
  pageTypes: PageTypeBudget[];
}

interface PageReport {
  /** Path in the build ('tour/101.html'). */
  page: string;
  type: string;
  html: number;
  css: number;
  /** Islands' JavaScript (not the shell's, not the island runtime's). */
  js: number;
  shell: number;
  /** The island runtime's files the page needs (React), whenever they are fetched. */
  runtime: number;
  /** What the page fetches before the visitor does anything: the shell and all but the on-demand islands. */
  jsAtLoad: number;
  islands: number;
  /** Every JS file or inline script the page loads ('inline#2' for inline ones), shell ones included. */
  scripts: string[];
  stylesheets: string[];
}

interface Violation {
  page: string;
  rule:
    | 'html'
    | 'css'
    | 'js'
    | 'shell'
    | 'runtime'
    | 'js-at-load'
    | 'third-party'
    | 'font-subset'
    | 'missing-file'
    | 'no-page-type';
  message: string;
}

interface BudgetResult {
  pages: PageReport[];
  violations: Violation[];
}

/** gzip -9 size of a text or buffer. */
export function gzipBytes(content: string | Buffer): number {
  return gzipSync(content, { level: 9 }).length;
}

/** url(...) and @import targets of a stylesheet. */
export function cssUrls(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/url\(\s*(["']?)([^"')]+)\1\s*\)/g)) found.push((match[2] as string).trim());
  for (const match of source.matchAll(/@import\s+(["'])([^"']+)\1/g)) found.push(match[2] as string);
  return found;
}

const FONT_SUBSETS = /(latin-ext|cyrillic|greek|vietnamese|devanagari|hebrew|arabic)[-.]/i;

/** True when `url` (absolute or relative to `base`) is on another host than `own` and not allowed. */
export function isForeign(url: string, base: URL, allowed: readonly string[] = []): boolean {
  if (/^(data|blob|about|javascript|mailto|tel):/i.test(url.trim())) return false;
  let target: URL;
  try {
    target = new URL(url.trim(), base);
  } catch {
    return false;
  }
  return target.host !== base.host && !allowed.includes(target.host);
}

/** Elements that fetch on page load, with the attributes that hold the URLs. */
const LOADING_ELEMENTS: [selector: string, attributes: string[]][] = [
  ['script[src]', ['src']],
  ['img', ['src', 'srcset']],
  ['source', ['src', 'srcset']],
  ['video', ['src', 'poster']],
  ['audio', ['src']],
  ['track', ['src']],
  ['iframe', ['src']],
  ['frame', ['src']],
  ['embed', ['src']],
  ['object', ['data']],
  ['input[type="image" i]', ['src']],
  ['image', ['href', 'xlink:href']],
  ['use', ['href', 'xlink:href']],
];
/** rel values of a <link> that fetch or connect on load (canonical, alternate, author… do not). */
const LOADING_RELS =
  /\b(stylesheet|preload|modulepreload|prefetch|preconnect|dns-prefetch|icon|apple-touch-icon|manifest|prerender)\b/i;

const srcsetUrls = (value: string) =>
  value
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean);

interface SiteFiles {
  dist: string;
  /** Contents by site path ('/_astro/a.js'); null when the file is missing. */
  cache: Map<string, string | null>;
}

function readSiteFile(site: SiteFiles, sitePath: string): string | null {
  if (!site.cache.has(sitePath)) {
    const file = path.join(site.dist, decodeURIComponent(sitePath).replace(/^\/+/, ''));
    site.cache.set(sitePath, existsSync(file) ? readFileSync(file, 'utf8') : null);
  }
  return site.cache.get(sitePath) ?? null;
}

/** Every page of the build, '/'-separated paths relative to it, sorted; a page's folder form `{path}/index.html` is the same page. */
async function htmlPages(dist: string): Promise<string[]> {
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  return pageFiles(
    entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
      .map((entry) => path.relative(dist, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort(),
  );
}

/** The page type of `page`, or undefined when none matches. */
function pageTypeOf(config: BudgetConfig, page: string): PageTypeBudget | undefined {
  return config.pageTypes.find((type) => new RegExp(type.match).test(page));
}

/** What the checks of one page share: its files, its address and where to report. */
interface PageContext {
  site: SiteFiles;
  config: BudgetConfig;
  document: Document;
  /** The page's address on its own origin (its canonical link's), so links to the site itself are not foreign. */
  pageUrl: URL;
  allowed: readonly string[];
  fail: (rule: Violation['rule'], message: string) => void;
}

const loadsOnItsOwn = (element: Element) => !element.closest('noscript, template');

/** Elements, links and inline styles that fetch from another host on page load; preloaded fonts other than latin. */
function checkThirdParty({ document, pageUrl, allowed, fail }: PageContext): void {
  for (const [selector, attributes] of LOADING_ELEMENTS) {
    for (const element of document.querySelectorAll(selector)) {
      if (!loadsOnItsOwn(element)) continue;
      for (const attribute of attributes) {
        const value = element.getAttribute(attribute);
        if (!value) continue;
        const urls = attribute === 'srcset' ? srcsetUrls(value) : [value];
        for (const url of urls) {
          if (isForeign(url, pageUrl, allowed))
            fail('third-party', `<${element.localName} ${attribute}="${url}"> loads from another host`);
        }
      }
    }
  }
  for (const link of document.querySelectorAll('link[href]')) {
    const href = link.getAttribute('href') ?? '';
    if (loadsOnItsOwn(link) && LOADING_RELS.test(link.getAttribute('rel') ?? '') && isForeign(href, pageUrl, allowed)) {
      fail('third-party', `<link rel="${link.getAttribute('rel')}" href="${href}"> loads from another host`);
    }
  }
  for (const element of document.querySelectorAll('[style]')) {
    for (const url of cssUrls(element.getAttribute('style') ?? '')) {
      if (loadsOnItsOwn(element) && isForeign(url, pageUrl, allowed))
        fail('third-party', `style url(${url}) loads from another host`);
    }
  }
  for (const link of document.querySelectorAll('link[rel~="preload" i][as="font" i][href]')) {
    const href = link.getAttribute('href') ?? '';
    if (FONT_SUBSETS.test(path.basename(href)))
      fail('font-subset', `preloaded font ${path.basename(href)}: only the latin subset is served`);
  }
}

/** The linked stylesheets, weighed (inline <style> is in the HTML already); every style checked for foreign URLs and fonts. */
function weighStylesheets({ site, document, pageUrl, allowed, fail }: PageContext): { css: number; stylesheets: string[] } {
  const stylesheets: string[] = [];
  let css = 0;
  const styleSources: [string, string][] = [...document.querySelectorAll('style')].map((style, index) => [
    `inline style #${index + 1}`,
    style.textContent ?? '',
  ]);
  // Inlined stylesheets (build.inlineStylesheets) are the page's CSS as much as linked ones.
  for (const [, source] of styleSources) css += gzipBytes(source);
  for (const link of document.querySelectorAll('link[rel~="stylesheet" i][href]')) {
    const href = link.getAttribute('href') ?? '';
    if (isForeign(href, pageUrl, allowed)) continue;
    const sitePath = new URL(href, pageUrl).pathname;
    const source = readSiteFile(site, sitePath);
    if (source === null) {
      fail('missing-file', `stylesheet ${sitePath} is not in the build`);
      continue;
    }
    stylesheets.push(sitePath);
    css += gzipBytes(source);
    styleSources.push([sitePath, source]);
  }
  for (const [name, source] of styleSources) {
    for (const url of cssUrls(source)) {
      if (isForeign(url, new URL(name.startsWith('/') ? name : '/', pageUrl), allowed)) {
        fail('third-party', `${name} refers to ${url} on another host`);
      }
      if (/\.(woff2?|ttf|otf)\b/i.test(url) && FONT_SUBSETS.test(path.basename(url))) {
        fail('font-subset', `${name} refers to ${path.basename(url)}: only the latin subset is served`);
      }
    }
  }
  return { css, stylesheets };
}

/**
 * Client directives that wait for the visitor (a touch, a tap, a search, the first advance of the
 * hero) or for their widget to scroll into view: their islands are not fetched with the page.
 */
export const ON_DEMAND_DIRECTIVES: readonly string[] = ['visible', ...CLIENT_DIRECTIVES];

/** Who fetches a module: every page (shell), this page when it loads, or a widget when the visitor reaches it. */
type Fetched = 'shell' | 'load' | 'demand';

/** The files of the islands' renderer and of every module it imports, site paths. */
function islandRuntime({ site, document, pageUrl }: PageContext): Set<string> {
  const files = new Set<string>();
  const add = (sitePath: string) => {
    if (files.has(sitePath)) return;
    const source = readSiteFile(site, sitePath);
    if (source === null) return; // weighScripts reports it
    files.add(sitePath);
    for (const specifier of staticImports(source)) {
      const target = new URL(specifier, new URL(sitePath, pageUrl));
      if (target.host === pageUrl.host) add(target.pathname);
    }
  };
  for (const island of document.querySelectorAll('astro-island[renderer-url]'))
    add(new URL(island.getAttribute('renderer-url') ?? '', pageUrl).pathname);
  return files;
}

/**
 * The JavaScript a page loads: entry modules (scripts, module preloads, islands and their
 * renderer), then their static imports, each file once; the shell's apart, and what waits for the
 * visitor apart from what comes with the page. Inline scripts count too.
 */
function weighScripts(context: PageContext) {
  const { site, config, document, pageUrl, allowed, fail } = context;
  const isShellSrc = (src: string) => config.shell.scripts.some((name) => src.includes(name));
  const islands = document.querySelectorAll('astro-island').length;
  const scripts: string[] = [];
  const bytes: Record<Fetched, number> = { shell: 0, load: 0, demand: 0 };
  let runtime = 0;
  let runtimeAtLoad = 0;
  const seen = new Set<string>();
  const runtimeFiles = islandRuntime(context);
  const addModule = (sitePath: string, fetched: Fetched) => {
    if (seen.has(sitePath)) return;
    seen.add(sitePath);
    const source = readSiteFile(site, sitePath);
    if (source === null) {
      fail('missing-file', `script ${sitePath} is not in the build`);
      return;
    }
    scripts.push(sitePath);
    if (runtimeFiles.has(sitePath)) {
      runtime += gzipBytes(source);
      if (fetched !== 'demand') runtimeAtLoad += gzipBytes(source);
    } else bytes[fetched] += gzipBytes(source);
    for (const specifier of staticImports(source)) {
      const target = new URL(specifier, new URL(sitePath, pageUrl));
      if (target.host !== pageUrl.host && !allowed.includes(target.host)) {
        fail('third-party', `${sitePath} imports ${specifier} from another host`);
        continue;
      }
      addModule(target.pathname, fetched);
    }
  };
  const entries: [string, Fetched][] = [];
  for (const script of document.querySelectorAll('script[src]')) {
    const src = script.getAttribute('src') ?? '';
    if (!isForeign(src, pageUrl, allowed)) entries.push([new URL(src, pageUrl).pathname, isShellSrc(src) ? 'shell' : 'load']);
  }
  for (const link of document.querySelectorAll('link[rel~="modulepreload" i][href]')) {
    const href = link.getAttribute('href') ?? '';
    if (!isForeign(href, pageUrl, allowed)) entries.push([new URL(href, pageUrl).pathname, isShellSrc(href) ? 'shell' : 'load']);
  }
  for (const island of document.querySelectorAll('astro-island')) {
    const fetched = ON_DEMAND_DIRECTIVES.includes(island.getAttribute('client') ?? '') ? 'demand' : 'load';
    for (const attribute of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = island.getAttribute(attribute);
      if (url) entries.push([new URL(url, pageUrl).pathname, fetched]);
    }
  }
  // Shell modules first, then the page's own, so a module shared with what waits is weighed where it is fetched first.
  for (const order of ['shell', 'load', 'demand'] as const)
    for (const [sitePath, fetched] of entries) if (fetched === order) addModule(sitePath, fetched);

  let inline = 0;
  for (const script of document.querySelectorAll('script:not([src])')) {
    const scriptType = (script.getAttribute('type') ?? '').trim().toLowerCase();
    if (scriptType && !['module', 'text/javascript', 'application/javascript'].includes(scriptType)) continue; // JSON-LD, templates
    inline += 1;
    const source = script.textContent ?? '';
    const shellName = script.getAttribute('data-shell');
    const asShell = shellName !== null && config.shell.scripts.includes(shellName);
    scripts.push(`inline#${inline}${asShell ? ` (${shellName})` : ''}`);
    const fetched: Fetched = asShell ? 'shell' : 'load';
    bytes[fetched] += gzipBytes(source);
    for (const specifier of staticImports(source)) addModule(new URL(specifier, pageUrl).pathname, fetched);
  }
  return {
    js: bytes.load + bytes.demand,
    shell: bytes.shell,
    runtime,
    jsAtLoad: bytes.shell + bytes.load + runtimeAtLoad,
    islands,
    scripts,
  };
}

/** Measures one page and reports what breaks its rules (the limits are checked by `checkBudgets`). */
function measurePage(
  site: SiteFiles,
  page: string,
  config: BudgetConfig,
): { report: Omit<PageReport, 'type'>; violations: Violation[] } {
  const html = readFileSync(path.join(site.dist, page), 'utf8');
  const dom = new JSDOM(html, { url: 'http://site.invalid/' });
  const { document } = dom.window;
  const violations: Violation[] = [];
  const canonical = document.querySelector('link[rel="canonical"]')?.getAttribute('href');
  const context: PageContext = {
    site,
    config,
    document,
    pageUrl: new URL(`/${page.replace(/(index)?\.html$/, '')}`, canonical ? new URL(canonical).origin : 'http://site.invalid'),
    allowed: config.allowedHosts ?? [],
    fail: (rule, message) => violations.push({ page, rule, message }),
  };
  checkThirdParty(context);
  const { css, stylesheets } = weighStylesheets(context);
  const { js, shell, runtime, jsAtLoad, islands, scripts } = weighScripts(context);
  dom.window.close();
  return {
    report: { page, html: gzipBytes(html), css, js, shell, runtime, jsAtLoad, islands, scripts, stylesheets },
    violations,
  };
}

/** Measures every page of `dist` and checks it against `config`. */
export async function checkBudgets(dist: string, config: BudgetConfig): Promise<BudgetResult> {
  const site: SiteFiles = { dist, cache: new Map() };
  const pages: PageReport[] = [];
  const violations: Violation[] = [];
  for (const page of await htmlPages(dist)) {
    const type = pageTypeOf(config, page);
    const measured = measurePage(site, page, config);
    violations.push(...measured.violations);
    if (!type) {
      violations.push({ page, rule: 'no-page-type', message: 'no page type in budgets.json matches this page' });
      continue;
    }
    const report: PageReport = { ...measured.report, type: type.name };
    pages.push(report);
    for (const rule of ['html', 'css', 'js'] as const) {
      if (report[rule] > type[rule]) {
        violations.push({
          page,
          rule,
          message:
            rule === 'js' && type.js === 0
              ? `${report.js} B of JavaScript on a '${type.name}' page, which runs none (${report.scripts.join(', ')})`
              : `${rule.toUpperCase()} ${report[rule]} B gzip over the '${type.name}' budget of ${type[rule]} B`,
        });
      }
    }
    const jsAtLoad = type.jsAtLoad ?? config.jsAtLoad;
    if (jsAtLoad !== undefined && report.jsAtLoad > jsAtLoad) {
      violations.push({
        page,
        rule: 'js-at-load',
        message: `${report.jsAtLoad} B of JavaScript fetched with the page, over the ${jsAtLoad} B allowed before the visitor reaches a widget`,
      });
    }
    if (report.runtime > config.runtime.js) {
      violations.push({
        page,
        rule: 'runtime',
        message: `island runtime ${report.runtime} B gzip over its budget of ${config.runtime.js} B`,
      });
    }
    if (report.shell > config.shell.js) {
      violations.push({
        page,
        rule: 'shell',
        message: `shell scripts ${report.shell} B gzip over the shell budget of ${config.shell.js} B`,
      });
    }
  }
  return { pages, violations };
}

/** The largest measures of a page type's pages, and how many pages it has. */
interface TypeMaxima {
  pages: number;
  html: number;
  css: number;
  js: number;
  shell: number;
  runtime: number;
  jsAtLoad: number;
}

/** A page type's maxima before its first page. */
export const NO_PAGES: TypeMaxima = { pages: 0, html: 0, css: 0, js: 0, shell: 0, runtime: 0, jsAtLoad: 0 };

/** Largest measure per page type: what budgets.json's limits are set from. */
export function maximaByType(pages: readonly PageReport[]): Map<string, TypeMaxima> {
  const maxima = new Map<string, TypeMaxima>();
  for (const page of pages) {
    const current = maxima.get(page.type) ?? NO_PAGES;
    maxima.set(page.type, {
      pages: current.pages + 1,
      html: Math.max(current.html, page.html),
      css: Math.max(current.css, page.css),
      js: Math.max(current.js, page.js),
      shell: Math.max(current.shell, page.shell),
      runtime: Math.max(current.runtime, page.runtime),
      jsAtLoad: Math.max(current.jsAtLoad, page.jsAtLoad),
    });
  }
  return maxima;
}

/** A limit from a measure: `headroom` more, rounded up to 100 B; 0 stays 0 (no JavaScript stays none). */
export function limitFrom(measured: number, headroom = 0.15): number {
  return measured === 0 ? 0 : Math.ceil((measured * (1 + headroom)) / 100) * 100;
}
