/**
 * `npm run rebuild:request` against a real HTTP server on 127.0.0.1 standing in for the GitHub API
 * (allowed by `allowLoopbackApi` / REBUILD_TEST_LOOPBACK_API=1, see scripts/rebuild-request.ts):
 * the workflow_dispatch it sends, what the editor reads on success and on each refusal, and that
 * the token goes nowhere else and is never printed.
 */
import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiBaseUrl, GITHUB_API, repositoryFromRemote, requestRebuild } from '../../scripts/rebuild-request.ts';

const exec = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const TOKEN = 'github_pat_11TESTTOKEN_only-for-this-test';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

let server: Server;
let apiUrl: string;
let received: Received[];
let status: number;
let location: string | undefined;

/** Tokens a bad paste or a typo gives: fetch would quote each in its error, the header with it. */
const MALFORMED_TOKENS = [
  ['a line break', `${TOKEN}\nx`],
  ['a space', `${TOKEN.slice(0, 20)} ${TOKEN.slice(20)}`],
  ['a tab', `${TOKEN}\tx`],
  ['a character over U+00FF', `${TOKEN}€`],
  ['a NUL', `${TOKEN}\u0000`],
  ['a DEL', `${TOKEN}\u007f`],
];

/** True when `text` holds the token or any 8 characters of it in a row (the 'github_pat_' prefix is no secret). */
const showsToken = (text: string, token: string) => {
  const secret = token.replace(/^github_pat_/, '');
  for (let start = 0; start + 8 <= secret.length; start += 1) if (text.includes(secret.slice(start, start + 8))) return true;
  return false;
};

beforeEach(async () => {
  received = [];
  status = 204;
  location = undefined;
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: JSON.parse(body || 'null'),
      });
      response.writeHead(status, { 'Content-Type': 'application/json', ...(location ? { Location: location } : {}) });
      response.end(status === 204 ? undefined : JSON.stringify({ message: 'Bad credentials' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const options = () => ({
  token: TOKEN,
  repository: 'prefeitura/turismo',
  reason: 'Novo evento',
  apiUrl,
  allowLoopbackApi: true,
  serverUrl: 'https://github.com',
});

describe('requestRebuild', () => {
  it('starts deploy.yml on main with a workflow_dispatch, the token and the reason', async () => {
    const result = await requestRebuild(options());
    expect(result).toEqual({
      ok: true,
      message: expect.stringContaining('https://github.com/prefeitura/turismo/actions/workflows/deploy.yml'),
    });
    expect(received).toEqual([
      {
        method: 'POST',
        url: '/repos/prefeitura/turismo/actions/workflows/deploy.yml/dispatches',
        headers: expect.objectContaining({
          authorization: `Bearer ${TOKEN}`,
          accept: 'application/vnd.github+json',
          'x-github-api-version': '2022-11-28',
        }),
        body: { ref: 'main', inputs: { reason: 'Novo evento' } },
      },
    ]);
    await requestRebuild({ ...options(), ref: 'producao' });
    expect(received[1]?.body).toEqual({ ref: 'producao', inputs: { reason: 'Novo evento' } });
  });

  it.each([
    [401, /token é inválido ou expirou/],
    [403, /Actions: read and write/],
    [404, /prefeitura\/turismo \(ou o workflow deploy\.yml\) não existe ou o token não tem acesso/],
    [422, /recusou o pedido .*branch main does not exist.*workflow_dispatch/],
    [500, /respondeu 500/],
  ])('explains a %i without showing the token', async (answer, explanation) => {
    status = answer;
    const result = await requestRebuild(options());
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(explanation);
    expect(result.message).not.toContain(TOKEN);
  });

  it('does not follow a redirect: the token goes to the one address checked', async () => {
    status = 307;
    location = `${apiUrl}/repositories/42/actions/workflows/deploy.yml/dispatches`;
    const result = await requestRebuild(options());
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/renamed or moved: set REBUILD_REPOSITORY/) });
    expect(received).toHaveLength(1);
  });

  it.each(MALFORMED_TOKENS)('refuses a token with %s before sending anything, without showing it', async (_what, token) => {
    const result = await requestRebuild({ ...options(), token });
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/^O token tem caracteres que um token não tem/) });
    expect(showsToken(result.message, token)).toBe(false);
    expect(received).toEqual([]);
  });

  it.each([
    ['plain HTTP to another host', 'http://api.example.com', true],
    ['a local server without the tests’ opt-in', 'LOCAL', false],
    ['a host that only starts like GitHub’s', 'https://api.github.com.example.com', true],
  ])('sends nothing to %s', async (_what, target, allowLoopbackApi) => {
    const result = await requestRebuild({ ...options(), apiUrl: target === 'LOCAL' ? apiUrl : target, allowLoopbackApi });
    expect(result).toEqual({
      ok: false,
      message: expect.stringMatching(/^GITHUB_API_URL recusado .*only sent to https:\/\/api\.github\.com/),
    });
    expect(received).toEqual([]);
  });

  it('says so when GitHub cannot be reached', async () => {
    const closed = apiUrl;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const result = await requestRebuild({ ...options(), apiUrl: closed });
    expect(result).toEqual({
      ok: false,
      message: expect.stringMatching(/^Não foi possível falar com o GitHub .*\(ECONNREFUSED\)/),
    });
  });
});

describe.each([
  [undefined, false, GITHUB_API],
  ['', false, GITHUB_API],
  ['https://api.github.com', false, GITHUB_API],
  ['https://API.github.com/', false, GITHUB_API],
  ['http://api.github.com', false, null],
  ['https://api.github.com:8443', false, null],
  ['https://api.github.com/v3', false, null],
  ['https://api.github.com?x=1', false, null],
  ['https://x:y@api.github.com', false, null],
  ['https://api.github.com.example.com', false, null],
  ['https://ghe.example.com/api/v3', false, null],
  ['not a url', false, null],
  ['http://127.0.0.1:8080', false, null],
  ['http://127.0.0.1:8080', true, 'http://127.0.0.1:8080'],
  ['http://127.0.0.1:8080/', true, 'http://127.0.0.1:8080'],
  ['http://localhost:8080', true, null],
  ['http://127.0.0.2:8080', true, null],
  ['http://10.0.0.1', true, null],
  ['http://evil.example', true, null],
])('apiBaseUrl(%j, allowLoopback %s)', (value, allowLoopback, expected) => {
  it(`is ${expected}`, () => {
    expect(apiBaseUrl(value, { allowLoopback })).toBe(expected);
  });
});

describe.each([
  ['https://github.com/prefeitura/turismo.git', 'prefeitura/turismo'],
  ['https://x-access-token:abc@github.com/prefeitura/turismo', 'prefeitura/turismo'],
  ['git@github.com:prefeitura/turismo.git', 'prefeitura/turismo'],
  ['ssh://git@github.com/prefeitura/turismo-bbg.git', 'prefeitura/turismo-bbg'],
  ['/srv/git/turismo', null],
])('repositoryFromRemote(%s)', (url, expected) => {
  it(`is ${expected}`, () => {
    expect(repositoryFromRemote(url)).toBe(expected);
  });
});

describe('the command', () => {
  const run = (env: Record<string, string>, args: string[] = []) =>
    exec(process.execPath, ['scripts/rebuild-request.ts', ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        GITHUB_API_URL: apiUrl,
        REBUILD_TEST_LOOPBACK_API: '1',
        ...env,
      },
    }).then(
      (output) => ({ code: 0, ...output }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('reads the token and the repository from the environment and the reason from the arguments', async () => {
    const result = await run({ REBUILD_TOKEN: TOKEN, REBUILD_REPOSITORY: 'prefeitura/turismo' }, [
      '--reason',
      'Festival de praia',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Pedido de reconstrução enviado/);
    expect(received[0]?.body).toEqual({ ref: 'main', inputs: { reason: 'Festival de praia' } });
  });

  // An environment variable cannot hold a NUL.
  it.each(MALFORMED_TOKENS.filter(([, token]) => !token?.includes('\u0000')))(
    'never prints a token with %s',
    async (_what, token) => {
      const result = await run({ REBUILD_TOKEN: token, REBUILD_REPOSITORY: 'prefeitura/turismo' });
      expect(result.code).toBe(1);
      expect(showsToken(`${result.stdout}${result.stderr}`, token)).toBe(false);
      expect(received).toEqual([]);
    },
  );

  it('sends nothing to a GITHUB_API_URL other than GitHub’s without the tests’ opt-in', async () => {
    const result = await run({ REBUILD_TOKEN: TOKEN, REBUILD_REPOSITORY: 'prefeitura/turismo', REBUILD_TEST_LOOPBACK_API: '' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^GITHUB_API_URL recusado/);
    expect(received).toEqual([]);
  });

  it('exits 1 with the reason on a refusal, and without a token', async () => {
    status = 401;
    const refused = await run({ GITHUB_TOKEN: TOKEN, GITHUB_REPOSITORY: 'prefeitura/turismo' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/token é inválido ou expirou/);
    expect(`${refused.stdout}${refused.stderr}`).not.toContain(TOKEN);

    const missing = await run({ REBUILD_REPOSITORY: 'prefeitura/turismo' });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^Falta o token/);
    expect(received).toHaveLength(1);
  });
});
