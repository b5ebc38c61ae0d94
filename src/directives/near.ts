/**
 * `client:near={{ margin? }}`: hydrates a widget once the page has loaded and the widget comes within
 * `margin` of the view (the home's carousels), or at the visitor's first Tab or reach into it: until it
 * runs a carousel is a list that scrolls sideways and Tab stops at every card, so the keyboard's first
 * Tab starts every one of them (one tab stop each, the arrow keys inside).
 */
import type { ClientDirective } from 'astro';
import { afterLoad, fetchAhead, hydrateOnce, keepEarlyActions, onFirstReach } from './hydrate.ts';

export interface NearOptions {
  /** How near the view it starts, as IntersectionObserver's rootMargin; 200px when not said. */
  margin?: string;
}

const near: ClientDirective = (load, options, el) => {
  const { margin = '200px' } = (options.value ?? {}) as unknown as NearOptions;
  const start = hydrateOnce(load, el);
  fetchAhead(el);
  const forgetActions = keepEarlyActions(el);
  let observer: IntersectionObserver | undefined;
  const begin = () => {
    observer?.disconnect();
    stopWatching();
    document.removeEventListener('keydown', onKey);
    void start().then(forgetActions);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Tab') begin();
  };
  const stopWatching = onFirstReach([el], begin);
  document.addEventListener('keydown', onKey);
  afterLoad(() => {
    // An island is display: contents; its first element child is the widget that has a box.
    const target = el.firstElementChild ?? el;
    observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && begin(), {
      rootMargin: margin,
    });
    observer.observe(target);
  });
};

export default near;
