/**
 * What the islands read from the browser while they run, as React hooks: a media query, whether the
 * page is shown, and whether the island has hydrated. Each gives the server's answer while React
 * hydrates the server-rendered HTML (so the first render is that HTML), then the browser's.
 */
import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => {};

/** False on the server and while the island hydrates its server HTML, true from the next render on. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

/** Whether `query` matches (false on the server), following its changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Whether the page is shown (not a tab in the background, nor a minimised window); true on the server. */
export function usePageShown(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      document.addEventListener('visibilitychange', onChange);
      return () => document.removeEventListener('visibilitychange', onChange);
    },
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}
