/**
 * The React islands of a built page, hydrated in a jsdom test's document (tests/html, after
 * showBuiltPage) as Astro's `<astro-island>` hydrates them in a browser: each island's component
 * (src/islands/{name}.tsx, the name in its `opts`), its props revived from its `props` attribute, its
 * slots (`<astro-slot>`, `<template data-astro-template>`), handed to @astrojs/react's own client
 * (hydrateRoot). Only the client directive is not run: a test hydrates the page when it wants, as a
 * visitor's first reach would (or the load of a filtered address), after marking what the visitor did
 * before if it likes (`data-pending`, src/directives/hydrate.ts).
 */
import path from 'node:path';
import hydrator from '@astrojs/react/client.js';
import { STORE_UNMOUNT_DELAY } from 'nanostores';
import { act, type ComponentType } from 'react';

const ISLANDS = path.resolve(import.meta.dirname, '../../src/islands');

/** Astro's serialised props, as `props` holds them: [type, value], 0 a value or an object, 1 an array. */
type Tuple = [number, unknown?];
const reviveTuple = ([type, value]: Tuple): unknown =>
  type === 0 ? reviveObject(value) : type === 1 ? (value as Tuple[]).map(reviveTuple) : undefined;
function reviveObject(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  return Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, reviveTuple(value as Tuple)]));
}

/** The name of an island's component ('ListResults'). */
export const islandName = (island: Element): string =>
  (JSON.parse(island.getAttribute('opts') ?? '{}') as { name?: string }).name ?? '';

/** The props Astro wrote for the island named `name` on `scope` (the first such island). */
export function islandProps(scope: ParentNode, name: string): Record<string, unknown> {
  const island = [...scope.querySelectorAll('astro-island')].find((each) => islandName(each) === name);
  if (!island) throw new Error(`no ${name} island`);
  return reviveObject(JSON.parse(island.getAttribute('props') ?? '{}')) as Record<string, unknown>;
}

/**
 * Hydrates every island of `root` still as served, in the page's order; resolves once React has drawn
 * each (its hydration and the address's state after it, inside `act`; what the network brings comes later).
 */
export async function hydrateIslands(root: ParentNode = document): Promise<void> {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  scope.IS_REACT_ACT_ENVIRONMENT = true;
  try {
    await act(() => hydrateEach(root));
  } finally {
    // What comes later (fetched cards, a tap) updates the islands as in a browser, outside act.
    scope.IS_REACT_ACT_ENVIRONMENT = false;
  }
}

async function hydrateEach(root: ParentNode): Promise<void> {
  for (const island of root.querySelectorAll<HTMLElement>('astro-island[ssr]')) {
    const module = (await import(path.join(ISLANDS, `${islandName(island)}.tsx`))) as Record<string, ComponentType>;
    const Component = module[island.getAttribute('component-export') ?? 'default'];
    const slots: Record<string, string> = {};
    for (const template of island.querySelectorAll('template[data-astro-template]')) {
      if (template.closest('astro-island') !== island) continue;
      slots[template.getAttribute('data-astro-template') || 'default'] = template.innerHTML;
      template.remove();
    }
    for (const slot of island.querySelectorAll('astro-slot')) {
      if (slot.closest('astro-island') === island) slots[slot.getAttribute('name') || 'default'] = slot.innerHTML;
    }
    const props = reviveObject(JSON.parse(island.getAttribute('props') ?? '{}')) as Record<string, unknown>;
    await hydrator(island)(Component as never, props, slots, { client: island.getAttribute('client') ?? '' });
    island.removeAttribute('ssr');
  }
}

/** Unmounts the islands of `root` (before its page is replaced): their stores stop listening to the address. */
export function unmountIslands(root: ParentNode = document): void {
  for (const island of root.querySelectorAll('astro-island')) island.dispatchEvent(new CustomEvent('astro:unmount'));
}

/**
 * Unmounts the islands, then waits for their stores to let go of the window: for the afterAll of a file
 * that hydrates islands, before its document is closed under them. A store lets go STORE_UNMOUNT_DELAY
 * after its last reader, and $query's reader is a computed store ($filters, $portalQuery) that lets go
 * of it the same delay after the islands: two delays.
 */
export async function letStoresGo(): Promise<void> {
  unmountIslands();
  await new Promise((resolve) => setTimeout(resolve, 2 * STORE_UNMOUNT_DELAY + 100));
}
