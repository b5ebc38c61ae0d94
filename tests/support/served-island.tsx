/**
 * An island as a page serves it and a client directive starts it (src/directives/), for the jsdom
 * component tests: its server HTML (renderToString, as Astro renders it at build) in an <astro-island>,
 * what the visitor does there before React comes kept as the directive keeps it (keepEarlyActions),
 * then React hydrating it as Astro's React client does (hydrateRoot on the island).
 */
import { act, cleanup } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { keepEarlyActions } from '../../src/directives/hydrate.ts';

export interface ServedIsland {
  /** The <astro-island>, in the document, holding the server's HTML. */
  island: HTMLElement;
  /** The HTML the server wrote in it. */
  served: string;
  /** React arrives: the directive lets go and the island hydrates (its effects run); fails on a mismatch. */
  hydrate: () => Promise<void>;
}

const roots: Root[] = [];

/** Serves `element` as an island in the document, started by a directive (its early actions kept). */
export function serveIsland(element: ReactElement, attributes: Record<string, string> = {}): ServedIsland {
  const island = document.createElement('astro-island');
  // `ssr` until React has it, as Astro writes an island (keepEarlyActions keeps what comes while it is there).
  island.setAttribute('ssr', '');
  for (const [name, value] of Object.entries(attributes)) island.setAttribute(name, value);
  const served = renderToString(element);
  island.innerHTML = served;
  document.body.append(island);
  const forgetActions = keepEarlyActions(island);
  return {
    island,
    served,
    hydrate: async () => {
      // A mismatch with the server's HTML is an error here: React would draw the island again, over the visitor's edits.
      const mismatches: unknown[] = [];
      await act(async () => {
        roots.push(hydrateRoot(island, element, { onRecoverableError: (error) => mismatches.push(error) }));
      });
      // Then, as in a page: Astro drops `ssr`, and the directive stops keeping early actions.
      island.removeAttribute('ssr');
      forgetActions();
      if (mismatches.length > 0) throw mismatches[0];
    },
  };
}

/** Unmounts the islands hydrated so far and those rendered by Testing Library, and empties the document; for afterEach. */
export function removeServedIslands(): void {
  for (const root of roots.splice(0)) act(() => root.unmount());
  cleanup();
  document.body.replaceChildren();
}
