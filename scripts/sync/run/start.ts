/**
 * The start of a sync run: its options (SyncOptions), the configuration read once, the secrets
 * filter on every output, and one HTTP client per collection (SyncRun, startRun).
 */
import type { KyInstance } from 'ky';
import type { Env } from '../../../src/lib/config.ts';
import { type Secret, secretsFromEnv } from '../../verify/secrets.ts';
import type { SourceName } from '../collections.ts';
import { readSyncConfig, type SyncConfig } from '../config.ts';
import { FIXTURE_PATHS, fixtureFetch, folderReader } from '../fixture-upstream.ts';
import { type ByteBudget, createHttpClient, DEFAULT_HTTP_OPTIONS, type HttpOptions } from '../http.ts';
import { consoleLogger, redact, type SyncLogger } from '../log.ts';
import { readPreviousStatus, writeJsonAtomic } from '../snapshot.ts';
import { cityApiClient, type SourceContext } from '../sources.ts';

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

/** The sample data is served under this origin through an in-process fetch; nothing leaves the machine. */
const SAMPLE_ORIGIN = 'http://sample.invalid';

function sampleConfig(config: SyncConfig): SyncConfig {
  return {
    ...config,
    cityApi: { url: `${SAMPLE_ORIGIN}${FIXTURE_PATHS.cityApi}`, token: null },
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

/** What every step of one sync run shares: its configuration, its clients, its output and its warnings. */
export interface SyncRun {
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
export type Mode = 'upstream' | 'sample';

/**
 * Sets up a run: the secrets filter on every output, the secrets a record may not carry, one deadline
 * per source and one HTTP client per collection (its byte budget).
 */
export async function startRun(options: SyncOptions): Promise<SyncRun> {
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
    const cityApi = (mode === 'upstream' ? config : sample).cityApi;
    return {
      http: source === 'cityApi' && cityApi ? cityApiClient(base, cityApi) : base,
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

export const isConfigured = (run: SyncRun, source: SourceName) => run.config[source] !== null;

/** A podcast half configured is the sample podcast, said once. */
export function warnPartialPodcast(run: SyncRun): void {
  const partlyPodcast = ['SPOTIFY_CLIENT_ID', 'SPOTIFY_CLIENT_SECRET', 'SPOTIFY_SHOW_ID'].filter((name) =>
    run.options.env[name]?.trim(),
  );
  if (!isConfigured(run, 'podcast') && partlyPodcast.length > 0) {
    run.warn(`podcast: only ${partlyPodcast.join(', ')} set; all three are needed, using the sample episodes`);
  }
}
