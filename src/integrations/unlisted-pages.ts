/**
 * The pages of items the portal does not list (a provider whose registration is pending, in
 * review or inactive): they answer their old links with a notice and `noindex`, so the sitemap
 * leaves them out too. Read from the snapshot the build reads, before the build.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ENTITIES, itemPath } from '../lib/entities.ts';
import { ITEM_KINDS } from '../lib/schemas/item.ts';

/** Paths of the unlisted items' pages ('/guide/602'); none when a collection file is missing or unreadable (the build then fails on it by name). */
export function unlistedPages(snapshotDir: string): Set<string> {
  const paths = new Set<string>();
  for (const kind of ITEM_KINDS) {
    let items: unknown;
    try {
      items = JSON.parse(readFileSync(path.join(snapshotDir, `${ENTITIES[kind].collection}.json`), 'utf8'));
    } catch {
      continue;
    }
    if (!Array.isArray(items)) continue;
    for (const item of items as { id?: unknown; isListed?: unknown }[]) {
      if (item.isListed === false && typeof item.id === 'string') paths.add(itemPath(kind, item.id));
    }
  }
  return paths;
}
