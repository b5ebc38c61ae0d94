/**
 * The browser facts the islands share, each read in one place: the network connection's flags
 * (Network Information API, not in every browser's types), the one focus trap of the modal
 * dialogs (the photo viewer, the search) and of the header's open drawer, the event that says cards came,
 * what a plain click is, and the data a component wrote for its module.
 */

/**
 * Dispatched on `document` each time the lists' and the portals' results draw other cards than the
 * page's own (ListResults.tsx, PortalResults.tsx: cards of their other static pages, src/lib/static-cards.ts,
 * drawn again from their HTML), once they are in the page: their hearts and share buttons, static markup
 * hidden until a script runs them, are shown then (favourite-buttons.ts, share-buttons.ts).
 */
export const CARDS_ADDED_EVENT = 'cards-added';

/** A plain left click: one with a modifier key or another button opens a tab or a window, which the page leaves to the browser. */
export const isPlainClick = (event: MouseEvent): boolean =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** `navigator.connection`, where the browser has it. */
export function navigatorConnection(): { saveData?: boolean } | undefined {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
}

/** What Tab stops at: links, enabled form controls, a disclosure's toggle and anything given a tab index. */
const TABBABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), details > summary:first-of-type, [tabindex]:not([tabindex="-1"])';

/** Whether Tab stops at `element` of itself (a link, a control), so focusing it needs no tab index. */
export const isTabbable = (element: Element): boolean => element.matches(TABBABLE);

/** The controls Tab reaches inside `container`, in order; hidden ones (no box on the page) are skipped. */
export function tabbableIn(container: ParentNode): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => element.getClientRects().length > 0);
}

/**
 * Keeps Tab and Shift+Tab cycling inside a modal dialog. showModal() already makes the page
 * behind inert; this only stops the focus leaving for the browser's own controls after the last
 * control (or before the first).
 */
export function trapTab(
  event: { key: string; shiftKey: boolean; preventDefault: () => void },
  container: ParentNode,
  active: Element | null = document.activeElement,
): void {
  if (event.key !== 'Tab') return;
  const focusable = tabbableIn(container);
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && active === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
