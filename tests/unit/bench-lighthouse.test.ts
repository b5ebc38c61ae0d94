/**
 * Which Lighthouse run the bench reports for a page measured several times, and which runs it flags
 * as painted late by the machine (scripts/bench/lighthouse.ts).
 */
import { expect, it } from 'vitest';
import { isLatePaint, medianRun } from '../../scripts/bench/lighthouse.ts';

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

it.each([
  { lcpMs: 289, loadMs: 359, late: false },
  { lcpMs: 850, loadMs: 359, late: false },
  // Held by Chromium for about a second after the load (seen on this machine).
  { lcpMs: 1244, loadMs: 354, late: true },
  { lcpMs: 2272, loadMs: 380, late: true },
])('a run that painted at $lcpMs ms after a load at $loadMs ms painted late: $late', ({ lcpMs, loadMs, late }) => {
  expect(isLatePaint({ lcpMs, loadMs })).toBe(late);
});
