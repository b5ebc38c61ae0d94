/**
 * The secrets gate: no credential of the sync (docs/architecture.md, Secrets) may appear anywhere in the
 * built site: in the bytes of any file, in the encodings a page or a bundle would carry it in, in
 * the text of a page as a reader or an indexer sees it (markup can split a value:
 * `abc<span>def</span>` reads `abcdef`), and in the search index once decompressed.
 *
 * The gate holds no secret: it searches for their salted fingerprints (fingerprints.ts), which the
 * sync writes from the secrets it has (SECRET_FINGERPRINTS_FILE; gateFingerprints). The sync itself
 * looks for the secrets in every record (secretsIn), in the same forms and a few more.
 */
import { Buffer } from 'node:buffer';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeEntities, type ScannedPage, textContent } from '../../src/integrations/html-scan.ts';
import { AT_THE_SOURCE, isPageFile, pageName, STAYS_ONLINE } from './editor.ts';
import {
  findFingerprints,
  fingerprintNeedles,
  type Needle,
  type NeedleUse,
  readFingerprints,
  type SecretFingerprints,
  writeFingerprints,
} from './fingerprints.ts';
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

/** What a credential is, in the editors' words: never its name's variable, never its value. */
const CREDENTIAL = 'uma chave de acesso (uma senha que o site usa para ler as fontes)';
/** Why it matters and who else must act: a published key must be replaced, not only removed. */
const REPLACE_KEY = 'Avise também a equipe técnica, que precisa trocar essa chave.';

/** The editors' reason for a credential found in a page's text: it came from an item, and is removed there. */
function secretInPage(file: string): string {
  return (
    `A página ${pageName(file)} contém ${CREDENTIAL}, que não pode ser publicada. ` +
    `Retire-a do texto desse item ${AT_THE_SOURCE}. ${REPLACE_KEY} ${STAYS_ONLINE}`
  );
}

/** One problem per file of `distDir` that holds a secret in any of its forms (the value is never printed). */
export async function checkSecrets(
  distDir: string,
  files: readonly string[],
  fingerprints: SecretFingerprints,
): Promise<Problem[]> {
  if (fingerprints.fingerprints.length === 0) return [];
  const problems: Problem[] = [];
  for (const file of files) {
    const content = await readFile(path.join(distDir, file));
    const found = new Set(findFingerprints(content, fingerprints, ['bytes']).map(({ name, form }) => `${name} (${form})`));
    for (const key of found) {
      problems.push({
        gate: 'secrets',
        message: `${file} contains the value of ${key}.`,
        // A page's bytes hold what its item says; any other file (a bundle, a data file) is the build's doing.
        editor: isPageFile(file)
          ? secretInPage(file)
          : `O arquivo ${file} do site construído contém ${CREDENTIAL}, que não pode ser publicada. É um problema ` +
            `técnico da construção do site: avise a equipe técnica imediatamente, pois a chave precisa ser trocada. ${STAYS_ONLINE}`,
      });
    }
  }
  return problems;
}

/** Characters a reader never sees, which markup or data can slip into a value: soft hyphen, zero-width spaces and joiners, word joiner, BOM. */
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;

/** Two views of a text: whitespace collapsed as a reader sees it, and with no whitespace or invisible character at all. */
function views(text: string): { collapsed: string; compact: string } {
  return {
    collapsed: text.replace(INVISIBLE, '').replace(/\s+/g, ' '),
    compact: text.replace(INVISIBLE, '').replace(/\s+/g, ''),
  };
}

/**
 * The texts the gate looks for, for one secret, each with where it looks (fingerprints.ts, NeedleUse):
 * every encoding (encodingsOf) in the files' bytes; lower-cased in the search index, whose words are;
 * and as a reader reads it, without whitespace or invisible characters, in the text of pages and of
 * the index (a text holds the value, however split by whitespace, when its compact view holds the
 * value's: secretsInText).
 */
export function gateNeedles(secret: Secret): Needle[] {
  const needle = (form: string, use: NeedleUse, text: string) => ({ name: secret.name, form, use, text });
  return [
    ...encodingsOf(secret.value).map(({ form, text }) => needle(form, 'bytes', text)),
    needle('lower-cased', 'index', secret.value.toLowerCase()),
    needle('as a reader reads it', 'text', views(secret.value).compact),
  ];
}

/** The salted fingerprints of `secrets` (a new random salt unless given), for the gate. */
export function fingerprintSecrets(
  secrets: readonly Secret[],
  options: { salt?: string; tooShort?: readonly string[] } = {},
): SecretFingerprints {
  return fingerprintNeedles(secrets.flatMap(gateNeedles), options);
}

/** The variable that names the file of fingerprints: the sync writes it, the gate reads it. */
export const FINGERPRINTS_VARIABLE = 'SECRET_FINGERPRINTS_FILE';

/**
 * Writes the salted fingerprints of the secrets of `env` where SECRET_FINGERPRINTS_FILE says, when it
 * says (the sync, first: the one step of the deploy that holds the secrets). The file, or null.
 */
export async function writeGateFingerprints(env: Readonly<Record<string, string | undefined>>): Promise<string | null> {
  const file = env[FINGERPRINTS_VARIABLE]?.trim();
  if (!file) return null;
  const { secrets, tooShort } = secretsFromEnv(env);
  await writeFingerprints(path.resolve(file), fingerprintSecrets(secrets, { tooShort }));
  return file;
}

/**
 * What the gate searches for: the fingerprints of SECRET_FINGERPRINTS_FILE when it is set (the deploy
 * workflow's gate, which has no secret), and those of the secrets in `env` (a person's run with a
 * .env). Throws when the file is set but cannot be read, so that a gate never passes a site it did
 * not search.
 */
export async function gateFingerprints(env: Readonly<Record<string, string | undefined>>): Promise<SecretFingerprints> {
  const file = env[FINGERPRINTS_VARIABLE]?.trim();
  const written = file ? await readFingerprints(file) : null;
  const { secrets, tooShort } = secretsFromEnv(env);
  const own = fingerprintSecrets(secrets, { tooShort, ...(written ? { salt: written.salt } : {}) });
  if (!written) return own;
  return {
    salt: written.salt,
    fingerprints: [...written.fingerprints, ...own.fingerprints],
    tooShort: [...new Set([...written.tooShort, ...own.tooShort])],
  };
}

/** The secrets a set of fingerprints stands for, by name. */
export function fingerprintedSecrets(fingerprints: SecretFingerprints): string[] {
  return [...new Set(fingerprints.fingerprints.map((fingerprint) => fingerprint.name))];
}

/** The names of the secrets whose compact view `text` holds (secretsInText, from fingerprints alone). */
function fingerprintsInText(text: string, fingerprints: SecretFingerprints): Set<string> {
  const compact = Buffer.from(views(text).compact);
  return new Set(findFingerprints(compact, fingerprints, ['text']).map((fingerprint) => fingerprint.name));
}

/**
 * The secrets whose value a text holds once read as a person or an indexer reads it, in any case (the
 * search index holds its words lower-cased): what the sync drops a record for. The gate reads the
 * same compact view from the fingerprints alone (fingerprintsInText).
 */
function secretsInText(text: string, secrets: readonly Secret[]): Secret[] {
  const { collapsed, compact } = views(text.toLowerCase());
  return secrets.filter((secret) => {
    const value = views(secret.value.toLowerCase());
    return collapsed.includes(value.collapsed) || (value.compact.length > 0 && compact.includes(value.compact));
  });
}

/** %-escapes decoded where they decode (a lone '%' or a broken sequence stays as it is). */
function decodePercent(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** Runs of base64 or base64url long enough to hold a credential (12 characters are 9 bytes). */
const BASE64_RUN = /[A-Za-z0-9+/_-]{12,}={0,2}/g;

/** Each base64 run of the text decoded, the credential possibly inside a longer encoded value (`Bearer …`). */
function decodedBase64Runs(text: string): string[] {
  return [...text.matchAll(BASE64_RUN)].map(([run]) =>
    Buffer.from(run.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1'),
  );
}

/** A secret a text carries, and the form it carries it in (for the report; never the value). */
interface SecretFound {
  secret: Secret;
  form: string;
}

/**
 * Every secret a text carries in a form the gate would refuse, each once, with the first form found:
 * - in its characters, in one of the encodings a page or a bundle carries it in (encodingsOf: what
 *   checkSecrets finds in a file's bytes), or in another case (checkSearchIndex finds it
 *   lower-cased in the index);
 * - as a reader or an indexer reads it (secretsInText, as checkPageText reads a page): with its tags
 *   removed and its entities decoded, and with only its entities decoded (an attribute's value), so
 *   that whitespace, a line break, markup or an invisible character inside the value does not hide
 *   it; also with its %-escapes decoded;
 * - base64-encoded inside a longer run (`Bearer <token>` encoded whole), which a decoder reads back.
 *
 * The sync drops every record that carries one (scripts/sync/normalise/records.ts), so the gate never
 * has to refuse a whole site for one record.
 */
export function secretsIn(text: string, secrets: readonly Secret[]): SecretFound[] {
  if (secrets.length === 0 || text.length === 0) return [];
  const lower = text.toLowerCase();
  const readable = [textContent(text), decodeEntities(text)];
  readable.push(...readable.map(decodePercent));
  const read = new Set(readable.flatMap((view) => secretsInText(view, secrets)));
  const decoded = decodedBase64Runs(text);
  return secrets.flatMap((secret): SecretFound[] => {
    const encoded = encodingsOf(secret.value).find((encoding) => text.includes(encoding.text));
    if (encoded) return [{ secret, form: encoded.form }];
    if (lower.includes(secret.value.toLowerCase())) return [{ secret, form: 'in another case' }];
    if (read.has(secret)) return [{ secret, form: 'as a reader reads it (split by whitespace, markup, entities or escapes)' }];
    if (decoded.some((value) => value.includes(secret.value))) return [{ secret, form: 'base64-encoded inside a longer value' }];
    return [];
  });
}

/** Each secret's parts of MIN_SECRET_LENGTH characters, in every encoding, lower-cased; per list of secrets. */
const partsCache = new WeakMap<readonly Secret[], Set<string>>();

function secretParts(secrets: readonly Secret[]): Set<string> {
  let parts = partsCache.get(secrets);
  if (!parts) {
    parts = new Set();
    for (const secret of secrets)
      for (const { text } of encodingsOf(secret.value)) {
        const lower = text.toLowerCase();
        for (let start = 0; start + MIN_SECRET_LENGTH <= lower.length; start++)
          parts.add(lower.slice(start, start + MIN_SECRET_LENGTH));
      }
    partsCache.set(secrets, parts);
  }
  return parts;
}

/**
 * True when `text` holds MIN_SECRET_LENGTH characters or more of a secret, anywhere in it (its start,
 * its middle, its end), in any encoding the gate knows or in another case, also with whitespace or
 * invisible characters, markup or entities inside, or %-escapes (and whole, in every form secretsIn
 * finds). For an excerpt: a text cut short may end in the first
 * characters of a secret that secretsIn, which looks for whole values, cannot see; such an excerpt is
 * not shown at all (scripts/sync/notes.ts).
 */
export function holdsSecretPart(text: string, secrets: readonly Secret[]): boolean {
  if (secrets.length === 0) return false;
  const parts = secretParts(secrets);
  const lower = text.toLowerCase();
  const read = [lower, textContent(lower), decodeEntities(lower)].flatMap((view) => {
    const { collapsed, compact } = views(view);
    return [view, collapsed, compact, decodePercent(compact)];
  });
  const holdsPart = (view: string) => {
    for (let start = 0; start + MIN_SECRET_LENGTH <= view.length; start++)
      if (parts.has(view.slice(start, start + MIN_SECRET_LENGTH))) return true;
    return false;
  };
  return read.some(holdsPart) || secretsIn(text, secrets).length > 0;
}

/**
 * The text a page shows and an indexer reads: its text with the tags removed (split values joined
 * again, entities decoded) and its attribute values decoded (alt, title, content, ...). One problem
 * per secret found; `file` names the page.
 */
export function checkPageText(file: string, { tags, text }: ScannedPage, fingerprints: SecretFingerprints): Problem[] {
  if (fingerprints.fingerprints.length === 0) return [];
  const found = new Map<string, string>();
  for (const name of fingerprintsInText(text, fingerprints)) found.set(name, 'in its text with the tags removed');
  // All attribute values at once (one pass per page); only where one is found, the tag is looked for.
  const attributes = tags.flatMap((tag) => [...tag.attributes.values()]).join('\n');
  for (const name of fingerprintsInText(attributes, fingerprints)) {
    if (found.has(name)) continue;
    const tag = tags.find((candidate) =>
      fingerprintsInText([...candidate.attributes.values()].join('\n'), fingerprints).has(name),
    );
    found.set(name, tag ? `in an attribute of <${tag.name}>` : 'in its attributes');
  }
  return [...found].map(([name, where]) => ({
    gate: 'secrets' as const,
    message: `${file} contains the value of ${name} (${where}).`,
    editor: secretInPage(file),
  }));
}

/** Pagefind's files start, once decompressed, with this signature. */
const PAGEFIND_SIGNATURE = Buffer.from('pagefind_dcd');
/** No file of our own index comes near this; a larger one is not decompressed further. */
const MAX_INDEX_FILE_BYTES = 64 * 1024 * 1024;

/** A Pagefind file's content once decompressed (gzip, then the signature), or null for other files. */
export function decompressPagefind(content: Buffer): Buffer | null {
  if (content[0] !== 0x1f || content[1] !== 0x8b) return null;
  let raw: Buffer;
  try {
    raw = gunzipSync(content, { maxOutputLength: MAX_INDEX_FILE_BYTES });
  } catch {
    return null;
  }
  return raw.subarray(0, PAGEFIND_SIGNATURE.length).equals(PAGEFIND_SIGNATURE) ? raw.subarray(PAGEFIND_SIGNATURE.length) : null;
}

/** Every string inside a JSON value (a fragment's content, title, meta and filters). */
function jsonStrings(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) jsonStrings(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) jsonStrings(item, into);
  return into;
}

/**
 * The search index (`pagefind/`): its fragments (each page's text, title and meta, as JSON), word
 * index chunks (lower-cased words), filters and metadata are gzip-compressed, so the bytes on disk
 * hide what a visitor's search returns. Each is decompressed and searched: the value in its
 * encodings, lower-cased (as indexed words are), and the text of the fragments as a reader sees it.
 */
export async function checkSearchIndex(
  distDir: string,
  files: readonly string[],
  fingerprints: SecretFingerprints,
): Promise<Problem[]> {
  if (fingerprints.fingerprints.length === 0) return [];
  const problems: Problem[] = [];
  for (const file of files.filter((name) => name.startsWith('pagefind/'))) {
    const content = decompressPagefind(await readFile(path.join(distDir, file)));
    if (!content) continue;
    const found = new Set(findFingerprints(content, fingerprints, ['bytes', 'index']).map((fingerprint) => fingerprint.name));
    if (content[0] === 0x7b) {
      try {
        for (const name of fingerprintsInText(jsonStrings(JSON.parse(content.toString('utf8'))).join(''), fingerprints))
          found.add(name);
      } catch {
        // Not JSON after all: its bytes were searched above.
      }
    }
    for (const name of found) {
      problems.push({
        gate: 'secrets',
        message: `${file} contains the value of ${name} (in the search index, decompressed).`,
        editor:
          `A busca do site (o arquivo ${file}) contém ${CREDENTIAL}, que não pode ser publicada: ela veio do texto de ` +
          `um item, cuja página aparece também entre estes motivos. Retire-a do texto desse item ${AT_THE_SOURCE}. ` +
          `${REPLACE_KEY} ${STAYS_ONLINE}`,
      });
    }
  }
  return problems;
}
