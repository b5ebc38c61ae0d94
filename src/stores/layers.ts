/**
 * `$layers`: what is open over the page (the phone menu, the search dialog, the photo viewer), by name,
 * the topmost last. Each opened layer is a history entry of its own at the same address, so the
 * browser's Back (Android's Back gesture) closes the top one and the visitor stays on the page. Closed
 * any other way (Escape, its close button, a tap outside: closeLayer), it takes its entry back, so Back
 * then leaves the page as it always did; a link followed from inside it goes from the page's own entry
 * (leaveLayer), so Back from the next page comes to this page, not to a dead entry of it.
 *
 * The entries are stacked (a layer opened over another goes one deeper); each carries `{ [LAYER_KEY]: depth }`.
 * A move between a layer's entry and the page's is this store's business alone: the address's other
 * listener (`$query`, src/stores/query.ts) does not hear it, as the address has not changed. A widget
 * reads whether it is open from this store (`useStore($layers).includes(name)`); the phone menu, a
 * <details> with no React, listens to it (src/islands/header-menus.ts).
 */
import { atom } from 'nanostores';

/** The open layers, the topmost last. */
export const $layers = atom<readonly string[]>([]);

/** The key of a layer's entry in `history.state`: its depth (1 for the first layer opened over the page). */
const LAYER_KEY = 'layerDepth';

/** The depth of a history state: 0 for the page's own entries. */
function depthOf(state: unknown): number {
  const depth = state && typeof state === 'object' ? (state as Record<string, unknown>)[LAYER_KEY] : undefined;
  return typeof depth === 'number' && Number.isInteger(depth) && depth > 0 ? depth : 0;
}

/** The depth of each open layer's entry in the history (a layer left for a link has none). */
const depths = new Map<string, number>();
/** Resolves once our last `history.back()` has been carried out (a push before then would be taken back instead). */
let settled: Promise<void> = Promise.resolve();
let backDone: (() => void) | null = null;
/** The address of the entry the browser was on at the last change we saw, and its depth. */
let lastHref = '';
let lastDepth = 0;
let isListening = false;

const without = (name: string) => $layers.get().filter((layer) => layer !== name);

function back(): Promise<void> {
  backDone?.();
  settled = new Promise((resolve) => {
    // Should a browser give no popstate, the next layer is not held up for long.
    const timer = window.setTimeout(() => backDone?.(), 1000);
    backDone = () => {
      window.clearTimeout(timer);
      backDone = null;
      resolve();
    };
  });
  window.history.back();
  return settled;
}

/** Listens to the history once a layer first opens: a page that never opens one pays nothing. */
function listen(): void {
  if (isListening) return;
  isListening = true;
  lastHref = window.location.href;
  lastDepth = depthOf(window.history.state);
  // Capture: at the window, capturing listeners come before the others (`$query`'s), whatever order they
  // were added in, so a move that only closes a layer is stopped here.
  window.addEventListener(
    'popstate',
    (event) => {
      const depth = depthOf(event.state);
      const isLayerMove = (depth > 0 || lastDepth > 0) && window.location.href === lastHref;
      lastHref = window.location.href;
      lastDepth = depth;
      // Back went below these layers' entries: they close, the topmost first.
      const gone = [...depths].filter(([, layerDepth]) => layerDepth > depth).map(([name]) => name);
      for (const name of gone) depths.delete(name);
      if (gone.length > 0) $layers.set($layers.get().filter((layer) => !gone.includes(layer)));
      backDone?.();
      if (isLayerMove) event.stopImmediatePropagation();
    },
    { capture: true },
  );
  // Back to a page the browser kept whole (the back/forward cache) after a link followed from a layer: its entry
  // was taken back before leaving, so nothing stays open over the page.
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    lastHref = window.location.href;
    lastDepth = depthOf(window.history.state);
    depths.clear();
    $layers.set([]);
  });
}

/** Opens the layer `name` over the others, with its history entry (pushed after any of ours still being taken back). */
export function openLayer(name: string): void {
  listen();
  if ($layers.get().includes(name)) return;
  $layers.set([...$layers.get(), name]);
  void settled.then(() => {
    // Closed meanwhile, or already in the history.
    if (!$layers.get().includes(name) || depths.has(name)) return;
    const depth = depthOf(window.history.state) + 1;
    const state: unknown = window.history.state;
    window.history.pushState({ ...(state && typeof state === 'object' ? state : {}), [LAYER_KEY]: depth }, '');
    depths.set(name, depth);
    lastHref = window.location.href;
    lastDepth = depth;
  });
}

/** Whether the layer's entry is the one the browser is on. */
function isLayerCurrent(name: string): boolean {
  const depth = depths.get(name);
  return depth !== undefined && depthOf(window.history.state) === depth;
}

/** The layer was closed by the visitor's hand (not by Back): its entry is taken back if it is still the current one. */
export function closeLayer(name: string): void {
  if (!$layers.get().includes(name)) return;
  const isOurs = isLayerCurrent(name);
  depths.delete(name);
  $layers.set(without(name));
  if (isOurs) void back();
}

/**
 * A link inside the open layer was chosen: its entry is taken back first, then `follow` runs (the link
 * followed); the layer stays open meanwhile (the next page replaces it).
 */
export function leaveLayer(name: string, follow: () => void): void {
  const isOurs = isLayerCurrent(name);
  // Dropped first: the popstate of this back must not close it.
  depths.delete(name);
  // After the popstate the browser puts back the page's scroll of that entry: the link (a same-page anchor's
  // scroll) is followed in a later task, once it has.
  if (isOurs) void back().then(() => window.setTimeout(follow, 0));
  else follow();
}

/**
 * The click handler of a layer's container: a plain click on a link while the layer's entry is current
 * waits for that entry to be taken back, then clicks the link again, so the page's own handlers (a
 * same-page anchor's scroll) and the browser's navigation run as for any link.
 */
export function followFromPage(
  name: string,
  event: Pick<
    MouseEvent,
    'target' | 'defaultPrevented' | 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'preventDefault'
  >,
): void {
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href]');
  if (!link || event.defaultPrevented || !isLayerCurrent(name)) return;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  if (link.target || link.hasAttribute('download')) return;
  event.preventDefault();
  leaveLayer(name, () => link.click());
}
