/**
 * `npm run rebuild:request` against a real HTTP server on 127.0.0.1 standing in for the GitHub API:
 * the dispatch it sends, and what the editor reads on success and on each refusal.
 */
import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repositoryFromRemote, requestRebuild } from '../../scripts/rebuild-request.ts';

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

beforeEach(async () => {
  received = [];
  status = 204;
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
      response.writeHead(status, { 'Content-Type': 'application/json' });
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
  serverUrl: 'https://github.com',
});

describe('requestRebuild', () => {
  it('sends a repository_dispatch of type rebuild with the token and the reason', async () => {
    const result = await requestRebuild(options());
    expect(result).toEqual({
      ok: true,
      message: expect.stringContaining('https://github.com/prefeitura/turismo/actions/workflows/deploy.yml'),
    });
    expect(received).toEqual([
      {
        method: 'POST',
        url: '/repos/prefeitura/turismo/dispatches',
        headers: expect.objectContaining({
          authorization: `Bearer ${TOKEN}`,
          accept: 'application/vnd.github+json',
          'x-github-api-version': '2022-11-28',
        }),
        body: { event_type: 'rebuild', client_payload: { reason: 'Novo evento' } },
      },
    ]);
  });

  it.each([
    [401, /token é inválido ou expirou/],
    [403, /Contents: read and write/],
    [404, /prefeitura\/turismo não existe ou o token não tem acesso/],
    [422, /recusou o pedido/],
    [500, /respondeu 500/],
  ])('explains a %i without showing the token', async (answer, explanation) => {
    status = answer;
    const result = await requestRebuild(options());
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(explanation);
    expect(result.message).not.toContain(TOKEN);
  });

  it('says so when GitHub cannot be reached', async () => {
    const closed = apiUrl;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const result = await requestRebuild({ ...options(), apiUrl: closed });
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/^Não foi possível falar com o GitHub/) });
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
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', GITHUB_API_URL: apiUrl, ...env },
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
    expect(received[0]?.body).toEqual({ event_type: 'rebuild', client_payload: { reason: 'Festival de praia' } });
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
