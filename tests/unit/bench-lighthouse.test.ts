/**
 * Which Lighthouse run the bench reports for a page measured several times (scripts/bench/lighthouse.ts).
 */
import { expect, it } from 'vitest';
import { medianRun } from '../../scripts/bench/lighthouse.ts';

const run = (lcpMs: number, performance = 100) => ({ lcpMs, performance });

it.each([
  { runs: [run(1203), run(1129), run(1235)], median: 1203 },
  // Every run of a fast page scores 100: the order they came in says nothing.
  { runs: [run(1235), run(1129), run(1203)], median: 1203 },
  { runs: [run(900, 99), run(1300, 100), run(1000, 100)], median: 1000 },
  { runs: [run(980)], median: 980 },
])('the median of $runs.length run(s) is the run of median LCP ($median ms)', ({ runs, median }) => {
  expect(medianRun(runs).lcpMs).toBe(median);
});

it('has no median of no run', () => {
  expect(() => medianRun([])).toThrow(/no Lighthouse run/);
});
