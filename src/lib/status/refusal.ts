/**
 * The note a refused update leaves for /status: when the gate refuses the new data (or the sync or the
 * build fails), the deploy workflow publishes the last good snapshot again with this file beside it,
 * so that the live site tells editors which update was refused, why, and what to do
 * (docs/deploy-and-hosting.md, "A refused update").
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'astro/zod';

/** The file's name in SNAPSHOT_DIR; the sync removes it, since a new sync is a new attempt. */
export const REFUSAL_FILE = 'refusal.json';

/** Most reasons kept in the file; `total` says how many there were. */
export const REFUSAL_REASONS_CAP = 50;

export const RefusalSchema = z.object({
  /** When the refused update ran (ISO 8601). */
  attemptedAt: z.string(),
  /** The step that refused it: the deploy gate refused the new data, or the sync or the build failed. */
  stage: z.enum(['verify', 'sync', 'build']),
  /** What an editor reads: Portuguese sentences, each a reason and what to do about it. */
  reasons: z.array(z.string()).max(REFUSAL_REASONS_CAP),
  /** How many reasons there were (more than `reasons` holds when it was cut). */
  total: z.number().int().nonnegative(),
  /** When the data the site shows instead was published (the last published build's time), when known. */
  lastPublishedAt: z.string().nullable().default(null),
});
export type Refusal = z.infer<typeof RefusalSchema>;

/** The refusal note in the snapshot folder `dir`, or null when there is none (or it cannot be read, which is said). */
export function readRefusal(dir: string): Refusal | null {
  let text: string;
  try {
    text = readFileSync(path.join(dir, REFUSAL_FILE), 'utf8');
  } catch {
    return null;
  }
  let value: unknown = null;
  try {
    value = JSON.parse(text);
  } catch {
    // read as no note below
  }
  const parsed = RefusalSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  console.warn(`[status] ${REFUSAL_FILE} in ${dir} is not a refusal note; /status leaves it out`);
  return null;
}
