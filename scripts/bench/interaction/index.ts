/**
 * `npm run bench:interaction`: how soon a phone answers a visitor's touch, on a built site served as
 * `npm run bench:lighthouse` serves it (scripts/serve.ts with gzip, HTTP/2 over TLS or `--http1`).
 * docs/performance.md "First touch and INP" says what is measured, how, and the budgets. It prints the
 * median of `--runs` runs and exits with 1 when a figure is over its budget. Timings are the machine's:
 * a loaded machine makes them worse.
 *
 *   npm run build:sample && npm run bench:interaction
 *   npm run bench:interaction -- --dir <dist> --runs 5 --report <dir>
 *   npm run bench:interaction -- --real-photos --runs 3
 *
 * This module runs the bench; each part has a module of its own:
 *   figures.ts      the budgets, and the figures read with no browser: interactions, INP, medians, what is over
 *   probe.ts        the probe in the page: Event Timing entries, marks, a first touch watched to its frame
 *   browser.ts      the phone (Slow 4G, CPU slowed) and where it finds the widgets it taps
 *   first-touch.ts  one cold first touch of a list filter or the photo viewer
 *   warm.ts         the warm pages' series of taps and keys, and their INP
 *   report.ts       the tables, the JSON of every run, the verdict
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { findChromium } from '../../ensure-browser.ts';
import { buildRealPhotoSite, type Protocol, serveStatic } from '../lighthouse.ts';
import { type FirstTouch, summarise, type WarmPage, type Widget } from './figures.ts';
import { firstTouch } from './first-touch.ts';
import { printFigures, printVerdict, writeFigures } from './report.ts';
import { warmRun, warmSeries } from './warm.ts';

/**
 * `measure()`, tried a second time when it failed: on a machine loaded by others a page on Slow 4G at a
 * quarter of its CPU sometimes misses a timeout, which says nothing of the site. A second failure stops the bench.
 */
async function twice<T>(what: string, measure: () => Promise<T>): Promise<T> {
  try {
    return await measure();
  } catch (error) {
    console.warn(`  ${what} failed (${(error as Error).message.split('\n')[0]}): once more`);
    return measure();
  }
}

/**
 * `npm run bench:interaction [-- --dir dist --runs 3 --list /all-tours --gallery /tour/101 --report <dir>
 * --http1 --real-photos --keep --lock <file> --verbose]`.
 */
async function runInteractionCli(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      dir: { type: 'string', default: 'dist' },
      runs: { type: 'string', default: '3' },
      list: { type: 'string', default: '/all-tours' },
      gallery: { type: 'string', default: '/tour/101' },
      report: { type: 'string' },
      http1: { type: 'boolean', default: false },
      'real-photos': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      lock: { type: 'string' },
      verbose: { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number of runs, not ${values.runs}`);
  const work = values['real-photos'] ? await mkdtemp(path.join(tmpdir(), 'bench-interaction-')) : null;
  try {
    const dir = work
      ? await buildRealPhotoSite(work, { verbose: values.verbose, ...(values.lock ? { lock: values.lock } : {}) })
      : path.resolve(values.dir);
    if (!existsSync(path.join(dir, 'index.html'))) throw new Error(`no built site in ${dir}: run npm run build:sample first`);
    const protocol: Protocol = values.http1 ? 'http1' : 'h2';
    const { origin, close } = await serveStatic(dir, { protocol });
    const executablePath = findChromium();
    const browser = await chromium.launch({
      ...(executablePath ? { executablePath } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
      const touches: FirstTouch[] = [];
      const warm: WarmPage[][] = [];
      const cases: [string, Widget][] = [
        [values.list, 'list filter'],
        [values.gallery, 'photo viewer'],
      ];
      for (let run = 1; run <= runs; run += 1) {
        console.log(`run ${run} of ${runs}…`);
        for (const [pagePath, widget] of cases)
          for (const when of ['at load', 'at idle'] as const)
            touches.push(await twice(`${widget} ${when}`, () => firstTouch(browser, origin, pagePath, widget, when)));
        warm.push(await twice('the warm pages', () => warmRun(browser, origin, warmSeries(values.list, values.gallery))));
      }
      const figures = summarise(touches, warm);
      const setting = {
        site: work ? 'the sample site with real photographs' : dir,
        served: protocol === 'h2' ? 'HTTP/2 over TLS' : 'HTTP/1.1',
        runs,
        listPath: values.list,
        galleryPath: values.gallery,
      };
      printFigures(figures, setting);
      if (values.report) await writeFigures(values.report, figures, setting);
      return printVerdict(figures);
    } finally {
      await browser.close();
      await close();
    }
  } finally {
    if (work && !values.keep) await rm(work, { recursive: true, force: true });
    else if (work) console.log(`kept ${work}`);
  }
}

if (import.meta.main) process.exitCode = await runInteractionCli(process.argv.slice(2));
