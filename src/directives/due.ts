/**
 * `client:due={{ at }}`: hydrates a widget that changes by itself a second before its first change is
 * due, `at` milliseconds after the page started (the hero's slideshow and its first advance), and not
 * before the page's load, so the first photo (the LCP image) has the link alone; sooner when the visitor
 * reaches for it (a swipe, its dots, its pause button). Where nothing moves by itself (reduced motion,
 * Save-Data: src/lib/carousel.ts) nothing is ever due: the widget waits for the visitor's reach, and a
 * visitor who only looks fetches no React for it.
 */
import type { ClientDirective } from 'astro';
import { isSavingData, REDUCED_MOTION_QUERY } from '../lib/carousel.ts';
import { afterLoad, fetchAhead, hydrateOnce, keepEarlyActions, onFirstReach } from './hydrate.ts';

export interface DueOptions {
  /** When the widget's first change is due, in ms since the page started (performance.now()). */
  at: number;
}

/** How long before the change is due the island is fetched: time to fetch and run it on a slow phone. */
const AHEAD_MS = 1000;

/** Whether nothing moves by itself for this visitor. */
function isStill(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return window.matchMedia(REDUCED_MOTION_QUERY).matches || isSavingData(connection, document.documentElement.classList);
}

const due: ClientDirective = (load, options, el) => {
  const { at = 0 } = (options.value ?? {}) as unknown as Partial<DueOptions>;
  const start = hydrateOnce(load, el);
  fetchAhead(el);
  const forgetActions = keepEarlyActions(el);
  let timer: number | undefined;
  const begin = () => {
    window.clearTimeout(timer);
    stopWatching();
    void start().then(forgetActions);
  };
  const stopWatching = onFirstReach([el], begin);
  if (isStill()) return;
  afterLoad(() => {
    timer = window.setTimeout(begin, Math.max(0, at - AHEAD_MS - performance.now()));
  });
};

export default due;
