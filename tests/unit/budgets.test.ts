/**
 * The page budget check (scripts/budgets/check.ts) on small built sites written to a temp folder:
 * what it weighs as a page's CSS and JavaScript, the shell's scripts, no JavaScript without
 * islands, no third-party request on load, latin fonts only, and the limits per page type.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type BudgetConfig,
  checkBudgets,
  cssUrls,
  gzipBytes,
  isForeign,
  limitFrom,
  maximaByType,
  ON_DEMAND_DIRECTIVES,
} from '../../scripts/budgets/check.ts';
import { staticImports } from '../../src/integrations/client-directives.ts';

const CONFIG: BudgetConfig = {
  shell: { scripts: ['Header.astro_astro_type_script', 'sw-register'], js: 600 },
  runtime: { js: 5000 },
  pageTypes: [
    { name: 'home', match: '^index\\.html$', html: 5000, css: 5000, js: 5000 },
    { name: 'not found', match: '^404\\.html$', html: 5000, css: 5000, js: 300 },
    { name: 'static', match: '^(about|legal)\\.html$', html: 5000, css: 5000, js: 0 },
    { name: 'detail', match: '^tour/[^/]+\\.html$', html: 400, css: 5000, js: 5000 },
  ],
};

const page = (body: string, head = '') =>
  `<!doctype html><html lang="pt-BR"><head><link rel="canonical" href="https://turismo.example.com.br/x">${head}</head><body>${body}</body></html>`;

let dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  dirs = [];
});

/** A build folder with these files (paths relative to it). */
async function site(files: Record<string, string>): Promise<string> {
  const dist = await mkdtemp(path.join(tmpdir(), 'budgets-'));
  dirs.push(dist);
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dist, file)), { recursive: true });
    await writeFile(path.join(dist, file), content);
  }
  return dist;
}

const A = 'import{x}from"./shared.js";import"./side.js";const l=()=>import("./lazy.js");export default function A(){return x+l}';
const R = 'import{x as y}from"./shared.js";export default function r(){return y}';
const SHARED = 'export const x = "shared code shared code shared code";';
const SIDE = 'console.log("side effect");';
const LAZY = 'export const big = "this module is loaded on demand only, never on page load";';
const CSS = 'body{font-family:Poppins}@font-face{src:url(/_astro/poppins-latin-400-normal.woff2) format("woff2")}';

describe('staticImports', () => {
  it.each([
    ['import{a as b}from"./x.js";', ['./x.js']],
    ['import "./side.js";import x from \'./y.js\'', ['./side.js', './y.js']],
    ['import * as all from "./ns.js"', ['./ns.js']],
    ['export*from"./re.js";export{a,b as c}from"./named.js"', ['./re.js', './named.js']],
    ['const m = import("./lazy.js"); const n = import(`./t.js`)', []],
    ['foo.import("./no.js"); myimport"./no2.js"', []],
    // Strings and comments hold no import (the regular expressions this replaced matched them).
    ['const s = "import \\"./str.js\\""; /* import "./c.js" */ import "./real.js"', ['./real.js']],
  ])('%s → %j', (source, expected) => {
    expect(staticImports(source)).toEqual(expected);
  });
});

describe('cssUrls', () => {
  it('finds url() in every quoting and @import', () => {
    expect(
      cssUrls('a{background:url(/a.png)}b{background:url("https://x.test/b.png")}@import "c.css";d{src:url( \'/d.woff2\' )}'),
    ).toEqual(['/a.png', 'https://x.test/b.png', '/d.woff2', 'c.css']);
  });
});

describe('isForeign', () => {
  const base = new URL('https://turismo.example.com.br/tour/1');
  it.each([
    ['/_astro/a.js', false],
    ['../images/x.svg', false],
    ['https://turismo.example.com.br/logo.svg', false],
    ['https://cdn.example.net/x.jpg', true],
    ['//fonts.googleapis.com/css', true],
    ['data:image/png;base64,AAAA', false],
    ['#icon-menu', false],
  ])('%s → %s', (url, expected) => {
    expect(isForeign(url, base)).toBe(expected);
  });

  it('lets an allowed host through', () => {
    expect(isForeign('https://cdn.example.net/x.jpg', base, ['cdn.example.net'])).toBe(false);
  });
});

describe('checkBudgets', () => {
  it('weighs the islands and every static import once, never a dynamic import, and their renderer with its imports apart; CSS of linked sheets', async () => {
    const dist = await site({
      'index.html': page(
        '<astro-island component-url="/_astro/A.js" renderer-url="/_astro/R.js"></astro-island><astro-island component-url="/_astro/A.js" renderer-url="/_astro/R.js"></astro-island><script>window.islandBoot=1</script>',
        '<link rel="stylesheet" href="/_astro/s.css">',
      ),
      '_astro/A.js': A,
      '_astro/R.js': R,
      '_astro/shared.js': SHARED,
      '_astro/side.js': SIDE,
      '_astro/lazy.js': LAZY,
      '_astro/s.css': CSS,
    });
    const { pages, violations } = await checkBudgets(dist, CONFIG);
    expect(violations).toEqual([]);
    const [home] = pages;
    expect(home?.type).toBe('home');
    expect(home?.islands).toBe(2);
    expect(home?.scripts).toEqual(['/_astro/A.js', '/_astro/shared.js', '/_astro/side.js', '/_astro/R.js', 'inline#1']);
    // The renderer imports shared.js: both are the island runtime (React's, on a real page), weighed once and apart.
    expect(home?.js).toBe([A, SIDE, 'window.islandBoot=1'].reduce((sum, source) => sum + gzipBytes(source), 0));
    expect(home?.runtime).toBe(gzipBytes(R) + gzipBytes(SHARED));
    expect(home?.css).toBe(gzipBytes(CSS));
    expect(home?.stylesheets).toEqual(['/_astro/s.css']);
    expect(home?.shell).toBe(0);
  });

  it('weighs inlined stylesheets as CSS, with the linked ones', async () => {
    const inline = 'main{display:grid;gap:8px}h1{font-size:2rem;color:#2c5f2d}';
    const dist = await site({
      'index.html': page('', `<style>${inline}</style><link rel="stylesheet" href="/_astro/s.css">`),
      '_astro/s.css': CSS,
    });
    const { pages } = await checkBudgets(dist, CONFIG);
    expect(pages[0]?.css).toBe(gzipBytes(inline) + gzipBytes(CSS));
  });

  it('weighs apart what waits for the visitor: islands on an on-demand directive are not fetched with the page', async () => {
    const island = (client: string, component: string) =>
      `<astro-island client="${client}" component-url="/_astro/${component}" renderer-url="/_astro/R.js"></astro-island>`;
    const files = {
      '_astro/A.js': A,
      '_astro/R.js': R,
      '_astro/shared.js': SHARED,
      '_astro/side.js': SIDE,
      '_astro/B.js': 'export default function B(){return 2}',
    };
    const withLimit = (jsAtLoad: number): BudgetConfig => ({ ...CONFIG, jsAtLoad });
    const own = gzipBytes(A) + gzipBytes(SIDE);
    const runtime = gzipBytes(R) + gzipBytes(SHARED);

    for (const client of ON_DEMAND_DIRECTIVES) {
      const dist = await site({ 'index.html': page(island(client, 'A.js')), ...files });
      const { pages, violations } = await checkBudgets(dist, withLimit(10));
      expect(violations, client).toEqual([]);
      expect(pages[0]?.jsAtLoad, client).toBe(0);
      expect(pages[0]?.js, client).toBe(own);
      expect(pages[0]?.runtime, client).toBe(runtime);
    }
    // An idle island brings its renderer with the page, and so everything the waiting island shares with it.
    const dist = await site({ 'index.html': page(island('idle', 'B.js') + island('stored', 'A.js')), ...files });
    const { pages, violations } = await checkBudgets(dist, withLimit(10));
    const atLoad = gzipBytes(files['_astro/B.js']) + runtime;
    expect(pages[0]?.jsAtLoad).toBe(atLoad);
    expect(pages[0]?.js).toBe(gzipBytes(files['_astro/B.js']) + own);
    expect(violations.map((violation) => violation.rule)).toEqual(['js-at-load']);
    // A page type may hold its own limit.
    const typeLimit = await checkBudgets(dist, {
      ...withLimit(10),
      pageTypes: CONFIG.pageTypes.map((type) => (type.name === 'home' ? { ...type, jsAtLoad: atLoad } : type)),
    });
    expect(typeLimit.violations).toEqual([]);
  });

  it('counts the shell scripts apart, so a page that runs no JavaScript may carry them and nothing else', async () => {
    const loader = 'document.addEventListener("keydown",()=>import("./dialog.js"))';
    const register = "if('serviceWorker'in navigator)navigator.serviceWorker.register('/sw.js')";
    const shellHead = `<script type="module" src="/_astro/Header.astro_astro_type_script_index_0_lang.abc.js"></script><script data-shell="sw-register">${register}</script>`;
    const dist = await site({
      'about.html': page('<h1>Sobre</h1>', shellHead),
      'legal.html': page('<h1>Termos</h1><script>alert(1)</script>', shellHead),
      '_astro/Header.astro_astro_type_script_index_0_lang.abc.js': 'import"./loader.js";',
      '_astro/loader.js': loader,
      '_astro/dialog.js': 'export default 1',
    });
    const { pages, violations } = await checkBudgets(dist, CONFIG);
    const about = pages.find((report) => report.page === 'about.html');
    expect(about?.js).toBe(0);
    expect(about?.shell).toBe(gzipBytes('import"./loader.js";') + gzipBytes(loader) + gzipBytes(register));
    expect(violations.filter((violation) => violation.page === 'about.html')).toEqual([]);
    const legal = violations.filter((violation) => violation.page === 'legal.html');
    expect(legal.map((violation) => violation.rule)).toEqual(['js']);
    // The message names the page's scripts, the stray inline one last.
    const legalScripts = pages.find((report) => report.page === 'legal.html')?.scripts ?? [];
    expect(legal[0]?.message).toMatch(/which runs none \(.*\)$/);
    expect(legal[0]?.message).toContain(`(${legalScripts.join(', ')})`);
    expect(legalScripts.at(-1)).toMatch(/^inline/);
  });

  it('fails a page whose shell scripts outgrow the shell budget', async () => {
    const big = Array.from({ length: 400 }, (_, index) => `console.log(${index * 7919})`).join(';');
    const dist = await site({ 'about.html': page('', `<script data-shell="sw-register">${big}</script>`) });
    const { violations } = await checkBudgets(dist, CONFIG);
    expect(violations.map((violation) => violation.rule)).toEqual(['shell']);
  });

  it('fails a page whose island runtime outgrows its budget, on whichever page type, and counts it once with the page', async () => {
    const big = Array.from({ length: 1200 }, (_, index) => `r${index}=${index * 7919}`).join(';');
    const island = (client: string) =>
      `<astro-island client="${client}" component-url="/_astro/A.js" renderer-url="/_astro/R.js"></astro-island>`;
    const dist = await site({
      'index.html': page(island('reach')),
      '404.html': page(island('load')),
      '_astro/A.js': A,
      '_astro/R.js': `import"./shared.js";${big}`,
      '_astro/shared.js': SHARED,
      '_astro/side.js': SIDE,
    });
    const { pages, violations } = await checkBudgets(dist, CONFIG);
    expect(violations.map(({ page: name, rule }) => [name, rule])).toEqual([
      ['404.html', 'runtime'],
      ['index.html', 'runtime'],
    ]);
    const runtime = gzipBytes(`import"./shared.js";${big}`) + gzipBytes(SHARED);
    expect(pages.map((each) => each.runtime)).toEqual([runtime, runtime]);
    // Hydrated at load, the runtime is fetched with the page; on a directive that waits, it is not.
    expect(pages.find((each) => each.page === '404.html')?.jsAtLoad).toBe(gzipBytes(A) + gzipBytes(SIDE) + runtime);
    expect(pages.find((each) => each.page === 'index.html')?.jsAtLoad).toBe(0);
  });

  it('allows an inline island on a page type that declares one, within its budget', async () => {
    const script = '(function(){document.title=location.pathname})()';
    const dist = await site({ '404.html': page(`<script>${script}</script>`) });
    const { pages, violations } = await checkBudgets(dist, CONFIG);
    expect(violations).toEqual([]);
    expect(pages[0]?.js).toBe(gzipBytes(script));
  });

  it('reports every element that loads from another host on page load, and nothing that waits for a click', async () => {
    const dist = await site({
      'about.html': page(
        [
          '<img src="https://cdn.example.net/a.jpg" alt="">',
          '<img src="/local.jpg" srcset="/local-2x.jpg 2x, https://cdn.example.net/b.jpg 3x" alt="">',
          '<picture><source srcset="https://cdn.example.net/c.avif" type="image/avif"><img src="/c.jpg" alt=""></picture>',
          '<iframe src="https://open.spotify.com/embed/episode/1" title="x"></iframe>',
          '<video poster="https://cdn.example.net/p.jpg"></video>',
          '<div style="background-image:url(https://cdn.example.net/bg.jpg)"></div>',
          // None of these loads by itself:
          '<a href="https://wa.me/5565999999999">WhatsApp</a>',
          '<template><iframe src="https://www.google.com/maps/embed"></iframe></template>',
          '<noscript><img src="https://tracker.example.org/pixel.gif" alt=""></noscript>',
          '<img src="https://turismo.example.com.br/own.jpg" alt="">',
          '<svg><use href="#icon-menu"></use></svg>',
        ].join(''),
        [
          '<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Poppins">',
          '<link rel="preconnect" href="https://fonts.gstatic.com">',
          '<link rel="alternate" href="https://example.org/feed">',
          '<meta property="og:image" content="https://cdn.example.net/share.jpg">',
          '<link rel="stylesheet" href="/_astro/s.css">',
        ].join(''),
      ),
      '_astro/s.css': 'a{background:url(https://cdn.example.net/sprite.png)}',
    });
    const { violations } = await checkBudgets(dist, CONFIG);
    const messages = violations.filter((violation) => violation.rule === 'third-party').map((violation) => violation.message);
    expect(messages).toEqual([
      '<img src="https://cdn.example.net/a.jpg"> loads from another host',
      '<img srcset="https://cdn.example.net/b.jpg"> loads from another host',
      '<source srcset="https://cdn.example.net/c.avif"> loads from another host',
      '<video poster="https://cdn.example.net/p.jpg"> loads from another host',
      '<iframe src="https://open.spotify.com/embed/episode/1"> loads from another host',
      '<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Poppins"> loads from another host',
      '<link rel="preconnect" href="https://fonts.gstatic.com"> loads from another host',
      'style url(https://cdn.example.net/bg.jpg) loads from another host',
      '/_astro/s.css refers to https://cdn.example.net/sprite.png on another host',
    ]);
  });

  it('reports a font subset other than latin referenced by the CSS or preloaded', async () => {
    const dist = await site({
      'about.html': page(
        '',
        '<link rel="preload" as="font" href="/_astro/poppins-latin-700-normal.woff2" crossorigin><link rel="preload" as="font" href="/_astro/poppins-vietnamese-700-normal.woff2" crossorigin><link rel="stylesheet" href="/_astro/f.css">',
      ),
      '_astro/f.css':
        '@font-face{src:url(/_astro/poppins-latin-400-normal.woff2)}@font-face{src:url(/_astro/poppins-latin-ext-400-normal.woff2)}@font-face{src:url(./poppins-cyrillic-400-normal.woff)}',
    });
    const { violations } = await checkBudgets(dist, CONFIG);
    expect(violations.map((violation) => [violation.rule, violation.message])).toEqual([
      ['font-subset', 'preloaded font poppins-vietnamese-700-normal.woff2: only the latin subset is served'],
      ['font-subset', '/_astro/f.css refers to poppins-latin-ext-400-normal.woff2: only the latin subset is served'],
      ['font-subset', '/_astro/f.css refers to poppins-cyrillic-400-normal.woff: only the latin subset is served'],
    ]);
  });

  it('holds each page to its type: HTML over the detail budget, a page no type matches, a file the page needs missing', async () => {
    const words = Array.from({ length: 300 }, (_, index) => `palavra${index * 7919}`).join(' ');
    const dist = await site({
      'tour/1.html': page(`<p>curta</p>`),
      'tour/2.html': page(`<p>${words}</p>`),
      'other.html': page(''),
      'index.html': page('<script type="module" src="/_astro/gone.js"></script>'),
    });
    const { pages, violations } = await checkBudgets(dist, CONFIG);
    expect(violations.map((violation) => `${violation.page} ${violation.rule}`)).toEqual([
      'index.html missing-file',
      'other.html no-page-type',
      'tour/2.html html',
    ]);
    const maxima = maximaByType(pages);
    expect(maxima.get('detail')?.pages).toBe(2);
    expect(maxima.get('detail')?.html).toBe(pages.find((report) => report.page === 'tour/2.html')?.html);
  });
});

describe('limitFrom', () => {
  it.each([
    [0, 0],
    [1000, 1200],
    [74238, 85400],
  ])('%i B measured → a limit of %i B', (measured, limit) => {
    expect(limitFrom(measured)).toBe(limit);
  });
});
