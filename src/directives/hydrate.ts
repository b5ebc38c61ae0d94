/**
 * What the project's client directive and the pages' on-demand modules share: an island starts once, whichever event asks first,
 * and a load that fails (no signal) leaves the server-rendered HTML as it is, which works alone.
 */
import type { ClientDirective } from 'astro';

type Load = Parameters<ClientDirective>[0];

/** Returns `start`: hydrates the island on its first call; later calls wait for the same start. */
export function hydrateOnce(load: Load): () => Promise<boolean> {
  let started: Promise<boolean> | undefined;
  return () => {
    started ??= load()
      .then((hydrate) => hydrate())
      .then(
        () => true,
        () => false,
      );
    return started;
  };
}

/** The events that say a visitor is reaching for a widget: a touch, a click, a key, the focus. */
export const REACH_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** Calls `onReach` once, at the first of REACH_EVENTS inside any of `areas`; returns the removal. */
export function onFirstReach(areas: readonly Element[], onReach: () => void): () => void {
  const remove = () => {
    for (const area of areas) for (const type of REACH_EVENTS) area.removeEventListener(type, handle);
  };
  function handle(): void {
    remove();
    onReach();
  }
  for (const area of areas) for (const type of REACH_EVENTS) area.addEventListener(type, handle, { passive: true });
  return remove;
}
