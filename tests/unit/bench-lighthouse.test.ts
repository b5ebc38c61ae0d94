/**
 * Which Lighthouse run the bench reports for a page measured several times, which runs it flags as
 * painted late, and where it says a run's blocking time comes from (scripts/bench/lighthouse.ts).
 */
import { expect, it } from 'vitest';
import { blockingBySource, isLatePaint, medianRun } from '../../scripts/bench/lighthouse.ts';

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
  // Held by Chromium's paint holding in Lighthouse's navigation (seen before the bench turned it off).
  { lcpMs: 1244, loadMs: 354, late: true },
  { lcpMs: 2272, loadMs: 380, late: true },
])('a run that painted at $lcpMs ms after a load at $loadMs ms painted late: $late', ({ lcpMs, loadMs, late }) => {
  expect(isLatePaint({ lcpMs, loadMs })).toBe(late);
});

/** A run's audits as Lighthouse gives them, with its FCP and interactive times and these long tasks (simulated ms). */
const audits = (tasks: { url: string; startTime: number; duration: number }[]) => ({
  metrics: { details: { items: [{ firstContentfulPaint: 1000, interactive: 2500 }] } },
  'long-tasks': { details: { items: tasks } },
});

it('counts what each long task ran past 50 ms, between the FCP and the page becoming interactive, by its source', () => {
  const origin = 'https://127.0.0.1:4430';
  const blocking = blockingBySource(
    audits([
      { url: `${origin}/tour/101`, startTime: 1100, duration: 130 },
      { url: `${origin}/_astro/BaseLayout.Cm47SXic.css`, startTime: 1400, duration: 62 },
      { url: `${origin}/_astro/client.BzraFoOi.js`, startTime: 2000, duration: 73 },
      { url: `${origin}/_astro/react-dom.DD6_tV03.js?v=1`, startTime: 2400, duration: 92 },
      { url: 'Unattributable', startTime: 1800, duration: 149 },
      { url: '_lighthouse-eval.js', startTime: 1650, duration: 152 },
      // Before the FCP and after the page is interactive: no part of the TBT.
      { url: `${origin}/tour/101`, startTime: 900, duration: 200 },
      { url: `${origin}/_astro/client.BzraFoOi.js`, startTime: 2600, duration: 300 },
    ]),
  );
  expect(blocking).toEqual({ page: 80 + 12, scripts: 23 + 42, unattributed: 99, lighthouse: 102 });
});

it('counts nothing where Lighthouse reported no long task', () => {
  expect(blockingBySource(audits([]))).toEqual({ page: 0, scripts: 0, unattributed: 0, lighthouse: 0 });
  expect(blockingBySource({})).toEqual({ page: 0, scripts: 0, unattributed: 0, lighthouse: 0 });
});
