/**
 * `client:tap={selector}`: hydrates an island at the visitor's first reach into it (a touch, a
 * key, the focus), and holds a click on one of its `selector` targets (default: links) made before
 * it runs: the click is replayed once the island marks itself ready with `data-island-ready`, so
 * the first tap on a gallery thumbnail opens the lightbox rather than the raw photo. A modified
 * click (new tab) is left to the browser. Until then the page loads no React.
 */
import type { ClientDirective } from 'astro';
import { hydrateOnce, onFirstReach } from './hydrate.ts';

/** How long a held click waits for the island before the browser follows the link after all. */
const HOLD_MS = 10_000;

const tap: ClientDirective = (load, options, el) => {
  const selector = typeof options.value === 'string' && options.value ? options.value : 'a[href]';
  const start = hydrateOnce(load);
  let held: HTMLElement | null = null;

  const isReady = () => el.querySelector('[data-island-ready]') !== null;
  const replay = () => {
    const target = held;
    held = null;
    el.removeEventListener('click', onClick);
    target?.click();
  };
  const whenReady = () =>
    new Promise<boolean>((resolve) => {
      if (isReady()) return resolve(true);
      const observer = new MutationObserver(() => {
        if (!isReady()) return;
        observer.disconnect();
        clearTimeout(timer);
        resolve(true);
      });
      const timer = setTimeout(() => {
        observer.disconnect();
        resolve(false);
      }, HOLD_MS);
      observer.observe(el, { attributes: true, subtree: true, attributeFilter: ['data-island-ready'] });
    });

  const begin = async () => {
    stopWatching();
    const isStarted = (await start()) && (await whenReady());
    if (isStarted) replay();
    else {
      // No island to be had: the held link is followed as it would have been without JavaScript.
      el.removeEventListener('click', onClick);
      if (held instanceof HTMLAnchorElement) window.location.assign(held.href);
      held = null;
    }
  };
  function onClick(event: MouseEvent): void {
    const target = (event.target as Element | null)?.closest<HTMLElement>(selector);
    if (!target || event.defaultPrevented) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (isReady()) return;
    event.preventDefault();
    held = target;
    void begin();
  }
  const stopWatching = onFirstReach([el], () => void begin());
  el.addEventListener('click', onClick);
};

export default tap;
