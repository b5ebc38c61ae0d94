/**
 * The photos a build shows as the placeholder, by the record they belong to: the image addresses of
 * each entry (collectImageUrls) that the sync could not make into a photo (the image manifest's
 * `failed`, with its reason).
 */
import { collectImageUrls } from '../images.ts';
import { entryName } from './collection-names.ts';
import type { SourceName } from './messages.ts';

/** A record with photos shown as the placeholder. */
export interface ImageNote {
  collection: string;
  source: SourceName;
  id: string;
  name: string;
  /** How many of its photos; `reason` is the first one's, as the sync gave it (scripts/sync/images/report.ts). */
  count: number;
  reason: string;
}

/** One note per record that has a photo in `failed` (URL → reason), in the collections' order. */
export function imageNotes(
  collections: readonly { collection: string; source: SourceName; entries: readonly { id: string }[] }[],
  failed: Readonly<Record<string, string>>,
): ImageNote[] {
  if (Object.keys(failed).length === 0) return [];
  return collections.flatMap(({ collection, source, entries }) =>
    entries.flatMap((entry) => {
      const broken = collectImageUrls(entry).filter((url) => url in failed);
      const first = broken[0];
      if (first === undefined) return [];
      const name = entryName(collection, entry);
      return [{ collection, source, id: entry.id, name, count: broken.length, reason: failed[first] ?? '' }];
    }),
  );
}
