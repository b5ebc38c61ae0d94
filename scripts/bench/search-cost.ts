/**
 * `npm run bench:search`: what a visitor's first search costs on a built site, in bytes over the
 * wire. Headless Chromium opens a page, waits until it has loaded, then opens the header's search
 * and types a query, as a visitor does; every file fetched from that moment until the results are
 * shown with their photos (the lazy photos in view have loaded and the network is quiet) is counted,
 * at the size a static host sends it (HTML, scripts and JSON gzipped as GitHub Pages does;
 * Pagefind's index files are already compressed and go as they are). Each query runs in a fresh
 * browser, so nothing comes from the cache of the one before: the island runtime (React, fetched once per
 * visit) is counted apart, and the total without it ('runtime cached') is what a visitor who has used an
 * island before pays. `--timing` adds the time from the keystrokes to the first result and to the photos
 * (local server, no throttling: CPU time mostly); `--files` lists every file counted.
 *
 *   npm run build:sample && npm run bench:search
 *   npm run bench:search -- --dir /tmp/bench-5000-x/dist --query pesca --query "pousada rio" --timing
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { findChromium } from '../ensure-browser.ts';
import { startStaticServer } from '../serve.ts';
import { formatBytes, formatDuration, formatTable } from './measure.ts';

/**
 * The island runtime: React, react-dom and Astro's React client, fetched once per visit (the first island a
 * visitor reaches on any page, or ahead once a loaded page is idle) and kept by the service worker.
 */
const isIslandRuntime = (file: string) =>
  /^\/_astro\/(client|react|react-dom|jsx-runtime|rolldown-runtime)[.-][^/]*\.js$/.test(file);

/** What a first query fetches, by what it is for. */
const PARTS: [name: string, test: (sitePath: string) => boolean][] = [
  ['island runtime', isIslandRuntime],
  ['dialog code', (file) => /^\/_astro\/.*\.(js|css)$/.test(file)],
  ['result photos', (file) => /\.(avif|webp|jpe?g|png|svg)$/.test(file)],
  ['pagefind.js + worker', (file) => /^\/pagefind\/pagefind(-worker)?\.js$/.test(file)],
  ['WebAssembly', (file) => /^\/pagefind\/wasm\./.test(file)],
  ['index meta', (file) => file.endsWith('.pf_meta') || file.endsWith('pagefind-entry.json')],
  ['word index', (file) => file.endsWith('.pf_index')],
  ['filters', (file) => file.endsWith('.pf_filter')],
  ['result fragments', (file) => file.endsWith('.pf_fragment')],
];
const partOf = (sitePath: string) => PARTS.find(([, test]) => test(sitePath))?.[0] ?? 'other';

/** Types a static host compresses on the fly (already compressed formats go as they are). */
const COMPRESSED_ON_THE_FLY = /\.(html|js|mjs|css|json|svg|txt|xml)$/;

/** The bytes a host sends for one of the site's files. */
function wireBytes(file: string, body: Buffer): number {
  return COMPRESSED_ON_THE_FLY.test(file) ? gzipSync(body, { level: 6 }).length : body.length;
}

interface QueryCost {
  query: string;
  results: number;
  /** Bytes over the wire by part (PARTS), and the files counted. */
  parts: Record<string, number>;
  files: number;
  total: number;
  /** The total without the island runtime: a visitor who has used an island before (the search's aim). */
  runtimeCached: number;
  /** Each file fetched: its site path, part and bytes over the wire. */
  fetched: { path: string; part: string; bytes: number }[];
  /** Milliseconds from typing the query to the first result shown, and to its photos loaded. */
  resultsMs: number;
  photosMs: number;
}

/** How long the network must stay quiet (no request of the page in flight) for the search to be over. */
const QUIET_MS = 500;

/** Resolves once no request has been in flight (`inFlight`) for QUIET_MS: lazy photos start after the results. */
function whenQuiet(inFlight: () => number): Promise<void> {
  return new Promise((resolve) => {
    let quietSince = Date.now();
    const timer = setInterval(() => {
      if (inFlight() > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= QUIET_MS) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
  });
}

/** One first query on `origin`'s `page` in a fresh browser. */
async function firstQueryCost(origin: string, page: string, query: string, dir: string): Promise<QueryCost> {
  const executablePath = findChromium();
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    // No service worker: it registers when the page is idle and would add its own fetches to the search's.
    const tab = await browser.newPage({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    await tab.goto(new URL(page, origin).href, { waitUntil: 'load' });
    await tab.waitForLoadState('networkidle');
    // The page's own late fetches are not the search's: Poppins, fetched when the loaded page is idle and
    // remembered as 'bb-fonts' (src/scripts/site-shell.js), once landed in a query's count.
    await tab
      .waitForFunction(() => localStorage.getItem('bb-fonts') === '1', undefined, { timeout: 10_000 })
      .catch(() => undefined);
    await tab.waitForLoadState('networkidle');
    const fetched = new Set<string>();
    let inFlight = 0;
    tab.on('request', () => {
      inFlight += 1;
    });
    tab.on('requestfailed', () => {
      inFlight -= 1;
    });
    tab.on('requestfinished', (request) => {
      inFlight -= 1;
      const url = new URL(request.url());
      if (url.origin === origin) fetched.add(decodeURIComponent(url.pathname));
    });
    await tab.getByRole('banner').getByRole('link', { name: 'Buscar no portal' }).click();
    const dialog = tab.getByRole('dialog', { name: 'Buscar no portal' });
    const typed = Date.now();
    await dialog.getByRole('searchbox').fill(query);
    const list = dialog.getByRole('list', { name: 'Resultados da busca' });
    const results = list.getByRole('link');
    await results.first().waitFor({ timeout: 30_000 });
    const resultsMs = Date.now() - typed;
    // The photos are lazy: they start once the results are drawn. Those in view are what the visitor sees.
    await list.evaluate(
      (element) =>
        new Promise<void>((resolve) => {
          const check = () => {
            const inView = [...element.querySelectorAll('img')].filter((img) => {
              const box = img.getBoundingClientRect();
              return box.bottom > 0 && box.top < window.innerHeight;
            });
            if (inView.every((img) => img.complete)) resolve();
            else setTimeout(check, 50);
          };
          check();
        }),
    );
    const photosMs = Date.now() - typed;
    await whenQuiet(() => inFlight);
    const parts: Record<string, number> = {};
    const files: QueryCost['fetched'] = [];
    let total = 0;
    for (const sitePath of fetched) {
      const bytes = wireBytes(sitePath, readFileSync(path.join(dir, sitePath)));
      const part = partOf(sitePath);
      parts[part] = (parts[part] ?? 0) + bytes;
      files.push({ path: sitePath, part, bytes });
      total += bytes;
    }
    const runtimeCached = total - (parts['island runtime'] ?? 0);
    return {
      query,
      results: await results.count(),
      parts,
      files: fetched.size,
      total,
      runtimeCached,
      fetched: files,
      resultsMs,
      photosMs,
    };
  } finally {
    await browser.close();
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: 'dist' },
      page: { type: 'string', default: '/about' },
      query: { type: 'string', multiple: true, default: ['cachoeira', 'pousada', 'festa'] },
      timing: { type: 'boolean', default: false },
      files: { type: 'boolean', default: false },
    },
  });
  const dir = path.resolve(values.dir);
  const server = await startStaticServer({ root: dir });
  try {
    const costs: QueryCost[] = [];
    for (const query of values.query) costs.push(await firstQueryCost(server.origin, values.page, query, dir));
    const names = [...PARTS.map(([name]) => name), 'other'].filter((name) => costs.some((cost) => cost.parts[name]));
    console.log(`First search from ${values.page} on ${dir} (bytes over the wire, gzip where a host compresses):`);
    console.log(
      formatTable(
        ['query', 'results', ...names, 'files', 'total', 'runtime cached', ...(values.timing ? ['to results', 'to photos'] : [])],
        costs.map((cost) => [
          cost.query,
          String(cost.results),
          ...names.map((name) => formatBytes(cost.parts[name] ?? 0)),
          String(cost.files),
          formatBytes(cost.total),
          formatBytes(cost.runtimeCached),
          ...(values.timing ? [formatDuration(cost.resultsMs), formatDuration(cost.photosMs)] : []),
        ]),
      ),
    );
    if (values.files) {
      for (const cost of costs) {
        console.log(`\n${cost.query}:`);
        for (const file of cost.fetched)
          console.log(`  ${formatBytes(file.bytes).padStart(8)}  ${file.part.padEnd(22)} ${file.path}`);
      }
    }
  } finally {
    await server.close();
  }
}
