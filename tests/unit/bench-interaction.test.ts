/**
 * How the interaction bench reads a page's Event Timing entries into interactions and INP, and which
 * figures it reports over budget (scripts/bench/interaction/figures.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  budgetFailures,
  type EventEntry,
  FIRST_TOUCH_BUDGET_MS,
  INP_BUDGET_MS,
  interactionsOf,
  interactionToNextPaint,
  median,
} from '../../scripts/bench/interaction/figures.ts';

const entry = (interactionId: number, name: string, startTime: number, duration: number): EventEntry => ({
  interactionId,
  name,
  startTime,
  duration,
});

describe('interactionsOf', () => {
  it('takes each interaction once, at its longest event, labelled by the action marked before it', () => {
    const entries = [
      entry(7, 'pointerdown', 1000, 24),
      entry(7, 'pointerup', 1010, 32),
      entry(7, 'click', 1012, 112),
      // A hover is no interaction of the visitor's.
      entry(0, 'pointerover', 1500, 300),
      entry(9, 'keydown', 2500, 48),
    ];
    const marks = [
      { label: 'filter box', at: 990 },
      { label: 'search typing', at: 2400 },
    ];
    expect(interactionsOf(entries, marks)).toEqual([
      { label: 'filter box', durationMs: 112 },
      { label: 'search typing', durationMs: 48 },
    ]);
  });

  it('labels an interaction by the last mark at or before its first event, whatever order the marks came in', () => {
    const entries = [entry(3, 'click', 500, 40), entry(4, 'click', 100, 40), entry(5, 'keyup', 50, 16)];
    const marks = [
      { label: 'viewer next', at: 400 },
      { label: 'viewer open', at: 100 },
    ];
    expect(interactionsOf(entries, marks).map((interaction) => interaction.label)).toEqual(['?', 'viewer open', 'viewer next']);
  });
});

describe.each([
  { durations: [], count: 0, inp: null },
  { durations: [40, 120, 64], count: 3, inp: 120 },
  // Interactions under the 16 ms threshold have no entry but count towards the percentile.
  { durations: [40, 120, 64], count: 49, inp: 120 },
  { durations: [40, 120, 64], count: 50, inp: 64 },
  { durations: [300, 40, 120, 64], count: 100, inp: 64 },
  // Never past the shortest interaction there is.
  { durations: [90], count: 400, inp: 90 },
])('INP of $durations over $count interactions', ({ durations, count, inp }) => {
  it(`is ${inp}`, () => {
    expect(interactionToNextPaint(durations, count)).toBe(inp);
  });
});

describe.each([
  { values: [900, 1300, 1000], middle: 1000 },
  { values: [1300, 900], middle: 900 },
  { values: [42], middle: 42 },
])('the median of $values', ({ values, middle }) => {
  it(`is ${middle}`, () => {
    expect(median(values)).toBe(middle);
  });
});

it('has no median of nothing', () => {
  expect(median([])).toBeNaN();
});

describe('budgetFailures', () => {
  const touch = (fromTapMs: number) => ({ widget: 'list filter', when: 'at load', fromTapMs });
  const page = (inpMs: number | null) => ({ page: '/all-tours', inpMs });

  it('passes figures at their budgets, and a page whose every interaction was under the entries’ threshold', () => {
    expect(budgetFailures([touch(FIRST_TOUCH_BUDGET_MS)], [page(INP_BUDGET_MS), page(null)])).toEqual([]);
  });

  it('names each figure over its budget', () => {
    const failures = budgetFailures([touch(FIRST_TOUCH_BUDGET_MS + 1), touch(400)], [page(INP_BUDGET_MS + 8)]);
    expect(failures).toEqual([
      `list filter at load: ${FIRST_TOUCH_BUDGET_MS + 1} ms from the tap (budget ${FIRST_TOUCH_BUDGET_MS} ms)`,
      `/all-tours: INP ${INP_BUDGET_MS + 8} ms (budget ${INP_BUDGET_MS} ms)`,
    ]);
  });

  it('counts a first touch whose result never came (NaN) as over budget', () => {
    expect(budgetFailures([touch(Number.NaN)], [])).toHaveLength(1);
  });
});
