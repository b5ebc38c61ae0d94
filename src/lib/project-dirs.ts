/**
 * The folders of the configuration contract that the sync writes and the build reads: one rule for
 * all of them, in every process (sync, Astro config, content collections, deploy gate, tests), so
 * the build always reads what the sync wrote. A value is relative to the project root, or absolute
 * as given; unset or blank, the default under the root. Node only (build and scripts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from './config.ts';

export const PROJECT_DIRS = {
  /** The snapshot: one JSON list per collection and status.json (scripts/sync, src/content.config.ts). */
  snapshot: { variable: 'SNAPSHOT_DIR', fallback: 'data/snapshot' },
  /** The sync's downloaded images (scripts/sync/images/, src/integrations/image-cache.ts). */
  imageCache: { variable: 'IMAGE_CACHE_DIR', fallback: '.cache/images' },
  /** Astro's cache, with the encoded image variants (astro.config.mjs `cacheDir`). */
  astroCache: { variable: 'ASTRO_CACHE_DIR', fallback: '.cache/astro' },
} as const;
type ProjectDirName = keyof typeof PROJECT_DIRS;

/** The absolute folder `name` for this environment, `root` being the project root. */
export function projectDir(env: Env, name: ProjectDirName, root: string): string {
  const { variable, fallback } = PROJECT_DIRS[name];
  return path.resolve(root, env[variable]?.trim() || fallback);
}

/**
 * Why the build cannot use the snapshot file `file`, or null when it holds a JSON list (an empty
 * list is a collection that is really empty). The message names the file and what to do.
 */
export function snapshotFileProblem(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const what = code === 'ENOENT' ? 'is missing' : `cannot be read (${code ?? (error as Error).message})`;
    return `The snapshot file ${file} ${what}. Run \`npm run sync\` first, with the same SNAPSHOT_DIR as the build.`;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (Array.isArray(value)) return null;
  const found =
    value === undefined ? 'invalid JSON' : value === null ? 'null' : typeof value === 'object' ? 'an object' : typeof value;
  return `The snapshot file ${file} is not a JSON list (${found}). Run \`npm run sync\` to write it again.`;
}
