/**
 * What a sync run writes: every settled collection, its links to the portal settled (publish), and
 * each collection's line of status.json (statusLine).
 */
import type { Snapshot } from '../../../src/integrations/build-manifest.ts';
import { type CollectionStatus, type HiddenRecord, STATUS_LIST_CAP } from '../../../src/lib/schemas/index.ts';
import { entryName } from '../../../src/lib/status/collection-names.ts';
import { expectedPages } from '../../verify/pages.ts';
import { diffEntries, indexEntries } from '../diff.ts';
import { redactDeep } from '../log.ts';
import { hiddenReason } from '../normalise/item.ts';
import { type OwnSite, ownLinksInEntries } from '../normalise/own-links.ts';
import { hiddenForReport, noteForReport } from '../notes.ts';
import type { Settled } from './collection.ts';
import type { CollectionReport } from './report.ts';
import type { SyncRun } from './start.ts';

/**
 * Writes every settled collection with the links of its HTML to the portal settled against the pages
 * the build will have (own-links.ts): the snapshot's items and the fixed routes, as the gate expects
 * them (expectedPages, scripts/verify/pages.ts). Kept and fallback collections go through it too: a
 * link settled on an earlier night may lead to a page that is gone tonight.
 */
export async function publish(run: SyncRun, settled: readonly Settled[]): Promise<CollectionReport[]> {
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
export function statusLine(collection: CollectionReport): CollectionStatus {
  const { received: _received, partial: _partial, diff, dropped, repaired, hidden, ...status } = collection;
  return {
    ...status,
    changes: diff && { added: capped(diff.added), removed: capped(diff.removed), changed: diff.changed.length },
    dropped: capped(dropped),
    repaired: capped(repaired),
    hidden: capped(hidden),
  };
}
