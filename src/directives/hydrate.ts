/**
 * What the project's client directives share (reach.ts, near.ts, due.ts, stored.ts): an island starts
 * once, whichever event asks first, never before the page's `load` (React is never fetched while the
 * page's own photos and fonts still load), and a load that fails (no signal) leaves the server-rendered
 * HTML as it is, which works alone. What the visitor did before React came is kept in the DOM for the
 * island to carry out once it runs (src/islands/early-reach.ts): the edits of its forms (`data-pending`
 * on the island) and the buttons pressed (`data-pending-click` on each).
 */
import type { ClientDirective } from 'astro';

type Load = Parameters<ClientDirective>[0];

/** Calls `run` once the page's `load` event has fired (at once when it has). */
export function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

/**
 * Fetches the island runtime (React and its client, one chunk that every island of the site shares:
 * the island's `renderer-url`) ahead, when the loaded page is idle, so that a first reach waits for
 * less; never on Save-Data or a 2G connection, where every byte is the visitor's. Once per page (the
 * link is the mark: each directive carries its own copy of this module). The service worker keeps it
 * for the later pages and for use offline.
 */
export function fetchAheadWhenIdle(el: HTMLElement): void {
  const url = el.getAttribute('renderer-url');
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  if (!url || connection?.saveData || /2g/.test(connection?.effectiveType ?? '')) return;
  if (document.documentElement.classList.contains('save-data')) return;
  afterLoad(() => {
    const fetchAhead = () => {
      if (document.querySelector(`link[rel="prefetch"][href="${url}"]`)) return;
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = url;
      document.head.append(link);
    };
    if (typeof requestIdleCallback === 'function') requestIdleCallback(fetchAhead, { timeout: 5000 });
    else setTimeout(fetchAhead, 1000);
  });
}

/** Returns `start`: hydrates the island after the page's load, on its first call; later calls wait for the same start. */
export function hydrateOnce(load: Load): () => Promise<boolean> {
  let started: Promise<boolean> | undefined;
  return () => {
    started ??= new Promise<void>((resolve) => afterLoad(resolve))
      .then(load)
      .then((hydrate) => hydrate())
      .then(
        () => true,
        () => false,
      );
    return started;
  };
}

/**
 * The events that say a visitor is reaching for a widget: a touch, a click, a key, the focus, and an
 * edit of one of its forms that none of them came before (a choice made by autofill or by assistive
 * technology): keepEarlyActions keeps it, and it must not wait for another reach to be carried out.
 */
export const REACH_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'input', 'change', 'submit'] as const;

/** Calls `onReach` once, at the first of REACH_EVENTS inside any of `areas` that `isReach` takes for one; returns the removal. */
export function onFirstReach(
  areas: readonly Element[],
  onReach: () => void,
  isReach: (event: Event) => boolean = () => true,
): () => void {
  const remove = () => {
    for (const area of areas) for (const type of REACH_EVENTS) area.removeEventListener(type, handle);
  };
  function handle(event: Event): void {
    if (!isReach(event)) return;
    remove();
    onReach();
  }
  for (const area of areas) for (const type of REACH_EVENTS) area.addEventListener(type, handle, { passive: true });
  return remove;
}

/** Where an island holds the page's own markup (Astro's slots: a list's cards, a portal's static page). */
export const SLOTS = 'astro-slot, astro-static-slot';

/** The attribute on an island whose forms the visitor edited before it ran. */
export const PENDING_EDITS = 'data-pending';
/** The attribute on a button the visitor pressed before its island ran. */
export const PENDING_CLICK = 'data-pending-click';

/**
 * Keeps, until the island runs, what the visitor does inside `el` before it does: an edit of a form
 * (typed words, a box ticked: the form holds it; the island is marked PENDING_EDITS) and a button
 * pressed (marked PENDING_CLICK). A form sent then is not sent: the island sends it. Links are links
 * and are left alone. Returns the removal, for once the island has started.
 */
export function keepEarlyActions(el: HTMLElement): () => void {
  const onEdit = (event: Event) => {
    if (event.type === 'submit') event.preventDefault();
    el.setAttribute(PENDING_EDITS, '');
  };
  const onClick = (event: Event) => {
    const button = (event.target as Element | null)?.closest?.('button');
    // A button of the page's own markup that the island holds (its slot: a list's cards and their hearts) is run by
    // the page's scripts, not the island's: pressed again, a heart would be saved and unsaved.
    if (button && el.contains(button) && button.type !== 'submit' && !button.closest(SLOTS))
      button.setAttribute(PENDING_CLICK, '');
  };
  for (const type of ['input', 'change', 'submit']) el.addEventListener(type, onEdit, true);
  el.addEventListener('click', onClick, true);
  return () => {
    for (const type of ['input', 'change', 'submit']) el.removeEventListener(type, onEdit, true);
    el.removeEventListener('click', onClick, true);
  };
}
