/**
 * The sync: every collection from its configured upstream (or the embedded sample data), each
 * record validated and sanitised, written to the snapshot; a failing source keeps its last good
 * snapshot and the run goes on. What the deploy gate would refuse the whole site for is caught here
 * per record (a page over its byte limit, a secret in any form: normalise/records.ts) and per
 * collection (a shrink, a sudden growth, a byte budget passed: syncCollection), so that one record
 * or one collection never stops the others from being published.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { KyInstance } from 'ky';
import type { Snapshot } from '../../src/integrations/build-manifest.ts';
import type { Env } from '../../src/lib/config.ts';
import {
  type CollectionProblem,
  type CollectionStatus,
  type HiddenRecord,
  type Origin,
  STATUS_LIST_CAP,
} from '../../src/lib/schemas/index.ts';
import { SNAPSHOT_VERSION } from '../../src/lib/snapshot-migrations.ts';
import { entryName } from '../../src/lib/status/collection-names.ts';
import { REFUSAL_FILE } from '../../src/lib/status/refusal.ts';
import { expectedPages } from '../verify/pages.ts';
import { type Secret, secretsFromEnv } from '../verify/secrets.ts';
import { DEFAULT_PAGE_SIZE_LIMITS, parseBytes } from '../verify/sizes.ts';
import {
  AnotherCityError,
  COLLECTIONS,
  type CollectionSpec,
  FALLBACK_CITY,
  type SourceName,
  sourceBaseUrl,
} from './collections.ts';
import { readSyncConfig, type SyncConfig } from './config.ts';
import { type CollectionDiff, diffEntries, type EntryIndex, indexEntries } from './diff.ts';
import { FIXTURE_PATHS, fixtureFetch, folderReader } from './fixture-upstream.ts';
import {
  type ByteBudget,
  createHttpClient,
  DEFAULT_HTTP_OPTIONS,
  describeError,
  failureKind,
  type HttpOptions,
  overBudget,
  tooManyRecords,
} from './http.ts';
import { consoleLogger, redact, redactDeep, type SyncLogger } from './log.ts';
import type { RecordNote } from './normalise/context.ts';
import { hiddenReason } from './normalise/item.ts';
import { type OwnSite, ownLinksInEntries } from './normalise/own-links.ts';
import { hiddenForReport, noteForReport } from './notes.ts';
import {
  jsonBytes,
  migrateSnapshotDir,
  readPreviousEntries,
  readPreviousStatus,
  removeStaleTemporaries,
  STATUS_FILE,
  writeJsonAtomic,
} from './snapshot.ts';
import { providerClient, type SourceContext } from './sources.ts';

export interface SyncOptions {
  /** The configuration contract's variables (process.env in the CLI). */
  env: Env;
  /** Snapshot folder. */
  outDir: string;
  /** Embedded sample data, in the upstreams' wire format. */
  sampleDir: string;
  /** Publish a collection even when it shrank below half of its baseline. */
  allowShrink?: boolean;
  /** Publish a collection even when it grew suddenly (SYNC_GROWTH) over its last good count. */
  allowGrowth?: boolean;
  /**
   * Read every source and settle every collection as a sync does, but write nothing: the change check
   * (scripts/sync/check.ts) compares what would be published with the snapshot in `outDir`.
   */
  dryRun?: boolean;
  http?: Partial<HttpOptions>;
  logger?: SyncLogger;
  now?: () => Date;
}

/** What became of the records a source gave this time. */
interface RecordsSeen {
  /** Records the source gave (0 when it failed). */
  received: number;
  /** Records that could not be made valid. */
  dropped: RecordNote[];
  /** Records kept after a repair (a field cut, refused or replaced by its fallback), one note per repair. */
  repaired: RecordNote[];
  /** Why the source's read stopped short this time (a later page failed), or null; see syncCollection. */
  partial: string | null;
}

export interface CollectionReport extends Omit<CollectionStatus, 'dropped' | 'repaired' | 'changes' | 'hidden'>, RecordsSeen {
  /** What it publishes against the snapshot the sync started from; null when that had no such collection. */
  diff: CollectionDiff | null;
  /** The records it publishes that the lists leave out (hiddenRecords). */
  hidden: HiddenRecord[];
}

export interface SyncReport {
  collections: CollectionReport[];
  /** status.json as written: each collection's status, with its changes and record notes for the editors. */
  statuses: CollectionStatus[];
  /** A source or collection that failed, fell back or was refused. */
  warnings: string[];
  /** One line per record dropped or repaired ('provider tours: dropped record "../x": id: …'); warnings too. */
  recordWarnings: string[];
}

/** The sample data is served under this origin through an in-process fetch; nothing leaves the machine. */
const SAMPLE_ORIGIN = 'http://sample.invalid';

function sampleConfig(config: SyncConfig): SyncConfig {
  return {
    ...config,
    provider: { url: `${SAMPLE_ORIGIN}${FIXTURE_PATHS.provider}`, token: null },
    blog: { url: `${SAMPLE_ORIGIN}${FIXTURE_PATHS.blog}` },
    podcast: {
      clientId: 'sample',
      clientSecret: 'sample',
      showId: 'sample',
      accountsUrl: `${SAMPLE_ORIGIN}${FIXTURE_PATHS.spotifyAccounts}`,
      apiUrl: `${SAMPLE_ORIGIN}${FIXTURE_PATHS.spotifyApi}`,
    },
    secrets: [],
  };
}

/** Record notes printed per collection and kind; the report keeps every one. */
const LOGGED_NOTES = 20;

/**
 * A sudden growth, held per collection like a shrink: more than `factor` times and more than
 * `entries` records more than the collection's last good count from the upstream. The gate's rule
 * for the whole site (10 times and 500 more, scripts/verify/manifest.ts) let 14 tours become 514
 * spam tours in one night; real catalogues grow by an editor's import of a provider's list, a few
 * dozen records (14 → 35 tours is 2.5 times). Tripling is the mirror of the shrink rule (half) with
 * room for such an import, and the 50 lets a small collection grow by a handful (3 → 12 events). Only
 * against a last good snapshot from the upstream: a first sync, the sample data (the sample and
 * other-city builds) and a collection that had none are never held. `--allow-growth` publishes it.
 */
export const SYNC_GROWTH = { factor: 3, entries: 50 } as const;

/** Whether `now` records are a sudden growth from `before` (SYNC_GROWTH). */
export function isSyncGrowth(before: number, now: number): boolean {
  return now > before * SYNC_GROWTH.factor && now - before > SYNC_GROWTH.entries;
}

/**
 * What a collection's read is measured against for a shrink, given its last good snapshot from the
 * upstream (`last`) and its last status: the baseline that status kept; for a status written before
 * baselines were kept, the count before the last night's additions when they were a sudden growth
 * (its `changes`: 514 with 500 added measures against 14, not 514); else the last good count.
 * Never more than the last good count (entries that no longer fit the schema are not counted).
 */
export function baselineOf(previous: CollectionStatus | undefined, last: number): number {
  if (previous?.baseline != null) return Math.min(previous.baseline, last);
  const changes = previous?.origin === 'upstream' ? previous.changes : null;
  if (previous && changes) {
    const before = previous.count - changes.added.total + changes.removed.total;
    if (before >= 0 && isSyncGrowth(before, previous.count)) return Math.min(before, last);
  }
  return last;
}

/**
 * The gate's limit for the page of one record, as `npm run verify` reads it (VERIFY_MAX_PAGE_BYTES,
 * else its default): the sync drops a record whose page would pass it. A value the gate cannot read
 * makes the gate refuse to start anyway; the sync then keeps the default.
 */
export function recordPageLimit(env: Env): number {
  const text = env.VERIFY_MAX_PAGE_BYTES?.trim();
  return (text && parseBytes(text)) || DEFAULT_PAGE_SIZE_LIMITS.recordPage;
}

/**
 * The secrets the gate searches the site for (secretsFromEnv over the same environment), and the
 * sync's own (the HTTP Basic credentials it builds, and shorter ones): a record carrying any is dropped.
 */
function syncSecrets(env: Env, config: SyncConfig): Secret[] {
  const secrets = secretsFromEnv(env).secrets;
  for (const value of config.secrets) {
    if (!secrets.some((secret) => secret.value === value)) secrets.push({ name: 'a credential of the sync', value });
  }
  return secrets;
}

/** A collection whose read is not published: its last good snapshot stays (a shrink, a sudden growth). */
class HeldError extends Error {
  override name = 'HeldError';
  readonly problem: CollectionProblem;
  constructor(message: string, problem: CollectionProblem) {
    super(message);
    this.problem = problem;
  }
}

/** What every step of one sync run shares: its configuration, its clients, its output and its warnings. */
interface SyncRun {
  options: SyncOptions;
  config: SyncConfig;
  /** The same configuration pointed at the embedded sample data. */
  sample: SyncConfig;
  /** Removes every configured secret from a text. */
  clean: (text: string) => string;
  /** Every secret the gate looks for; a record carrying one is dropped, a note naming one loses it. */
  secrets: Secret[];
  logger: SyncLogger;
  /** Writes a snapshot file as it is (nothing in a dry run). */
  write: (name: string, value: unknown) => Promise<void>;
  now: () => Date;
  /** Source and collection warnings of this run, secrets removed. */
  warnings: string[];
  warn: (message: string) => void;
  /** A source's context for one collection, its answers counted against `budget`. */
  contextFor: (source: SourceName, mode: Mode, budget: ByteBudget) => SourceContext;
  previousStatus: Awaited<ReturnType<typeof readPreviousStatus>>;
  /** Runs the collections' normalising one at a time (oneAtATime). */
  normaliseInTurn: <T>(task: () => Promise<T>) => Promise<T>;
}

/**
 * A queue that runs each task after the one before has settled, whatever its outcome. The
 * collections are fetched together, but normalised in turn: the per-record loop yields to the event
 * loop, and several large collections in the sanitiser at once would add up their memory.
 */
export function oneAtATime(): <T>(task: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (task) => {
    const next = last.then(task);
    last = next.catch(() => undefined);
    return next;
  };
}

/** Where a collection is read from this time. */
type Mode = 'upstream' | 'sample';

/** What syncCollection settles of a collection's status; the rest is known once it is published. */
type SettledStatus = Pick<
  CollectionStatus,
  'origin' | 'goodOrigin' | 'count' | 'failed' | 'error' | 'syncedAt' | 'problem' | 'baseline' | 'checkedAgainst'
>;
type StatusReport = (status: SettledStatus, records: RecordsSeen) => CollectionReport;

/** A collection once its source has been read (or has failed): what it publishes, before its links to the portal are settled. */
interface Settled {
  spec: CollectionSpec;
  report: CollectionReport;
  entries: { id: string }[];
  /** The entries of the snapshot the sync started from, by id; null when it had none (publish diffs against it). */
  previous: EntryIndex | null;
}

/**
 * Sets up a run: the secrets filter on every output, the secrets a record may not carry, one deadline
 * per source and one HTTP client per collection (its byte budget).
 */
async function startRun(options: SyncOptions): Promise<SyncRun> {
  const config = readSyncConfig(options.env);
  const sample = sampleConfig(config);
  // Every line, warning, error and snapshot file goes through the secrets filter: an upstream can
  // echo a credential back (in a status text, an error page, a record) and none may be printed or published.
  const clean = (text: string) => redact(text, config.secrets);
  const output = options.logger ?? consoleLogger;
  const logger: SyncLogger = { info: (message) => output.info(clean(message)), warn: (message) => output.warn(clean(message)) };
  const httpOptions: HttpOptions = { ...DEFAULT_HTTP_OPTIONS, ...options.http };
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(clean(message));
    logger.warn(message);
  };

  const transports = { upstream: httpOptions.fetch, sample: fixtureFetch(folderReader(options.sampleDir)) };
  // One deadline per source, for all its collections; one client per collection, for its byte budget.
  const deadlines = new Map<string, AbortSignal>();
  const contextFor = (source: SourceName, mode: Mode, budget: ByteBudget): SourceContext => {
    const key = `${source}:${mode}`;
    let signal = deadlines.get(key);
    if (!signal) {
      signal = AbortSignal.timeout(httpOptions.sourceDeadlineMs);
      deadlines.set(key, signal);
    }
    const transport = transports[mode];
    const base: KyInstance = createHttpClient({ ...httpOptions, ...(transport ? { fetch: transport } : {}) }, budget);
    const provider = (mode === 'upstream' ? config : sample).provider;
    return {
      http: source === 'provider' && provider ? providerClient(base, provider) : base,
      signal,
      site: config.site,
      httpOptions,
    };
  };

  return {
    options,
    config,
    sample,
    clean,
    secrets: syncSecrets(options.env, config),
    logger,
    write: async (name, value) => {
      if (!options.dryRun) await writeJsonAtomic(options.outDir, name, value);
    },
    now: options.now ?? (() => new Date()),
    warnings,
    warn,
    contextFor,
    previousStatus: await readPreviousStatus(options.outDir),
    normaliseInTurn: oneAtATime(),
  };
}

const isConfigured = (run: SyncRun, source: SourceName) => run.config[source] !== null;

/** A podcast half configured is the sample podcast, said once. */
function warnPartialPodcast(run: SyncRun): void {
  const partlyPodcast = ['SPOTIFY_CLIENT_ID', 'SPOTIFY_CLIENT_SECRET', 'SPOTIFY_SHOW_ID'].filter((name) =>
    run.options.env[name]?.trim(),
  );
  if (!isConfigured(run, 'podcast') && partlyPodcast.length > 0) {
    run.warn(`podcast: only ${partlyPodcast.join(', ')} set; all three are needed, using the sample episodes`);
  }
}

/**
 * Reads one collection from `mode` and normalises it: the valid entries and what became of the rest.
 * Its answers together may not pass HttpOptions.maxCollectionBytes (a BudgetExceededError fails it).
 */
async function fetchEntries(run: SyncRun, spec: CollectionSpec, mode: Mode) {
  const { clean } = run;
  let partial: string | null = null;
  const budget: ByteBudget = { limit: run.options.http?.maxCollectionBytes ?? DEFAULT_HTTP_OPTIONS.maxCollectionBytes, used: 0 };
  const context: SourceContext = {
    ...run.contextFor(spec.source, mode, budget),
    note: (message, kind) => {
      if (kind === 'partial') partial = clean(message);
      else run.warn(`${spec.source} ${spec.name}: ${message}`);
    },
  };
  const records = await spec.fetch(context, mode === 'upstream' ? run.config : run.sample);
  // Each answer's lists are counted before parsing (readJson); this counts a paged read's pages together.
  const { maxRecords } = context.httpOptions;
  if (records.length > maxRecords) throw tooManyRecords(records.length, maxRecords);
  // The sample data's images are site-relative files of sample-data/media: no base for them.
  const baseUrl = mode === 'upstream' ? sourceBaseUrl(spec.source, run.config) : null;
  const { entries, dropped, repaired } = await run.normaliseInTurn(() =>
    spec.normalise(records, run.config, {
      baseUrl,
      now: run.now(),
      siteUrl: run.config.site.siteUrl,
      timeZone: run.config.site.timeZone,
      pageBytes: recordPageLimit(run.options.env),
      secrets: run.secrets,
    }),
  );
  const cleaned = (notes: RecordNote[]) => notes.map((note) => noteForReport(note, run.secrets));
  return {
    received: records.length,
    entries,
    dropped: cleaned(dropped),
    repaired: cleaned(repaired),
    partial: partial as string | null,
  };
}

/**
 * The entries of a read cut short by a failed page, with those of the last good snapshot that were
 * not read (by id, compared without case as the records' own ids are) after them: the pages not read
 * are filled from the last good snapshot, so no record is lost to a page that failed.
 */
function fillFromSnapshot<Entry extends { id: string }>(
  read: readonly Entry[],
  last: readonly Entry[],
): { entries: Entry[]; filled: number } {
  const ids = new Set(read.map((entry) => entry.id.toLowerCase()));
  const rest = last.filter((entry) => !ids.has(entry.id.toLowerCase()));
  return { entries: [...read, ...rest], filled: rest.length };
}

/**
 * One collection: read, or, when that fails or is refused, its last good snapshot kept, or with none
 * its fallback (fallBack). Written by runSync once every collection is settled.
 *
 * Against its last good snapshot from the upstream (`last`), a read is refused when it is less than
 * half of its baseline (baselineOf; --allow-shrink publishes it) or a sudden growth over `last`
 * (SYNC_GROWTH; --allow-growth publishes it), and one cut short by a failed page is filled from it
 * (fillFromSnapshot). The status keeps the baseline for the next sync: the count published, or after
 * a sudden growth published on purpose the baseline from before it, until a later night confirms
 * the growth. A collection whose entries would pass the byte budget in the snapshot keeps its last
 * good snapshot too.
 */
async function syncCollection(run: SyncRun, spec: CollectionSpec): Promise<Settled> {
  const { options, now, warn } = run;
  const mode: Mode = isConfigured(run, spec.source) ? 'upstream' : 'sample';
  const previous = run.previousStatus.get(spec.name);
  const report: StatusReport = (status, records) => ({
    id: spec.name,
    source: spec.source,
    ...status,
    ...records,
    diff: null,
    hidden: [],
  });

  const stored = await readPreviousEntries(options.outDir, spec);
  // Compared with the last good snapshot only when both come from the upstream: the sample data's
  // ids and counts say nothing about the upstream's.
  const last = mode === 'upstream' && (previous?.goodOrigin ?? 'upstream') === 'upstream' ? stored : null;
  const baseline = last ? baselineOf(previous, last.length) : null;

  let records: RecordsSeen = { received: 0, dropped: [], repaired: [], partial: null };
  try {
    const { entries: read, ...seen } = await fetchEntries(run, spec, mode);
    records = seen;
    const { partial } = seen;
    const { entries, filled } = partial && last ? fillFromSnapshot(read, last) : { entries: read, filled: 0 };
    if (last && baseline !== null) {
      const count = entries.length;
      const grew = isSyncGrowth(last.length, count);
      if (!options.allowShrink && count * 2 < baseline) {
        const before =
          baseline < last.length ? `${baseline}, the last good count before a sudden growth (${last.length} now)` : `${baseline}`;
        throw new HeldError(
          `${count} valid records (${seen.received} received), less than half of the last good ${before}; not published (use --allow-shrink if this is intended)`,
          { code: 'shrink', count, previous: baseline },
        );
      }
      if (!options.allowGrowth && grew) {
        throw new HeldError(
          `${count} valid records (${seen.received} received), over ${SYNC_GROWTH.factor} times and over ${SYNC_GROWTH.entries} more than the last good ${last.length}; not published (use --allow-growth if this is intended)`,
          { code: 'growth', count, previous: last.length },
        );
      }
    }
    const { maxCollectionBytes } = { ...DEFAULT_HTTP_OPTIONS, ...options.http };
    if (jsonBytes(entries) > maxCollectionBytes) throw overBudget('its snapshot would take', maxCollectionBytes);
    const gone = last ? idsGone(last, entries) : 0;
    let problem: CollectionProblem | null = null;
    // The count check above cannot see an upstream that swapped its records (another city's list,
    // ids renumbered by a migration): every old page would go and every link to it break. It is
    // said, not refused, since the data may be right; a real shrink already has its own message.
    if (last && entries.length * 2 >= last.length && gone * 2 > last.length) {
      warn(
        `${spec.source} ${spec.name}: ids replaced: ${gone} of the ${last.length} ids of the last good snapshot are gone (${entries.length} records now); published anyway, check the upstream if this was not intended`,
      );
      problem = { code: 'ids-replaced', gone, previous: last.length };
    }
    if (partial && last) {
      warn(
        `${spec.source} ${spec.name}: ${partial}; publishing the ${read.length} valid records read and the ${filled} of the last good snapshot that were not read`,
      );
      problem = { code: 'partial-filled', count: read.length, filled };
    } else if (partial) {
      warn(`${spec.source} ${spec.name}: ${partial}; publishing the ${entries.length} valid records read`);
      problem = { code: 'partial', count: entries.length };
    }
    // A sudden growth published on purpose is measured against the count before it until a later
    // night confirms it (is no sudden growth over it): then the next good night is never held as
    // 'less than half' of a flood.
    const nextBaseline = last && baseline !== null && isSyncGrowth(last.length, entries.length) ? baseline : entries.length;
    return {
      spec,
      entries,
      previous: stored && indexEntries(spec.name, stored),
      report: report(
        {
          origin: mode,
          goodOrigin: mode,
          count: entries.length,
          failed: false,
          error: null,
          syncedAt: now().toISOString(),
          problem,
          baseline: mode === 'upstream' ? nextBaseline : null,
          checkedAgainst: baseline,
        },
        records,
      ),
    };
  } catch (error) {
    const reason = run.clean(describeError(error));
    const problem = problemOf(error);
    if (!stored) return fallBack(run, spec, { reason, problem }, records, report);
    warn(`${spec.source} ${spec.name}: ${reason}; keeping the last good snapshot (${stored.length} records)`);
    return {
      spec,
      entries: stored,
      previous: indexEntries(spec.name, stored),
      report: report(
        {
          origin: 'snapshot',
          goodOrigin: previous?.goodOrigin ?? 'upstream',
          count: stored.length,
          failed: true,
          error: reason,
          syncedAt: previous?.syncedAt ?? null,
          problem,
          baseline,
          checkedAgainst: baseline,
        },
        records,
      ),
    };
  }
}

/** What an editor is told of a collection that could not be refreshed (src/lib/status/messages.ts). */
function problemOf(error: unknown): CollectionProblem {
  if (error instanceof HeldError) return error.problem;
  if (error instanceof AnotherCityError) return { code: 'another-city', found: error.found };
  return { code: 'unavailable', ...failureKind(error) };
}

/** How many ids of `last` are not among those of `entries`. */
function idsGone(last: readonly { id: string }[], entries: readonly { id: string }[]): number {
  const now = new Set(entries.map((entry) => entry.id));
  return last.filter((entry) => !now.has(entry.id)).length;
}

/** A failed collection with no last good snapshot: the sample data, the fallback city, or published empty. */
async function fallBack(
  run: SyncRun,
  spec: CollectionSpec,
  { reason, problem }: { reason: string; problem: CollectionProblem },
  records: RecordsSeen,
  report: StatusReport,
): Promise<Settled> {
  let entries: { id: string }[] = [];
  let origin: Origin = 'none';
  if (spec.fallback === 'sample') {
    try {
      entries = (await fetchEntries(run, spec, 'sample')).entries;
      origin = 'sample';
    } catch (sampleError) {
      run.warn(`${spec.source} ${spec.name}: the sample data cannot be read either: ${describeError(sampleError)}`);
    }
  } else if (spec.fallback === 'fallback-city') {
    entries = [FALLBACK_CITY(run.config)];
  }
  const outcome =
    origin === 'sample'
      ? 'using the sample data'
      : spec.fallback === 'fallback-city'
        ? 'using the fallback city'
        : 'publishing it empty';
  run.warn(`${spec.source} ${spec.name}: ${reason}; no last good snapshot, ${outcome}`);
  return {
    spec,
    entries,
    previous: null,
    report: report(
      {
        origin,
        goodOrigin: origin,
        count: entries.length,
        failed: true,
        error: reason,
        syncedAt: origin === 'sample' ? run.now().toISOString() : null,
        problem,
        baseline: null,
        checkedAgainst: null,
      },
      records,
    ),
  };
}

/**
 * One warning per record dropped or repaired: the nightly job's summary counts them, and each says
 * why. The log shows the first few of each collection; the returned list keeps them all.
 */
function recordNotes(run: SyncRun, collections: readonly CollectionReport[]): string[] {
  const lines: string[] = [];
  for (const collection of collections) {
    for (const [what, notes] of [
      ['dropped', collection.dropped],
      ['repaired', collection.repaired],
    ] as const) {
      notes.forEach((record, index) => {
        const line = `${collection.source} ${collection.id}: ${what} record ${record.id}: ${record.reason}`;
        lines.push(run.clean(line));
        if (index < LOGGED_NOTES) run.logger.warn(line);
      });
      if (notes.length > LOGGED_NOTES)
        run.logger.warn(`${collection.source} ${collection.id}: and ${notes.length - LOGGED_NOTES} more ${what}`);
    }
  }
  return lines;
}

/**
 * Writes every settled collection with the links of its HTML to the portal settled against the pages
 * the build will have (own-links.ts): the snapshot's items and the fixed routes, as the gate expects
 * them (expectedPages, scripts/verify/pages.ts). Kept and fallback collections go through it too: a
 * link settled on an earlier night may lead to a page that is gone tonight.
 */
async function publish(run: SyncRun, settled: readonly Settled[]): Promise<CollectionReport[]> {
  const snapshot: Snapshot = Object.fromEntries(settled.map(({ spec, entries }) => [spec.name, entries]));
  const site: OwnSite = { siteUrl: run.config.site.siteUrl, pages: new Set(expectedPages(snapshot).map((page) => page.path)) };
  return Promise.all(
    settled.map(async ({ spec, report, entries, previous }) => {
      const linked = ownLinksInEntries(entries, site);
      const names = new Map(linked.notes.length > 0 ? entries.map((entry) => [entry.id, entryName(spec.name, entry)]) : []);
      report.repaired.push(
        ...linked.notes.map((note) => noteForReport({ ...note, name: names.get(note.id) ?? note.id }, run.secrets)),
      );
      const published = redactDeep(linked.entries, run.config.secrets);
      report.diff = previous && diffEntries(previous, indexEntries(spec.name, published));
      report.hidden = hiddenRecords(spec.name, published).map((record) => hiddenForReport(record, run.secrets));
      await run.write(spec.name, published);
      return report;
    }),
  );
}

/**
 * The entries of a collection that the lists and /dados leave out (an item whose `isListed` is false,
 * as src/lib/data.ts reads it), each with its name and why (hiddenReason), in the collection's order.
 */
export function hiddenRecords(collection: string, entries: readonly { id: string }[]): HiddenRecord[] {
  return entries.flatMap((entry) => {
    const reason = hiddenReason(entry as { isListed?: boolean; status?: { value: string } | null });
    return reason ? [{ id: entry.id, name: entryName(collection, entry), reason }] : [];
  });
}

/** A list as status.json keeps it: the first STATUS_LIST_CAP entries and the count. */
const capped = <T>(list: readonly T[]) => ({ total: list.length, first: list.slice(0, STATUS_LIST_CAP) });

/** A collection's line of status.json: its status, with what changed and its record notes for /status. */
function statusLine(collection: CollectionReport): CollectionStatus {
  const { received: _received, partial: _partial, diff, dropped, repaired, hidden, ...status } = collection;
  return {
    ...status,
    changes: diff && { added: capped(diff.added), removed: capped(diff.removed), changed: diff.changed.length },
    dropped: capped(dropped),
    repaired: capped(repaired),
    hidden: capped(hidden),
  };
}

export async function runSync(options: SyncOptions): Promise<SyncReport> {
  // The last good snapshot in the current format before anything reads it (a dry run reads an older one in memory).
  const migratedFrom = options.dryRun ? null : await migrateSnapshotDir(options.outDir);
  const run = await startRun(options);
  if (migratedFrom !== null) {
    run.logger.info(
      `the last good snapshot in ${options.outDir} was migrated from version ${migratedFrom} to ${SNAPSHOT_VERSION}`,
    );
  }
  // A refused update's note (src/lib/status/refusal.ts) is about the attempt before this one.
  if (!options.dryRun) {
    await rm(path.join(options.outDir, REFUSAL_FILE), { force: true });
    await removeStaleTemporaries(options.outDir);
  }
  warnPartialPodcast(run);
  const collections = await publish(run, await Promise.all(COLLECTIONS.map((spec) => syncCollection(run, spec))));
  const recordWarnings = recordNotes(run, collections);
  const statuses = collections.map(statusLine);
  await run.write(STATUS_FILE, statuses);
  run.logger.info(formatSummary(collections));
  return { collections, statuses, warnings: run.warnings, recordWarnings };
}

/** The summary table: per collection, records received, kept and dropped, and where they came from. */
function formatSummary(collections: readonly CollectionReport[]): string {
  const rows = [
    ['collection', 'source', 'from', 'received', 'kept', 'dropped', 'repaired', 'note'],
    ...collections.map((collection) => [
      collection.id,
      collection.source,
      collection.origin === 'snapshot' ? 'last good snapshot' : collection.origin === 'none' ? 'fallback' : collection.origin,
      String(collection.received),
      String(collection.count),
      String(collection.dropped.length),
      String(new Set(collection.repaired.map((record) => record.id)).size),
      collection.error ?? (collection.partial ? `partial read: ${collection.partial}` : ''),
    ]),
  ];
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
