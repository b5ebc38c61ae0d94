/**
 * What the interaction bench measures and how it reads it, with no browser: a page's Event Timing entries
 * into interactions and INP, the runs into their medians, and the figures against their budgets.
 */

/** A list filter applied, or the photo viewer open with its photo, this long after the first touch of a cold visit. */
export const FIRST_TOUCH_BUDGET_MS = 1500;
/** Interaction to Next Paint of a warm page. */
export const INP_BUDGET_MS = 200;

/**
 * The shortest event the page's observer keeps (its `durationThreshold`): an interaction under it leaves
 * no entry, so a page whose every interaction was under it has no INP of its own.
 */
export const EVENT_THRESHOLD_MS = 16;

/** An Event Timing entry, as the page hands it over. */
export interface EventEntry {
  interactionId: number;
  name: string;
  startTime: number;
  duration: number;
}

/** What the bench marked before each action of a series: its label, at the page's `performance.now()`. */
export interface ActionMark {
  label: string;
  at: number;
}

/** One interaction (the events of one tap or key share an `interactionId`): its longest event, labelled. */
export interface Interaction {
  label: string;
  durationMs: number;
}

/** The widgets a first touch reaches, and when. */
export type Widget = 'list filter' | 'photo viewer';
export type TapMoment = 'at load' | 'at idle';

/** One cold first touch. */
export interface FirstTouch {
  widget: Widget;
  when: TapMoment;
  /** From the tap on the widget (the filter's box, the thumbnail) to the first frame showing its result. */
  fromTapMs: number;
  /** From the visitor's first touch of the page (on a phone, the filter panel's 'Filtros') to the same frame. */
  fromFirstTouchMs: number;
  /** The viewer's dialog open, before its photo has come (null for the list). */
  openMs: number | null;
  /** The island runtime was already fetched ahead (or on its way) when the visitor first touched the page. */
  isRuntimeAhead: boolean;
}

/** One warm page's interactions. */
export interface WarmPage {
  page: string;
  inpMs: number | null;
  interactions: Interaction[];
}

/** The medians over the runs, each with the runs it comes from. */
export interface Figures {
  firstTouches: (FirstTouch & { runs: FirstTouch[] })[];
  warmPages: { page: string; inpMs: number | null; runs: WarmPage[] }[];
}

/**
 * The page's interactions from its Event Timing entries: each `interactionId` once, at the duration of
 * its longest event (a tap's pointerdown, pointerup and click are one interaction, as INP counts it),
 * labelled by the last action marked at or before it started ('?' before any mark). Entries outside an
 * interaction (interactionId 0: hovers, scrolls) are not the visitor's input.
 */
export function interactionsOf(entries: readonly EventEntry[], marks: readonly ActionMark[]): Interaction[] {
  const byId = new Map<number, { startTime: number; durationMs: number }>();
  for (const entry of entries) {
    if (!entry.interactionId) continue;
    const known = byId.get(entry.interactionId);
    byId.set(entry.interactionId, {
      startTime: Math.min(known?.startTime ?? entry.startTime, entry.startTime),
      durationMs: Math.max(known?.durationMs ?? 0, entry.duration),
    });
  }
  const sortedMarks = [...marks].sort((a, b) => a.at - b.at);
  return [...byId.values()]
    .sort((a, b) => a.startTime - b.startTime)
    .map(({ startTime, durationMs }) => ({
      label: sortedMarks.findLast((mark) => mark.at <= startTime)?.label ?? '?',
      durationMs,
    }));
}

/**
 * Interaction to Next Paint as the web-vitals library computes it: the longest interaction, skipping
 * one for every 50 the page had (the 98th percentile), so that one stray long task on a page used for a
 * long time is not its figure. `count` is every interaction of the page (`performance.interactionCount`),
 * those under the entries' threshold too. Null when no interaction reached the threshold.
 */
export function interactionToNextPaint(durations: readonly number[], count = durations.length): number | null {
  if (durations.length === 0) return null;
  const longest = [...durations].sort((a, b) => b - a);
  const skipped = Math.floor(Math.max(count, durations.length) / 50);
  return longest[Math.min(skipped, longest.length - 1)] ?? null;
}

/** The median of some figures (the lower middle of an even count, as medianRun in lighthouse.ts takes a run); NaN of none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/** The median of each first touch and each warm page over the runs. */
export function summarise(firstTouchRuns: FirstTouch[], warmRuns: WarmPage[][]): Figures {
  const keys = [...new Set(firstTouchRuns.map((touch) => `${touch.widget}|${touch.when}`))];
  const firstTouches = keys.map((key) => {
    const runs = firstTouchRuns.filter((touch) => `${touch.widget}|${touch.when}` === key);
    const [first] = runs as [FirstTouch];
    const opens = runs.flatMap((touch) => (touch.openMs === null ? [] : [touch.openMs]));
    return {
      ...first,
      fromTapMs: median(runs.map((touch) => touch.fromTapMs)),
      fromFirstTouchMs: median(runs.map((touch) => touch.fromFirstTouchMs)),
      openMs: opens.length > 0 ? median(opens) : null,
      isRuntimeAhead: runs.every((touch) => touch.isRuntimeAhead),
      runs,
    };
  });
  const pagePaths = [...new Set(warmRuns.flat().map((page) => page.page))];
  const warmPages = pagePaths.map((pagePath) => {
    const runs = warmRuns.flatMap((run) => run.filter((page) => page.page === pagePath));
    // A page without an interaction over the entries' threshold counts as 0 in the median.
    const inps = runs.map((run) => run.inpMs ?? 0);
    const inpMs = median(inps);
    return { page: pagePath, inpMs: inpMs === 0 ? null : inpMs, runs };
  });
  return { firstTouches, warmPages };
}

/** A first touch's budget figure and a warm page's INP against their budgets; the lines that say what is over. */
export function budgetFailures(
  firstTouches: readonly { widget: string; when: string; fromTapMs: number }[],
  warmPages: readonly { page: string; inpMs: number | null }[],
): string[] {
  return [
    ...firstTouches
      .filter((touch) => !(touch.fromTapMs <= FIRST_TOUCH_BUDGET_MS))
      .map(
        (touch) =>
          `${touch.widget} ${touch.when}: ${formatMs(touch.fromTapMs)} from the tap (budget ${FIRST_TOUCH_BUDGET_MS} ms)`,
      ),
    ...warmPages
      .filter((page) => page.inpMs !== null && !(page.inpMs <= INP_BUDGET_MS))
      .map((page) => `${page.page}: INP ${formatMs(page.inpMs)} (budget ${INP_BUDGET_MS} ms)`),
  ];
}

/** A figure as the bench prints it: null is under the entries' threshold, NaN a measure that never came. */
export const formatMs = (value: number | null): string =>
  value === null ? `< ${EVENT_THRESHOLD_MS} ms` : Number.isNaN(value) ? '–' : `${Math.round(value)} ms`;
