import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { findChromium } from '../../ensure-browser.ts';
import { openBenchSite } from '../lighthouse.ts';
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
  const { origin, what, served, close } = await openBenchSite({
    dir: values.dir,
    realPhotos: values['real-photos'],
    http1: values.http1,
    keep: values.keep,
    verbose: values.verbose,
    lock: values.lock,
    prefix: 'bench-interaction-',
  });
  try {
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
        site: what,
        served,
        runs,
        listPath: values.list,
        galleryPath: values.gallery,
      };
      printFigures(figures, setting);
      if (values.report) await writeFigures(values.report, figures, setting);
      return printVerdict(figures);
    } finally {
      await browser.close();
    }
  } finally {
    await close();
  }
}

if (import.meta.main) process.exitCode = await runInteractionCli(process.argv.slice(2));
