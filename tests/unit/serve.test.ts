/**
 * scripts/serve.ts, the static host of `npm start`, the end-to-end tests and the host matrix: over
 * HTTP, it redirects and resolves as the two kinds of host do, answers unknown paths with 404.html and
 * status 404, sends the right content types and applies `_headers` as Netlify and Cloudflare do; for the
 * Lighthouse bench, it gzips text and speaks HTTP/2 over TLS.
 */

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../../scripts/bench/lighthouse.ts';
import { type StaticServer, type StaticServerOptions, startStaticServer } from '../../scripts/serve.ts';

let root: string;
const servers: StaticServer[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'serve-'));
  const files: Record<string, string> = {
    'index.html': '<title>Início</title>',
    '404.html': '<title>Não encontrada</title>',
    'news.html': '<title>Notícias</title>',
    'news/1.html': '<title>Notícia 1</title>',
    'about.html': '<title>Sobre</title>',
    'pagefind/x.wasm': 'wasm',
    '_astro/a.js': 'export {};',
    _headers:
      "/*\n  Content-Security-Policy: default-src 'self'\n/_astro/*\n  Cache-Control: public, max-age=31536000, immutable\n/about\n  Cache-Control: no-cache\n/about/\n  Cache-Control: no-cache\n",
  };
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await rm(root, { recursive: true, force: true });
});

async function serve(
  resolution: 'file-first' | 'folder-first',
  headers = true,
  more: Partial<StaticServerOptions> = {},
): Promise<string> {
  const server = await startStaticServer({ root, resolution, headers, ...more });
  servers.push(server);
  return server.origin;
}

const get = (origin: string, address: string, init: RequestInit = {}) =>
  fetch(`${origin}${address}`, { redirect: 'manual', ...init });

describe('the static host', () => {
  it('file-first: /news (with a query) is news.html; /about/ is a 404 with 404.html (no about/index.html)', async () => {
    const origin = await serve('file-first');
    expect(await (await get(origin, '/news?pagina=2')).text()).toBe('<title>Notícias</title>');
    const slash = await get(origin, '/about/');
    expect(slash.status).toBe(404);
    expect(await slash.text()).toBe('<title>Não encontrada</title>');
  });

  it('folder-first: /news is a 301 to /news/ (with its query), which has no index: 404', async () => {
    const origin = await serve('folder-first');
    const redirect = await get(origin, '/news?pagina=2');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/news/?pagina=2');
    expect((await get(origin, '/news/')).status).toBe(404);
    expect(await (await get(origin, '/about')).text()).toBe('<title>Sobre</title>');
  });

  it('sends content types a browser needs (HTML, modules, WebAssembly) and answers HEAD without a body', async () => {
    const origin = await serve('file-first');
    expect((await get(origin, '/')).headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect((await get(origin, '/_astro/a.js')).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await get(origin, '/pagefind/x.wasm')).headers.get('content-type')).toBe('application/wasm');
    const head = await get(origin, '/about', { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([200, '20', '']);
    expect((await get(origin, '/about', { method: 'POST' })).status).toBe(405);
  });

  it('applies _headers by path (every matching rule), and not when told not to', async () => {
    const origin = await serve('file-first');
    const bundle = await get(origin, '/_astro/a.js');
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(bundle.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect((await get(origin, '/about')).headers.get('cache-control')).toBe('no-cache');
    expect((await get(origin, '/nao-existe')).headers.get('content-security-policy')).toBe("default-src 'self'");
    const plain = await serve('file-first', false);
    expect((await get(plain, '/_astro/a.js')).headers.get('cache-control')).toBeNull();
  });

  it('answers a revalidation of an unchanged file with 304', async () => {
    const origin = await serve('file-first');
    const first = await get(origin, '/about');
    const modified = first.headers.get('last-modified') ?? '';
    expect((await get(origin, '/about', { headers: { 'if-modified-since': modified } })).status).toBe(304);
    const before = new Date(Date.parse(modified) - 60_000).toUTCString();
    expect((await get(origin, '/about', { headers: { 'if-modified-since': before } })).status).toBe(200);
  });

  it('never serves a file outside its folder', async () => {
    const origin = await serve('file-first');
    expect((await get(origin, '/../package.json')).status).toBe(404);
    expect((await get(origin, '/%2e%2e/package.json')).status).toBe(404);
  });

  it('gzips text to a client that accepts it when told to, and leaves WebAssembly and other clients alone', async () => {
    const plain = await serve('file-first');
    expect((await get(plain, '/news', { headers: { 'accept-encoding': 'gzip' } })).headers.get('content-encoding')).toBeNull();
    const gzip = await serve('file-first', true, { gzip: true });
    const page = await get(gzip, '/news', { headers: { 'accept-encoding': 'gzip, br' } });
    expect([page.headers.get('content-encoding'), await page.text()]).toEqual(['gzip', '<title>Notícias</title>']);
    const wasm = await get(gzip, '/pagefind/x.wasm', { headers: { 'accept-encoding': 'gzip' } });
    expect(wasm.headers.get('content-encoding')).toBeNull();
    const identity = await get(gzip, '/news', { headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers.get('content-encoding')).toBeNull();
  });

  it('speaks HTTP/2 over TLS with a certificate it is given', async () => {
    const certificates = await mkdtemp(path.join(tmpdir(), 'serve-tls-'));
    const origin = await serve('file-first', true, { tls: selfSignedCertificate(certificates) });
    expect(origin).toMatch(/^https:/);
    const session = connect(origin, { rejectUnauthorized: false });
    const { status, body } = await new Promise<{ status: unknown; body: string }>((resolve, reject) => {
      const stream = session.request({ ':path': '/about' });
      let body = '';
      let status: unknown;
      stream.on('response', (headers) => {
        status = headers[':status'];
      });
      stream.on('data', (chunk) => {
        body += chunk;
      });
      stream.on('end', () => resolve({ status, body }));
      stream.on('error', reject);
    });
    session.close();
    await rm(certificates, { recursive: true, force: true });
    expect([status, body]).toEqual([200, '<title>Sobre</title>']);
  });
});
