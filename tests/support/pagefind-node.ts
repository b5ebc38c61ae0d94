/**
 * Pagefind's browser API (`pagefind.js`, as the build writes it) run in Node, over the files of an index
 * folder: the WebAssembly and the index are the browser's, only `fetch` reads the folder instead of the
 * network. What a query finds in the real index is then checked without a browser (tests/html/search-index.test.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The part of pagefind.js these tests call (src/islands/pagefind.ts types what the site calls). */
export interface NodePagefind {
  options: (options: { baseUrl?: string; excerptLength?: number; noWorker?: boolean }) => Promise<void>;
  init: () => Promise<void>;
  search: (term: string) => Promise<{ results: { data: () => Promise<{ url: string; excerpt: string }> }[] }>;
  debouncedSearch: (...args: unknown[]) => Promise<unknown>;
}

let originalFetch: typeof fetch | null = null;

/**
 * Lets pagefind.js fetch its own files: a `file:` URL is read from disk, anything else fails as an unreachable
 * network would. Returns the function that puts the real `fetch` back.
 */
export function serveIndexFiles(): () => void {
  originalFetch ??= globalThis.fetch;
  const real = originalFetch;
  globalThis.fetch = (async (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.protocol !== 'file:') throw new TypeError(`no network in this test: ${url.href}`);
    return new Response(await readFile(fileURLToPath(url)));
  }) as typeof fetch;
  return () => {
    globalThis.fetch = real;
    originalFetch = null;
  };
}

/**
 * pagefind.js of the index in `folder` (its `pagefind/` folder as the build writes it), set as the site sets
 * it (src/islands/pagefind.ts: no worker, 22-word excerpts), its result URLs from the site's root.
 */
export async function loadPagefindFrom(folder: string): Promise<NodePagefind> {
  const api = (await import(pathToFileURL(path.join(folder, 'pagefind.js')).href)) as NodePagefind;
  await api.options({ baseUrl: '/', excerptLength: 22, noWorker: true });
  await api.init();
  return api;
}
