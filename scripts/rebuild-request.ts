/**
 * `npm run rebuild:request`: asks GitHub to rebuild and redeploy the site now (the editors'
 * button, from a terminal): a `workflow_dispatch` of .github/workflows/deploy.yml with a reason.
 *
 *   REBUILD_TOKEN=github_pat_… npm run rebuild:request -- --reason "Novo evento publicado"
 *
 * Environment: REBUILD_TOKEN (else GITHUB_TOKEN): a fine-grained token limited to this repository
 * with 'Actions: read and write' and nothing else (starting a workflow needs no access to the
 * code); REBUILD_REPOSITORY (else GITHUB_REPOSITORY, else the `origin` remote) as owner/name;
 * REBUILD_REF, the branch whose deploy.yml runs (default main).
 *
 * The token goes to https://api.github.com only: over HTTPS, no redirect followed, and never to
 * another GITHUB_API_URL (a value left over from another setup, or plain HTTP, is refused before
 * anything is sent). The one exception is for this script's own tests, which stand a local HTTP
 * server in for GitHub: REBUILD_TEST_LOOPBACK_API=1 lets GITHUB_API_URL be http://127.0.0.1:<port>,
 * that address and no other, so the token cannot leave the machine that way either.
 * The token is never printed, nor any part of it.
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';

/** The only API the token is sent to. */
export const GITHUB_API = 'https://api.github.com';
/** The workflow a request starts (.github/workflows/deploy.yml). */
const DEPLOY_WORKFLOW = 'deploy.yml';

interface RebuildOptions {
  token: string;
  /** owner/name */
  repository: string;
  reason: string;
  /** The branch whose deploy.yml runs; default main. */
  ref?: string;
  /** GITHUB_API by default; anything else is refused unless `allowLoopbackApi` and it is http(s)://127.0.0.1:<port>. */
  apiUrl?: string | undefined;
  /** Only for this script's tests: accept a local stand-in for the API on 127.0.0.1 (see apiBaseUrl). */
  allowLoopbackApi?: boolean;
  /** Where the editor follows the run; https://github.com by default. */
  serverUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

type RebuildResult = { ok: true; message: string } | { ok: false; message: string };

/** owner/name of a GitHub remote URL (https or ssh), or null. */
export function repositoryFromRemote(url: string): string | null {
  const match = /^(?:https?:\/\/(?:[^@/]+@)?[^/]+\/|git@[^:]+:|ssh:\/\/git@[^/]+\/)([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/.exec(
    url.trim(),
  );
  return match?.[1] ?? null;
}

/** True for owner/name as GitHub spells them; '.' and '..' are path steps, not names. */
function isRepository(value: string): boolean {
  return /^[\w.-]+\/[\w.-]+$/.test(value) && value.split('/').every((part) => !/^\.+$/.test(part));
}

/**
 * True when `token` can be a token at all: visible ASCII, no spaces. Anything else (a line break
 * or a space from a bad paste, a typographic character) would make fetch throw an error that
 * quotes the whole Authorization header, the token in it; refusing first keeps it out of every message.
 */
function isWellFormedToken(token: string): boolean {
  return /^[\x21-\x7e]{1,255}$/.test(token);
}

/**
 * The API base the token may be sent to, or null: GITHUB_API when `value` is unset or names it (a
 * trailing '/' allowed); with `allowLoopback`, also http(s)://127.0.0.1:<port> (this script's tests).
 * GitHub Enterprise is not accepted: nothing here can tell its API from any other HTTPS server.
 */
export function apiBaseUrl(value: string | undefined, { allowLoopback = false } = {}): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return GITHUB_API;
  const url = URL.parse(text);
  if (!url || url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== ''))
    return null;
  if (url.protocol === 'https:' && url.host === 'api.github.com') return GITHUB_API;
  if (allowLoopback && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname === '127.0.0.1') return url.origin;
  return null;
}

/** What each refusal means for an editor, in Portuguese and English. */
function refusal(status: number, repository: string, ref: string): string {
  if (status >= 300 && status < 400) {
    return `o repositório ${repository} mudou de nome ou de dono / the repository was renamed or moved: set REBUILD_REPOSITORY to its new owner/name.`;
  }
  switch (status) {
    case 401:
      return 'o token é inválido ou expirou / the token is invalid or has expired: create a new one (docs/editores.md).';
    case 403:
      return "o token não tem permissão / the token lacks permission: it needs 'Actions: read and write' on this repository.";
    case 404:
      return `o repositório ${repository} (ou o workflow ${DEPLOY_WORKFLOW}) não existe ou o token não tem acesso a ele / the repository or its workflow does not exist, or the token cannot see it.`;
    case 422:
      return `o GitHub recusou o pedido / GitHub refused the request: the branch ${ref} does not exist, or its ${DEPLOY_WORKFLOW} has no 'Run workflow' (workflow_dispatch) with a 'reason' input.`;
    default:
      return `o GitHub respondeu ${status} / GitHub answered ${status}; try again in a few minutes.`;
  }
}

/** Why fetch failed, in words that cannot carry the request's headers: a timeout, or the system's error code. */
function unreachable(error: unknown): string {
  if ((error as Error).name === 'TimeoutError') return 'no answer in time';
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,40}$/.test(code) ? code : 'network error';
}

/** Starts the deploy workflow; resolves with what to tell the editor (never throws, never includes the token). */
export async function requestRebuild(options: RebuildOptions): Promise<RebuildResult> {
  const ref = options.ref ?? 'main';
  if (!isWellFormedToken(options.token)) {
    return {
      ok: false,
      message:
        'O token tem caracteres que um token não tem / the token holds characters no token has (a space, a line break, a non-ASCII character): copy it again.',
    };
  }
  if (!isRepository(options.repository)) {
    return { ok: false, message: 'Repositório desconhecido / unknown repository: set REBUILD_REPOSITORY=owner/name.' };
  }
  const api = apiBaseUrl(options.apiUrl, { allowLoopback: options.allowLoopbackApi ?? false });
  if (!api) {
    return {
      ok: false,
      message: `GITHUB_API_URL recusado / refused: the token is only sent to ${GITHUB_API}; unset GITHUB_API_URL.`,
    };
  }
  const doFetch = options.fetch ?? fetch;
  const endpoint = `${api}/repos/${options.repository}/actions/workflows/${DEPLOY_WORKFLOW}/dispatches`;
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
      body: JSON.stringify({ ref, inputs: { reason: options.reason } }),
      // A redirect is answered, not followed: the token goes to the one address checked above.
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
  } catch (error) {
    return { ok: false, message: `Não foi possível falar com o GitHub / could not reach GitHub (${unreachable(error)}).` };
  }
  const actions = `${(options.serverUrl ?? 'https://github.com').replace(/\/+$/, '')}/${options.repository}/actions/workflows/${DEPLOY_WORKFLOW}`;
  if (response.ok) {
    return {
      ok: true,
      message: `Pedido de reconstrução enviado / rebuild requested for ${options.repository}. Acompanhe / follow it at ${actions} (the site is updated in a few minutes when the run is green).`,
    };
  }
  return { ok: false, message: `Pedido recusado / request refused: ${refusal(response.status, options.repository, ref)}` };
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
  if (!repository || !isRepository(repository)) {
    console.error('Repositório desconhecido / unknown repository: set REBUILD_REPOSITORY=owner/name.');
    process.exit(1);
  }
  const result = await requestRebuild({
    token,
    repository,
    reason: (values.reason ?? positionals.join(' ')).trim() || 'npm run rebuild:request',
    ref: env.REBUILD_REF?.trim() || 'main',
    apiUrl: env.GITHUB_API_URL,
    allowLoopbackApi: env.REBUILD_TEST_LOOPBACK_API === '1',
  });
  if (result.ok) console.log(result.message);
  else console.error(result.message);
  process.exit(result.ok ? 0 : 1);
}
