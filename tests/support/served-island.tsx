/**
 * An island as a page serves it and a client directive starts it (src/directives/), for the jsdom
 * component tests: its server HTML (renderToString, as Astro renders it at build) in an <astro-island>,
 * what the visitor does there before React comes kept as the directive keeps it (keepEarlyActions),
 * then React hydrating it as Astro's React client does (hydrateRoot on the island).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { vi } from 'vitest';
import { keepEarlyActions } from '../../src/directives/hydrate.ts';

export interface ServedIsland {
  /** The <astro-island>, in the document, holding the server's HTML. */
  island: HTMLElement;
  /** The HTML the server wrote in it. */
  served: string;
  /** React arrives: the directive lets go and the island hydrates (its effects run); fails on a mismatch. */
  hydrate: () => Promise<void>;
  /** The start failed (no signal): the directive lets go while the island is still the server's. */
  giveUp: () => void;
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
      // As in a page: Astro hands the island to React, which draws it in a later task, and drops `ssr`; the
      // directive stops keeping early actions; then React's render and its effects run (at the end of act).
      await act(async () => {
        roots.push(hydrateRoot(island, element, { onRecoverableError: (error) => mismatches.push(error) }));
        island.removeAttribute('ssr');
        forgetActions();
      });
      if (mismatches.length > 0) throw mismatches[0];
    },
    giveUp: forgetActions,
  };
}

/** Unmounts the islands hydrated so far and those rendered by Testing Library, and empties the document; for afterEach. */
export function removeServedIslands(): void {
  for (const root of roots.splice(0)) act(() => root.unmount());
  cleanup();
  document.body.replaceChildren();
}

/**
 * `ui` as Astro serves and hydrates it: rendered on the server (no address there), put in an
 * `<astro-island>` of the page, changed by `before` as a visitor may before React comes, then hydrated.
 * Resolves with the island once React has drawn it.
 */
export async function hydrateServed(ui: ReactElement, before?: (island: HTMLElement) => void): Promise<HTMLElement> {
  const island = document.createElement('astro-island');
  document.body.append(island);
  island.innerHTML = renderToString(ui);
  before?.(island);
  render(ui, { container: island, hydrate: true });
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return island;
}

/** What the site answers a path with: its type and body, or null for a 404. */
export type SiteAnswer = (path: string) => { type: string; body: string } | null;

/** A local site on 127.0.0.1 for the islands' fetches: the paths asked for, and those made to fail (503). */
export interface SiteServer {
  requests: string[];
  failing: Set<string>;
  close: () => Promise<void>;
}

/**
 * Starts a site on 127.0.0.1 that answers with `answer`, and sends the document's fetches of its own paths
 * there (the islands fetch `/all-tours/index.json`, `/news/page/2`…). Empty `requests` and `failing` between
 * tests; `close` puts fetch back.
 */
export async function startSite(answer: SiteAnswer): Promise<SiteServer> {
  const site: SiteServer = { requests: [], failing: new Set(), close: async () => {} };
  const server = createServer((request, response) => {
    const path = request.url ?? '';
    site.requests.push(path);
    if (site.failing.has(path)) return void response.writeHead(503).end();
    const answered = answer(path);
    if (!answered) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': answered.type }).end(answered.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(new URL(input, origin), init));
  site.close = () => {
    vi.unstubAllGlobals();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return site;
}
