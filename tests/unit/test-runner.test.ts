/**
 * scripts/test.ts, the runner of `npm test`: phases in order, the steps of a phase side by side with
 * their lines prefixed, a failure that stops the steps beside it and every later phase, and the CPU
 * time of each phase read from /proc/stat.
 */
import { describe, expect, it } from 'vitest';
import { busyCpuSeconds, PARTS, PHASES, phasesFor, runPhases } from '../../scripts/test.ts';

/** Runs the phases in this folder, collecting their lines; the machine's busy seconds count 1.5 at each reading. */
async function run(phases: Parameters<typeof runPhases>[0]) {
  const lines: string[] = [];
  let busy = 0;
  const phaseResults = await runPhases(phases, {
    cwd: import.meta.dirname,
    write: (line) => lines.push(line),
    busySeconds: () => (busy += 1.5),
  });
  return { lines, phaseResults, results: phaseResults.flatMap((phase) => phase.steps) };
}

describe('runPhases', () => {
  it('runs the steps of a phase side by side, their lines prefixed, and the phases in order', async () => {
    const { lines, phaseResults, results } = await run([
      [
        { name: 'slow', command: 'sleep 0.5; echo done' },
        { name: 'quick', command: 'echo "$GREETING"', env: { GREETING: 'olá' } },
      ],
      [{ name: 'last', command: 'echo alone; echo error >&2' }],
    ]);
    expect(lines).toEqual(['[quick] olá', '[slow] done', 'alone', 'error']);
    expect(results.map(({ name, code, isStopped }) => ({ name, code, isStopped }))).toEqual([
      { name: 'slow', code: 0, isStopped: false },
      { name: 'quick', code: 0, isStopped: false },
      { name: 'last', code: 0, isStopped: false },
    ]);
    // Each phase's CPU time is what the machine's busy counter moved by while it ran.
    expect(phaseResults.map((phase) => phase.cpuSeconds)).toEqual([1.5, 1.5]);
    expect(phaseResults[0]?.seconds).toBeGreaterThanOrEqual(0.5);
  });

  it('a failing step stops the one beside it (its whole process group) and every later phase', async () => {
    const { lines, results } = await run([
      [
        { name: 'fails', command: 'sleep 0.2; exit 3' },
        { name: 'beside', command: 'sh -c "sleep 20; echo too late"' },
      ],
      [{ name: 'later', command: 'echo never' }],
    ]);
    expect(results.map(({ name, isStopped }) => ({ name, isStopped }))).toEqual([
      { name: 'fails', isStopped: false },
      { name: 'beside', isStopped: true },
    ]);
    expect(results[0]?.code).toBe(3);
    expect(results[1]?.code).not.toBe(0);
    // Its shell's child went too: the step ended long before the child's 20 s.
    expect(results[1]?.seconds).toBeLessThan(10);
    expect(lines).toEqual([]);
  });
});

describe('busyCpuSeconds', () => {
  it.each([
    // user nice system idle iowait irq softirq steal guest guest_nice: idle and iowait are not busy; guest is in user.
    ['cpu  1000 20 300 90000 500 7 3 10 0 0\ncpu0 500 10 150 45000 250 3 1 5 0 0\n', 13.4],
    ['cpu  0 0 0 100 0 0 0 0\n', 0],
    ['intr 1 2 3\n', null],
    ['cpu  1 2 x 4 5 6 7 8\n', null],
  ])('%j is %s s', (text, seconds) => {
    expect(busyCpuSeconds(text)).toBe(seconds);
  });
});

describe('PHASES', () => {
  it('runs every step of the test command once, the end-to-end suite last and alone', () => {
    const names = PHASES.flat().map((step) => step.name);
    expect(new Set(names).size).toBe(names.length);
    expect(PHASES.at(-1)?.map((step) => step.name)).toEqual(['test:e2e']);
    const scripts = ['lint', 'lint:workflows', 'build:sample', 'check:types', 'budgets', 'verify', 'test:e2e'];
    for (const script of scripts) {
      expect(
        PHASES.flat().some((step) => step.command.includes(`npm run -s ${script}`)),
        script,
      ).toBe(true);
    }
    for (const project of ['html', 'unit', 'integration']) {
      expect(
        PHASES.flat().some((step) => step.command.includes(`--project ${project}`)),
        project,
      ).toBe(true);
    }
  });
});

describe('PARTS', () => {
  // That the parts together run every step: ci.yml's test (workflows.test.ts), which runs each of its jobs' parts.
  it('the whole and each part have the sample build and a browser before the steps that need them', () => {
    const needs: Record<string, string[]> = {
      'test:html, unit': ['build:sample'],
      'check:types': ['build:sample'],
      'budgets, verify': ['build:sample'],
      integration: ['browser'],
      'test:e2e': ['build:sample', 'browser'],
    };
    for (const [name, phases] of [['the whole', PHASES], ...Object.entries(PARTS)] as const) {
      phases.forEach((phase, index) => {
        const before = new Set(phases.slice(0, index).flatMap((earlier) => earlier.map((step) => step.name)));
        for (const step of phase) {
          for (const need of needs[step.name] ?? []) expect(before.has(need), `${name}: ${need} before ${step.name}`).toBe(true);
        }
      });
    }
  });

  it('a command line picks all the phases, a part, or a shard of the end-to-end part', () => {
    expect(phasesFor([])).toBe(PHASES);
    expect(phasesFor(['--part', 'integration'])).toBe(PARTS.integration);
    const sharded = phasesFor(['--part', 'e2e', '--shard', '2/3']).flat();
    expect(sharded.map((step) => step.command)).toEqual([
      'npm run -s build:sample',
      'node scripts/ensure-browser.ts',
      'npm run -s test:e2e -- --shard=2/3',
    ]);
    expect(sharded.at(-1)?.env).toEqual({ E2E_PREBUILT: '1' });
  });

  it.each([
    [['--part', 'everything'], /one of checks, integration, e2e, not 'everything'/],
    [['--shard', '1/2'], /--shard goes with --part e2e/],
    [['--part', 'checks', '--shard', '1/2'], /goes with --part e2e/],
    [['--part', 'e2e', '--shard', '3/2'], /1 ≤ I ≤ N/],
    [['--part', 'e2e', '--shard', '0/2'], /1 ≤ I ≤ N/],
    [['--part', 'e2e', '--shard', 'half'], /1 ≤ I ≤ N/],
    [['--parts', 'e2e'], /Unknown option/],
  ])('refuses %j', (args, message) => {
    expect(() => phasesFor(args)).toThrow(message);
  });
});
