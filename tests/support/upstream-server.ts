/**
 * A real HTTP server on 127.0.0.1 that answers like the three upstreams of the sync (city data
 * the city data API, WordPress, Spotify), from a fixture folder, with faults injected on demand.
 *
 * It is the one test double of the upstreams: the sync tests, the benchmark (5,000 generated items
 * through a custom `reader`) and the Playwright tests (a build against `server.env`) all use it.
 *
 * ```ts
 * const server = await startUpstreamServer();            // tests/fixtures/upstream
 * server.setFault(server.paths.tours, { kind: 'status', status: 503 }, { times: 1 });
 * const report = await runSync({ env: server.env, outDir, sampleDir });
 * expect(server.requestsTo(server.paths.tours)).toHaveLength(2); // retried once
 * await server.close();
 * ```
 *
 * - Answers come from `createFixtureHandler` (scripts/sync/fixture-upstream.ts) over the fixture
 *   folder or `options.reader`, with in-memory overrides from `setFile`.
 * - Every request is recorded (method, path, query, headers, body, arrival time, status answered).
 * - Credentials are checked like the real upstreams (unless `checkAuth: false`): the city data API wants
 *   `Authorization: Bearer <token>`, the Spotify token endpoint HTTP Basic with the client id and
 *   secret, the Spotify API the access token of `spotify/token.json`. A wrong one gets a 401.
 * - Faults (`setFault`) are matched by path, optionally by method and query, optionally only for
 *   the first N matching requests; the first rule that matches and is not used up wins.
 * - `close()` ends every connection, hanging ones included, so no test leaks a socket.
 */
import { Buffer } from 'node:buffer';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  createFixtureHandler,
  FIXTURE_PATHS,
  type FixtureReader,
  fixtureUrls,
  folderReader,
} from '../../scripts/sync/fixture-upstream.ts';

/** The fixture set of tests/fixtures/upstream (wire format of the three upstreams). */
export const DEFAULT_FIXTURE_DIR = path.resolve(import.meta.dirname, '../fixtures/upstream');

/** Credentials the server accepts by default; distinctive, so a leak is easy to find in any output. */
export const TEST_CREDENTIALS = {
  cityApiToken: 'prov-token-5ecr3t-7f3a9c21',
  clientId: 'spotify-client-id-0a1b',
  clientSecret: 'spotify-s3cret-b41d9e77',
  showId: 'fixture-show-1',
} as const;

/** What the server does instead of (or before) the normal answer. */
export type Fault =
  /** Answer with this status (and optional headers, status text and body) instead. */
  | { kind: 'status'; status: number; headers?: Record<string, string>; statusText?: string; body?: string }
  /** Never answer; the request stays open until the client gives up or the server closes. */
  | { kind: 'hang' }
  /** Send the status line, the headers and half of the normal body, then nothing more. */
  | { kind: 'stall-body' }
  /** The normal answer with its body cut in half (a complete HTTP answer with broken JSON). */
  | { kind: 'truncate' }
  /** An HTML error page (a proxy or a CMS theme answering), status 200 unless told. */
  | { kind: 'html'; status?: number; html?: string }
  /** This body with this status (200) and content type (application/json) instead. */
  | { kind: 'body'; body: string; status?: number; contentType?: string; headers?: Record<string, string> }
  /**
   * The normal answer (or `body`, status 200) without a Content-Length: sent in chunks of
   * `chunkBytes` (default 16 KiB), so the client cannot know its size before reading it.
   */
  | { kind: 'chunked'; body?: string; chunkBytes?: number }
  /** Wait `ms`, then give the normal answer. */
  | { kind: 'delay'; ms: number }
  /** Drop the connection without an answer (a network error on the client). */
  | { kind: 'reset' }
  /** Any answer: `next()` gives the normal one, to pass on or rework. */
  | { kind: 'respond'; respond: (request: Request, next: () => Promise<Response>) => Response | Promise<Response> };

export interface FaultOptions {
  /** Only the first `times` matching requests get the fault; the default is every one. */
  times?: number;
  /** Only requests with this method ('GET', 'POST'). */
  method?: string;
  /** Only requests whose query has these values (a subset match). */
  query?: Record<string, string>;
}

/** A fault rule as set; `hits` counts the requests it answered. */
export interface FaultRule extends FaultOptions {
  path: string | RegExp;
  fault: Fault;
  hits: number;
}

/** One request as the server received it. */
export interface RecordedRequest {
  method: string;
  /** Path without the query, e.g. '/provider/tours'. */
  path: string;
  /** Query parameters (the last value of a repeated one). */
  query: Record<string, string>;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  body: string;
  /** `performance.now()` when the request arrived (same clock as the test). */
  at: number;
  /** Status answered; undefined while pending or when no answer was given (hang, reset). */
  status?: number;
  /** Kind of the fault applied, if any. */
  fault?: Fault['kind'];
}

export interface UpstreamServerOptions {
  /** Port on `host`; default 0 (a free one). A fixed one lets a separate build process point at it. */
  port?: number;
  /**
   * Loopback address to listen on; default 127.0.0.1. Another one (127.0.0.2) makes a second server
   * that is not a configured upstream, for the image address checks.
   */
  host?: string;
  /** Fixture folder in the layout of fixture-upstream.ts; default tests/fixtures/upstream. */
  fixtureDir?: string;
  /** Custom source of fixture files (generated data for a benchmark); replaces `fixtureDir`. */
  reader?: FixtureReader;
  /** Check the credentials like the real upstreams; default true. */
  checkAuth?: boolean;
  /**
   * Largest page the server gives, whatever `limit` / `per_page` asks (real providers cap it):
   * with 2, five feedbacks come in three pages and the blog sends `X-WP-TotalPages: 3`.
   */
  maxPageSize?: number;
  cityApiToken?: string;
  clientId?: string;
  clientSecret?: string;
  showId?: string;
  /** CITY_NAME and CITY_STATE put in `env`; default 'Barra do Bugres', 'MT'. */
  city?: { name: string; state: string };
}

export interface UpstreamServer {
  /** 'http://127.0.0.1:<port>' (or the `host` it was started on). */
  origin: string;
  /** The docs/architecture.md configuration variables pointing at this server, with valid credentials. */
  env: Record<string, string>;
  /** Paths of the upstream calls on this server, for `setFault` and `requestsTo`. */
  paths: UpstreamPaths;
  /** Every request so far, in arrival order (a live array). */
  requests: RecordedRequest[];
  /** Requests whose path is `path` (or matches it), optionally with this method. */
  requestsTo(path: string | RegExp, method?: string): RecordedRequest[];
  /** Adds a fault rule; rules are tried in the order they were added. */
  setFault(path: string | RegExp, fault: Fault, options?: FaultOptions): FaultRule;
  /**
   * Page `page` of a paged call (`?page=`: the posts, the feedbacks) answers with `fault` (an HTTP
   * 500 unless told), every time it is asked: the pages before it answer, those after it are never read.
   */
  failPage(path: string | RegExp, page: number, fault?: Fault): FaultRule;
  clearFaults(): void;
  /** Overrides a fixture file ('provider/tours.json') with this JSON value; undefined makes it missing (404). */
  setFile(file: string, body: unknown): void;
  /** Drops every `setFile` override. */
  clearFiles(): void;
  /** Forgets the recorded requests. */
  clearRequests(): void;
  /** Faults, overrides and recorded requests all cleared. */
  reset(): void;
  /** Stops the server; hanging and keep-alive connections are destroyed. */
  close(): Promise<void>;
}

export interface UpstreamPaths {
  cities: string;
  tours: string;
  hotels: string;
  restaurants: string;
  experiences: string;
  attractions: string;
  /** All four provider lists share it; tell them apart with `query: { type }`. */
  providers: string;
  feedbacks: string;
  posts: string;
  /** The blog's pages (the destination, the about page, the visitor's guide). */
  pages: string;
  token: string;
  episodes: string;
  /** Every path of the city data API. */
  cityApi: RegExp;
  /** Every blog path. */
  blog: RegExp;
  /** Both Spotify hosts. */
  spotify: RegExp;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function upstreamPaths(showId: string): UpstreamPaths {
  const cityApi = (route: string) => `${FIXTURE_PATHS.cityApi}/${route}`;
  return {
    cities: cityApi('cities'),
    tours: cityApi('tours'),
    hotels: cityApi('hotels'),
    restaurants: cityApi('restaurants'),
    experiences: cityApi('experiences'),
    attractions: cityApi('attractions'),
    providers: cityApi('providers'),
    feedbacks: cityApi('feedbacks'),
    posts: `${FIXTURE_PATHS.blog}/wp/v2/posts`,
    pages: `${FIXTURE_PATHS.blog}/wp/v2/pages`,
    token: `${FIXTURE_PATHS.spotifyAccounts}/api/token`,
    episodes: `${FIXTURE_PATHS.spotifyApi}/shows/${encodeURIComponent(showId)}/episodes`,
    cityApi: new RegExp(`^${escapeRegExp(FIXTURE_PATHS.cityApi)}/`),
    blog: new RegExp(`^${escapeRegExp(FIXTURE_PATHS.blog)}/`),
    spotify: new RegExp(`^(?:${escapeRegExp(FIXTURE_PATHS.spotifyAccounts)}|${escapeRegExp(FIXTURE_PATHS.spotifyApi)})/`),
  };
}

const matchesPath = (pattern: string | RegExp, pathname: string) =>
  typeof pattern === 'string' ? pattern === pathname : pattern.test(pathname);

const jsonResponse = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

/** Headers that belong to the connection, not to the request a handler sees. */
const HOP_HEADERS = new Set(['host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

const DEFAULT_HTML = `<!DOCTYPE html>
<html lang="pt-BR"><head><title>Erro 502 - Bad Gateway</title></head>
<body><h1>Estamos em manutenção</h1><p>O servidor está temporariamente indisponível.</p></body></html>`;

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts the server on 127.0.0.1 (or `options.host`) at a free port. */
export async function startUpstreamServer(options: UpstreamServerOptions = {}): Promise<UpstreamServer> {
  const credentials = {
    cityApiToken: options.cityApiToken ?? TEST_CREDENTIALS.cityApiToken,
    clientId: options.clientId ?? TEST_CREDENTIALS.clientId,
    clientSecret: options.clientSecret ?? TEST_CREDENTIALS.clientSecret,
    showId: options.showId ?? TEST_CREDENTIALS.showId,
  };
  const checkAuth = options.checkAuth ?? true;
  const baseReader = options.reader ?? folderReader(options.fixtureDir ?? DEFAULT_FIXTURE_DIR);
  const overrides = new Map<string, unknown>();
  const reader: FixtureReader = async (file) => (overrides.has(file) ? overrides.get(file) : baseReader(file));
  const fixtures = createFixtureHandler(reader);
  const paths = upstreamPaths(credentials.showId);

  const requests: RecordedRequest[] = [];
  let rules: FaultRule[] = [];
  /** Connections whose request is held open on purpose (hang, stall-body). */
  const held = new Set<ServerResponse>();
  let closed = false;

  /** The credential checks of the real upstreams; null when the request may pass. */
  async function refuse(request: Request, pathname: string): Promise<Response | null> {
    if (!checkAuth) return null;
    const authorization = request.headers.get('authorization');
    if (paths.cityApi.test(pathname)) {
      return authorization === `Bearer ${credentials.cityApiToken}`
        ? null
        : jsonResponse({ success: false, message: 'Unauthorized' }, 401);
    }
    if (pathname === paths.token) {
      const expected = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
      if (authorization !== expected) return jsonResponse({ error: 'invalid_client' }, 401);
      const form = new URLSearchParams(await request.clone().text());
      if (form.get('grant_type') !== 'client_credentials') return jsonResponse({ error: 'unsupported_grant_type' }, 400);
      return null;
    }
    if (pathname.startsWith(`${FIXTURE_PATHS.spotifyApi}/`)) {
      const token = (await reader('spotify/token.json')) as { access_token?: unknown } | undefined;
      return authorization === `Bearer ${String(token?.access_token)}`
        ? null
        : jsonResponse({ error: { status: 401, message: 'Invalid access token' } }, 401);
    }
    return null;
  }

  /** The request with `limit` / `per_page` capped at `maxPageSize`. */
  function capPageSize(request: Request): Request {
    const cap = options.maxPageSize;
    if (!cap || request.method !== 'GET') return request;
    const url = new URL(request.url);
    let changed = false;
    for (const name of ['limit', 'per_page']) {
      const asked = Number(url.searchParams.get(name));
      if (url.searchParams.has(name) && !(asked > 0 && asked <= cap)) {
        url.searchParams.set(name, String(cap));
        changed = true;
      }
    }
    return changed ? new Request(url, { method: 'GET', headers: request.headers }) : request;
  }

  async function normalAnswer(request: Request, pathname: string): Promise<Response> {
    return (await refuse(request, pathname)) ?? fixtures(capPageSize(request));
  }

  function findRule(record: RecordedRequest): FaultRule | undefined {
    return rules.find(
      (rule) =>
        (rule.times === undefined || rule.hits < rule.times) &&
        matchesPath(rule.path, record.path) &&
        (!rule.method || rule.method.toUpperCase() === record.method) &&
        Object.entries(rule.query ?? {}).every(([name, value]) => record.query[name] === value),
    );
  }

  async function send(res: ServerResponse, record: RecordedRequest, response: Response): Promise<void> {
    const body = Buffer.from(await response.arrayBuffer());
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'transfer-encoding') headers[name] = value;
    });
    headers['content-length'] = String(body.length);
    record.status = response.status;
    res.writeHead(response.status, response.statusText || undefined, headers);
    res.end(body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    const method = (req.method ?? 'GET').toUpperCase();
    const bodyBytes = await readBody(req);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const record: RecordedRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body: bodyBytes.toString('utf8'),
      at: performance.now(),
    };
    requests.push(record);

    const request = new Request(url, {
      method,
      headers: Object.entries(headers).filter(([name]) => !HOP_HEADERS.has(name)),
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: new Uint8Array(bodyBytes) }),
    });
    const next = () => normalAnswer(request, url.pathname);

    const rule = findRule(record);
    if (!rule) return send(res, record, await next());
    rule.hits += 1;
    const fault = rule.fault;
    record.fault = fault.kind;
    switch (fault.kind) {
      case 'status':
        return send(
          res,
          record,
          new Response(fault.body ?? JSON.stringify({ success: false, message: `HTTP ${fault.status}` }), {
            status: fault.status,
            ...(fault.statusText ? { statusText: fault.statusText } : {}),
            headers: { 'content-type': 'application/json; charset=utf-8', ...fault.headers },
          }),
        );
      case 'hang':
        held.add(res);
        res.on('close', () => held.delete(res));
        return;
      case 'stall-body': {
        const answer = await next();
        const text = await answer.text();
        held.add(res);
        res.on('close', () => held.delete(res));
        record.status = answer.status;
        res.writeHead(answer.status, {
          'content-type': answer.headers.get('content-type') ?? 'application/json',
          'content-length': String(Buffer.byteLength(text)),
        });
        res.write(text.slice(0, Math.floor(text.length / 2)));
        return;
      }
      case 'truncate': {
        const answer = await next();
        const text = await answer.text();
        return send(
          res,
          record,
          new Response(text.slice(0, Math.floor(text.length / 2)), { status: answer.status, headers: answer.headers }),
        );
      }
      case 'html':
        return send(
          res,
          record,
          new Response(fault.html ?? DEFAULT_HTML, {
            status: fault.status ?? 200,
            headers: { 'content-type': 'text/html; charset=utf-8' },
          }),
        );
      case 'body':
        return send(
          res,
          record,
          new Response(fault.body, {
            status: fault.status ?? 200,
            headers: { 'content-type': fault.contentType ?? 'application/json; charset=utf-8', ...fault.headers },
          }),
        );
      case 'chunked': {
        const answer = fault.body === undefined ? await next() : null;
        const bytes = Buffer.from(fault.body ?? (await (answer as Response).text()));
        const size = fault.chunkBytes ?? 16 * 1024;
        record.status = answer?.status ?? 200;
        held.add(res);
        res.on('close', () => held.delete(res));
        res.writeHead(record.status, {
          'content-type': answer?.headers.get('content-type') ?? 'application/json; charset=utf-8',
          'transfer-encoding': 'chunked',
        });
        for (let offset = 0; offset < bytes.length && !res.destroyed; offset += size) {
          // Wait for the socket to drain: a client that stops reading stops the sending too.
          if (!res.write(bytes.subarray(offset, offset + size))) {
            await new Promise((resolve) => {
              res.once('drain', resolve);
              res.once('close', resolve);
            });
          }
        }
        if (!res.destroyed) res.end();
        return;
      }
      case 'delay':
        await new Promise((resolve) => setTimeout(resolve, fault.ms));
        if (closed || res.destroyed) return;
        return send(res, record, await next());
      case 'reset':
        req.socket.destroy();
        return;
      case 'respond':
        return send(res, record, await fault.respond(request, next));
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent || res.destroyed) return;
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`upstream-server: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${options.host ?? '127.0.0.1'}:${port}`;

  const env: Record<string, string> = {
    ...fixtureUrls(origin),
    PROVIDER_API_TOKEN: credentials.cityApiToken,
    SPOTIFY_CLIENT_ID: credentials.clientId,
    SPOTIFY_CLIENT_SECRET: credentials.clientSecret,
    SPOTIFY_SHOW_ID: credentials.showId,
    CITY_NAME: options.city?.name ?? 'Barra do Bugres',
    CITY_STATE: options.city?.state ?? 'MT',
  };

  return {
    origin,
    env,
    paths,
    requests,
    requestsTo: (pattern, method) =>
      requests.filter((request) => matchesPath(pattern, request.path) && (!method || request.method === method.toUpperCase())),
    setFault(pattern, fault, faultOptions = {}) {
      const rule: FaultRule = { ...faultOptions, path: pattern, fault, hits: 0 };
      rules.push(rule);
      return rule;
    },
    failPage(pattern, page, fault = { kind: 'status', status: 500 }) {
      const rule: FaultRule = { path: pattern, fault, query: { page: String(page) }, hits: 0 };
      rules.push(rule);
      return rule;
    },
    clearFaults() {
      rules = [];
    },
    setFile(file, body) {
      overrides.set(file, body);
    },
    clearFiles() {
      overrides.clear();
    },
    clearRequests() {
      requests.length = 0;
    },
    reset() {
      rules = [];
      overrides.clear();
      requests.length = 0;
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const res of held) res.destroy();
      held.clear();
      const done = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await done;
    },
  };
}
