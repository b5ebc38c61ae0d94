/**
 * Helpers for the sync tests: a fresh snapshot folder per test, small HTTP limits so faults end in
 * milliseconds, a logger that keeps its lines, and readers for the snapshot files.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { HttpOptions } from '../../scripts/sync/http.ts';
import type { SyncLogger } from '../../scripts/sync/log.ts';
import { runSync } from '../../scripts/sync/run/index.ts';
import type { CollectionReport, SyncReport } from '../../scripts/sync/run/report.ts';
import type { SyncOptions } from '../../scripts/sync/run/start.ts';
import { type CollectionStatus, SNAPSHOT_SCHEMAS } from '../../src/lib/schemas/index.ts';
import { SNAPSHOT_VERSION_FILE } from '../../src/lib/snapshot-migrations.ts';
import { startUpstreamServer, type UpstreamServer, type UpstreamServerOptions } from './upstream-server.ts';

/**
 * Per-attempt timeout 1 s, 2 retries, backoff and Retry-After capped: a fault costs a few seconds at
 * most. A local answer takes milliseconds, but with a test worker beside another on two busy cores
 * 300 ms was missed now and then, and the retry broke a test that counts requests. The tests of the
 * timeouts themselves set their own.
 */
export const FAST_HTTP: Partial<HttpOptions> = {
  timeoutMs: 1_000,
  totalTimeoutMs: 6_000,
  retryLimit: 2,
  backoffLimitMs: 50,
  maxRetryAfterMs: 1_000,
  sourceDeadlineMs: 8_000,
};

/** A small sample set (2 posts, 2 episodes) in the upstreams' wire format, for the sample fallback. */
export const FIXTURE_SAMPLE_DIR = path.resolve(import.meta.dirname, '../fixtures/upstream/sample');

/** The project's embedded sample data. */
export const REAL_SAMPLE_DIR = path.resolve(import.meta.dirname, '../../sample-data');

/** The sample files the news and podcast fall back to that sample-data/ lacks (none, in a sound checkout). */
export function missingSampleFiles(): string[] {
  return ['blog/posts.json', 'spotify/episodes.json', 'spotify/token.json'].filter(
    (file) => !existsSync(path.join(REAL_SAMPLE_DIR, file)),
  );
}

/** A new empty folder under the OS temp dir. */
export function makeTempDir(prefix = 'sync-test-'): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), prefix));
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

export interface CapturedLogger {
  logger: SyncLogger;
  lines: string[];
}

/** A logger that records every line ('INFO ...', 'WARN ...'). */
export function captureLogger(): CapturedLogger {
  const lines: string[] = [];
  return {
    lines,
    logger: {
      info: (message) => lines.push(`INFO ${message}`),
      warn: (message) => lines.push(`WARN ${message}`),
    },
  };
}

export interface SyncRun {
  report: SyncReport;
  lines: string[];
  /** Wall time of the run, ms. */
  ms: number;
}

/** runSync against the test server: its env, FAST_HTTP and the fixture sample folder unless told otherwise. */
export async function syncAgainst(
  server: UpstreamServer,
  outDir: string,
  options: Partial<Omit<SyncOptions, 'env' | 'outDir'>> & { env?: Record<string, string | undefined> } = {},
): Promise<SyncRun> {
  const { logger, lines } = captureLogger();
  const started = performance.now();
  const report = await runSync({
    sampleDir: FIXTURE_SAMPLE_DIR,
    logger,
    ...options,
    env: { ...server.env, ...options.env },
    outDir,
    http: { ...FAST_HTTP, ...options.http },
  });
  return { report, lines, ms: performance.now() - started };
}

/** The report of one collection; fails the test when it is missing. */
export function collectionOf(report: SyncReport, id: string): CollectionReport {
  const found = report.collections.find((collection) => collection.id === id);
  if (!found) throw new Error(`no collection '${id}' in the report`);
  return found;
}

/** `{dir}/{name}.json` as text. */
export function readSnapshotText(dir: string, name: string): Promise<string> {
  return readFile(path.join(dir, `${name}.json`), 'utf8');
}

/** `{dir}/{name}.json` parsed. */
export async function readSnapshot<T = { id: string } & Record<string, unknown>>(dir: string, name: string): Promise<T[]> {
  return JSON.parse(await readSnapshotText(dir, name)) as T[];
}

/** status.json by collection id. */
export async function readStatus(dir: string): Promise<Map<string, CollectionStatus>> {
  const statuses = await readSnapshot<CollectionStatus>(dir, 'status');
  return new Map(statuses.map((status) => [status.id, status]));
}

export function statusOf(statuses: Map<string, CollectionStatus>, id: string): CollectionStatus {
  const found = statuses.get(id);
  if (!found) throw new Error(`no status for '${id}'`);
  return found;
}

/** The ids of entries, in order. */
export const idsOf = (entries: readonly { id: string }[]) => entries.map((entry) => entry.id);

/** Every file name in the folder (no recursion). */
export function filesIn(dir: string): Promise<string[]> {
  return readdir(dir);
}

/** Every file's text in the folder, by name. */
export async function allSnapshotTexts(dir: string): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const name of readdirSync(dir)) texts.set(name, await readFile(path.join(dir, name), 'utf8'));
  return texts;
}

/** Every snapshot file name the sync writes, status and the version file included, sorted. */
export const SNAPSHOT_FILES = [...Object.keys(SNAPSHOT_SCHEMAS), SNAPSHOT_VERSION_FILE].map((name) => `${name}.json`).sort();

/** The provider's collections (all fed by the city data provider). */
export const CITY_API_COLLECTIONS = [
  'city',
  'tours',
  'accommodation',
  'restaurants',
  'events',
  'drivers',
  'guides',
  'agencies',
  'tourProviders',
  'experiences',
  'testimonials',
];

/**
 * One upstream server for the file (started with `serverOptions`, e.g. a page size) and a fresh
 * snapshot folder per test, cleaned up afterwards; the server's faults are reset before each test.
 * Read `sandbox.server` and `sandbox.outDir` inside tests (they change between tests).
 */
export function setUpSyncSandbox(serverOptions: UpstreamServerOptions = {}): { server: UpstreamServer; outDir: string } {
  const sandbox = {} as { server: UpstreamServer; outDir: string };
  beforeAll(async () => {
    sandbox.server = await startUpstreamServer(serverOptions);
  });
  afterAll(() => sandbox.server.close());
  beforeEach(async () => {
    sandbox.server.reset();
    sandbox.outDir = await makeTempDir();
  });
  afterEach(() => removeDir(sandbox.outDir));
  return sandbox;
}

/** The project's root folder, where `npm run sync` runs. */
export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

const execFileAsync = promisify(execFile);

/** `node scripts/sync.ts ...args` as a real process, as the nightly job runs it; rejects on a non-zero exit. */
export function runSyncScript(args: string[], { cwd = PROJECT_ROOT, env }: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  return execFileAsync(process.execPath, [path.join(PROJECT_ROOT, 'scripts/sync.ts'), ...args], {
    cwd,
    env,
    maxBuffer: 16 * 1024 * 1024,
  });
}

/**
 * For tests that run the sync as a process: one upstream server and one work folder (named
 * `{prefix}…` under the OS temp dir) for the whole file, removed afterwards. `prepare` sets the
 * server up (a fault) before the first test. Read `workspace.server` and `workspace.work` inside tests.
 */
export function setUpSyncWorkspace(
  prefix: string,
  prepare?: (server: UpstreamServer) => void,
): { server: UpstreamServer; work: string } {
  const workspace = {} as { server: UpstreamServer; work: string };
  beforeAll(async () => {
    workspace.server = await startUpstreamServer();
    prepare?.(workspace.server);
    workspace.work = await makeTempDir(prefix);
  });
  afterAll(async () => {
    await workspace.server?.close();
    if (workspace.work) await removeDir(workspace.work);
  });
  return workspace;
}

/** `count` tours of the city data API numbered from `from` (ids and titles 'Passeio n'), each at R$ 100. */
export const numberedTours = (count: number, from = 1) =>
  Array.from({ length: count }, (_, index) => ({ id: from + index, title: `Passeio ${from + index}`, price: 100 }));

/** `count` published WordPress posts numbered from `from` ('Notícia n'), dated in March 2026. */
export const numberedPosts = (count: number, from = 1) =>
  Array.from({ length: count }, (_, index) => ({
    id: from + index,
    date: `2026-03-${String(1 + ((from + index) % 28)).padStart(2, '0')}T10:00:00`,
    status: 'publish',
    title: { rendered: `Notícia ${from + index}` },
  }));
