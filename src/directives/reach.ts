/**
 * `client:reach={{ params?, group? }}`: hydrates a widget when the visitor first reaches for it (a
 * touch, a tap, a key, the focus inside it), or at the page's load when the address already carries
 * one of `params` (a filtered or searched address: a shared link, a reload, Back). What the visitor did
 * before React came is kept for the island (keepEarlyActions). Islands of one `group` (a list's search,
 * panel and results) start together: each reads the same stores, so one reached starts them all.
 */
import type { ClientDirective } from 'astro';
import { ISLAND_CONTROL } from './early-marks.ts';
import { fetchAhead, hydrateOnce, isIslandsOwn, keepEarlyActions, onFirstReach } from './hydrate.ts';

/** What the directive's value names. */
export interface ReachOptions {
  /** Query parameters that, present in the address, start the island at the page's load. */
  params?: readonly string[];
  /** Islands that start together. */
  group?: string;
}

const groupEvent = (group: string) => `island-group:${group}`;

/**
 * A link followed, or the page's own markup the island holds (its slot: a list's cards, their hearts and share
 * buttons, run by the page's scripts), is no reach for the widget: a tap there starts nothing, so a visitor who
 * opens a card pays for no React. A control the island runs itself (ISLAND_CONTROL: a gallery's thumbnail, the
 * header's search entry, 'Mostrar mapa') is its widget, wherever it is.
 */
function isWidgetReach(event: Event): boolean {
  const target = event.target as Element | null;
  if (!target?.closest) return true;
  return Boolean(target.closest(`[${ISLAND_CONTROL}]`)) || (isIslandsOwn(target) && !target.closest('a[href]'));
}

const reach: ClientDirective = (load, options, el) => {
  const { params = [], group } = (options.value ?? {}) as unknown as ReachOptions;
  const start = hydrateOnce(load, el);
  fetchAhead(el);
  const forgetActions = keepEarlyActions(el);
  let isBegun = false;
  const begin = () => {
    if (isBegun) return;
    isBegun = true;
    stopWatching();
    if (group) document.dispatchEvent(new Event(groupEvent(group)));
    void start().then(forgetActions);
  };
  const stopWatching = onFirstReach([el], begin, isWidgetReach);
  if (group) document.addEventListener(groupEvent(group), begin, { once: true });
  const query = new URLSearchParams(window.location.search);
  if (params.some((param) => query.has(param))) begin();
};

export default reach;
