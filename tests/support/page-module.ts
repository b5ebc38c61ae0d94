/**
 * For the jsdom tests of the pages' own modules (src/islands/list-page.ts, portal-page.ts): each
 * runs once on the document as it is, and imports its working part on demand. Also what a visitor
 * does there (submit, click, Back), for those and for the modules run on built pages (tests/html).
 */
import path from 'node:path';
import { vi } from 'vitest';

const islands = path.resolve(import.meta.dirname, '../../src/islands');

/**
 * Runs `islands/{page}` afresh on the current document, its on-demand import `islands/{part}`
 * replaced by `standIn`, or failing as with no signal when `standIn` is null.
 */
export async function runPageModule(page: string, part: string, standIn: Record<string, unknown> | null): Promise<void> {
  vi.resetModules();
  vi.doMock(path.join(islands, part), async () => {
    if (!standIn) throw new Error('no signal');
    return standIn;
  });
  await import(path.join(islands, page));
}

/** Sends a submit as a visitor's Enter would; true when it went through (not held back). */
export const submit = (form: HTMLFormElement) => form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));

/** Gives a module's dynamic import its turn. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

/** A visitor's tap on a link or a button. */
export const click = (element: Element) => element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));

/** The path and query of the address bar. */
export const address = () => `${window.location.pathname}${window.location.search}`;

/** The back (or forward) button, to an earlier address: the browser sets it, then says so. */
export function goTo(earlier: string): void {
  window.history.replaceState(null, '', earlier);
  window.dispatchEvent(new PopStateEvent('popstate'));
}
