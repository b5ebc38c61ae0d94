/**
 * Salted fingerprints of the secrets, so that the gate searches dist/ for them without holding them
 * (docs/deploy-and-hosting.md, "The secrets and the gate"). The step that has the secrets (the sync)
 * writes one fingerprint per text the gate would look for (each encoding of each secret:
 * secrets.ts, gateNeedles): its length in bytes, a rolling hash of its first ANCHOR_BYTES bytes (the
 * anchor) and a SHA-256 of it after a random salt. The gate slides a window of ANCHOR_BYTES over what
 * it reads, its hash updated one byte at a time (Rabin–Karp), and confirms each window whose hash is
 * an anchor with the salted SHA-256 of the text of that length from there: a match is certain, and a
 * secret is never missed, since equal bytes always give equal hashes. One pass finds every form of
 * every secret, whatever their lengths (one more for the forms shorter than ANCHOR_BYTES).
 *
 * The file holds no form of a secret, only its length and hashes, so it protects a credential as well
 * as its randomness does: a long random token cannot be guessed back from them (the anchor is 32 bits
 * of 16 bytes), a short or guessable value could be (hence MIN_SECRET_LENGTH in secrets.ts, and never
 * a password as a secret).
 */
import { Buffer } from 'node:buffer';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'astro/zod';

/**
 * Where a text is looked for: `bytes` in every file's bytes and in the decompressed search index,
 * `index` in the decompressed search index only (its words are lower-cased), `text` in what a reader
 * or an indexer reads (a page's text and attribute values, the index's fragments), whitespace and
 * invisible characters removed.
 */
const NEEDLE_USES = ['bytes', 'index', 'text'] as const;
export type NeedleUse = (typeof NEEDLE_USES)[number];

/** A text the gate looks for: one form of one secret. */
export interface Needle {
  /** The secret's name (PROVIDER_API_TOKEN, …); never its value. */
  name: string;
  /** The form, for the report ('as it is', 'base64-encoded', …). */
  form: string;
  use: NeedleUse;
  text: string;
}

const FingerprintSchema = z.object({
  /** The secret's name, as Needle.name. */
  name: z.string(),
  /** The form, as Needle.form. */
  form: z.string(),
  use: z.enum(NEEDLE_USES),
  /** The form's length in UTF-8 bytes. */
  length: z.number().int().min(1),
  /** The rolling hash (rollingHash) of its first ANCHOR_BYTES bytes, or of all of it when shorter: a quick, uncertain test. */
  anchor: z.number().int().min(0).max(0xffff_ffff),
  /** SHA-256 of the salt's bytes then the form's, in hex: the certain one. */
  digest: z.string().regex(/^[0-9a-f]{64}$/),
});
type Fingerprint = z.infer<typeof FingerprintSchema>;

const SecretFingerprintsSchema = z.object({
  /** Random bytes in hex, new for every file: a digest says nothing outside its file. */
  salt: z.string().regex(/^(?:[0-9a-f]{2}){16,}$/),
  fingerprints: z.array(FingerprintSchema),
  /** Secrets too short to be searched for reliably, by name, for the gate's log (secretsFromEnv). */
  tooShort: z.array(z.string()),
});
export type SecretFingerprints = z.infer<typeof SecretFingerprintsSchema>;

/** The rolling hash's multiplier: any odd number keeps every byte in the hash (arithmetic modulo 2^32). */
const BASE = 0x01000193;
/** The window the gate slides: long enough that its 32-bit hash says little of a secret's first bytes. */
export const ANCHOR_BYTES = 16;

/** The rolling hash of `bytes` (a polynomial in BASE modulo 2^32), as the gate's sliding window computes it. */
function rollingHash(bytes: Uint8Array): number {
  let hash = 0;
  for (const byte of bytes) hash = (Math.imul(hash, BASE) + byte) | 0;
  return hash >>> 0;
}

const digestOf = (salt: Buffer, bytes: Uint8Array) => createHash('sha256').update(salt).update(bytes).digest('hex');

/** The fingerprints of `needles`, after `salt` (hex; a new random one by default). Empty needles are left out. */
export function fingerprintNeedles(
  needles: readonly Needle[],
  options: { salt?: string; tooShort?: readonly string[] } = {},
): SecretFingerprints {
  const salt = options.salt ?? randomBytes(16).toString('hex');
  const saltBytes = Buffer.from(salt, 'hex');
  const fingerprints = needles
    .filter((needle) => needle.text.length > 0)
    .map(({ name, form, use, text }) => {
      const bytes = Buffer.from(text);
      const anchor = rollingHash(bytes.subarray(0, ANCHOR_BYTES));
      return { name, form, use, length: bytes.length, anchor, digest: digestOf(saltBytes, bytes) };
    });
  return { salt, fingerprints, tooShort: [...(options.tooShort ?? [])] };
}

/** The fingerprints of one set of uses whose anchors have one length (ANCHOR_BYTES, or a shorter text's own). */
interface WindowGroup {
  window: number;
  /** BASE^window modulo 2^32: the weight of the byte that leaves the window, once the hash is multiplied by BASE. */
  power: number;
  /** Marks the top 16 bits of each anchor: most windows are passed over after one lookup. */
  filter: Uint8Array;
  entries: Fingerprint[];
}

/** Per set of fingerprints: its salt's bytes, and its window groups per set of uses (prepare). */
const prepared = new WeakMap<SecretFingerprints, { salt: Buffer; groups: Map<string, WindowGroup[]> }>();

/** The salt of `fingerprints` and those of `uses`, grouped by the length of their anchor; computed once per set. */
function prepare(fingerprints: SecretFingerprints, uses: readonly NeedleUse[]): { salt: Buffer; groups: WindowGroup[] } {
  let set = prepared.get(fingerprints);
  if (!set) {
    set = { salt: Buffer.from(fingerprints.salt, 'hex'), groups: new Map() };
    prepared.set(fingerprints, set);
  }
  const key = [...uses].sort().join(' ');
  const known = set.groups.get(key);
  if (known) return { salt: set.salt, groups: known };
  const byWindow = new Map<number, Fingerprint[]>();
  for (const fingerprint of fingerprints.fingerprints) {
    if (!uses.includes(fingerprint.use)) continue;
    const window = Math.min(fingerprint.length, ANCHOR_BYTES);
    byWindow.set(window, [...(byWindow.get(window) ?? []), fingerprint]);
  }
  const groups = [...byWindow].map(([window, entries]) => {
    let power = 1;
    for (let step = 0; step < window; step++) power = Math.imul(power, BASE);
    const filter = new Uint8Array(1 << 16);
    for (const entry of entries) filter[entry.anchor >>> 16] = 1;
    return { window, power, filter, entries };
  });
  set.groups.set(key, groups);
  return { salt: set.salt, groups };
}

/**
 * The fingerprints of `uses` whose text `haystack` holds, each once, in the order of the set: one
 * pass per anchor length (one, unless a text is shorter than ANCHOR_BYTES), the window's hash moved
 * one byte at a time, and each window whose hash is an anchor confirmed by the salted digest of the
 * text's length from there.
 */
export function findFingerprints(
  haystack: Uint8Array,
  fingerprints: SecretFingerprints,
  uses: readonly NeedleUse[],
): Fingerprint[] {
  const found = new Set<Fingerprint>();
  const { salt, groups } = prepare(fingerprints, uses);
  for (const group of groups) {
    const { window, entries } = group;
    for (let end = window; end <= haystack.length; end++) {
      end = nextCandidate(haystack, group, end, rollingHash(haystack.subarray(end - window, end)));
      if (end < 0) break;
      const start = end - window;
      const anchor = rollingHash(haystack.subarray(start, end));
      for (const entry of entries) {
        if (entry.anchor !== anchor || found.has(entry) || start + entry.length > haystack.length) continue;
        if (digestOf(salt, haystack.subarray(start, start + entry.length)) === entry.digest) found.add(entry);
      }
    }
  }
  return fingerprints.fingerprints.filter((fingerprint) => found.has(fingerprint));
}

/**
 * The end of the first window of `haystack`, from the one ending at `end` (whose hash is `hash`), whose
 * hash has the top 16 bits of an anchor of `group`; -1 when none has. The gate's hot loop: one product
 * on the hash's path and one lookup per byte, about 1.5 ns a byte; what it finds is rare, and is
 * checked by the caller.
 */
function nextCandidate(haystack: Uint8Array, { window, power, filter }: WindowGroup, end: number, hash: number): number {
  const length = haystack.length;
  let current = hash | 0;
  for (let at = end; at < length; at++) {
    if (filter[current >>> 16] === 1) return at;
    // (hash - leaving × BASE^(window-1)) × BASE + entering, with only one product waiting on the last hash.
    current =
      (Math.imul(current, BASE) + (((haystack[at] as number) - Math.imul(haystack[at - window] as number, power)) | 0)) | 0;
  }
  return filter[current >>> 16] === 1 ? length : -1;
}

/** Writes the fingerprints where `file` says, readable by this user only, beside then renamed (no reader sees half a file). */
export async function writeFingerprints(file: string, fingerprints: SecretFingerprints): Promise<void> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, `${JSON.stringify(SecretFingerprintsSchema.parse(fingerprints))}\n`, {
    encoding: 'utf8',
    mode: 0o600,
  });
  await rename(partial, file);
}

/** The fingerprints `file` holds; throws when it is missing or not such a file (the gate then refuses to start). */
export async function readFingerprints(file: string): Promise<SecretFingerprints> {
  const text = await readFile(file, 'utf8');
  const parsed = SecretFingerprintsSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${file} is not a file of secret fingerprints: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}
