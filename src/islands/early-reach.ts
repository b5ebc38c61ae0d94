/**
 * What a visitor did before an island's React came (src/directives/hydrate.ts keepEarlyActions), done
 * once it runs: the forms' edits are read by `onEdits` (the forms still hold them), then each button
 * pressed and each of the island's links chosen is pressed again, and each form sent is sent again, now
 * with their handlers. A tap or a keystroke made on a slow connection is never lost.
 */
import { type RefObject, useEffect } from 'react';
import { PENDING_CLICK, PENDING_EDITS, PENDING_SUBMIT } from '../directives/early-marks.ts';

/** Carries out the early actions inside the island that holds `ref`'s element, once, after its first render. */
export function useEarlyActions(ref: RefObject<Element | null>, onEdits?: (island: Element) => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at the first render, as the directive left them.
  useEffect(() => {
    const island = ref.current?.closest('astro-island');
    if (!island) return;
    if (island.hasAttribute(PENDING_EDITS)) {
      island.removeAttribute(PENDING_EDITS);
      onEdits?.(island);
    }
    for (const button of island.querySelectorAll<HTMLElement>(`[${PENDING_CLICK}]`)) {
      button.removeAttribute(PENDING_CLICK);
      // A plain click, as the one held was: button.click() would carry the modifier keys held now (Ctrl+K's Ctrl),
      // which make a link's click a new tab's.
      button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    }
    for (const form of island.querySelectorAll<HTMLFormElement>(`form[${PENDING_SUBMIT}]`)) {
      form.removeAttribute(PENDING_SUBMIT);
      form.requestSubmit();
    }
  }, []);
}
