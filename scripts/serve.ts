/**
 * A static host for the built site, as the ones it is published on behave (src/integrations/static-hosting.ts):
 * it resolves paths file-first (GitHub Pages, Netlify, Cloudflare Pages) or folder-first (GitLab
 * Pages, nginx with `try_files $uri $uri/`, an S3 website) with their real 301 redirects, answers
 * unknown paths with 404.html and status 404, and applies the build's `_headers` the way Netlify and
 * Cloudflare Pages do. `npm start`, `npm run preview`, the end-to-end tests, the host-matrix test and
 * the Lighthouse bench serve dist/ with it, so nothing here passes only because a development server
 * is lenient. As hosts do, it can gzip text (`gzip`) and speak HTTP/2 over TLS (`tls`): the bench
 * measures the site as visitors receive it.
 *
 *   node scripts/serve.ts [--dir dist] [--port 4321] [--host 127.0.0.1] [--resolution folder-first] [--no-headers]
 */
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import { type HeaderRule, headersForPath, parseHeadersFile } from '../src/integrations/headers.ts';
import { RESOLUTIONS, type Resolution } from '../src/integrations/hosts.ts';
import { resolveOnHost, type SiteTree } from '../src/integrations/static-hosting.ts';

/** Content types by extension; what is not listed is sent as bytes. */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.ics': 'text/calendar; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
};

/** The content type a static host sends for `file`, by its extension ('application/octet-stream' when unknown). */
function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export interface StaticServerOptions {
  /** The published folder. */
  root: string;
  resolution?: Resolution;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** Apply `{root}/_headers` (default true), as Netlify and Cloudflare Pages do. */
  headers?: boolean;
  /** Gzip text to a client that accepts it, as every host does (default false: tests read the bytes as built). */
  gzip?: boolean;
  /** Serve HTTPS over HTTP/2 (HTTP/1.1 for a client without it) with this key and certificate. */
  tls?: { key: Buffer; cert: Buffer };
}

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

/** The types a host compresses: text, JSON, XML, JavaScript, the manifest and SVG (not images, fonts or WebAssembly, compressed already). */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|manifest))|svg/;

/** The folder on disk as a host sees it. */
function diskTree(root: string): SiteTree {
  const stat = (relative: string) => {
    try {
      return statSync(path.join(root, relative));
    } catch {
      return null;
    }
  };
  return {
    isFile: (relative) => stat(relative)?.isFile() ?? false,
    isDirectory: (relative) => stat(relative)?.isDirectory() ?? false,
  };
}

/** Starts the host; resolves once it listens. */
export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const root = path.resolve(options.root);
  const resolution = options.resolution ?? 'file-first';
  const tree = diskTree(root);
  let rules: HeaderRule[] = [];
  if (options.headers !== false) {
    try {
      rules = parseHeadersFile(readFileSync(path.join(root, '_headers'), 'utf8'));
    } catch {
      rules = [];
    }
  }

  const send = (request: IncomingMessage, response: ServerResponse, status: number, file: string | null, pathname: string) => {
    for (const [name, value] of headersForPath(rules, pathname)) response.setHeader(name, value);
    if (file === null) {
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(request.method === 'HEAD' ? undefined : 'Not found');
      return;
    }
    const absolute = path.join(root, file);
    const { size, mtime } = statSync(absolute);
    // Revalidation as hosts answer it: unchanged since the visitor's copy, a 304 without a body.
    const since = Date.parse(request.headers['if-modified-since'] ?? '');
    if (status === 200 && Number.isFinite(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since) {
      response.writeHead(304, { 'last-modified': mtime.toUTCString() }).end();
      return;
    }
    const type = contentTypeOf(file);
    const gzip = options.gzip && COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    response.writeHead(status, {
      'content-type': type,
      'last-modified': mtime.toUTCString(),
      ...(gzip ? { 'content-encoding': 'gzip', vary: 'Accept-Encoding' } : { 'content-length': size }),
    });
    if (request.method === 'HEAD') response.end();
    else if (gzip) createReadStream(absolute).pipe(createGzip()).pipe(response);
    else createReadStream(absolute).pipe(response);
  };

  const answer = (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const raw = request.url ?? '/';
    const queryAt = raw.search(/[?#]/);
    const pathname = queryAt === -1 ? raw : raw.slice(0, queryAt);
    const query = queryAt === -1 ? '' : raw.slice(queryAt).replace(/#.*$/, '');
    const found = resolveOnHost(tree, pathname, resolution);
    if (found.status === 301) {
      for (const [name, value] of headersForPath(rules, pathname)) response.setHeader(name, value);
      response.writeHead(301, { location: `${found.location}${query}`, 'content-type': 'text/plain; charset=utf-8' });
      response.end(request.method === 'HEAD' ? undefined : `Moved to ${found.location}`);
      return;
    }
    send(request, response, found.status, found.file, pathname);
  };
  const sessions = new Set<{ destroy(): void }>();
  // The HTTP/2 compatibility API answers with the same calls (writeHead, setHeader, end, a stream to pipe into).
  const server = options.tls
    ? createSecureServer(
        { ...options.tls, allowHTTP1: true },
        answer as unknown as (request: Http2ServerRequest, response: Http2ServerResponse) => void,
      )
    : createServer(answer);
  server.on('connection', (socket) => {
    sessions.add(socket);
    socket.once('close', () => sessions.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    origin: `${options.tls ? 'https' : 'http'}://${address.address}:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        for (const session of sessions) session.destroy();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: path.resolve(import.meta.dirname, '..', 'dist') },
      port: { type: 'string', default: process.env.PORT ?? '4321' },
      host: { type: 'string', default: '127.0.0.1' },
      resolution: { type: 'string', default: 'file-first' },
      headers: { type: 'boolean', default: true },
    },
    allowNegative: true,
  });
  const resolution = values.resolution as Resolution;
  if (!RESOLUTIONS.includes(resolution)) {
    console.error(`serve: --resolution must be one of ${RESOLUTIONS.join(', ')}.`);
    process.exit(2);
  }
  const server = await startStaticServer({
    root: values.dir,
    resolution,
    port: Number(values.port),
    host: values.host,
    headers: values.headers,
  });
  console.log(`Serving ${path.relative(process.cwd(), values.dir) || values.dir} at ${server.origin}/ (${resolution})`);
}
