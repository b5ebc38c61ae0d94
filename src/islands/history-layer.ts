/**
 * Something opened over the page (the search dialog, the phone menu) as a history entry of its own, at the same
 * address, as the photo viewer's (lightbox.ts, which keeps its own few lines: bringing this module to every detail
 * page would cost more than it saves): the browser's Back (Android's Back gesture) closes it and the visitor stays on
 * the page. Closed any other way (Escape, its close button, a tap outside), it takes its entry back, so Back
 * then leaves the page as it always did; a link followed from inside it goes from the page's own entry, so
 * Back from the next page comes to this page, not to a dead entry of it.
 *
 * The entries are stacked (a layer opened over another goes one deeper); each carries `{ [LAYER_KEY]: depth }`.
 * A move between a layer's entry and the page's is the layers' business alone: the other listeners of
 * `popstate` (the list filters, the portals) do not hear it, as the address has not changed.
 */

/** The key of a layer's entry in `history.state`: its depth (1 for the first layer opened over the page). */
const LAYER_KEY = 'layerDepth';

/** The depth of a history state: 0 for the page's own entries. */
function depthOf(state: unknown): number {
  const depth = state && typeof state === 'object' ? (state as Record<string, unknown>)[LAYER_KEY] : undefined;
  return typeof depth === 'number' && Number.isInteger(depth) && depth > 0 ? depth : 0;
}

export interface HistoryLayer {
  /** The layer has just opened: its entry is pushed (after any of ours still being taken back). */
  opened(): void;
  /** The layer has closed by the visitor's hand (not by Back): its entry is taken back if it is still the current one. */
  closed(): void;
  /** Whether the layer's entry is the one the browser is on. */
  isCurrent(): boolean;
  /**
   * A link inside the open layer was chosen: its entry is taken back first, then `follow` runs (the link
   * followed); the layer stays as it is meanwhile.
   */
  leave(follow: () => void): void;
}

interface Layer {
  /** Its depth while its entry is in the history, else 0. */
  depth: number;
  /** Closes it for Back. */
  close: () => void;
}

/** The layers whose entry is in the history. */
const withEntry = new Set<Layer>();
/** The layers open on the page (one left for a link stays open until the next page replaces it). */
const shown = new Set<Layer>();
/** Resolves once our last `history.back()` has been carried out (a push before then would be taken back instead). */
let settled: Promise<void> = Promise.resolve();
let backDone: (() => void) | null = null;
/** The address of the entry the browser was on at the last change we saw, and its depth. */
let lastHref = window.location.href;
let lastDepth = depthOf(window.history.state);

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

/** Forgets a layer's entry (Back took it, or it is being taken back). */
function dropEntry(layer: Layer): void {
  layer.depth = 0;
  withEntry.delete(layer);
}

// Capture: at the window, capturing listeners come before the others (the list filters', the portals'), whatever
// order they were added in, so a move that only closes a layer is stopped here.
window.addEventListener(
  'popstate',
  (event) => {
    const depth = depthOf(event.state);
    const isLayerMove = (depth > 0 || lastDepth > 0) && window.location.href === lastHref;
    lastHref = window.location.href;
    lastDepth = depth;
    // Back went below these layers' entries: they close, topmost first.
    const gone = [...withEntry].filter((layer) => layer.depth > depth).sort((a, b) => b.depth - a.depth);
    for (const layer of gone) {
      dropEntry(layer);
      layer.close();
    }
    backDone?.();
    if (isLayerMove) event.stopImmediatePropagation();
  },
  { capture: true },
);

// Back to a page the browser kept whole (the back/forward cache) after a link followed from a layer: its entry was
// taken back before leaving, so nothing stays open over the page.
window.addEventListener('pageshow', (event) => {
  if (!event.persisted) return;
  lastHref = window.location.href;
  lastDepth = depthOf(window.history.state);
  for (const layer of shown) {
    dropEntry(layer);
    layer.close();
  }
});

/** A layer whose `close` shuts it when Back takes its entry (its `closed()` then finds no entry to take back). */
export function historyLayer(close: () => void): HistoryLayer {
  const layer: Layer = { depth: 0, close };
  const isCurrent = () => layer.depth > 0 && depthOf(window.history.state) === layer.depth;

  return {
    opened() {
      shown.add(layer);
      void settled.then(() => {
        // Closed meanwhile, or already in the history.
        if (!shown.has(layer) || layer.depth > 0) return;
        const depth = depthOf(window.history.state) + 1;
        const state: unknown = window.history.state;
        window.history.pushState({ ...(state && typeof state === 'object' ? state : {}), [LAYER_KEY]: depth }, '');
        layer.depth = depth;
        withEntry.add(layer);
        lastHref = window.location.href;
        lastDepth = depth;
      });
    },
    closed() {
      shown.delete(layer);
      const isOurs = isCurrent();
      dropEntry(layer);
      if (isOurs) void back();
    },
    isCurrent,
    leave(follow) {
      const isOurs = isCurrent();
      // Dropped first: the popstate of this back must not close it (the next page replaces it).
      dropEntry(layer);
      // After the popstate the browser puts back the page's scroll of that entry: the link (a same-page anchor's
      // scroll) is followed in a later task, once it has.
      if (isOurs) void back().then(() => window.setTimeout(follow, 0));
      else follow();
    },
  };
}

/**
 * Links inside `container` (the open layer) are followed from the page's own entry: a plain click on one while the
 * layer's entry is current waits for that entry to be taken back, then clicks the link again, so the page's own
 * handlers (a same-page anchor's scroll) and the browser's navigation run as for any link.
 */
export function followLinksFromPage(container: HTMLElement, layer: HistoryLayer): void {
  container.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href]');
    if (!link || event.defaultPrevented || !layer.isCurrent()) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (link.target || link.hasAttribute('download')) return;
    event.preventDefault();
    layer.leave(() => link.click());
  });
}

const disclosures = new WeakMap<HTMLDetailsElement, HistoryLayer>();

/**
 * A <details> over the page (the header's phone menu) as a layer: called at each of its toggles, with its state
 * then. Back closes it, focus going back to its toggle when it was inside; its links are followed from the page's
 * own entry.
 */
export function disclosureToggled(details: HTMLDetailsElement, isOpen: boolean): void {
  let layer = disclosures.get(details);
  if (!layer) {
    layer = historyLayer(() => {
      const hadFocus = details.contains(document.activeElement);
      details.open = false;
      if (hadFocus) details.querySelector<HTMLElement>(':scope > summary')?.focus();
    });
    followLinksFromPage(details, layer);
    disclosures.set(details, layer);
  }
  if (isOpen) layer.opened();
  else layer.closed();
}
