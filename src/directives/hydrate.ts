/**
 * What the project's client directives share (reach.ts, near.ts, due.ts, stored.ts): an island starts
 * once, whichever event asks first, never before the page's `load` (React is never fetched while the
 * page's own photos and fonts still load), and a load that fails (no signal) leaves the server-rendered
 * HTML as it is, which works alone. What the visitor did before React came is kept in the DOM for the
 * island to carry out once it runs (src/islands/early-reach.ts): the edits of its forms (`data-pending`
 * on the island), the forms sent (`data-pending-submit`), and the buttons pressed and the island's own links
 * chosen (`data-pending-click` on each).
 */
import type { ClientDirective } from 'astro';
import { ISLAND_CONTROL, NEEDS_SCRIPT, PENDING_CLICK, PENDING_EDITS, PENDING_SUBMIT } from './early-marks.ts';
import { fetchModuleGraph, preloadModules } from './island-modules.ts';

type Load = Parameters<ClientDirective>[0];

/** Calls `run` once the page's `load` event has fired (at once when it has). */
export function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

/**
 * Fetches ahead what a first reach would wait for, so that it waits for less: at once the module graph
 * (island-modules.ts, a small JSON file), and when the loaded page is idle the island runtime (React and its
 * client, which every island of the site shares: the island's `renderer-url` and what it imports).
 * Never on Save-Data or a 2G connection, where every byte is the visitor's. Once per page
 * (preloadModules asks for a script once). The service worker keeps both for the later pages and
 * for use offline.
 */
export function fetchAhead(el: HTMLElement): void {
  const url = el.getAttribute('renderer-url');
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  if (!url || connection?.saveData || /2g/.test(connection?.effectiveType ?? '')) return;
  if (document.documentElement.classList.contains('save-data')) return;
  fetchModuleGraph(url);
  afterLoad(() => {
    const fetchRuntime = () => void preloadModules([url]);
    if (typeof requestIdleCallback === 'function') requestIdleCallback(fetchRuntime, { timeout: 5000 });
    else setTimeout(fetchRuntime, 1000);
  });
}

/**
 * Returns `start`: hydrates the island `el` after the page's load, on its first call, its modules
 * asked for all at once (preloadModules) as the island loads; later calls wait for the same start.
 */
export function hydrateOnce(load: Load, el: HTMLElement): () => Promise<boolean> {
  let started: Promise<boolean> | undefined;
  return () => {
    started ??= new Promise<void>((resolve) => afterLoad(resolve))
      .then(() => {
        const modules = ['component-url', 'renderer-url'].flatMap((name) => el.getAttribute(name) ?? []);
        void preloadModules(modules);
        return load();
      })
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
const REACH_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'input', 'change', 'submit'] as const;

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

/** A plain left click: one with a modifier key or another button opens a tab or a window, which is the browser's. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** Where an island holds the page's own markup (Astro's slots: a list's cards, a portal's static page). */
const SLOTS = 'astro-slot, astro-static-slot';

/** True when `target`, inside an island, is the island's: outside its slots, or one of its ISLAND_CONTROLs. */
export const isIslandsOwn = (target: Element): boolean =>
  Boolean(target.closest(`[${ISLAND_CONTROL}]`)) || !target.closest(SLOTS);

/**
 * Keeps, until the island runs, what the visitor does inside `el` before it does: an edit of a form
 * (typed words, a box ticked: the form holds it; the island is marked PENDING_EDITS), a form sent (not
 * sent: marked PENDING_SUBMIT, the island sends it), a button pressed and an island's link chosen (marked
 * PENDING_CLICK). Other links are links and are left alone, and so is the static HTML the island holds as
 * children. Enables the controls marked NEEDS_SCRIPT. Returns what to call once the island's start is over:
 * the listeners go, and when it failed (no signal: the island is still unhydrated) a held link and a held
 * form go as they would without JavaScript, since no island will.
 */
export function keepEarlyActions(el: HTMLElement): () => void {
  for (const control of el.querySelectorAll(`[${NEEDS_SCRIPT}]`)) control.removeAttribute('disabled');
  // Astro drops `ssr` once it has handed the island to React, which from then on answers (and replays what comes
  // meanwhile); a component that failed to load leaves it.
  const isWaiting = () => el.hasAttribute('ssr');
  // The static HTML given to the island as children (an `astro-slot`: a carousel's cards and their hearts) is not
  // the island's, but for its ISLAND_CONTROLs: it works by its own scripts, and a button of it pressed again would
  // undo what the visitor did.
  const isOwn = (target: Element | null | undefined) => Boolean(target && el.contains(target) && isIslandsOwn(target));
  const onEdit = (event: Event) => {
    if (!isWaiting() || !isOwn(event.target as Element | null)) return;
    if (event.type === 'submit') {
      event.preventDefault();
      (event.target as Element).setAttribute(PENDING_SUBMIT, '');
    }
    el.setAttribute(PENDING_EDITS, '');
  };
  const onClick = (event: MouseEvent) => {
    const target = (event.target as Element | null)?.closest?.(`button, a[${ISLAND_CONTROL}]`);
    if (!target || !isOwn(target) || !isWaiting()) return;
    if (target instanceof HTMLButtonElement) {
      if (target.type !== 'submit') target.setAttribute(PENDING_CLICK, '');
    } else if (isPlainClick(event) && !event.defaultPrevented) {
      event.preventDefault();
      target.setAttribute(PENDING_CLICK, '');
    }
  };
  for (const type of ['input', 'change', 'submit']) el.addEventListener(type, onEdit, true);
  el.addEventListener('click', onClick, true);
  return () => {
    for (const type of ['input', 'change', 'submit']) el.removeEventListener(type, onEdit, true);
    el.removeEventListener('click', onClick, true);
    if (!isWaiting()) return;
    for (const link of el.querySelectorAll<HTMLElement>(`a[${PENDING_CLICK}]`)) {
      link.removeAttribute(PENDING_CLICK);
      link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    }
    for (const form of el.querySelectorAll<HTMLFormElement>(`form[${PENDING_SUBMIT}]`)) {
      form.removeAttribute(PENDING_SUBMIT);
      form.requestSubmit();
    }
  };
}
