/**
 * `npm test`: every check and test, on the sample build, stopping at the first failure. Steps run one
 * after another, except where one leaves a core idle: the linters and the browser's check (on a fresh
 * machine, its install) beside the sample build; the static-HTML and unit tests beside `astro check`
 * (about one core); the budgets and the deploy gate beside the integration project, whose files run one
 * at a time (about one core and a bit). The end-to-end suite keeps both cores to itself.
 * The lines of steps that run side by side are prefixed with the step's name. At the end it prints each
 * step's time and each phase's busy CPU time (the whole machine's, from /proc/stat): on 2 cores the suite
 * cannot take less than half its CPU time, however its steps are arranged. CI runs the same steps in
 * parts, on machines of their own side by side (PARTS, `npm test -- --part NAME`).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

/** A shell command of `npm test`, with what it adds to the environment. */
export interface Step {
  name: string;
  command: string;
  env?: Record<string, string>;
}

/** Steps that run side by side; the phases run in order. */
type Phase = Step[];

const SAMPLE = { SNAPSHOT_DIR: 'data/sample-snapshot' };

/** Every step of `npm test`, once. */
const STEP = {
  lint: { name: 'lint', command: 'npm run -s lint && npm run -s lint:workflows' },
  // Before the first step that opens a browser (the integration project's paged-lists, the end-to-end suite):
  // on a fresh machine it installs one (scripts/ensure-browser.ts).
  browser: { name: 'browser', command: 'node scripts/ensure-browser.ts' },
  build: { name: 'build:sample', command: 'npm run -s build:sample' },
  htmlAndUnit: { name: 'test:html, unit', command: 'npx vitest run --project html --project unit --project components' },
  types: { name: 'check:types', command: 'npm run -s check:types', env: SAMPLE },
  integration: { name: 'integration', command: 'npx vitest run --project integration' },
  gate: { name: 'budgets, verify', command: 'npm run -s budgets && npm run -s verify' },
  e2e: { name: 'test:e2e', command: 'npm run -s test:e2e', env: { E2E_PREBUILT: '1' } },
} satisfies Record<string, Step>;

/** `npm test` on one machine. */
export const PHASES: Phase[] = [
  [STEP.lint, STEP.build, STEP.browser],
  [STEP.htmlAndUnit, STEP.types],
  // Not the unit tests beside the integration project: a little faster, but in one clean run of three its
  // browser test of 'Tentar novamente' (paged-lists) then missed the retried list.
  [STEP.integration, STEP.gate],
  [STEP.e2e],
];

/**
 * `npm test -- --part NAME`: the same steps cut into parts that each take a machine of their own, so CI
 * runs them as jobs side by side (.github/workflows/ci.yml). Each part builds what it tests. The
 * end-to-end part can be cut further with `--shard I/N` (Playwright's own sharding).
 */
export const PARTS = {
  checks: [[STEP.lint, STEP.build], [STEP.htmlAndUnit, STEP.types], [STEP.gate]],
  integration: [[STEP.browser], [STEP.integration]],
  e2e: [[STEP.build, STEP.browser], [STEP.e2e]],
} satisfies Record<string, Phase[]>;

type PartName = keyof typeof PARTS;

/**
 * The phases a command line asks for: all of them, or one part (`--part NAME`), its end-to-end step given
 * Playwright's `--shard I/N`. Throws, saying what is allowed, on anything else.
 */
export function phasesFor(args: readonly string[]): Phase[] {
  const { values } = parseArgs({ args: [...args], options: { part: { type: 'string' }, shard: { type: 'string' } } });
  const { part, shard } = values;
  if (part === undefined) {
    if (shard !== undefined) throw new Error('--shard goes with --part e2e');
    return PHASES;
  }
  if (!Object.hasOwn(PARTS, part)) throw new Error(`--part: one of ${Object.keys(PARTS).join(', ')}, not '${part}'`);
  const phases = PARTS[part as PartName];
  if (shard === undefined) return phases;
  const [index, count] = /^(\d+)\/(\d+)$/.exec(shard)?.slice(1).map(Number) ?? [];
  if (part !== 'e2e' || !index || !count || index > count) {
    throw new Error(`--shard I/N (1 ≤ I ≤ N) goes with --part e2e, not '--part ${part} --shard ${shard}'`);
  }
  return phases.map((phase) =>
    phase.map((step) => (step === STEP.e2e ? { ...step, command: `${step.command} -- --shard=${index}/${count}` } : step)),
  );
}

export interface StepResult {
  name: string;
  /** Its exit status (1 when a signal ended it). */
  code: number;
  /** Stopped because a step beside it failed. */
  isStopped: boolean;
  seconds: number;
}

/** How to stop each step running now (they run in process groups of their own, which an interrupt does not reach). */
const running = new Set<() => void>();

/** Runs a step in a shell of its own process group (so a failure beside it can stop all of it), its output to `write`. */
function start(step: Step, cwd: string, write: (line: string) => void, prefix: boolean) {
  const started = performance.now();
  const child = spawn(step.command, {
    cwd,
    shell: true,
    detached: true,
    env: { ...process.env, ...step.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => write(prefix ? `[${step.name}] ${line}` : line));
  }
  let isStopped = false;
  const stop = () => {
    // A step that has ended is left alone: its process group's id may belong to another by now.
    if (!running.has(stop)) return;
    isStopped = true;
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  running.add(stop);
  const done = new Promise<StepResult>((resolve) => {
    child.on('close', (code) => {
      running.delete(stop);
      resolve({ name: step.name, code: code ?? 1, isStopped, seconds: (performance.now() - started) / 1000 });
    });
  });
  return { done, stop };
}

/**
 * The CPU time the machine has spent busy, in seconds, from the text of /proc/stat (its `cpu` line, in
 * USER_HZ ticks of 1/100 s: user, nice, system, irq, softirq and steal; not idle or iowait). Null when
 * the text has no such line.
 */
export function busyCpuSeconds(procStat: string): number | null {
  const fields = /^cpu\s+(.*)$/m.exec(procStat)?.[1]?.trim().split(/\s+/).map(Number);
  if (!fields || fields.length < 8 || fields.some(Number.isNaN)) return null;
  // user, nice, system, (idle, iowait,) irq, softirq, steal
  return [0, 1, 2, 5, 6, 7].reduce((sum, field) => sum + (fields[field] ?? 0), 0) / 100;
}

/** The machine's busy CPU seconds now; null where there is no /proc/stat (not Linux). */
function machineBusySeconds(): number | null {
  try {
    return busyCpuSeconds(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
}

interface PhaseResult {
  steps: StepResult[];
  seconds: number;
  /** CPU seconds the machine was busy during the phase (null where it cannot be read). */
  cpuSeconds: number | null;
}

/**
 * Runs the phases in order, the steps of a phase side by side. A step that fails stops the others of
 * its phase and every later phase. The result of every phase that ran.
 */
export async function runPhases(
  phases: readonly Phase[],
  {
    cwd,
    write,
    busySeconds = machineBusySeconds,
  }: { cwd: string; write: (line: string) => void; busySeconds?: () => number | null },
): Promise<PhaseResult[]> {
  const results: PhaseResult[] = [];
  for (const phase of phases) {
    const [started, busyBefore] = [performance.now(), busySeconds()];
    const steps = phase.map((step) => start(step, cwd, write, phase.length > 1));
    const settled = steps.map(async ({ done }) => {
      const result = await done;
      if (result.code !== 0) for (const other of steps) other.stop();
      return result;
    });
    const stepResults = await Promise.all(settled);
    const busyAfter = busySeconds();
    results.push({
      steps: stepResults,
      seconds: (performance.now() - started) / 1000,
      cpuSeconds: busyBefore === null || busyAfter === null ? null : busyAfter - busyBefore,
    });
    if (stepResults.some((result) => result.code !== 0)) break;
  }
  return results;
}

if (import.meta.main) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      for (const stop of running) stop();
      process.exit(130);
    });
  }
  const root = path.resolve(import.meta.dirname, '..');
  let asked: Phase[];
  try {
    asked = phasesFor(process.argv.slice(2));
  } catch (error) {
    console.error(`npm test: ${(error as Error).message}`);
    process.exit(2);
  }
  const phases = await runPhases(asked, { cwd: root, write: (line) => process.stdout.write(`${line}\n`) });
  const line = (name: string, seconds: number, cpu?: number | null) =>
    console.log(`  ${name.padEnd(18)} ${seconds.toFixed(0).padStart(4)} s${cpu == null ? '' : `   CPU ${cpu.toFixed(0)} s`}`);
  console.log("\nnpm test: each step's time, and each phase's with the CPU time the machine was busy in it");
  for (const phase of phases) {
    for (const step of phase.steps) {
      const outcome = step.isStopped ? 'stopped (a step beside it failed)' : step.code === 0 ? '' : `FAILED (exit ${step.code})`;
      line(`${step.name} ${outcome}`.trim(), step.seconds);
    }
    line('  phase', phase.seconds, phase.cpuSeconds);
  }
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const cpu = phases.map((phase) => phase.cpuSeconds);
  line('all', sum(phases.map((phase) => phase.seconds)), cpu.includes(null) ? null : sum(cpu as number[]));
  // A failure ends the run after its phase, so every step has run when none failed.
  process.exitCode = phases.every((phase) => phase.steps.every((step) => step.code === 0)) ? 0 : 1;
}
