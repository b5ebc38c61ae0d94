/**
 * An island's modules asked for at once (src/directives/island-modules.ts): from the graph the build
 * writes (islandModuleGraph, src/integrations/client-directives.ts), every script an island imports,
 * directly or not, gets one `<link rel="modulepreload">`; without the graph, none.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { init as initLexer } from 'es-module-lexer';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchAhead } from '../../src/directives/hydrate.ts';
import { preloadModules } from '../../src/directives/island-modules.ts';
import { islandModuleGraph } from '../../src/integrations/client-directives.ts';

const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname);

afterEach(() => {
  document.head.replaceChildren();
  document.documentElement.className = '';
  delete (window as Window & { islandModules?: unknown }).islandModules;
  vi.unstubAllGlobals();
});

describe('the graph the build writes', () => {
  beforeAll(async () => {
    await initLexer();
  });

  it("names each script's static imports by file, not its dynamic ones, strings or comments", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'island-modules-'));
    try {
      await writeFile(
        path.join(dir, 'Island.a1.js'),
        'import{a}from"./shared.b2.js";import"./react.c3.js";import("./lazy.d4.js");',
      );
      await writeFile(path.join(dir, 'shared.b2.js'), 'export*from"./react.c3.js";const s="import \\"./no.js\\"";');
      await writeFile(path.join(dir, 'react.c3.js'), 'export const r = 1; /* import "./no.js" */');
      await writeFile(path.join(dir, 'style.css'), '@import "./x.css";');
      expect(await islandModuleGraph(dir)).toEqual({
        'Island.a1.js': ['shared.b2.js', 'react.c3.js'],
        'shared.b2.js': ['react.c3.js'],
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('preloadModules', () => {
  const GRAPH = {
    'Island.a1.js': ['shared.b2.js', 'react.c3.js'],
    'shared.b2.js': ['react.c3.js', 'deep.e5.js'],
    'client.f6.js': ['react.c3.js'],
  };

  it('asks for an island and everything it imports at once, each script once, from the graph beside the pages', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(GRAPH)));
    vi.stubGlobal('fetch', fetch);
    await preloadModules(['/_astro/Island.a1.js', '/_astro/client.f6.js']);
    await preloadModules(['/_astro/Island.a1.js']);
    expect(preloaded().sort()).toEqual(
      [
        '/_astro/Island.a1.js',
        '/_astro/client.f6.js',
        '/_astro/deep.e5.js',
        '/_astro/react.c3.js',
        '/_astro/shared.b2.js',
      ].sort(),
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(new URL(String(fetch.mock.calls[0]?.at(0))).pathname).toBe('/island-modules.json');
  });

  it.each([
    ['the file is missing (a page of an older build)', async () => new Response('', { status: 404 })],
    ['the visitor is offline', async () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('asks only for the island itself when %s: the browser finds the rest', async (_, answer) => {
    vi.stubGlobal('fetch', vi.fn(answer));
    await preloadModules(['/_astro/Island.a1.js']);
    expect(preloaded()).toEqual(['/_astro/Island.a1.js']);
  });
});

describe('fetchAhead', () => {
  const GRAPH = { 'client.f6.js': ['react.c3.js'] };
  /** An island as Astro writes it, on a page still loading (jsdom's document has loaded: `readyState` says not). */
  function loadingIsland(): HTMLElement {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const element = document.createElement('astro-island');
    element.setAttribute('renderer-url', '/_astro/client.f6.js');
    return element;
  }
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks for the graph at once, while the page loads, and for no script: the runtime waits for the load', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(GRAPH)));
    vi.stubGlobal('fetch', fetch);
    fetchAhead(loadingIsland());
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(new URL(String(fetch.mock.calls[0]?.at(0))).pathname).toBe('/island-modules.json');
    expect(fetch.mock.calls[0]?.at(1)).toMatchObject({ priority: 'low' });
    expect(preloaded()).toEqual([]);
    // An island that starts then finds the graph there: its modules in one round trip, no second fetch.
    await preloadModules(['/_astro/client.f6.js']);
    expect(preloaded().sort()).toEqual(['/_astro/client.f6.js', '/_astro/react.c3.js']);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks for nothing on Save-Data', () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(GRAPH)));
    vi.stubGlobal('fetch', fetch);
    document.documentElement.classList.add('save-data');
    fetchAhead(loadingIsland());
    expect(fetch).not.toHaveBeenCalled();
  });
});
