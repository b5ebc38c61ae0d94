/** What the interaction bench prints and writes: its setting, the tables of medians, every run as JSON, the verdict. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SLOW_4G } from '../lighthouse.ts';
import { formatTable } from '../measure.ts';
import { PHONE } from './browser.ts';
import {
  budgetFailures,
  EVENT_THRESHOLD_MS,
  FIRST_TOUCH_BUDGET_MS,
  type Figures,
  formatMs,
  INP_BUDGET_MS,
  median,
} from './figures.ts';

/** What was measured, and how. */
export interface Setting {
  /** The site: its folder, or what `--real-photos` built. */
  site: string;
  served: string;
  runs: number;
  listPath: string;
  galleryPath: string;
}

/** Per kind of interaction: its longest in each run, the median of those, and how many a run had. */
function byInteraction(warmPages: Figures['warmPages']): string[][] {
  const rows: string[][] = [];
  for (const { page, runs } of warmPages) {
    const labels = [...new Set(runs.flatMap((run) => run.interactions.map((interaction) => interaction.label)))];
    for (const label of labels) {
      const longest = runs.map((run) =>
        Math.max(0, ...run.interactions.filter((item) => item.label === label).map((item) => item.durationMs)),
      );
      const counts = runs.map((run) => run.interactions.filter((item) => item.label === label).length);
      rows.push([page, label, formatMs(median(longest)), formatMs(Math.max(...longest)), String(median(counts))]);
    }
  }
  return rows;
}

/** The setting, then the first touches, the warm pages and each kind of interaction, as tables. */
export function printFigures(figures: Figures, setting: Setting): void {
  const { viewport, deviceScaleFactor } = PHONE;
  console.log(
    `\nA phone (${viewport.width} × ${viewport.height}, DPR ${deviceScaleFactor}, touch) on Slow 4G ` +
      `(DevTools: ${SLOW_4G.requestLatencyMs} ms a request, ` +
      `${(SLOW_4G.downloadThroughputKbps / 1024).toFixed(2)} Mbit/s down), CPU ×${SLOW_4G.cpuSlowdownMultiplier}, ` +
      `${setting.site}, served over ${setting.served}; median of ${setting.runs} run(s)\n`,
  );
  console.log(`First touch, cold cache (budget ${FIRST_TOUCH_BUDGET_MS} ms from the tap):\n`);
  console.log(
    formatTable(
      ['widget', 'page', 'tapped', 'from the tap', 'from the first touch', 'viewer open', 'runtime fetched ahead'],
      figures.firstTouches.map((touch) => [
        touch.widget,
        touch.widget === 'list filter' ? setting.listPath : setting.galleryPath,
        touch.when,
        formatMs(touch.fromTapMs),
        formatMs(touch.fromFirstTouchMs),
        touch.openMs === null ? '' : formatMs(touch.openMs),
        `${touch.runs.filter((item) => item.isRuntimeAhead).length} of ${touch.runs.length}`,
      ]),
    ),
  );
  console.log(`\nWarm pages, INP (budget ${INP_BUDGET_MS} ms):\n`);
  console.log(
    formatTable(
      ['page', 'INP', 'interactions'],
      figures.warmPages.map((page) => [
        page.page,
        formatMs(page.inpMs),
        String(median(page.runs.map((run) => run.interactions.length))),
      ]),
    ),
  );
  console.log(`\nBy interaction (its longest in a run, over ${EVENT_THRESHOLD_MS} ms):\n`);
  console.log(formatTable(['page', 'interaction', 'median', 'worst run', 'a run'], byInteraction(figures.warmPages)));
}

/** Every run, as `interaction.json` in `dir`. */
export async function writeFigures(dir: string, figures: Figures, setting: Setting): Promise<void> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'interaction.json');
  const { site, served, runs } = setting;
  await writeFile(file, `${JSON.stringify({ site, served, runs, ...figures }, null, 2)}\n`);
  console.log(`\nEvery run (JSON) in ${file}`);
}

/** The figures over their budgets, printed; the command's exit code (1 when any is over). */
export function printVerdict(figures: Figures): number {
  const failures = budgetFailures(figures.firstTouches, figures.warmPages);
  if (failures.length === 0) {
    console.log('\nWithin the budgets.');
    return 0;
  }
  console.error(`\n${failures.length} over budget:`);
  for (const failure of failures) console.error(`  ${failure}`);
  return 1;
}
