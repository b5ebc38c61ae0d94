/**
 * `client:due={{ at }}`: hydrates a widget that changes by itself a second before its first change is
 * due, `at` milliseconds after the page started (the hero's slideshow and its first advance), and not
 * before the page's load, so the first photo (the LCP image) has the link alone; sooner when the visitor
 * reaches for it (a swipe, its dots, its pause button).
 */
import type { ClientDirective } from 'astro';
import { afterLoad, fetchAheadWhenIdle, hydrateOnce, keepEarlyActions, onFirstReach } from './hydrate.ts';

export interface DueOptions {
  /** When the widget's first change is due, in ms since the page started (performance.now()). */
  at: number;
}

/** How long before the change is due the island is fetched: time to fetch and run it on a slow phone. */
const AHEAD_MS = 1000;

const due: ClientDirective = (load, options, el) => {
  const { at = 0 } = (options.value ?? {}) as unknown as Partial<DueOptions>;
  const start = hydrateOnce(load);
  fetchAheadWhenIdle(el);
  const forgetActions = keepEarlyActions(el);
  let timer: number | undefined;
  const begin = () => {
    window.clearTimeout(timer);
    stopWatching();
    void start().then(forgetActions);
  };
  const stopWatching = onFirstReach([el], begin);
  afterLoad(() => {
    timer = window.setTimeout(begin, Math.max(0, at - AHEAD_MS - performance.now()));
  });
};

export default due;
