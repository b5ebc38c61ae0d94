/**
 * The gate holds no secret: it searches dist/ for the salted fingerprints the sync writes
 * (scripts/verify/fingerprints.ts, SECRET_FINGERPRINTS_FILE). From them alone it finds a secret in every
 * form it would find the value in: each encoding in a file's bytes, lower-cased in the decompressed
 * search index, split by whitespace, markup or entities in a page's text. It finds nothing in clean
 * files, nor in near misses, and the file of fingerprints holds no form of the secret.
 */
import { Buffer } from 'node:buffer';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANCHOR_BYTES,
  findFingerprints,
  fingerprintNeedles,
  readFingerprints,
  writeFingerprints,
} from '../../scripts/verify/fingerprints.ts';
import {
  checkPageText,
  checkSearchIndex,
  checkSecrets,
  encodingsOf,
  FINGERPRINTS_VARIABLE,
  fingerprintSecrets,
  gateFingerprints,
  type Secret,
  secretsFromEnv,
  secretsIn,
} from '../../scripts/verify/secrets.ts';
import { scanPage } from '../../src/integrations/html-scan.ts';
import { runSyncScript, setUpSyncWorkspace } from '../support/sync-helpers.ts';

/** A token whose six encodings all differ (each of / " & < > ? ~ is written otherwise by one of them). */
const TOKEN = 'Tok3n/Quiz"Wolf&Jump<9>~~~?Rq';
const SECRETS: Secret[] = [{ name: 'PROVIDER_API_TOKEN', value: TOKEN }];
const FINGERPRINTS = fingerprintSecrets(SECRETS);
const half = Math.floor(TOKEN.length / 2);

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'secret-fingerprints-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** A folder of `work` holding `files`, and their names. */
async function distWith(files: Record<string, string | Uint8Array>): Promise<{ dist: string; names: string[] }> {
  const dist = await mkdtemp(path.join(work, 'dist-'));
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dist, name)), { recursive: true });
    await writeFile(path.join(dist, name), content);
  }
  return { dist, names: Object.keys(files) };
}

/** A file of the search index as Pagefind writes it: the signature, then the content, gzip-compressed. */
const indexFile = (content: string) => gzipSync(Buffer.concat([Buffer.from('pagefind_dcd'), Buffer.from(content)]));

describe('the gate finds a secret from its fingerprints alone', () => {
  it('covers the six encodings of the test token', () => {
    expect(encodingsOf(TOKEN)).toHaveLength(6);
  });

  it.each(encodingsOf(TOKEN).map(({ form, text }) => [form, text]))('in a file’s bytes, %s', async (form, text) => {
    const { dist, names } = await distWith({ '_astro/chunk.js': `const leaked = "${text}";` });
    const problems = await checkSecrets(dist, names, FINGERPRINTS);
    expect(problems.map((problem) => problem.message)).toEqual([
      `_astro/chunk.js contains the value of PROVIDER_API_TOKEN (${form}).`,
    ]);
  });

  it.each([
    ['at the very start', `${TOKEN} e mais`],
    ['at the very end', `texto ${TOKEN}`],
    ['alone, the whole file', TOKEN],
    ['twice, after its own first bytes', `${TOKEN.slice(0, ANCHOR_BYTES)}${TOKEN}${TOKEN}`],
  ])('in a file’s bytes, %s', async (_where, content) => {
    const { dist, names } = await distWith({ 'data.txt': content });
    expect(await checkSecrets(dist, names, FINGERPRINTS)).toHaveLength(1);
  });

  it.each([
    [
      'split by markup',
      `<p>chave ${TOKEN.slice(0, half)}<span class="x">${TOKEN.slice(half)}</span></p>`,
      'in its text with the tags removed',
    ],
    [
      'split by a line break and a zero-width space',
      `<p>${TOKEN.slice(0, half)}\n<b>&#8203;${TOKEN.slice(half)}</b></p>`,
      'in its text with the tags removed',
    ],
    [
      'written with character references',
      `<p>${[...TOKEN].map((char) => `&#${char.charCodeAt(0)};`).join('')}</p>`,
      'in its text with the tags removed',
    ],
    [
      'split by spaces in an attribute',
      `<img src="/a.svg" alt="${TOKEN.slice(0, 5)}  ${TOKEN.slice(5).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}">`,
      'in an attribute of <img>',
    ],
  ])('in a page’s text, %s', (_form, html, where) => {
    expect(checkPageText('news/1008.html', scanPage(html), FINGERPRINTS).map((problem) => problem.message)).toEqual([
      `news/1008.html contains the value of PROVIDER_API_TOKEN (${where}).`,
    ]);
  });

  it.each([
    ['lower-cased in a word index chunk', 'pagefind/index/pt_1.pf_index', `palavras ${TOKEN.toLowerCase()} outras`],
    [
      'split by a space in a fragment',
      'pagefind/fragment/pt_1.pf_fragment',
      JSON.stringify({ content: `${TOKEN.slice(0, half)} ${TOKEN.slice(half)}` }),
    ],
    [
      'split across two strings of a fragment',
      'pagefind/fragment/pt_2.pf_fragment',
      JSON.stringify({ content: TOKEN.slice(0, half), title: TOKEN.slice(half) }),
    ],
  ])('in the decompressed search index, %s', async (_form, name, content) => {
    const { dist, names } = await distWith({ [name]: indexFile(content) });
    // The compressed bytes hide it from the files' search: only the index's finds it.
    expect(await checkSecrets(dist, names, FINGERPRINTS)).toEqual([]);
    expect((await checkSearchIndex(dist, names, FINGERPRINTS)).map((problem) => problem.message)).toEqual([
      `${name} contains the value of PROVIDER_API_TOKEN (in the search index, decompressed).`,
    ]);
  });

  it('after the round trip through the file the sync writes and the gate reads', async () => {
    const file = path.join(work, 'round-trip.json');
    await writeFingerprints(file, FINGERPRINTS);
    const { dist, names } = await distWith({ 'index.html': `<p>${TOKEN}</p>` });
    expect(await checkSecrets(dist, names, await readFingerprints(file))).toHaveLength(1);
  });
});

describe('the gate finds nothing where the secret is not', () => {
  const nearMisses: [string, string][] = [
    ['an ordinary page', '<!doctype html><html><body><p>Trilha de 6 km com guia credenciado.</p></body></html>'],
    ['the token’s first bytes, whose anchor matches', `${TOKEN.slice(0, ANCHOR_BYTES)} e o resto não`],
    ['the token with its last character changed', `${TOKEN.slice(0, -1)}r`],
    ['half of the token', TOKEN.slice(0, half)],
    ['the token in capitals', TOKEN.toUpperCase()],
  ];

  it.each(nearMisses)('in %s', async (_what, text) => {
    const html = `<p>${text}</p>`;
    const { dist, names } = await distWith({
      'page.html': html,
      'pagefind/fragment/pt_1.pf_fragment': indexFile(JSON.stringify({ content: text })),
    });
    expect(await checkSecrets(dist, names, FINGERPRINTS)).toEqual([]);
    expect(checkPageText('page.html', scanPage(html), FINGERPRINTS)).toEqual([]);
    expect(await checkSearchIndex(dist, names, FINGERPRINTS)).toEqual([]);
  });

  it('in anything, without secrets to look for', async () => {
    const { dist, names } = await distWith({ 'page.html': TOKEN });
    expect(await checkSecrets(dist, names, fingerprintSecrets([]))).toEqual([]);
  });
});

describe('findFingerprints', () => {
  // A small alphabet, a multi-byte letter among them, so that partial and overlapping matches are common.
  const text = (maxLength: number) => fc.string({ unit: fc.constantFrom('a', 'b', 'é'), maxLength });

  it('finds a text exactly where its bytes are, as Buffer.includes does, whatever its length', () => {
    fc.assert(
      fc.property(text(60), fc.array(text(40), { minLength: 1, maxLength: 4 }), (haystack, texts) => {
        // Empty texts have no fingerprint: each fingerprint stands for the needle of the same index.
        const needles = texts
          .filter((needle) => needle.length > 0)
          .map((needle, index) => ({ name: `S${index}`, form: 'as it is', use: 'bytes' as const, text: needle }));
        const fingerprints = fingerprintNeedles(needles);
        const bytes = Buffer.from(haystack);
        const expected = fingerprints.fingerprints.filter((_fingerprint, index) =>
          bytes.includes(Buffer.from(needles[index]?.text ?? '')),
        );
        expect(findFingerprints(bytes, fingerprints, ['bytes'])).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('looks only for the uses it is asked for', () => {
    const fingerprints = fingerprintSecrets(SECRETS);
    const lower = Buffer.from(TOKEN.toLowerCase());
    expect(findFingerprints(lower, fingerprints, ['bytes'])).toEqual([]);
    expect(findFingerprints(lower, fingerprints, ['bytes', 'index']).map((found) => found.form)).toEqual(['lower-cased']);
  });
});

describe('the file of fingerprints', () => {
  const env = {
    PROVIDER_API_TOKEN: TOKEN,
    SPOTIFY_CLIENT_ID: 'QuokkaWombatJaguarKiwi77',
    SPOTIFY_CLIENT_SECRET: 'Zebra~Lynx~Okapi~Yak~Gnu~42',
  };
  const { secrets } = secretsFromEnv(env);

  it('holds no form of any secret, nor any 8 characters of one, and only this user may read it', async () => {
    expect(secrets.map((secret) => secret.name)).toEqual([
      'PROVIDER_API_TOKEN',
      'SPOTIFY_CLIENT_SECRET',
      'SPOTIFY_CLIENT_ID',
      'the Spotify client credentials (HTTP Basic)',
    ]);
    const file = path.join(work, 'fingerprints.json');
    await writeFingerprints(file, fingerprintSecrets(secrets));
    const written = await readFile(file, 'utf8');
    // Every form the sync drops a record for: as it is, encoded, split, in another case, base64 inside a longer value.
    expect(secretsIn(written, secrets)).toEqual([]);
    const lower = written.toLowerCase();
    for (const { value } of secrets) {
      for (let start = 0; start + 8 <= value.length; start += 1)
        expect(lower).not.toContain(value.slice(start, start + 8).toLowerCase());
    }
    expect((await stat(file)).mode & 0o077).toBe(0);
  });

  it('is salted anew each time: the same secrets give other digests', () => {
    const digests = (set: ReturnType<typeof fingerprintSecrets>) => set.fingerprints.map((fingerprint) => fingerprint.digest);
    const [first, second] = [fingerprintSecrets(secrets), fingerprintSecrets(secrets)];
    expect(first.salt).not.toBe(second.salt);
    expect(digests(first).filter((digest) => digests(second).includes(digest))).toEqual([]);
  });

  it('is what the gate searches for when SECRET_FINGERPRINTS_FILE names it, with the secrets of its own environment', async () => {
    const file = path.join(work, 'gate.json');
    await writeFingerprints(file, fingerprintSecrets(secrets, { tooShort: ['REBUILD_TOKEN'] }));
    const gate = await gateFingerprints({ [FINGERPRINTS_VARIABLE]: file, DEPLOY_API_KEY: 'Kestrel-Heron-Stork-5' });
    expect([...new Set(gate.fingerprints.map((fingerprint) => fingerprint.name))]).toEqual([
      ...secrets.map((secret) => secret.name),
      'DEPLOY_API_KEY',
    ]);
    expect(gate.tooShort).toEqual(['REBUILD_TOKEN']);
    const { dist, names } = await distWith({ 'a.js': `"${env.SPOTIFY_CLIENT_SECRET}"`, 'b.js': '"Kestrel-Heron-Stork-5"' });
    expect((await checkSecrets(dist, names, gate)).map((problem) => problem.message)).toEqual([
      'a.js contains the value of SPOTIFY_CLIENT_SECRET (as it is).',
      'b.js contains the value of DEPLOY_API_KEY (as it is).',
    ]);
  });

  it.each([
    ['missing', null],
    ['not JSON', '{'],
    ['another JSON', '{"salt":"00","fingerprints":[]}'],
  ])('stops the gate when it is %s', async (_case, content) => {
    const file = path.join(work, `broken-${_case.replace(/\W/g, '')}.json`);
    if (content !== null) await writeFile(file, content);
    await expect(gateFingerprints({ [FINGERPRINTS_VARIABLE]: file })).rejects.toThrow();
  });
});

describe('the sync writes it', () => {
  const workspace = setUpSyncWorkspace('sync-fingerprints-');

  it('before it syncs, from the secrets of its environment; the gate then finds them without them', async () => {
    const { server, work: folder } = workspace;
    const file = path.join(folder, 'runner-temp', 'secret-fingerprints.json');
    const env = { ...process.env, ...server.env, IMAGE_CACHE_DIR: path.join(folder, 'images'), [FINGERPRINTS_VARIABLE]: file };
    await runSyncScript(['--out', path.join(folder, 'snapshot')], { env });
    const written = await readFile(file, 'utf8');
    const { secrets } = secretsFromEnv(server.env);
    expect(secrets.length).toBeGreaterThan(0);
    expect(secretsIn(written, secrets)).toEqual([]);
    const gate = await gateFingerprints({ [FINGERPRINTS_VARIABLE]: file });
    const { dist, names } = await distWith({ 'tour/1.html': `<p>${server.env.PROVIDER_API_TOKEN}</p>` });
    expect((await checkSecrets(dist, names, gate)).map((problem) => problem.message)).toEqual([
      'tour/1.html contains the value of PROVIDER_API_TOKEN (as it is).',
    ]);
  }, 60_000);
});
