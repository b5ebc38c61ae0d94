/**
 * `client:due={ms}`: hydrates an island when its first job is due, `ms` after the page started
 * (the hero slideshow's first advance), or earlier when the visitor reaches into its section. When
 * nothing will move by itself (reduced motion, Save-Data or prefers-reduced-data), only the visitor
 * starts it. Until then the page loads no React: the first photo, the LCP image, has the link alone.
 */
import type { ClientDirective } from 'astro';
import { hydrateOnce, onFirstReach } from './hydrate.ts';

const STILL_QUERIES = ['(prefers-reduced-motion: reduce)', '(prefers-reduced-data: reduce)'];

const due: ClientDirective = (load, options, el) => {
  const start = hydrateOnce(load);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stopWatching = onFirstReach([el.closest('section') ?? el], () => {
    clearTimeout(timer);
    void start();
  });
  const isStill =
    STILL_QUERIES.some((query) => window.matchMedia(query).matches) || document.documentElement.classList.contains('save-data');
  if (isStill) return;
  const at = Number(options.value) || 0;
  timer = setTimeout(
    () => {
      stopWatching();
      void start();
    },
    Math.max(0, at - performance.now()),
  );
};

export default due;
