/**
 * The address's query (`$query`) and the layers over the page (`$layers`): the two stores that write the
 * history, read by React through `useStore`, in jsdom's history (pushState, Back, popstate).
 */
import { useStore } from '@nanostores/react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $filters, applyFilters, initFilters } from '../../src/stores/filters.ts';
import { $layers, closeLayer, leaveLayer, openLayer } from '../../src/stores/layers.ts';
import { $query, setQuery } from '../../src/stores/query.ts';

/**
 * Back, and the popstate it brings (jsdom fires it in a later task), seen from a listener added before
 * the stores' (a layer's move stops the event at `$layers`'s own listener).
 */
let moves = 0;
window.addEventListener('popstate', () => moves++, { capture: true });
async function back(): Promise<void> {
  const before = moves;
  window.history.back();
  await vi.waitFor(() => expect(moves).toBeGreaterThan(before));
  // The stores' own promise chains settle after the event.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function Query() {
  return <output>{useStore($query) || '(nada)'}</output>;
}

afterEach(async () => {
  for (const name of $layers.get()) closeLayer(name);
  await settle();
  window.history.replaceState(null, '', '/all-tours');
  $query.set('');
});

describe('$query', () => {
  it('is the address’s query: a widget shows it, a change is a history entry, Back restores the one before', async () => {
    window.history.replaceState(null, '', '/all-tours?q=pesca');
    render(<Query />);
    expect(screen.getByRole('status').textContent).toBe('?q=pesca');
    const length = window.history.length;
    act(() => setQuery('q=barco&ordem=preco'));
    expect(window.location.search).toBe('?q=barco&ordem=preco');
    expect(window.history.length).toBe(length + 1);
    expect(screen.getByRole('status').textContent).toBe('?q=barco&ordem=preco');
    await act(back);
    expect(screen.getByRole('status').textContent).toBe('?q=pesca');
  });

  it('adds no entry for the same query, and rewrites the entry when told to replace it', () => {
    render(<Query />);
    act(() => setQuery('q=a'));
    const length = window.history.length;
    act(() => setQuery(new URLSearchParams({ q: 'a' })));
    expect(window.history.length).toBe(length);
    act(() => setQuery('q=b', { replace: true }));
    expect(window.history.length).toBe(length);
    expect(window.location.search).toBe('?q=b');
  });

  it('keeps the path and the hash', () => {
    window.history.replaceState(null, '', '/news#topo');
    render(<Query />);
    act(() => setQuery('busca=peixe'));
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/news?busca=peixe#topo');
  });

  it('gives the lists their filters ($filters), which write it back', () => {
    initFilters({ duration: 'hours', price: { min: 0, max: 300 } });
    const unbind = $filters.listen(() => {});
    act(() => setQuery('localidade=Centro&avaliacao=4'));
    expect($filters.get()).toMatchObject({ localities: ['Centro'], ratings: [4] });
    applyFilters({ ...$filters.get(), search: 'rio' });
    expect(new URLSearchParams(window.location.search).get('q')).toBe('rio');
    unbind();
  });
});

describe('$layers', () => {
  it('opens a layer as a history entry of its own at the same address: Back closes it and leaves the query as it was', async () => {
    window.history.replaceState(null, '', '/all-tours?q=pesca');
    render(<Query />);
    const heard: string[] = [];
    const unbind = $query.listen((query) => heard.push(query));
    openLayer('search');
    await settle();
    expect($layers.get()).toEqual(['search']);
    expect(window.location.search).toBe('?q=pesca');
    await back();
    expect($layers.get()).toEqual([]);
    expect(heard).toEqual([]);
    unbind();
  });

  it('stacks layers: Back closes the top one only', async () => {
    openLayer('menu');
    openLayer('search');
    await settle();
    expect($layers.get()).toEqual(['menu', 'search']);
    await back();
    expect($layers.get()).toEqual(['menu']);
    await back();
    expect($layers.get()).toEqual([]);
  });

  it('takes its entry back when closed by hand, so Back then leaves the page as before', async () => {
    openLayer('viewer');
    await settle();
    const state = window.history.state as Record<string, unknown>;
    expect(state.layerDepth).toBe(1);
    const before = moves;
    closeLayer('viewer');
    await vi.waitFor(() => expect(moves).toBeGreaterThan(before));
    expect($layers.get()).toEqual([]);
    expect(window.history.state?.layerDepth).toBeUndefined();
  });

  it('follows a link chosen inside a layer from the page’s own entry', async () => {
    openLayer('search');
    await settle();
    const followed = new Promise<number>((resolve) =>
      leaveLayer('search', () => resolve((window.history.state?.layerDepth as number | undefined) ?? 0)),
    );
    expect(await followed).toBe(0);
    // Open until the next page replaces it.
    expect($layers.get()).toEqual(['search']);
  });
});
