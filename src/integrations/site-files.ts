/**
 * The built site as files: pages are built as files (`/tour/101` → `tour/101.html`, `/` →
 * `index.html`), on hosts that need it also in its folder form `tour/101/index.html`
 * (static-hosting.ts);
 * everything else is served as it is.
 */
import { existsSync, statSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** Every file under `dir`, as paths relative to it with forward slashes, sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** `files` (listFiles of `dir`) with their sizes in bytes: what a host counts against its limits. */
export async function withSizes(dir: string, files: readonly string[]): Promise<{ file: string; bytes: number }[]> {
  return Promise.all(files.map(async (file) => ({ file, bytes: (await stat(path.join(dir, file))).size })));
}

/** The site path a page file is served at: `tour/101.html` → `/tour/101`, `index.html` → `/`. */
export function pagePathOf(file: string): string {
  const withoutExtension = file.replace(/\.html$/, '');
  if (withoutExtension === 'index') return '/';
  return `/${withoutExtension.replace(/\/index$/, '')}`;
}

function isFile(candidate: string): boolean {
  try {
    return statSync(candidate).isFile();
  } catch {
    return false;
  }
}

/**
 * The file a site path refers to (the file itself, then `{path}.html`, then `{path}/index.html`);
 * null when none exists or the path leaves the site. Whether every host finds it in that order is
 * the hosting gate's question (scripts/verify/hosting.ts).
 */
export function resolveSitePath(distDir: string, sitePath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(sitePath);
  } catch {
    return null;
  }
  const relative = path.posix.normalize(decoded).replace(/^\/+/, '');
  if (relative.startsWith('..')) return null;
  const base = path.join(distDir, relative);
  const candidates =
    relative === '' || relative.endsWith('/')
      ? [path.join(base, 'index.html')]
      : [base, `${base}.html`, path.join(base, 'index.html')];
  return candidates.find(isFile) ?? null;
}

/** True when `dir` exists and is a folder. */
export function isDirectory(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory();
}
