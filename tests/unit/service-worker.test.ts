/**
 * The service worker (src/service-worker/sw.ts, bundled as the build bundles it) run in a VM with an in-memory
 * Cache Storage, an in-memory IndexedDB (Workbox's expiration keeps its timestamps there) and a scripted
 * network: what it keeps, what it serves online and offline, and how a new build's worker takes over from the
 * last one. The browser side (a real worker, a real offline switch) is tests/e2e/offline.spec.ts.
 */
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { bundleServiceWorker } from '../../src/integrations/service-worker.ts';
import { memoryIndexedDB } from '../support/memory-indexeddb.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The worker as the build bundles it, once per version a test installs. */
const bundles = new Map<string, string>();
const workerFor = (version: string) => {
  if (!bundles.has(version)) bundles.set(version, bundleServiceWorker(ROOT, version));
  return bundles.get(version) ?? '';
};
const ORIGIN = 'https://turismo.example.com.br';
const DAY = 86_400_000;

const keyOf = (request: Request | string) => new URL(typeof request === 'string' ? request : request.url, ORIGIN).href;

class MemoryCache {
  /** Like Cache Storage, a kept response remembers that it was redirected. */
  readonly entries = new Map<string, { body: ArrayBuffer; init: ResponseInit; redirected: boolean }>();
  async match(request: Request | string, options: { ignoreSearch?: boolean } = {}) {
    const wanted = new URL(keyOf(request));
    if (options.ignoreSearch) wanted.search = '';
    for (const [key, entry] of this.entries) {
      const url = new URL(key);
      if (options.ignoreSearch) url.search = '';
      if (url.href === wanted.href) {
        return Object.defineProperty(new Response(entry.body.slice(0), entry.init), 'redirected', { value: entry.redirected });
      }
    }
    return undefined;
  }
  async put(request: Request | string, response: Response) {
    const headers = Object.fromEntries(response.headers);
    this.entries.set(keyOf(request), {
      body: await response.arrayBuffer(),
      init: { status: response.status, headers },
      redirected: response.redirected,
    });
  }
  async keys() {
    return [...this.entries.keys()].map((key) => new Request(key));
  }
  async delete(request: Request | string) {
    return this.entries.delete(keyOf(request));
  }
}

class MemoryCacheStorage {
  readonly stores = new Map<string, MemoryCache>();
  async open(name: string) {
    if (!this.stores.has(name)) this.stores.set(name, new MemoryCache());
    return this.stores.get(name) as MemoryCache;
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
  async match(request: Request | string, options: { cacheName?: string } = {}) {
    const names = options.cacheName ? [options.cacheName] : [...this.stores.keys()];
    for (const name of names) {
      const found = await this.stores.get(name)?.match(request);
      if (found) return found;
    }
    return undefined;
  }
}

type Handler = (event: unknown) => void;

/** The network the worker sees: answers by path, or offline (every fetch fails). */
interface Network {
  offline: boolean;
  /** Path → HTML or text; a missing path is a 404. */
  files: Record<string, string>;
  /** Extra delay of every answer, ms. */
  delayMs: number;
  /** Date header of the answers. */
  now: number;
  /** Path → where the host redirects it (a folder-first host: '/x' → '/x/'). */
  redirects: Record<string, string>;
  requests: string[];
}

/** The IndexedDB of each Cache Storage: both are the browser's storage for one site. */
const indexedDBs = new WeakMap<MemoryCacheStorage, ReturnType<typeof memoryIndexedDB>>();

function startWorker(version: string, storage = new MemoryCacheStorage(), network?: Partial<Network>) {
  const net: Network = { offline: false, files: {}, delayMs: 0, now: Date.now(), redirects: {}, requests: [], ...network };
  // Workbox's router and the worker's own steps each add a listener, as in a browser.
  const handlers = new Map<string, Handler[]>();
  const dispatch = (type: string, event: unknown) => {
    for (const handler of handlers.get(type) ?? []) handler(event);
  };
  const fetchFn = async (input: Request | string): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input.url, ORIGIN);
    net.requests.push(url.pathname);
    if (net.delayMs) await new Promise((resolve) => setTimeout(resolve, net.delayMs));
    if (net.offline) throw new TypeError('Failed to fetch');
    const target = net.redirects[url.pathname];
    if (target) {
      // A navigation's fetch does not follow a redirect (the browser does, with a new navigation);
      // any other fetch follows it and says so.
      if (typeof input !== 'string' && input.mode === 'navigate') {
        return Object.defineProperties(new Response(null), { type: { value: 'opaqueredirect' }, status: { value: 0 } });
      }
      return Object.defineProperty(await fetchFn(target), 'redirected', { value: true });
    }
    const body = net.files[url.pathname];
    const type = url.pathname.endsWith('.css') ? 'text/css' : 'text/html; charset=utf-8';
    return new Response(body ?? 'não encontrado', {
      status: body === undefined ? 404 : 200,
      headers: { 'content-type': type, date: new Date(net.now).toUTCString() },
    });
  };
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, handler: Handler) => handlers.set(type, [...(handlers.get(type) ?? []), handler]),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined, matchAll: async () => [{ postMessage: (data: unknown) => posted.push(data) }] },
  };
  const posted: unknown[] = [];
  vm.runInNewContext(workerFor(version), {
    self: Object.assign(self, { caches: storage }),
    location: self.location,
    caches: storage,
    // Kept pages' timestamps (Workbox's expiration), in the same storage as the caches.
    ...(indexedDBs.get(storage) ?? indexedDBs.set(storage, memoryIndexedDB()).get(storage)),
    // Workbox tells a browser's fetch event by its class; the events here are plain objects.
    FetchEvent: class FetchEvent {},
    DOMException,
    EventTarget,
    fetch: fetchFn,
    URL,
    Request,
    Response,
    // The worker's page timeout (6 s) runs a hundred times faster here.
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms / 100),
    clearTimeout,
    Date,
  });

  async function lifecycle(type: 'install' | 'activate') {
    const pending: Promise<unknown>[] = [];
    dispatch(type, { waitUntil: (promise: Promise<unknown>) => pending.push(promise) });
    await Promise.all(pending);
  }

  /** A navigation (or a file request) through the worker; undefined when it lets the browser handle it. */
  async function request(pathname: string, kind: 'page' | 'image' | 'file' = 'page') {
    let answer: Promise<Response> | undefined;
    const pending: Promise<unknown>[] = [];
    // A browser's Request, which a navigation's mode ('navigate') keeps from being constructed here.
    const makeRequest = () => ({
      url: pathname.startsWith('http') ? pathname : `${ORIGIN}${pathname}`,
      method: 'GET',
      mode: kind === 'page' ? 'navigate' : 'no-cors',
      destination: kind === 'page' ? 'document' : kind === 'image' ? 'image' : '',
      headers: new Headers(kind === 'page' ? { accept: 'text/html' } : {}),
      clone: makeRequest,
    });
    const request = makeRequest();
    dispatch('fetch', {
      request,
      respondWith: (promise: Promise<Response>) => {
        answer = promise;
      },
      waitUntil: (promise: Promise<unknown>) => pending.push(promise),
    });
    const response = await answer;
    await Promise.all(pending);
    return response;
  }

  /** A page's message to the worker (e.g. the saved list); resolves when the worker is done with it. */
  async function message(data: unknown) {
    const pending: Promise<unknown>[] = [];
    dispatch('message', {
      data,
      source: { url: `${ORIGIN}/all-tours` },
      waitUntil: (promise: Promise<unknown>) => pending.push(promise),
    });
    await Promise.all(pending);
  }

  return { net, storage, lifecycle, request, message, posted };
}

const SITE = {
  '/offline':
    '<html><head><link rel="stylesheet" href="/_astro/base.abc.css"><link rel="icon" href="/favicon.svg"></head><h1>Você está offline</h1></html>',
  '/_astro/base.abc.css': 'body{color:#333}',
  '/favicon.svg': '<svg/>',
  '/tour/101': '<h1>Trilha – build 1</h1>',
  '/about': '<h1>Sobre</h1>',
};

async function installed(version = 'v1', files: Record<string, string> = SITE, storage = new MemoryCacheStorage()) {
  const worker = startWorker(version, storage, { files: { ...files } });
  await worker.lifecycle('install');
  await worker.lifecycle('activate');
  return worker;
}

describe('service worker', () => {
  it('keeps the offline page and the stylesheet and icon it links when installed', async () => {
    const { storage } = await installed();
    expect(await (await storage.match('/offline'))?.text()).toContain('Você está offline');
    expect(await (await storage.match('/_astro/base.abc.css'))?.text()).toBe('body{color:#333}');
    expect(await storage.match('/favicon.svg')).toBeDefined();
  });

  it('online, serves every page from the network and keeps it; a kept copy is never preferred', async () => {
    const worker = await installed();
    expect(await (await worker.request('/tour/101'))?.text()).toBe('<h1>Trilha – build 1</h1>');
    worker.net.files['/tour/101'] = '<h1>Trilha – build 2</h1>';
    expect(await (await worker.request('/tour/101?aba=fotos'))?.text()).toBe('<h1>Trilha – build 2</h1>');
    expect(worker.net.requests.filter((path) => path === '/tour/101')).toHaveLength(2);
    expect(await (await worker.storage.match('/tour/101'))?.text()).toBe('<h1>Trilha – build 2</h1>');
  });

  it('offline, serves a kept page (whatever its query) and the offline page for one never kept', async () => {
    const worker = await installed();
    await worker.request('/tour/101');
    worker.net.offline = true;
    expect(await (await worker.request('/tour/101?tipo=x'))?.text()).toBe('<h1>Trilha – build 1</h1>');
    const notKept = await worker.request('/about');
    expect(notKept?.status).toBe(200);
    expect(await notKept?.text()).toContain('Você está offline');
  });

  it('never keeps /status: online it is the current build, offline the offline page', async () => {
    const worker = await installed();
    worker.net.files['/status'] = '<h1>Situação do site</h1>';
    expect(await (await worker.request('/status'))?.text()).toBe('<h1>Situação do site</h1>');
    await worker.request('/status?de=hoje');
    expect(await worker.storage.match('/status')).toBeUndefined();
    worker.net.offline = true;
    expect(await (await worker.request('/status'))?.text()).toContain('Você está offline');
  });

  it('shows the kept page when the network gives nothing within the timeout, and still keeps the late answer', async () => {
    const worker = await installed();
    await worker.request('/tour/101');
    worker.net.files['/tour/101'] = '<h1>Trilha – build 2</h1>';
    worker.net.delayMs = 200; // the timeout is 6 s / 100 = 60 ms here
    expect(await (await worker.request('/tour/101'))?.text()).toBe('<h1>Trilha – build 1</h1>');
    expect(await (await worker.storage.match('/tour/101'))?.text()).toBe('<h1>Trilha – build 2</h1>');
  });

  it('waits for a slow network when it has no copy, rather than showing the offline page', async () => {
    const worker = await installed();
    worker.net.delayMs = 200;
    expect(await (await worker.request('/about'))?.text()).toBe('<h1>Sobre</h1>');
  });

  it('never serves a kept page older than 30 days: offline, the visitor gets the offline page', async () => {
    const worker = await installed();
    worker.net.now = Date.now() - 31 * DAY;
    await worker.request('/tour/101');
    worker.net.offline = true;
    expect(await (await worker.request('/tour/101'))?.text()).toContain('Você está offline');
  });

  it('keeps at most 150 pages: a new one pushes out the one visited longest ago, never the offline page', async () => {
    const files: Record<string, string> = { ...SITE };
    for (let id = 0; id <= 150; id += 1) files[`/tour/${id}`] = `<h1>Passeio ${id}</h1>`;
    const worker = await installed('v1', files);
    for (let id = 0; id <= 150; id += 1) {
      await worker.request(`/tour/${id}`);
      // One visit per millisecond at least, so "longest ago" is one page.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    worker.net.offline = true;
    expect(await (await worker.request('/tour/0'))?.text()).toContain('Você está offline');
    expect(await (await worker.request('/tour/1'))?.text()).toBe('<h1>Passeio 1</h1>');
    expect(await (await worker.request('/tour/150'))?.text()).toBe('<h1>Passeio 150</h1>');
  });

  it('serves hashed /_astro/ files and images from the cache once kept', async () => {
    const worker = await installed('v1', { ...SITE, '/_astro/photo.x1.webp': 'webp', '/_astro/island.k2.js': 'js' });
    await worker.request('/_astro/photo.x1.webp', 'image');
    await worker.request('/_astro/island.k2.js', 'file');
    worker.net.offline = true;
    expect(await (await worker.request('/_astro/photo.x1.webp', 'image'))?.text()).toBe('webp');
    expect(await (await worker.request('/_astro/island.k2.js', 'file'))?.text()).toBe('js');
    expect(worker.net.requests.filter((path) => path.startsWith('/_astro/island'))).toHaveLength(1);
  });

  it("a new build's worker deletes the old caches, keeps the old pages as offline fallbacks and the hashed files, not the rest", async () => {
    const first = await installed('v1', { ...SITE, '/_astro/old.h1.js': 'old js', '/logo.svg': 'logo 1' });
    await first.request('/tour/101');
    await first.request('/_astro/old.h1.js', 'file');
    await first.request('/logo.svg', 'image');

    const second = await installed(
      'v2',
      { ...SITE, '/tour/101': '<h1>Trilha – build 2</h1>', '/logo.svg': 'logo 2' },
      first.storage,
    );
    expect(await second.storage.keys()).toEqual(['bb-turismo-pages-v2', 'bb-turismo-files-v2']);
    // Online, the new build's page at once.
    expect(await (await second.request('/tour/101'))?.text()).toBe('<h1>Trilha – build 2</h1>');
    // The hashed file came along, the logo (same name, new content) did not.
    expect(await (await second.storage.match('/_astro/old.h1.js'))?.text()).toBe('old js');
    expect(await second.storage.match('/logo.svg')).toBeUndefined();
    expect(await (await second.request('/logo.svg', 'image'))?.text()).toBe('logo 2');
  });

  it('keeps an old build page for offline use until the new build replaces it', async () => {
    const first = await installed();
    await first.request('/tour/101');
    const second = await installed('v2', SITE, first.storage);
    second.net.offline = true;
    expect(await (await second.request('/tour/101'))?.text()).toBe('<h1>Trilha – build 1</h1>');
  });

  it('on a folder-first host, keeps a page visited at /x/ as /x and serves it offline at both addresses', async () => {
    const worker = await installed('v1', { ...SITE, '/news/': '<h1>Notícias</h1>' });
    worker.net.redirects['/news'] = '/news/';
    const first = await worker.request('/news');
    expect(first?.type).toBe('opaqueredirect');
    expect(await (await worker.request('/news/'))?.text()).toBe('<h1>Notícias</h1>');
    worker.net.offline = true;
    expect(await (await worker.request('/news'))?.text()).toBe('<h1>Notícias</h1>');
    expect(await (await worker.request('/news/?pagina=2'))?.text()).toBe('<h1>Notícias</h1>');
  });

  it('installs where the host redirects /offline to /offline/, keeping a copy a navigation may be answered with', async () => {
    const { '/offline': offline = '', ...rest } = SITE;
    const worker = startWorker('v1', new MemoryCacheStorage(), {
      files: { ...rest, '/offline/': offline },
      redirects: { '/offline': '/offline/' },
    });
    await worker.lifecycle('install');
    await worker.lifecycle('activate');
    worker.net.offline = true;
    const answer = await worker.request('/about');
    expect(answer?.redirected).toBe(false);
    expect(await answer?.text()).toContain('Você está offline');
  });

  it('leaves the open data files to the browser, opened or fetched: none is kept, online or offline', async () => {
    const worker = await installed();
    worker.net.files['/dados/passeios.csv'] = 'id;nome\r\n';
    worker.net.files['/dados/passeios.json'] = '[]';
    for (const file of ['/dados/passeios.csv', '/dados/passeios.json']) {
      expect(await worker.request(file)).toBeUndefined();
      expect(await worker.request(file, 'file')).toBeUndefined();
      expect(await worker.storage.match(file)).toBeUndefined();
    }
    worker.net.files['/dados'] = '<h1>Dados abertos</h1>';
    expect(await (await worker.request('/dados'))?.text()).toBe('<h1>Dados abertos</h1>');
  });

  it('leaves other hosts and its own script to the browser', async () => {
    const worker = await installed();
    expect(await worker.request('https://open.spotify.com/embed/episode/1')).toBeUndefined();
    expect(await worker.request('/sw.js', 'file')).toBeUndefined();
    expect(worker.net.requests).not.toContain('/embed/episode/1');
  });
});

describe('service worker: saved places offline', () => {
  const TOUR =
    '<html><head><link rel="stylesheet" href="/_astro/detail.d1.css"><script type="module" src="/_astro/page.p1.js"></script></head>' +
    '<body><header><img src="/logo.svg"></header><main><h1>Trilha</h1><img src="/_astro/foto.h1_1200.webp"></main></body></html>';
  const FILES = {
    ...SITE,
    '/favoritos':
      '<html><head><link rel="stylesheet" href="/_astro/base.abc.css"></head><main><astro-island component-url="/_astro/FavouritesList.f1.js" renderer-url="/_astro/client.c1.js"></astro-island></main></html>',
    '/_astro/FavouritesList.f1.js': 'import{a}from"./chunk.k1.js";export default a;',
    '/_astro/chunk.k1.js': 'export const a=1;',
    '/_astro/client.c1.js': 'export default 1;',
    '/_astro/page.p1.js': 'import("./lazy.l1.js");',
    '/_astro/lazy.l1.js': 'export {};',
    '/_astro/detail.d1.css': 'h1{color:green}',
    '/_astro/foto.h1_1200.webp': 'WEBP-1200',
    '/_astro/foto.h1_800.webp': 'WEBP-800',
    '/tour/101': TOUR,
    '/tour/102': TOUR.replace('Trilha', 'Barco'),
  };
  const saved = (id: string) => ({ key: `tour:${id}`, path: `/tour/${id}`, image: '/_astro/foto.h1_800.webp' });
  const keptUrls = async (storage: MemoryCacheStorage) =>
    (await (await storage.open('bb-turismo-saved')).keys()).map((request) => new URL(request.url).pathname).sort();

  it("keeps a saved item's page, the files it needs, its photo and /favoritos with its island modules; serves them offline", async () => {
    const worker = await installed('v1', FILES);
    await worker.message({ saved: [saved('101')] });
    expect(await keptUrls(worker.storage)).toEqual([
      '/__saved-offline__.json',
      '/_astro/FavouritesList.f1.js',
      '/_astro/base.abc.css',
      '/_astro/chunk.k1.js',
      '/_astro/client.c1.js',
      '/_astro/detail.d1.css',
      '/_astro/foto.h1_1200.webp',
      '/_astro/foto.h1_800.webp',
      '/_astro/lazy.l1.js',
      '/_astro/page.p1.js',
      '/favoritos',
      '/tour/101',
    ]);
    expect(worker.posted).toEqual([{ savedOffline: ['page:favoritos', 'tour:101'] }]);
    worker.net.offline = true;
    expect(await (await worker.request('/tour/101'))?.text()).toContain('<h1>Trilha</h1>');
    expect(await (await worker.request('/favoritos'))?.text()).toContain('astro-island');
    expect(await (await worker.request('/_astro/detail.d1.css', 'file'))?.text()).toBe('h1{color:green}');
    // Another width of the same photo, never kept, is drawn from the kept one.
    expect(await (await worker.request('/_astro/foto.h1_400.avif', 'image'))?.text()).toMatch(/^WEBP-/);
  });

  it('removing a favourite deletes its page and photo; a file another saved page uses stays', async () => {
    const worker = await installed('v1', FILES);
    await worker.message({ saved: [saved('102'), saved('101')] });
    await worker.message({ saved: [saved('102')] });
    const kept = await keptUrls(worker.storage);
    expect(kept).not.toContain('/tour/101');
    expect(kept).toContain('/tour/102');
    expect(kept).toContain('/_astro/detail.d1.css');
    await worker.message({ saved: [] });
    expect(await keptUrls(worker.storage)).not.toContain('/tour/102');
    expect(await keptUrls(worker.storage)).not.toContain('/_astro/foto.h1_800.webp');
    worker.net.offline = true;
    expect(await (await worker.request('/tour/102'))?.text()).toContain('Você está offline');
  });

  it('keeps at most 40 favourites, the newest first', async () => {
    const files: Record<string, string> = { ...FILES };
    const list = Array.from({ length: 45 }, (_, index) => {
      files[`/tour/${index}`] = `<main><h1>${index}</h1></main>`;
      return { key: `tour:${index}`, path: `/tour/${index}`, image: null };
    });
    const worker = await installed('v1', files);
    await worker.message({ saved: list });
    const index = await (await worker.storage.match('/__saved-offline__.json'))?.json();
    expect(index.items.map((item: { key: string }) => item.key)).toEqual([
      'page:favoritos',
      ...list.slice(0, 40).map((item) => item.key),
    ]);
    expect(index).toMatchObject({ maxItems: 40, byteBudget: 25 * 1024 * 1024 });
  });

  it('keeps no item that would take the copies past the 25 MB budget', async () => {
    const worker = await installed('v1', {
      ...FILES,
      '/tour/103': '<main><img src="/_astro/huge.h2_1.webp"></main>',
      '/_astro/huge.h2_1.webp': 'x'.repeat(25 * 1024 * 1024),
    });
    await worker.message({ saved: [saved('103'), saved('101')] });
    const kept = await keptUrls(worker.storage);
    expect(kept).toContain('/tour/101');
    expect(kept).not.toContain('/tour/103');
    expect(kept).not.toContain('/_astro/huge.h2_1.webp');
  });

  it('a new build keeps the saved copies, and refreshes them when a page sends the list online; offline, the old copy stays', async () => {
    const storage = new MemoryCacheStorage();
    const first = await installed('v1', FILES, storage);
    await first.message({ saved: [saved('101')] });
    const files = {
      ...FILES,
      '/tour/101': TOUR.replace('Trilha', 'Trilha nova').replace('detail.d1.css', 'detail.d2.css'),
      '/_astro/detail.d2.css': 'h1{}',
    };
    const second = await installed('v2', files, storage);
    second.net.offline = true;
    await second.message({ saved: [saved('101')] });
    expect(await (await second.request('/tour/101'))?.text()).toContain('<h1>Trilha</h1>');
    second.net.offline = false;
    await second.message({ saved: [saved('101')] });
    const kept = await keptUrls(storage);
    expect(kept).toContain('/_astro/detail.d2.css');
    expect(kept).not.toContain('/_astro/detail.d1.css');
    second.net.offline = true;
    expect(await (await second.request('/tour/101'))?.text()).toContain('Trilha nova');
  });
});
