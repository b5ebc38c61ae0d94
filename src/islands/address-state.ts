/**
 * What the lists' and the portals' islands share about the address's state (`$filters`,
 * `$portalQuery`, computed from `$query`): they read it as the server rendered it while React hydrates
 * them (the page as served: the server has no address), then as the address says. So hydration finds
 * the markup it expects, whatever the address says, and the island then draws the filtered state over
 * it, with the page's own cards at hand (ListResults.tsx, PortalResults.tsx read them from the served
 * markup). Each family's hook is its own module (use-filters.ts, use-portal-query.ts), so a portal
 * loads none of the lists' rules.
 */
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { useSyncExternalStore } from 'react';

/** Whether this runs in a browser (an island's render on the server does not set a store). */
export const isBrowser = typeof window !== 'undefined';

/** `store` as the page was served (`served`, one constant) while the island hydrates, then as it is. */
export function useAddressState<T>(store: ReadableAtom<T>, served: () => T): T {
  return useStore(store, { ssr: served });
}

const listenToNothing = () => () => {};

/** False while React hydrates the island (and on the server), true once it runs. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    listenToNothing,
    () => true,
    () => false,
  );
}

/** A form's fields as it would send them (text fields only: the lists' and portals' forms have no file). */
export function formFields(form: HTMLFormElement): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') fields.append(name, value);
  return fields;
}
