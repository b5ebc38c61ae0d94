/**
 * The sync: every collection from its configured upstream (or the embedded sample data), each
 * record validated and sanitised, written to the snapshot; a failing source keeps its last good
 * snapshot and the run goes on.
 */
import type { KyInstance } from 'ky';
import type { Env } from '../../src/lib/config.ts';
import type { DroppedRecord } from '../../src/lib/normalise/records.ts';
import type { CollectionStatus, Origin } from '../../src/lib/schemas/index.ts';
import { COLLECTIONS, type CollectionSpec, FALLBACK_CITY, type SourceName } from './collections.ts';
import { readSyncConfig, type SyncConfig } from './config.ts';
import { FIXTURE_PATHS, fixtureFetch, folderReader } from './fixture-upstream.ts';
import { createHttpClient, DEFAULT_HTTP_OPTIONS, describeError, type HttpOptions } from './http.ts';
import { consoleLogger, redact, redactDeep, type SyncLogger } from './log.ts';
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
  http?: Partial<HttpOptions>;
  logger?: SyncLogger;
  now?: () => Date;
}

export interface CollectionReport extends CollectionStatus {
  /** Records the source gave this time (0 when it failed). */
  received: number;
  /** Records that could not be made valid. */
  dropped: DroppedRecord[];
  /** Why the source's read stopped short this time (a later page failed), or null; see syncCollection. */
  partial: string | null;
}

export interface SyncReport {
  collections: CollectionReport[];
  warnings: string[];
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

class ShrinkError extends Error {
  override name = 'ShrinkError';
}

export async function runSync(options: SyncOptions): Promise<SyncReport> {
  const config = readSyncConfig(options.env);
  const sample = sampleConfig(config);
  // Every line, warning, error and snapshot file goes through the secrets filter: an upstream can
  // echo a credential back (in a status text, an error page, a record) and none may be printed or published.
  const clean = (text: string) => redact(text, config.secrets);
  const output = options.logger ?? consoleLogger;
  const logger: SyncLogger = { info: (message) => output.info(clean(message)), warn: (message) => output.warn(clean(message)) };
  const write = (name: string, value: unknown) => writeJsonAtomic(options.outDir, name, redactDeep(value, config.secrets));
  const now = options.now ?? (() => new Date());
  const httpOptions: HttpOptions = { ...DEFAULT_HTTP_OPTIONS, ...options.http };
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(clean(message));
    logger.warn(message);
  };

  const isConfigured = (source: SourceName) => config[source] !== null;
  const partlyPodcast = ['SPOTIFY_CLIENT_ID', 'SPOTIFY_CLIENT_SECRET', 'SPOTIFY_SHOW_ID'].filter((name) =>
    options.env[name]?.trim(),
  );
  if (!isConfigured('podcast') && partlyPodcast.length > 0) {
    warn(`podcast: only ${partlyPodcast.join(', ')} set; all three are needed, using the sample episodes`);
  }

  const clients = {
    upstream: createHttpClient(httpOptions),
    sample: createHttpClient({ ...httpOptions, fetch: fixtureFetch(folderReader(options.sampleDir)) }),
  };
  const contexts = new Map<string, SourceContext>();
  const contextFor = (source: SourceName, mode: 'upstream' | 'sample'): SourceContext => {
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

  const previousStatus = await readPreviousStatus(options.outDir);

  async function fetchEntries(spec: CollectionSpec, mode: 'upstream' | 'sample') {
    let partial: string | null = null;
    const context: SourceContext = {
      ...contextFor(spec.source, mode),
      note: (message, kind) => {
        if (kind === 'partial') partial = clean(message);
        else warn(`${spec.source} ${spec.name}: ${message}`);
      },
    };
    const records = await spec.fetch(context, mode === 'upstream' ? config : sample);
    const { entries, dropped } = spec.normalise(records, config);
    return {
      received: records.length,
      entries,
      dropped: dropped.map((record) => ({ id: clean(record.id), reason: clean(record.reason) })),
      partial: partial as string | null,
    };
  }

  async function syncCollection(spec: CollectionSpec): Promise<CollectionReport> {
    const mode = isConfigured(spec.source) ? 'upstream' : 'sample';
    const previous = previousStatus.get(spec.name);
    let partial: string | null = null;
    const report = (
      status: Omit<CollectionStatus, 'id' | 'source'>,
      received: number,
      dropped: DroppedRecord[],
    ): CollectionReport => ({
      id: spec.name,
      source: spec.source,
      ...status,
      received,
      dropped,
      partial,
    });

    let received = 0;
    let dropped: DroppedRecord[] = [];
    try {
      const result = await fetchEntries(spec, mode);
      ({ received, dropped, partial } = result);
      // A read cut short by a failure (a later page of a paged call) publishes what it read, unless
      // that is less than half of the last good snapshot from the upstream: then the snapshot stays,
      // even with --allow-shrink, which is for drops the upstream meant, not for pages that failed.
      if (mode === 'upstream' && (!options.allowShrink || partial)) {
        const last = await readPreviousEntries(options.outDir, spec);
        const lastOrigin = previous?.goodOrigin ?? 'upstream';
        if (last && lastOrigin === 'upstream' && result.entries.length * 2 < last.length) {
          throw new ShrinkError(
            partial
              ? `${partial}; ${result.entries.length} valid records, less than half of the last good ${last.length}: a partial read does not replace it`
              : `${result.entries.length} valid records (${received} received), less than half of the last good ${last.length}; not published (use --allow-shrink if this is intended)`,
          );
        }
      }
      if (partial) warn(`${spec.source} ${spec.name}: ${partial}; publishing the ${result.entries.length} valid records read`);
      await write(spec.name, result.entries);
      return report(
        {
          origin: mode,
          goodOrigin: mode,
          count: result.entries.length,
          failed: false,
          error: null,
          syncedAt: now().toISOString(),
        },
        received,
        dropped,
      );
    } catch (error) {
      const reason = clean(describeError(error));
      const last = await readPreviousEntries(options.outDir, spec);
      if (last) {
        warn(`${spec.source} ${spec.name}: ${reason}; keeping the last good snapshot (${last.length} records)`);
        await write(spec.name, last);
        return report(
          {
            origin: 'snapshot',
            goodOrigin: previous?.goodOrigin ?? 'upstream',
            count: last.length,
            failed: true,
            error: reason,
            syncedAt: previous?.syncedAt ?? null,
          },
          received,
          dropped,
        );
      }
      return fallBack(spec, reason, received, dropped, report);
    }
  }

  async function fallBack(
    spec: CollectionSpec,
    reason: string,
    received: number,
    dropped: DroppedRecord[],
    report: (status: Omit<CollectionStatus, 'id' | 'source'>, received: number, dropped: DroppedRecord[]) => CollectionReport,
  ): Promise<CollectionReport> {
    let entries: { id: string }[] = [];
    let origin: Origin = 'none';
    if (spec.fallback === 'sample') {
      try {
        entries = (await fetchEntries(spec, 'sample')).entries;
        origin = 'sample';
      } catch (sampleError) {
        warn(`${spec.source} ${spec.name}: the sample data cannot be read either: ${describeError(sampleError)}`);
      }
    } else if (spec.fallback === 'fallback-city') {
      entries = [FALLBACK_CITY(config)];
    }
    const outcome =
      origin === 'sample'
        ? 'using the sample data'
        : spec.fallback === 'fallback-city'
          ? 'using the fallback city'
          : 'publishing it empty';
    warn(`${spec.source} ${spec.name}: ${reason}; no last good snapshot, ${outcome}`);
    await write(spec.name, entries);
    return report(
      {
        origin,
        goodOrigin: origin,
        count: entries.length,
        failed: true,
        error: reason,
        syncedAt: origin === 'sample' ? now().toISOString() : null,
      },
      received,
      dropped,
    );
  }

  const collections = await Promise.all(COLLECTIONS.map((spec) => syncCollection(spec)));
  for (const collection of collections) {
    for (const record of collection.dropped) {
      logger.warn(`${collection.source} ${collection.id}: dropped record ${record.id}: ${record.reason}`);
    }
  }
  await write(
    STATUS_FILE,
    collections.map(({ received: _received, dropped: _dropped, partial: _partial, ...status }) => status),
  );
  logger.info(formatSummary(collections));
  return { collections, warnings };
}

/** The summary table: per collection, records received, kept and dropped, and where they came from. */
export function formatSummary(collections: readonly CollectionReport[]): string {
  const rows = [
    ['collection', 'source', 'from', 'received', 'kept', 'dropped', 'note'],
    ...collections.map((collection) => [
      collection.id,
      collection.source,
      collection.origin === 'snapshot' ? 'last good snapshot' : collection.origin === 'none' ? 'fallback' : collection.origin,
      String(collection.received),
      String(collection.count),
      String(collection.dropped.length),
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
