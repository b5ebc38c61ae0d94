/**
 * The sync: every collection from its configured upstream (or the embedded sample data), each
 * record validated and sanitised, written to the snapshot; a failing source keeps its last good
 * snapshot and the run goes on.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { KyInstance } from 'ky';
import type { Snapshot } from '../../src/integrations/build-manifest.ts';
import type { Env } from '../../src/lib/config.ts';
import { type CollectionProblem, type CollectionStatus, type Origin, STATUS_LIST_CAP } from '../../src/lib/schemas/index.ts';
import { entryName } from '../../src/lib/status/collection-names.ts';
import { REFUSAL_FILE } from '../../src/lib/status/refusal.ts';
import { expectedPages } from '../verify/pages.ts';
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
import { createHttpClient, DEFAULT_HTTP_OPTIONS, describeError, failureKind, type HttpOptions, tooManyRecords } from './http.ts';
import { consoleLogger, redact, redactDeep, type SyncLogger } from './log.ts';
import type { RecordNote } from './normalise/context.ts';
import { type OwnSite, ownLinksInEntries } from './normalise/own-links.ts';
import { readPreviousEntries, readPreviousStatus, STATUS_FILE, writeJsonAtomic } from './snapshot.ts';
import { providerClient, type SourceContext } from './sources.ts';

export interface SyncOptions {
  /** The configuration contract's variables (process.env in the CLI). */
  env: Env;
  /** Snapshot folder. */
  outDir: string;
  /** Embedded sample data, in the upstreams' wire format. */
  sampleDir: string;
  /** Publish a collection even when it shrank below half of its last good count. */
  allowShrink?: boolean;
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

export interface CollectionReport extends Omit<CollectionStatus, 'dropped' | 'repaired' | 'changes'>, RecordsSeen {
  /** What it publishes against the snapshot the sync started from; null when that had no such collection. */
  diff: CollectionDiff | null;
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

class ShrinkError extends Error {
  override name = 'ShrinkError';
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
  logger: SyncLogger;
  /** Writes a snapshot file as it is (nothing in a dry run). */
  write: (name: string, value: unknown) => Promise<void>;
  now: () => Date;
  /** Source and collection warnings of this run, secrets removed. */
  warnings: string[];
  warn: (message: string) => void;
  contextFor: (source: SourceName, mode: Mode) => SourceContext;
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
type SettledStatus = Pick<CollectionStatus, 'origin' | 'goodOrigin' | 'count' | 'failed' | 'error' | 'syncedAt' | 'problem'>;
type StatusReport = (status: SettledStatus, records: RecordsSeen) => CollectionReport;

/** A collection once its source has been read (or has failed): what it publishes, before its links to the portal are settled. */
interface Settled {
  spec: CollectionSpec;
  report: CollectionReport;
  entries: { id: string }[];
  /** The entries of the snapshot the sync started from, by id; null when it had none (publish diffs against it). */
  previous: EntryIndex | null;
}

/** Sets up a run: the secrets filter on every output, one HTTP client per mode, one context per source. */
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

  const clients = {
    upstream: createHttpClient(httpOptions),
    sample: createHttpClient({ ...httpOptions, fetch: fixtureFetch(folderReader(options.sampleDir)) }),
  };
  const contexts = new Map<string, SourceContext>();
  const contextFor = (source: SourceName, mode: Mode): SourceContext => {
    const key = `${source}:${mode}`;
    let context = contexts.get(key);
    if (!context) {
      const base: KyInstance = clients[mode];
      const provider = (mode === 'upstream' ? config : sample).provider;
      context = {
        http: source === 'provider' && provider ? providerClient(base, provider) : base,
        signal: AbortSignal.timeout(httpOptions.sourceDeadlineMs),
        site: config.site,
        httpOptions,
      };
      contexts.set(key, context);
    }
    return context;
  };

  return {
    options,
    config,
    sample,
    clean,
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

/** Reads one collection from `mode` and normalises it: the valid entries and what became of the rest. */
async function fetchEntries(run: SyncRun, spec: CollectionSpec, mode: Mode) {
  const { clean } = run;
  let partial: string | null = null;
  const context: SourceContext = {
    ...run.contextFor(spec.source, mode),
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
    spec.normalise(records, run.config, { baseUrl, now: run.now(), siteUrl: run.config.site.siteUrl }),
  );
  const cleaned = (notes: RecordNote[]) => notes.map((note) => cleanNote(run, note));
  return {
    received: records.length,
    entries,
    dropped: cleaned(dropped),
    repaired: cleaned(repaired),
    partial: partial as string | null,
  };
}

/**
 * One collection: read, or, when that fails or is refused, its last good snapshot kept, or with none
 * its fallback (fallBack). Written by runSync once every collection is settled.
 */
async function syncCollection(run: SyncRun, spec: CollectionSpec): Promise<Settled> {
  const { options, now, warn } = run;
  const mode: Mode = isConfigured(run, spec.source) ? 'upstream' : 'sample';
  const previous = run.previousStatus.get(spec.name);
  const report: StatusReport = (status, records) => ({ id: spec.name, source: spec.source, ...status, ...records, diff: null });

  let records: RecordsSeen = { received: 0, dropped: [], repaired: [], partial: null };
  try {
    const { entries, ...seen } = await fetchEntries(run, spec, mode);
    records = seen;
    const { partial } = seen;
    const stored = await readPreviousEntries(options.outDir, spec);
    // Compared with the last good snapshot only when both come from the upstream: the sample data's
    // ids and counts say nothing about the upstream's.
    const last = mode === 'upstream' && (previous?.goodOrigin ?? 'upstream') === 'upstream' ? stored : null;
    // A read cut short by a failure (a later page of a paged call) publishes what it read, unless
    // that is less than half of the last good snapshot from the upstream: then the snapshot stays,
    // even with --allow-shrink, which is for drops the upstream meant, not for pages that failed.
    if (last && (!options.allowShrink || partial) && entries.length * 2 < last.length) {
      const counts = { count: entries.length, previous: last.length };
      throw partial
        ? new ShrinkError(
            `${partial}; ${entries.length} valid records, less than half of the last good ${last.length}: a partial read does not replace it`,
            { code: 'partial-kept', ...counts },
          )
        : new ShrinkError(
            `${entries.length} valid records (${seen.received} received), less than half of the last good ${last.length}; not published (use --allow-shrink if this is intended)`,
            { code: 'shrink', ...counts },
          );
    }
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
    if (partial) {
      warn(`${spec.source} ${spec.name}: ${partial}; publishing the ${entries.length} valid records read`);
      problem = { code: 'partial', count: entries.length };
    }
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
        },
        records,
      ),
    };
  } catch (error) {
    const reason = run.clean(describeError(error));
    const problem = problemOf(error);
    const last = await readPreviousEntries(options.outDir, spec);
    if (!last) return fallBack(run, spec, { reason, problem }, records, report);
    warn(`${spec.source} ${spec.name}: ${reason}; keeping the last good snapshot (${last.length} records)`);
    return {
      spec,
      entries: last,
      previous: indexEntries(spec.name, last),
      report: report(
        {
          origin: 'snapshot',
          goodOrigin: previous?.goodOrigin ?? 'upstream',
          count: last.length,
          failed: true,
          error: reason,
          syncedAt: previous?.syncedAt ?? null,
          problem,
        },
        records,
      ),
    };
  }
}

/** What an editor is told of a collection that could not be refreshed (src/lib/status/messages.ts). */
function problemOf(error: unknown): CollectionProblem {
  if (error instanceof ShrinkError) return error.problem;
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
      report.repaired.push(...linked.notes.map((note) => cleanNote(run, { ...note, name: names.get(note.id) ?? note.id })));
      const published = redactDeep(linked.entries, run.config.secrets);
      report.diff = previous && diffEntries(previous, indexEntries(spec.name, published));
      await run.write(spec.name, published);
      return report;
    }),
  );
}

/** A record note with every configured secret removed from its texts. */
function cleanNote(run: SyncRun, note: RecordNote): RecordNote {
  const { clean } = run;
  return {
    ...note,
    id: clean(note.id),
    reason: clean(note.reason),
    ...(note.name === undefined ? {} : { name: clean(note.name) }),
    ...(note.value === undefined ? {} : { value: clean(note.value) }),
  };
}

/** A list as status.json keeps it: the first STATUS_LIST_CAP entries and the count. */
const capped = <T>(list: readonly T[]) => ({ total: list.length, first: list.slice(0, STATUS_LIST_CAP) });

/** A collection's line of status.json: its status, with what changed and its record notes for /status. */
function statusLine(collection: CollectionReport): CollectionStatus {
  const { received: _received, partial: _partial, diff, dropped, repaired, ...status } = collection;
  return {
    ...status,
    changes: diff && { added: capped(diff.added), removed: capped(diff.removed), changed: diff.changed.length },
    dropped: capped(dropped),
    repaired: capped(repaired),
  };
}

export async function runSync(options: SyncOptions): Promise<SyncReport> {
  const run = await startRun(options);
  // A refused update's note (src/lib/status/refusal.ts) is about the attempt before this one.
  if (!options.dryRun) await rm(path.join(options.outDir, REFUSAL_FILE), { force: true });
  warnPartialPodcast(run);
  const collections = await publish(run, await Promise.all(COLLECTIONS.map((spec) => syncCollection(run, spec))));
  const recordWarnings = recordNotes(run, collections);
  const statuses = collections.map(statusLine);
  await run.write(STATUS_FILE, statuses);
  run.logger.info(formatSummary(collections));
  return { collections, statuses, warnings: run.warnings, recordWarnings };
}

/** The summary table: per collection, records received, kept and dropped, and where they came from. */
export function formatSummary(collections: readonly CollectionReport[]): string {
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
