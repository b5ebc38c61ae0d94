/**
 * The change check, `npm run sync -- --check`: asks every source whether a sync would publish
 * anything other than the snapshot in SNAPSHOT_DIR (`--out`), so that .github/workflows/check-sources.yml
 * starts the deploy only when an editor published something at a source. It reads every source and
 * settles every collection exactly as a sync does (runSync with `dryRun`: validation, fallbacks, the
 * shrink refusal, own links), compares entry by entry (diff.ts: a field that moves on its own, such as
 * a views counter, is no change), and writes nothing: the snapshot folder is left byte for byte as it
 * was, status.json included, and no image is downloaded.
 *
 * The verdict is the last line scripts/sync.ts prints, one line of at most LINE_LIMIT characters
 * (it becomes the deploy's reason and run name):
 *
 * - `unchanged` (exit 0): every collection a source answered for would be published as the snapshot
 *   holds it. A source that is down is no change: its collections keep their last good snapshot, as
 *   a sync keeps them, and the line says so: `unchanged (not reachable: blog)`. A collection that
 *   shrank below half of its snapshot is kept too (the deploy's sync would refuse it the same way,
 *   unless `allow_shrink`): `unchanged (kept, shrank by over half: events 10 → 3)`; so is one that grew
 *   suddenly (unless `allow_growth`): `unchanged (kept, grew suddenly: news 30 → 630)`.
 * - `changed: …` (exit 0): what a sync would add (+), remove (-) and change (~) per collection, with
 *   up to three names each: `changed: news +1 ("Festival de Pesca"); events -1 ("Festa do Peão")`,
 *   followed by the same notes in parentheses. A collection that failed or was kept is never listed
 *   as changed: it publishes its last good snapshot again (whose links to the portal may move only
 *   because another collection changed, which is listed itself).
 * - `cannot check: …` (exit 2): nothing to compare with (no readable collection file in the
 *   snapshot folder: the first publication needs a full sync and deploy; no source is asked then),
 *   or not one of the configured sources answered (with none configured, the sample data counts as
 *   the sources).
 * - Any other failure (a bug, an unreadable option) throws: exit 1 with the stack, and no verdict line.
 */
import type { CollectionProblem, EntryRef } from '../../src/lib/schemas/index.ts';
import { excerpt } from '../../src/lib/status/excerpt.ts';
import { cutText } from '../../src/lib/text.ts';
import { COLLECTIONS, type SourceName } from './collections.ts';
import { readSyncConfig } from './config.ts';
import { type CollectionDiff, hasChanges } from './diff.ts';
import { runSync } from './run/index.ts';
import type { CollectionReport, SyncReport } from './run/report.ts';
import type { SyncOptions } from './run/start.ts';
import { readPreviousEntries } from './snapshot.ts';

/** runSync's options: the check always runs it dry. */
export type CheckOptions = Omit<SyncOptions, 'dryRun'>;

/** What a sync would change in one collection. */
export interface CollectionChange extends CollectionDiff {
  id: string;
  /**
   * Set when the snapshot has no readable file for this collection (one added to the code, or one
   * that no longer fits its schema): the entries a sync would write, all new and not named.
   */
  notInSnapshot: number | null;
}

/** A source whose collections could not be read, all of them (`collections` empty) or some. */
interface Outage {
  source: SourceName;
  /** The collections that failed when the source answered for others; empty when none answered. */
  collections: string[];
}

/** A collection whose source answered but whose answer a sync would not publish. */
interface KeptCollection {
  id: string;
  problem: Extract<CollectionProblem, { code: 'shrink' | 'growth' | 'another-city' }>;
}

type Verdict = 'unchanged' | 'changed' | 'cannot-check';

/** What the check found, before it is worded. */
export interface CheckFindings {
  verdict: Verdict;
  /** Why it could not check: no snapshot to compare with, or no source answered; null when it could. */
  cannot: 'no-snapshot' | 'no-source' | null;
  changes: CollectionChange[];
  unreachable: Outage[];
  kept: KeptCollection[];
}

interface CheckResult extends CheckFindings {
  /** The one summary line (formatCheckLine). */
  line: string;
  /** 0 for unchanged and changed, 2 when it could not check. */
  exitCode: 0 | 2;
  /** The dry sync's report; null when no source was asked. */
  report: SyncReport | null;
}

/** The longest line: it becomes a workflow input and a run name. */
export const LINE_LIMIT = 200;
/** The longest name quoted on the line, ellipsis included. */
const NAME_LIMIT = 40;
/** Names quoted per collection; the rest are counted. */
const NAMES_PER_COLLECTION = 3;

/** Every source the sync reads, in the order of its collections. */
const ALL_SOURCES: readonly SourceName[] = [...new Set(COLLECTIONS.map((spec) => spec.source))];

/** The sources the check asks: the configured ones, or with none configured the sample data's three. */
function askedSources(env: SyncOptions['env']): SourceName[] {
  const config = readSyncConfig(env);
  const configured = ALL_SOURCES.filter((source) => config[source] !== null);
  return configured.length > 0 ? configured : [...ALL_SOURCES];
}

/** A collection kept for a reason other than its source failing to answer. */
const isKept = (collection: CollectionReport): collection is CollectionReport & { problem: KeptCollection['problem'] } =>
  collection.failed &&
  (collection.problem?.code === 'shrink' || collection.problem?.code === 'growth' || collection.problem?.code === 'another-city');

/**
 * The verdict on a dry sync's collections: what changed, which sources did not answer, what was
 * kept. `asked` are the sources that must answer for the check to mean anything (askedSources).
 */
export function judgeCollections(collections: readonly CollectionReport[], asked: readonly SourceName[]): CheckFindings {
  const changes: CollectionChange[] = [];
  const kept: KeptCollection[] = [];
  const failedBySource = new Map<SourceName, string[]>();
  for (const collection of collections) {
    if (isKept(collection)) kept.push({ id: collection.id, problem: collection.problem });
    else if (collection.failed)
      failedBySource.set(collection.source, [...(failedBySource.get(collection.source) ?? []), collection.id]);
    else if (collection.diff === null) {
      // A sync would write the file; an empty one changes no page.
      if (collection.count > 0)
        changes.push({ id: collection.id, added: [], removed: [], changed: [], notInSnapshot: collection.count });
    } else if (hasChanges(collection.diff)) changes.push({ id: collection.id, ...collection.diff, notInSnapshot: null });
  }
  const unreachable: Outage[] = [...failedBySource].map(([source, failed]) => {
    const all = collections.filter((collection) => collection.source === source).length;
    return { source, collections: failed.length === all ? [] : failed };
  });
  const silent = new Set(unreachable.filter((outage) => outage.collections.length === 0).map((outage) => outage.source));
  if (asked.length > 0 && asked.every((source) => silent.has(source))) {
    return { verdict: 'cannot-check', cannot: 'no-source', changes: [], unreachable, kept };
  }
  return { verdict: changes.length > 0 ? 'changed' : 'unchanged', cannot: null, changes, unreachable, kept };
}

/**
 * An entry's name as the line quotes it: as the editors' reports quote upstream text (excerpt: one
 * line, no invisible character, no followable address), cut to NAME_LIMIT, in JSON quotes so a quote
 * or a backslash in it stays readable.
 */
function quoteName(name: string): string {
  return JSON.stringify(cutText(excerpt(name), NAME_LIMIT));
}

/** One collection's part of the line: `tours +1 ("A") -2 ("B", "C") ~1`, at most `names` names in all. */
function changePart(change: CollectionChange, names: number): string {
  if (change.notInSnapshot !== null) return `${change.id} +${change.notInSnapshot} (not in the snapshot)`;
  let left = names;
  const words = [change.id];
  for (const [sign, refs] of [
    ['+', change.added],
    ['-', change.removed],
    ['~', change.changed],
  ] as [string, EntryRef[]][]) {
    if (refs.length === 0) continue;
    const shown = refs.slice(0, left).map((ref) => quoteName(ref.name));
    left -= shown.length;
    const more = refs.length > shown.length && shown.length > 0 ? ', …' : '';
    words.push(shown.length > 0 ? `${sign}${refs.length} (${shown.join(', ')}${more})` : `${sign}${refs.length}`);
  }
  return words.join(' ');
}

/** The notes on sources that did not answer and collections kept, for the parentheses after the verdict. */
function notes(findings: Pick<CheckFindings, 'unreachable' | 'kept'>): string[] {
  const lines: string[] = [];
  if (findings.unreachable.length > 0) {
    const outages = findings.unreachable.map((outage) =>
      outage.collections.length === 0 ? outage.source : `${outage.source} (${outage.collections.join(', ')})`,
    );
    lines.push(`not reachable: ${outages.join(', ')}`);
  }
  const shrank = findings.kept.flatMap(({ id, problem }) =>
    problem.code === 'shrink' ? [`${id} ${problem.previous} → ${problem.count}`] : [],
  );
  if (shrank.length > 0) lines.push(`kept, shrank by over half: ${shrank.join(', ')}`);
  const grew = findings.kept.flatMap(({ id, problem }) =>
    problem.code === 'growth' ? [`${id} ${problem.previous} → ${problem.count}`] : [],
  );
  if (grew.length > 0) lines.push(`kept, grew suddenly: ${grew.join(', ')}`);
  const cities = findings.kept.flatMap(({ problem }) => (problem.code === 'another-city' ? [quoteName(problem.found)] : []));
  if (cities.length > 0) lines.push(`kept, another city: ${cities.join(', ')}`);
  return lines;
}

/**
 * The check's one line, at most `limit` characters: `unchanged`, `changed: …` or `cannot check: …`,
 * with the notes in parentheses (cut to half the line). A collection that fits only without its
 * names keeps its counts; the collections that do not fit at all are counted ('; 2 more').
 */
export function formatCheckLine(findings: CheckFindings, limit = LINE_LIMIT): string {
  const noted = notes(findings);
  const tail = noted.length > 0 ? ` (${cutText(noted.join('; '), Math.floor(limit / 2))})` : '';
  if (findings.verdict === 'cannot-check') {
    const why =
      findings.cannot === 'no-snapshot'
        ? 'no snapshot to compare with; the first publication needs a full sync and deploy'
        : 'no source answered';
    return cutText(`cannot check: ${why}${tail}`, limit);
  }
  if (findings.verdict === 'unchanged') return cutText(`unchanged${tail}`, limit);

  const { changes } = findings;
  const lineOf = (parts: readonly string[], more: number) =>
    `changed: ${[...parts, ...(more > 0 ? [`${more} more`] : [])].join('; ')}${tail}`;
  const fits = (parts: readonly string[], more: number) => [...lineOf(parts, more)].length <= limit;
  const parts: string[] = [];
  for (const [index, change] of changes.entries()) {
    // Room is kept for counting the collections after this one, in case they do not fit.
    const rest = changes.length - index - 1;
    const part = [changePart(change, NAMES_PER_COLLECTION), changePart(change, 0)].find((candidate) =>
      fits([...parts, candidate], rest),
    );
    if (part === undefined) break;
    parts.push(part);
  }
  return cutText(lineOf(parts, changes.length - parts.length), limit);
}

/** Whether the folder holds a readable snapshot of at least one collection, as the sync reads it. */
async function hasSnapshot(dir: string): Promise<boolean> {
  const stored = await Promise.all(COLLECTIONS.map((spec) => readPreviousEntries(dir, spec)));
  return stored.some((entries) => entries !== null);
}

/**
 * Asks every source whether a sync would change the snapshot in `options.outDir`, writing nothing.
 * With no snapshot there it asks nothing and says it cannot check.
 */
export async function checkSources(options: CheckOptions): Promise<CheckResult> {
  const finish = (findings: CheckFindings, report: SyncReport | null): CheckResult => ({
    ...findings,
    line: formatCheckLine(findings),
    exitCode: findings.verdict === 'cannot-check' ? 2 : 0,
    report,
  });
  if (!(await hasSnapshot(options.outDir))) {
    return finish({ verdict: 'cannot-check', cannot: 'no-snapshot', changes: [], unreachable: [], kept: [] }, null);
  }
  const report = await runSync({ ...options, dryRun: true });
  return finish(judgeCollections(report.collections, askedSources(options.env)), report);
}
