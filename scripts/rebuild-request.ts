/**
 * `npm run rebuild:request`: asks GitHub to rebuild and redeploy the site now (the editors'
 * webhook): a `repository_dispatch` of type `rebuild`, which starts .github/workflows/deploy.yml.
 *
 *   REBUILD_TOKEN=github_pat_… npm run rebuild:request -- --reason "Novo evento publicado"
 *
 * Environment: REBUILD_TOKEN (else GITHUB_TOKEN): a fine-grained token limited to this repository
 * with 'Contents: read and write'; REBUILD_REPOSITORY (else GITHUB_REPOSITORY, else the `origin`
 * remote) as owner/name; GITHUB_API_URL and GITHUB_SERVER_URL for GitHub Enterprise or tests.
 * The token is never printed.
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';

export interface RebuildOptions {
  token: string;
  /** owner/name */
  repository: string;
  reason: string;
  apiUrl: string;
  serverUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export type RebuildResult = { ok: true; message: string } | { ok: false; message: string };

/** owner/name of a GitHub remote URL (https or ssh), or null. */
export function repositoryFromRemote(url: string): string | null {
  const match = /^(?:https?:\/\/(?:[^@/]+@)?[^/]+\/|git@[^:]+:|ssh:\/\/git@[^/]+\/)([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/.exec(
    url.trim(),
  );
  return match?.[1] ?? null;
}

/** What each refusal means for an editor, in Portuguese and English. */
function refusal(status: number, repository: string): string {
  switch (status) {
    case 401:
      return 'o token é inválido ou expirou / the token is invalid or has expired: create a new one (docs/editores.md).';
    case 403:
      return "o token não tem permissão / the token lacks permission: it needs 'Contents: read and write' on this repository.";
    case 404:
      return `o repositório ${repository} não existe ou o token não tem acesso a ele / the repository does not exist or the token cannot see it.`;
    case 422:
      return 'o GitHub recusou o pedido / GitHub refused the request (invalid event).';
    default:
      return `o GitHub respondeu ${status} / GitHub answered ${status}; try again in a few minutes.`;
  }
}

/** Sends the dispatch; resolves with what to tell the editor (never throws, never includes the token). */
export async function requestRebuild(options: RebuildOptions): Promise<RebuildResult> {
  const doFetch = options.fetch ?? fetch;
  const endpoint = `${options.apiUrl.replace(/\/+$/, '')}/repos/${options.repository}/dispatches`;
  let response: Response;
  try {
    response = await doFetch(endpoint, {
      method: 'POST',
      headers: {
        Accept: 'application/vnd.github+json',
        Authorization: `Bearer ${options.token}`,
        'Content-Type': 'application/json',
        'User-Agent': 'rebuild-request',
        'X-GitHub-Api-Version': '2022-11-28',
      },
      body: JSON.stringify({ event_type: 'rebuild', client_payload: { reason: options.reason } }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? 'no answer in time' : (error as Error).message;
    return { ok: false, message: `Não foi possível falar com o GitHub / could not reach GitHub (${reason}).` };
  }
  const actions = `${options.serverUrl.replace(/\/+$/, '')}/${options.repository}/actions/workflows/deploy.yml`;
  if (response.status === 204 || response.ok) {
    return {
      ok: true,
      message: `Pedido de reconstrução enviado / rebuild requested for ${options.repository}. Acompanhe / follow it at ${actions} (the site is updated in a few minutes when the run is green).`,
    };
  }
  return { ok: false, message: `Pedido recusado / request refused: ${refusal(response.status, options.repository)}` };
}

function originRepository(): string | null {
  try {
    return repositoryFromRemote(execFileSync('git', ['remote', 'get-url', 'origin'], { encoding: 'utf8' }));
  } catch {
    return null;
  }
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({ options: { reason: { type: 'string' } }, allowPositionals: true });
  const env = process.env;
  const token = env.REBUILD_TOKEN?.trim() || env.GITHUB_TOKEN?.trim();
  const repository = env.REBUILD_REPOSITORY?.trim() || env.GITHUB_REPOSITORY?.trim() || originRepository();
  if (!token) {
    console.error('Falta o token / no token: set REBUILD_TOKEN (a fine-grained token for this repository: docs/editores.md).');
    process.exit(1);
  }
  if (!repository || !/^[\w.-]+\/[\w.-]+$/.test(repository)) {
    console.error('Repositório desconhecido / unknown repository: set REBUILD_REPOSITORY=owner/name.');
    process.exit(1);
  }
  const result = await requestRebuild({
    token,
    repository,
    reason: (values.reason ?? positionals.join(' ')).trim() || 'npm run rebuild:request',
    apiUrl: env.GITHUB_API_URL?.trim() || 'https://api.github.com',
    serverUrl: env.GITHUB_SERVER_URL?.trim() || 'https://github.com',
  });
  if (result.ok) console.log(result.message);
  else console.error(result.message);
  process.exit(result.ok ? 0 : 1);
}
