/**
 * The secrets gate: no credential of the sync (DESIGN.md, Secrets) may appear anywhere in the
 * built site, in plain text or in the encodings a page or a bundle would carry it in.
 */
import { Buffer } from 'node:buffer';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Problem } from './problem.ts';

export interface Secret {
  /** Where the value comes from, e.g. 'PROVIDER_API_TOKEN'; never the value itself. */
  name: string;
  value: string;
}

/** Variables the configuration contract defines as secret, whatever their shape. */
const KNOWN_SECRETS = ['PROVIDER_API_TOKEN', 'SPOTIFY_CLIENT_SECRET', 'REBUILD_TOKEN', 'GITHUB_TOKEN'];
/** Any other variable whose name says it holds a credential. */
const SECRET_NAME = /(TOKEN|SECRET|PASSWORD|PASSWD|PRIVATE_KEY|API_KEY|ACCESS_KEY|CREDENTIALS?)$/i;
/** Shorter values would match ordinary text and images by chance; real credentials are longer. */
export const MIN_SECRET_LENGTH = 8;

/**
 * The secret values of an environment: the known secrets, any variable named like a credential,
 * the Spotify client id when it looks like one (an opaque token, not a readable word), and the
 * HTTP Basic credentials the sync builds from the client id and secret.
 */
export function secretsFromEnv(env: Readonly<Record<string, string | undefined>>): { secrets: Secret[]; tooShort: string[] } {
  const secrets: Secret[] = [];
  const tooShort: string[] = [];
  const seen = new Set<string>();
  const add = (name: string, raw: string | undefined) => {
    const value = raw?.trim();
    if (!value || seen.has(name)) return;
    seen.add(name);
    if (value.length < MIN_SECRET_LENGTH) tooShort.push(name);
    else if (!secrets.some((secret) => secret.value === value)) secrets.push({ name, value });
  };
  for (const name of KNOWN_SECRETS) add(name, env[name]);
  for (const [name, value] of Object.entries(env)) if (SECRET_NAME.test(name)) add(name, value);
  const clientId = env.SPOTIFY_CLIENT_ID?.trim();
  if (clientId && /^[A-Za-z0-9_-]{16,}$/.test(clientId)) add('SPOTIFY_CLIENT_ID', clientId);
  const clientSecret = env.SPOTIFY_CLIENT_SECRET?.trim();
  if (clientId && clientSecret) {
    add('the Spotify client credentials (HTTP Basic)', Buffer.from(`${clientId}:${clientSecret}`).toString('base64'));
  }
  return { secrets, tooShort };
}

/** The forms a value can take in a page or a bundle, each with a label for the report. */
export function encodingsOf(value: string): { form: string; text: string }[] {
  const forms = [
    { form: 'as it is', text: value },
    { form: 'URL-encoded', text: encodeURIComponent(value) },
    { form: 'JSON-escaped', text: JSON.stringify(value).slice(1, -1) },
    { form: 'base64-encoded', text: Buffer.from(value).toString('base64').replace(/=+$/, '') },
    { form: 'base64url-encoded', text: Buffer.from(value).toString('base64url') },
    {
      form: 'HTML-escaped',
      text: value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'),
    },
  ];
  return forms.filter((entry, index) => forms.findIndex((other) => other.text === entry.text) === index);
}

/** One problem per file of `distDir` that holds a secret in any of its forms (the value is never printed). */
export async function checkSecrets(distDir: string, files: readonly string[], secrets: readonly Secret[]): Promise<Problem[]> {
  if (secrets.length === 0) return [];
  const needles = secrets.flatMap((secret) =>
    encodingsOf(secret.value).map((encoding) => ({ ...encoding, name: secret.name, bytes: Buffer.from(encoding.text) })),
  );
  const problems: Problem[] = [];
  for (const file of files) {
    const content = await readFile(path.join(distDir, file));
    const found = new Set<string>();
    for (const needle of needles) {
      const key = `${needle.name} (${needle.form})`;
      if (!found.has(key) && content.includes(needle.bytes)) found.add(key);
    }
    for (const key of found) {
      problems.push({ gate: 'secrets', message: `${file} contains the value of ${key}.` });
    }
  }
  return problems;
}
