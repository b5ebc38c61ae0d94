/**
 * `npm test`: every check and test, on the sample build, stopping at the first failure. Steps run one
 * after another, except where one leaves a core idle: the linters beside the sample build; `astro check`
 * (about one core) beside the static-HTML and unit tests; the budgets and the deploy gate beside the
 * integration builds (about one core and a bit). The end-to-end suite keeps both cores to itself.
 * The lines of steps that run side by side are prefixed with the step's name; each step's time is
 * printed at the end.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** A shell command of `npm test`, with what it adds to the environment. */
export interface Step {
  name: string;
  command: string;
  env?: Record<string, string>;
}

/** Steps that run side by side; the phases run in order. */
export type Phase = Step[];

const SAMPLE = { SNAPSHOT_DIR: 'data/sample-snapshot' };

export const PHASES: Phase[] = [
  [
    { name: 'lint', command: 'npm run -s lint && npm run -s lint:workflows' },
    { name: 'build:sample', command: 'npm run -s build:sample' },
  ],
  [
    { name: 'test:html, unit', command: 'npx vitest run --project html --project unit' },
    { name: 'check:types', command: 'npm run -s check:types', env: SAMPLE },
  ],
  [
    { name: 'integration', command: 'npx vitest run --project integration' },
    { name: 'budgets, verify', command: 'npm run -s budgets && npm run -s verify' },
  ],
  [{ name: 'test:e2e', command: 'npm run -s test:e2e', env: { E2E_PREBUILT: '1' } }],
];

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
 * Runs the phases in order, the steps of a phase side by side. A step that fails stops the others of
 * its phase and every later phase. The result of every step that ran, in order of start.
 */
export async function runPhases(
  phases: readonly Phase[],
  { cwd, write }: { cwd: string; write: (line: string) => void },
): Promise<StepResult[]> {
  const results: StepResult[] = [];
  for (const phase of phases) {
    const steps = phase.map((step) => start(step, cwd, write, phase.length > 1));
    const settled = steps.map(async ({ done }) => {
      const result = await done;
      if (result.code !== 0) for (const other of steps) other.stop();
      return result;
    });
    const phaseResults = await Promise.all(settled);
    results.push(...phaseResults);
    if (phaseResults.some((result) => result.code !== 0)) break;
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
  const results = await runPhases(PHASES, { cwd: root, write: (line) => process.stdout.write(`${line}\n`) });
  console.log('\nnpm test, the time of each step:');
  for (const { name, code, isStopped, seconds } of results) {
    const outcome = isStopped ? '  stopped (a step beside it failed)' : code === 0 ? '' : `  FAILED (exit ${code})`;
    console.log(`  ${name.padEnd(16)} ${seconds.toFixed(0).padStart(4)} s${outcome}`);
  }
  const isGreen = results.length === PHASES.flat().length && results.every((result) => result.code === 0);
  process.exitCode = isGreen ? 0 : 1;
}
