/**
 * What a visitor did before an island's React came (src/directives/hydrate.ts keepEarlyActions), done
 * once it runs: the forms' edits are read by `onEdits` (the forms still hold them), each form sent is
 * sent again (requestSubmit: the island's onSubmit, else the form's own action), then each button
 * pressed is pressed again, now with its handler. A tap or a keystroke made on a slow connection is
 * never lost.
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
    for (const form of island.querySelectorAll<HTMLFormElement>(`form[${PENDING_SUBMIT}]`)) {
      form.removeAttribute(PENDING_SUBMIT);
      form.requestSubmit();
    }
    for (const button of island.querySelectorAll<HTMLElement>(`[${PENDING_CLICK}]`)) {
      button.removeAttribute(PENDING_CLICK);
      button.click();
    }
  }, []);
}
