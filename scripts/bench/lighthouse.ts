/**
 * Lighthouse on a built site: mobile, simulated Slow 4G (Lighthouse 13's default mobile
 * throttling, spelled out so a future default cannot change what is measured), on Debian's
 * Chromium, against the site served from a folder on 127.0.0.1 by the project's static host
 * (scripts/serve.ts) with gzip:
 * over HTTPS with HTTP/2, as GitHub Pages and CDNs serve it (a self-signed certificate made with
 * openssl), or with `--http1` over plain HTTP/1.1. The protocol is part of what Lighthouse
 * simulates: its model replays each connection of the real load, so over HTTP/1.1 every photo and
 * script fetched beside another pays a TCP handshake of its own, and over HTTPS the document pays
 * the TLS one.
 *
 *   npm run build:sample && npm run bench:lighthouse
 *   npm run bench:lighthouse -- --dir /tmp/copy-of-dist --page / --page /tour/101 --runs 3
 *   npm run bench:lighthouse -- --real-photos --runs 3
 *
 * `--real-photos` measures what visitors get from the provider's camera photos rather than the
 * sample's small drawings: the sample data, served by the benchmark's local upstream
 * (tests/support/upstream-server.ts) with each of its images replaced by its own real photograph
 * (1600×1000 JPEG, 90-700 KB, scripts/bench/photos.ts), is synced and built into a temporary folder
 * (dist/, the snapshots and the project's caches are left alone), then measured. `--keep` keeps
 * that folder; `--lock <file>` builds under the machine's shared build lock.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config } from 'lighthouse';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { startUpstreamServer } from '../../tests/support/upstream-server.ts';
import { startStaticServer } from '../serve.ts';
import { sampleDatasetWithPhotos } from './generate.ts';
import { buildFolders, formatBytes, formatDuration, formatTable, runStep } from './measure.ts';
import { ensurePhotoPool, PHOTO_CACHE, servePoolPhotos } from './photos.ts';

/** Lighthouse 13 'Slow 4G' (`throttling.mobileSlow4G` of its constants): 150 ms RTT, 1.6 Mbit/s, CPU ×4. */
export const SLOW_4G = {
  rttMs: 150,
  throughputKbps: 1.6 * 1024,
  requestLatencyMs: 150 * 3.75,
  downloadThroughputKbps: 1.6 * 1024 * 0.9,
  uploadThroughputKbps: 750 * 0.9,
  cpuSlowdownMultiplier: 4,
} as const;

/** What Lighthouse clears before each run: its default (file systems, shader cache, service workers, cache storage) and localStorage. */
const FIRST_VISIT_STORAGE: NonNullable<NonNullable<Config['settings']>['clearStorageTypes']> = [
  'file_systems',
  'shader_cache',
  'service_workers',
  'cache_storage',
  'local_storage',
];

/** The pages the Lighthouse budgets name: the home, a list, a detail with a gallery, a news article, /agenda, /busca and /favoritos. */
const DEFAULT_PAGES = ['/', '/all-tours', '/tour/101', '/news/1312', '/agenda', '/busca', '/favoritos'];

/** How the bench serves the site: HTTP/2 over TLS like the real host, or plain HTTP/1.1. */
type Protocol = 'h2' | 'http1';

/** A self-signed certificate for 127.0.0.1, made with openssl in `dir` (Chromium is told to accept it). */
export function selfSignedCertificate(dir: string): { key: Buffer; cert: Buffer } {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  try {
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
        ...['-keyout', key, '-out', cert, '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      ],
      { stdio: 'ignore' },
    );
  } catch (error) {
    throw new Error(
      `the bench serves HTTPS with a certificate made by openssl, which failed (${(error as Error).message}): ` +
        'install it (apt-get install -y openssl) or measure over HTTP/1.1 with --http1',
    );
  }
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/**
 * Serves `dir` on 127.0.0.1 as the project's static host does (scripts/serve.ts: the build's `_headers`, 404.html),
 * with gzip; over HTTP/2 with TLS (a certificate made for the run) or over HTTP/1.1.
 */
async function serveStatic(
  dir: string,
  { port = 0, protocol = 'h2' }: { port?: number; protocol?: Protocol } = {},
): Promise<{ origin: string; close: () => Promise<void> }> {
  const certDir = protocol === 'h2' ? await mkdtemp(path.join(tmpdir(), 'bench-certificate-')) : null;
  const server = await startStaticServer({
    root: dir,
    port,
    gzip: true,
    ...(certDir ? { tls: selfSignedCertificate(certDir) } : {}),
  });
  return {
    origin: server.origin,
    close: async () => {
      await server.close();
      if (certDir) await rm(certDir, { recursive: true, force: true });
    },
  };
}

interface LighthouseFigures {
  page: string;
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  totalBytes: number;
  jsBytes: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** The LCP's phases (Lighthouse's 'lcp-breakdown-insight'), in ms: where its time goes. */
  lcpPhases: Record<string, number>;
  /** Where the total blocking time comes from (blockingBySource). */
  blocking: Record<BlockingSource, number>;
  /**
   * The LCP and the load event of the unthrottled load the simulation starts from, in ms: a paint long
   * after the load is counted (isLatePaint, LATE_PAINT_MS).
   */
  observed: { lcpMs: number; loadMs: number };
  /** Of this page's runs, how many painted late (their simulated LCP counts requests the page made after its load). */
  latePaints: number;
  /** The requests the page made, largest first: what competes with the LCP photo for the link. */
  requests: { url: string; transferSize: number; priority: string }[];
  /**
   * The simulated LCP (Lantern, the model behind the Slow 4G figures): each of its optimistic and
   * pessimistic graphs, node by node in simulated ms. The LCP is about their mean; a node is in them
   * when it ended before the LCP of the unthrottled load.
   */
  simulatedLcp: Record<string, { startMs: number; endMs: number; what: string }[]>;
}

/** Lantern's last simulation of each LCP graph, as rows (read right after the run that made them). */
function simulatedLcp(origin: string): LighthouseFigures['simulatedLcp'] {
  const graphs: LighthouseFigures['simulatedLcp'] = {};
  for (const [label, timings] of Lantern.Simulation.Simulator.allNodeTimings) {
    if (!/LargestContentfulPaint$/.test(label)) continue;
    graphs[label.replace('LargestContentfulPaint', '')] = [...timings.entries()]
      .map(([node, timing]) => ({
        startMs: Math.round(timing.startTime),
        endMs: Math.round(timing.endTime),
        what:
          node.type === 'network'
            ? `${node.request.priority} ${node.request.url.replace(origin, '')} (${formatBytes(node.request.transferSize)})`
            : `main thread ${Math.round(timing.endTime - timing.startTime)} ms`,
      }))
      .sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  }
  return graphs;
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/** What a long task ran: the page's script files, the page itself (its HTML, CSS and inline scripts), work Chromium ties to no URL, or Lighthouse's own scripts. */
export type BlockingSource = 'scripts' | 'page' | 'unattributed' | 'lighthouse';

/**
 * The total blocking time by source, in simulated ms: each long task of the run (Lighthouse's 'long-tasks'
 * audit, in simulated time) between the FCP and the page's becoming interactive, for what it ran past 50 ms,
 * as TBT counts it. Lighthouse's own scripts (`_lighthouse-eval.js`, which it runs in the page while it
 * records) block the page too and are counted in its TBT; they are no cost of the site.
 */
export function blockingBySource(audits: Record<string, { details?: unknown } | undefined>): Record<BlockingSource, number> {
  const metrics = (audits.metrics?.details as { items?: { firstContentfulPaint?: number; interactive?: number }[] })?.items?.[0];
  const tasks = (audits['long-tasks']?.details as { items?: { url: string; startTime: number; duration: number }[] })?.items;
  const blocking: Record<BlockingSource, number> = { scripts: 0, page: 0, unattributed: 0, lighthouse: 0 };
  const from = metrics?.firstContentfulPaint ?? Number.NaN;
  const to = metrics?.interactive ?? Number.NaN;
  for (const task of tasks ?? []) {
    if (task.startTime >= from && task.startTime <= to) blocking[taskSource(task.url)] += Math.max(0, task.duration - 50);
  }
  return blocking;
}

/** What a long task ran, by the URL Lighthouse gives it. */
function taskSource(url: string): BlockingSource {
  if (url.includes('_lighthouse-eval.js')) return 'lighthouse';
  if (url === 'Unattributable') return 'unattributed';
  return /\.m?js$/.test(URL.parse(url)?.pathname ?? '') ? 'scripts' : 'page';
}

/** The unthrottled load's LCP and load event, from Lighthouse's 'metrics' audit. */
function observedTimes(audit: { details?: unknown } | undefined): LighthouseFigures['observed'] {
  const metrics = (audit?.details as { items?: { observedLargestContentfulPaint?: number; observedLoad?: number }[] })
    ?.items?.[0];
  return { lcpMs: metrics?.observedLargestContentfulPaint ?? Number.NaN, loadMs: metrics?.observedLoad ?? Number.NaN };
}

/**
 * The run of median LCP, the figure the page goals are set in (docs/performance.md). Not the median
 * performance score: every run of a fast page scores 100, and that median was whichever run came second.
 */
export function medianRun<T extends Pick<LighthouseFigures, 'lcpMs'>>(runs: readonly T[]): T {
  const sorted = [...runs].sort((a, b) => a.lcpMs - b.lcpMs);
  const median = sorted[Math.floor(sorted.length / 2)];
  if (!median) throw new Error('no Lighthouse run to take a median of');
  return median;
}

/** The LCP phases of a Lighthouse result, from its LCP breakdown insight (the names Lighthouse gives them). */
function lcpPhases(audit: { details?: unknown } | undefined): Record<string, number> {
  const items = (audit?.details as { items?: { items?: { subpart?: string; label?: string; duration?: number }[] }[] })
    ?.items?.[0]?.items;
  return Object.fromEntries((items ?? []).map((item) => [item.label ?? item.subpart ?? '?', Math.round(item.duration ?? 0)]));
}

/**
 * A paint this long after the load event is counted as late (`latePaints`). In Lighthouse's navigation
 * Chromium's paint holding kept the first frame of some pages back for a second or two, with the main thread
 * idle, a hold a visitor's navigation does not meet; `runLighthouse` launches Chromium with it off
 * (docs/performance.md, *Late paints*, has the runs). A late paint still counted is something else.
 */
const LATE_PAINT_MS = 500;

/** The run's unthrottled load painted its LCP long after its load event. */
export const isLatePaint = (observed: LighthouseFigures['observed']): boolean => observed.lcpMs > observed.loadMs + LATE_PAINT_MS;

/**
 * Lighthouse on each page (mobile, simulated Slow 4G); the median run by LCP when `runs` > 1 (medianRun).
 * `reportDir`: each run's full result as JSON there ({page}-{run}.json), to trace where a page's time goes.
 *
 * The simulated LCP is drawn from the unthrottled load: its graph holds every request that ended
 * before that load's LCP. A run that paints well after its load event (LATE_PAINT_MS; docs/performance.md,
 * *Late paints*) has a simulated LCP that counts the scripts, the manifest and the icons fetched
 * meanwhile, and comes later. Such runs are counted in `latePaints`, so a figure that rests on them is
 * known for what it is.
 */
async function runLighthouse(origin: string, pages: string[], runs = 1, reportDir?: string): Promise<LighthouseFigures[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    // The bench's HTTPS certificate is self-signed (serveStatic). Paint holding off: see LATE_PAINT_MS.
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--ignore-certificate-errors',
      '--disable-features=PaintHolding',
    ],
  });
  try {
    const figures: LighthouseFigures[] = [];
    for (const page of pages) {
      const tries: Omit<LighthouseFigures, 'latePaints'>[] = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(
          new URL(page, origin).href,
          { port: chrome.port, output: 'json', logLevel: 'error' },
          {
            extends: 'lighthouse:default',
            settings: {
              formFactor: 'mobile',
              throttlingMethod: 'simulate',
              throttling: SLOW_4G,
              // A first visit each time: Lighthouse clears the HTTP cache but by default keeps localStorage, where
              // the first page's visit records that Poppins is cached (BaseLayout's shell); every later run would
              // then fetch the fonts at once, a returning visitor with an emptied cache that no phone is.
              clearStorageTypes: FIRST_VISIT_STORAGE,
              onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
            },
          },
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
        const { audits, categories } = result.lhr;
        if (reportDir) {
          await mkdir(reportDir, { recursive: true });
          const name = `${page.replace(/^\/$/, 'home').replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${run + 1}.json`;
          await writeFile(path.join(reportDir, name), JSON.stringify(result.lhr));
        }
        const network = (
          audits['network-requests']?.details as {
            items?: { url: string; transferSize?: number; priority?: string }[];
          }
        )?.items;
        const resources = (audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] })
          ?.items;
        tries.push({
          page,
          performance: score(categories.performance?.score),
          lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
          cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
          tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
          totalBytes: audits['total-byte-weight']?.numericValue ?? Number.NaN,
          jsBytes: resources?.find((item) => item.resourceType === 'script')?.transferSize ?? 0,
          accessibility: score(categories.accessibility?.score),
          bestPractices: score(categories['best-practices']?.score),
          seo: score(categories.seo?.score),
          lcpPhases: lcpPhases(audits['lcp-breakdown-insight']),
          blocking: blockingBySource(audits),
          observed: observedTimes(audits.metrics),
          requests: (network ?? [])
            .map((item) => ({ url: item.url, transferSize: item.transferSize ?? 0, priority: item.priority ?? '' }))
            .sort((a, b) => b.transferSize - a.transferSize),
          simulatedLcp: simulatedLcp(origin),
        });
      }
      figures.push({ ...medianRun(tries), latePaints: tries.filter((run) => isLatePaint(run.observed)).length });
    }
    return figures;
  } finally {
    chrome.kill();
  }
}

/** The figures as a table. */
function formatLighthouse(figures: LighthouseFigures[]): string {
  return formatTable(
    ['page', 'perf', 'LCP', 'late paints', 'CLS', 'TBT', 'total bytes', 'JS bytes', 'a11y', 'best pr.', 'SEO'],
    figures.map((figure) => [
      figure.page,
      String(figure.performance),
      `${(figure.lcpMs / 1000).toFixed(2)} s`,
      String(figure.latePaints),
      figure.cls.toFixed(3),
      `${Math.round(figure.tbtMs)} ms`,
      formatBytes(figure.totalBytes),
      formatBytes(figure.jsBytes),
      String(figure.accessibility),
      String(figure.bestPractices),
      String(figure.seo),
    ]),
  );
}

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Syncs and builds the sample site with real photographs into `work`/dist (see the top of this
 * file); returns that folder.
 */
async function buildRealPhotoSite(work: string, options: { lock?: string; verbose?: boolean } = {}): Promise<string> {
  const pool = path.join(PHOTO_CACHE, 'pool');
  const server = await startUpstreamServer({ reader: async (file) => dataset.files.get(file) });
  const dataset = await sampleDatasetWithPhotos(`${server.origin}/media`);
  const made = await ensurePhotoPool(pool, dataset.images);
  if (made) console.log(`made ${made} photo(s) (1600×1000 JPEG) in ${pool}`);
  servePoolPhotos(server, pool);
  const { snapshot, dist, env } = buildFolders(work, server.env);
  const step = { env, cwd: root, verbose: options.verbose ?? false };
  try {
    console.log(`sample site with ${dataset.images} real photographs: sync…`);
    const sync = await runStep(process.execPath, [path.join(root, 'scripts/sync.ts'), '--out', snapshot], step);
    console.log(`  ${formatDuration(sync.ms)}\nastro build into ${dist}…`);
    const build = await runStep(
      process.execPath,
      [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', dist],
      options.lock ? { ...step, lock: options.lock } : step,
    );
    console.log(`  ${formatDuration(build.ms)}`);
  } finally {
    await server.close();
  }
  return dist;
}

/** The site a bench measures, served; `close` stops the server and removes a site built for the bench. */
export interface BenchSite {
  origin: string;
  /** What is measured, in the report's words: the build's folder, or the sample site with real photographs. */
  what: string;
  /** 'HTTP/2 over TLS' or 'HTTP/1.1'. */
  served: string;
  close: () => Promise<void>;
}

/**
 * Serves the build in `dir`, or, with `realPhotos`, the sample data with real photographs built into
 * a temporary folder (`prefix`), kept after the run with `keep`. Both benches measure a site this way.
 */
export async function openBenchSite(options: {
  dir: string;
  realPhotos: boolean;
  http1: boolean;
  keep: boolean;
  verbose: boolean;
  lock?: string | undefined;
  prefix: string;
}): Promise<BenchSite> {
  const work = options.realPhotos ? await mkdtemp(path.join(tmpdir(), options.prefix)) : null;
  const removeWork = async () => {
    if (work && !options.keep) await rm(work, { recursive: true, force: true });
    else if (work) console.log(`kept ${work}`);
  };
  try {
    const dir = work
      ? await buildRealPhotoSite(work, { verbose: options.verbose, ...(options.lock ? { lock: options.lock } : {}) })
      : path.resolve(options.dir);
    if (!existsSync(path.join(dir, 'index.html'))) throw new Error(`no built site in ${dir}: run npm run build:sample first`);
    const protocol: Protocol = options.http1 ? 'http1' : 'h2';
    const { origin, close } = await serveStatic(dir, { protocol });
    return {
      origin,
      what: work ? 'the sample site with real photographs' : dir,
      served: protocol === 'h2' ? 'HTTP/2 over TLS' : 'HTTP/1.1',
      close: async () => {
        await close();
        await removeWork();
      },
    };
  } catch (error) {
    await removeWork();
    throw error;
  }
}

/**
 * `npm run bench:lighthouse [-- --dir dist --page / --runs 1 --real-photos --keep --lock <file> --report <dir> --requests --lantern --http1]`:
 * `--requests` lists every request of each page's median run, `--lantern` the simulated LCP's graphs of
 * that run (what the Slow 4G LCP is made of), `--report` keeps each run's JSON.
 */
export async function runLighthouseCli(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      dir: { type: 'string', default: 'dist' },
      page: { type: 'string', multiple: true },
      runs: { type: 'string', default: '1' },
      'real-photos': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      lock: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      report: { type: 'string' },
      requests: { type: 'boolean', default: false },
      lantern: { type: 'boolean', default: false },
      http1: { type: 'boolean', default: false },
    },
  });
  const { origin, what, served, close } = await openBenchSite({
    dir: values.dir,
    realPhotos: values['real-photos'],
    http1: values.http1,
    keep: values.keep,
    verbose: values.verbose,
    lock: values.lock,
    prefix: 'bench-lighthouse-',
  });
  try {
    const figures = await runLighthouse(origin, values.page ?? DEFAULT_PAGES, Number(values.runs), values.report);
    console.log(`\nLighthouse, mobile, simulated Slow 4G (150 ms RTT, 1.6 Mbit/s, CPU ×4), ${what}, served over ${served}\n`);
    console.log(formatLighthouse(figures));
    if (figures.some((figure) => figure.latePaints > 0))
      console.log(
        `\nlate paints: runs whose unthrottled load painted its LCP over ${LATE_PAINT_MS} ms after its load event; their simulated LCP counts what the page fetched meanwhile (LATE_PAINT_MS in scripts/bench/lighthouse.ts says what caused them before).`,
      );
    for (const figure of figures) {
      const phases = Object.entries(figure.lcpPhases).map(([phase, ms]) => `${phase} ${ms} ms`);
      console.log(`\n${figure.page}: LCP ${phases.join(', ') || 'phases not reported'}`);
      const { scripts, page, unattributed, lighthouse } = figure.blocking;
      console.log(
        `  TBT from: the page's script files ${Math.round(scripts)} ms, the page itself (HTML, CSS, inline scripts) ${Math.round(page)} ms, unattributed ${Math.round(unattributed)} ms, Lighthouse's own scripts ${Math.round(lighthouse)} ms`,
      );
      if (values.requests)
        for (const request of figure.requests) {
          console.log(
            `  ${formatBytes(request.transferSize).padStart(9)} ${request.priority.padEnd(8)} ${request.url.replace(origin, '')}`,
          );
        }
      if (values.lantern)
        for (const [graph, rows] of Object.entries(figure.simulatedLcp)) {
          console.log(`  simulated LCP, ${graph} graph (start → end, ms):`);
          for (const row of rows)
            console.log(`  ${String(row.startMs).padStart(6)} → ${String(row.endMs).padStart(5)}  ${row.what}`);
        }
    }
    if (values.report) console.log(`\nLighthouse results (JSON) in ${values.report}`);
  } finally {
    await close();
  }
}

if (import.meta.main) await runLighthouseCli(process.argv.slice(2));
