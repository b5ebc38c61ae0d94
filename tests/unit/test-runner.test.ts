/**
 * scripts/test.ts, the runner of `npm test`: phases in order, the steps of a phase side by side with
 * their lines prefixed, and a failure that stops the steps beside it and every later phase.
 */
import { describe, expect, it } from 'vitest';
import { PHASES, runPhases } from '../../scripts/test.ts';

/** Runs the phases in this folder, collecting their lines. */
async function run(phases: Parameters<typeof runPhases>[0]) {
  const lines: string[] = [];
  const results = await runPhases(phases, { cwd: import.meta.dirname, write: (line) => lines.push(line) });
  return { lines, results };
}

describe('runPhases', () => {
  it('runs the steps of a phase side by side, their lines prefixed, and the phases in order', async () => {
    const { lines, results } = await run([
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

describe('PHASES', () => {
  it('runs every step of the test command once, the end-to-end suite last and alone', () => {
    const names = PHASES.flat().map((step) => step.name);
    expect(new Set(names).size).toBe(names.length);
    expect(PHASES.at(-1)?.map((step) => step.name)).toEqual(['test:e2e']);
    for (const script of ['lint', 'lint:workflows', 'build:sample', 'check:types', 'budgets', 'verify', 'test:e2e']) {
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
