/**
 * What the benchmark measures of a step and of a build: wall time and peak memory of a child
 * process (GNU time's maximum resident set size), file counts and folder sizes, and the table.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const GNU_TIME = '/usr/bin/time';

export interface StepResult {
  /** Wall time of the command itself (not of waiting for the lock), ms. */
  ms: number;
  /** Peak resident memory of the command's process tree (the largest process), bytes; null without GNU time. */
  peakBytes: number | null;
  /** Last lines of the output, for an error message. */
  tail: string;
}

/**
 * A benchmark build's own folders under `work` and the environment that points the sync and `astro
 * build` at them, with `upstreamEnv` (the local upstream's): the snapshot, dist/, and the image
 * download cache and Astro's cache (content store, encoded images), which start empty, so the first
 * build's full cost is measured and nothing is shared with other builds.
 */
export function buildFolders(
  work: string,
  upstreamEnv: Record<string, string>,
): { snapshot: string; dist: string; env: NodeJS.ProcessEnv } {
  const snapshot = path.join(work, 'snapshot');
  return {
    snapshot,
    dist: path.join(work, 'dist'),
    env: {
      ...process.env,
      ...upstreamEnv,
      SNAPSHOT_DIR: snapshot,
      IMAGE_CACHE_DIR: path.join(work, 'image-cache'),
      ASTRO_CACHE_DIR: path.join(work, 'astro-cache'),
    },
  };
}

interface StepOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Run under `flock <lock>` (the build lock the engineers of this machine share); the wait is not timed. */
  lock?: string;
  /** Print the command's output as it comes. */
  verbose?: boolean;
}

/** Runs `command args` and measures it; rejects when it fails, with the end of its output. */
export async function runStep(command: string, args: string[], options: StepOptions): Promise<StepResult> {
  const work = await mkdtemp(path.join(tmpdir(), 'bench-step-'));
  const timeFile = path.join(work, 'time');
  const timed = existsSync(GNU_TIME);
  const inner = timed ? [GNU_TIME, '-f', '%e %M', '-o', timeFile, command, ...args] : [command, ...args];
  const full = options.lock ? ['flock', options.lock, ...inner] : inner;
  let output = '';
  const started = performance.now();
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(full[0] as string, full.slice(1), {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-8_000);
      if (options.verbose) process.stderr.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', resolve);
  });
  const wall = performance.now() - started;
  let ms = wall;
  let peakBytes: number | null = null;
  if (timed && existsSync(timeFile)) {
    // GNU time writes 'Command exited with non-zero status N' before the format line on failure.
    const line = (await readFile(timeFile, 'utf8')).trim().split('\n').at(-1) ?? '';
    const [seconds, kilobytes] = line.split(' ').map(Number);
    if (Number.isFinite(seconds)) ms = (seconds as number) * 1000;
    if (Number.isFinite(kilobytes)) peakBytes = (kilobytes as number) * 1024;
  }
  await rm(work, { recursive: true, force: true });
  const tail = output.split('\n').slice(-25).join('\n');
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${code}):\n${tail}`);
  return { ms, peakBytes, tail };
}

/** '1.2 s', '3 min 04 s'. */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${String(Math.round(seconds - minutes * 60)).padStart(2, '0')} s`;
}

/** '512 B', '12.3 KB', '4.5 MB', '1.20 GB' (powers of 1024). */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '–';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value >= 100 ? 0 : value >= 10 ? 1 : 2)} ${units[unit]}`;
}

/** A plain-text table with a header row, columns padded to their widest cell. */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...rows.map(line)].join('\n');
}
