/**
 * The daily cap of automatic deploys: .github/workflows/check-sources.yml asks for a deploy on a change
 * only while the deploys it asked for today are fewer than AUTO_DEPLOYS_PER_DAY (a repository variable,
 * DEFAULT_CAP when unset; 0 turns automatic deploys off). Past the cap the check says so in its summary,
 * and the night's deploy publishes what changed (docs/deploy-and-hosting.md, "The change check").
 *
 *   gh run list --workflow deploy.yml --limit 100 --json createdAt,displayTitle > runs.json
 *   node scripts/deploy-cap.ts runs.json
 *
 * Prints two lines for $GITHUB_OUTPUT: `capped=true|false` and `note=…`, what the summary says, in
 * Portuguese. A value of AUTO_DEPLOYS_PER_DAY that is not a whole number from 0 to MAX_CAP stops it with
 * one line that names it, in the log and the summary (exit 2): no deploy is asked for until it is fixed.
 *
 * "Today" is the city's day (CITY_TIME_ZONE), not the last 24 hours: it starts at midnight there, when no
 * check runs, and the night's deploy comes after it and before the first check. So each editors' day has
 * the whole cap, and a cap reached in the evening does not hold the next morning back although the
 * night's deploy has published everything since.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { TIME_ZONE, wallClock } from '../src/lib/format.ts';
import { nextNightlyRun } from '../src/lib/status/build.ts';
import { countLabel } from '../src/lib/text.ts';
import { appendJobSummary } from './job-summary.ts';

/** Automatic deploys a day when AUTO_DEPLOYS_PER_DAY is unset. */
const DEFAULT_CAP = 8;
/** Two checks an hour around the clock: more than the check could ever ask for in a day. */
const MAX_CAP = 48;
/**
 * How the title of a deploy the check asked for begins: deploy.yml's `run-name` names the trigger
 * `source-change` in place of the event (workflow_dispatch) for these runs.
 */
export const AUTOMATIC_RUN_TITLE = 'Deploy (source-change)';

/** A run of deploy.yml as `gh run list --json createdAt,displayTitle` gives it. */
export interface DeployRun {
  createdAt: string;
  displayTitle: string;
}

interface CapDecision {
  isCapped: boolean;
  /** Automatic deploys asked for today, before this one. */
  today: number;
  cap: number;
  /** What the check's summary says after 'publicação pedida' or in its place, in Portuguese. */
  note: string;
}

/** AUTO_DEPLOYS_PER_DAY as a number; throws one line that names it when it is no whole number from 0 to MAX_CAP. */
export function readCap(value: string | undefined): number {
  const text = value?.trim() ?? '';
  if (text === '') return DEFAULT_CAP;
  if (/^\d{1,3}$/.test(text) && Number(text) <= MAX_CAP) return Number(text);
  const shown = JSON.stringify(text.length > 40 ? `${text.slice(0, 39)}…` : text);
  throw new Error(
    `AUTO_DEPLOYS_PER_DAY=${shown}: use um número inteiro de 0 a ${MAX_CAP}, por exemplo ${DEFAULT_CAP} / use a whole number from 0 to ${MAX_CAP}, e.g. ${DEFAULT_CAP}.`,
  );
}

/** The calendar day of an instant in `timeZone` ('2026-11-28'). */
const dayIn = (instant: Date, timeZone: string) => wallClock(instant, timeZone).wall.slice(0, 10);

/** Whether the check may ask for one more deploy today, and what its summary says. */
export function decideCap(options: { runs: readonly DeployRun[]; cap: number; now: Date; timeZone: string }): CapDecision {
  const { runs, cap, now, timeZone } = options;
  const day = dayIn(now, timeZone);
  const today = runs.filter(
    (run) => run.displayTitle.startsWith(AUTOMATIC_RUN_TITLE) && dayIn(new Date(run.createdAt), timeZone) === day,
  ).length;
  const deploys = (count: number) => countLabel(count, 'publicação automática', 'publicações automáticas');
  const night = wallClock(nextNightlyRun(now), timeZone).wall.slice(11, 16);
  const wait = `as mudanças entram na publicação da noite, às ${night}, ou antes pelo botão Run workflow do Deploy.`;
  if (cap === 0) {
    return { isCapped: true, today, cap, note: `as publicações automáticas estão desligadas (AUTO_DEPLOYS_PER_DAY=0); ${wait}` };
  }
  if (today >= cap) {
    return { isCapped: true, today, cap, note: `o limite de ${deploys(cap)} por dia foi atingido (${today} hoje); ${wait}` };
  }
  return { isCapped: false, today, cap, note: `${today + 1} de no máximo ${deploys(cap)} hoje` };
}

/** The runs `gh run list` wrote; throws when the text is not that list. */
export function parseRuns(text: string): DeployRun[] {
  const value: unknown = JSON.parse(text);
  const isRun = (run: unknown): run is DeployRun =>
    typeof run === 'object' &&
    run !== null &&
    typeof (run as DeployRun).createdAt === 'string' &&
    typeof (run as DeployRun).displayTitle === 'string';
  if (!Array.isArray(value) || !value.every(isRun)) throw new Error('not a list of runs with createdAt and displayTitle');
  return value;
}

if (import.meta.main) {
  const { positionals } = parseArgs({ allowPositionals: true });
  const [file] = positionals;
  if (!file) {
    console.error('deploy-cap: give the file of `gh run list --json createdAt,displayTitle`.');
    process.exit(2);
  }
  let cap: number;
  try {
    cap = readCap(process.env.AUTO_DEPLOYS_PER_DAY);
  } catch (error) {
    // Without backticks, so the value stays inside the summary's code span.
    const message = (error as Error).message.replaceAll('`', '');
    console.error(`deploy-cap: ${message}`);
    await appendJobSummary(`### Verificação das fontes\n\nNenhuma publicação foi pedida: \`${message}\``);
    process.exit(2);
  }
  const decision = decideCap({ runs: parseRuns(await readFile(file, 'utf8')), cap, now: new Date(), timeZone: TIME_ZONE });
  console.log(`capped=${decision.isCapped}\nnote=${decision.note}`);
}
