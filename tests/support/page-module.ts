/**
 * For the jsdom tests of the pages' own modules (src/islands/list-page.ts, portal-page.ts): each
 * runs once on the document as it is, and imports its working part on demand.
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
