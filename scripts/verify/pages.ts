/**
 * The pages a complete build has: every route of the documented route table, one detail page per
 * item of the snapshot (docs/architecture.md, Pages) and every page of each list, at the paths the
 * site itself links to.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PUBLISHED_COLLECTIONS, type PublishedCollection, type Snapshot } from '../../src/integrations/build-manifest.ts';
import { resolveSitePath } from '../../src/integrations/site-files.ts';
import { ENTITIES, experiencePath, itemPath, newsPath, testimonialPath } from '../../src/lib/entities.ts';
import { laterListPages, listIndexPath, listPageCount, listPagePath } from '../../src/lib/lists/paging.ts';
import type { ItemKind } from '../../src/lib/schemas/index.ts';
import type { Problem } from './problem.ts';

/** Routes of the documented route table that exist whatever the data, plus the 404 page static hosts serve. */
export const FIXED_ROUTES = [
  '/',
  '/about',
  '/destination',
  '/contato',
  '/news',
  '/testimonials',
  '/accommodation',
  '/events',
  '/experience',
  '/driver',
  '/guide',
  '/favoritos',
  '/busca',
  '/promocoes',
  '/offline',
  '/404',
  ...Object.values(ENTITIES).map((entity) => entity.listPath),
] as const;

/** Reads the published collections of a snapshot folder; what cannot be read is reported, not thrown. */
export async function readSnapshot(dir: string): Promise<{ snapshot: Snapshot; problems: Problem[] }> {
  const snapshot: Snapshot = {};
  const problems: Problem[] = [];
  for (const name of PUBLISHED_COLLECTIONS) {
    const file = path.join(dir, `${name}.json`);
    let value: unknown;
    try {
      value = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'is missing' : 'is not valid JSON';
      problems.push({ gate: 'collections', message: `The snapshot file ${file} ${reason}.` });
      continue;
    }
    if (!Array.isArray(value)) {
      problems.push({ gate: 'collections', message: `The snapshot file ${file} does not hold a list.` });
      continue;
    }
    snapshot[name] = value.flatMap((entry) => {
      if (!entry || typeof entry !== 'object' || !('id' in entry)) return [];
      const { id, isListed } = entry as { id: unknown; isListed?: unknown };
      return [isListed === false ? { id: String(id), isListed } : { id: String(id) }];
    });
  }
  return { snapshot, problems };
}

/**
 * Every page path the build must contain, each with what it is for (used in the failure message):
 * the fixed routes, one page per item, and the later pages of each list with, for a list of several
 * pages, its index (what its filters fetch; src/lib/lists/paging.ts), counted over the listed items.
 */
export function expectedPages(snapshot: Snapshot): { path: string; what: string }[] {
  const pages = FIXED_ROUTES.map((route) => ({ path: route, what: 'route of the route table' }));
  for (const [kind, entity] of Object.entries(ENTITIES) as [ItemKind, (typeof ENTITIES)[ItemKind]][]) {
    const entries = snapshot[entity.collection] ?? [];
    for (const { id } of entries) {
      pages.push({ path: itemPath(kind, id), what: `${entity.collection} item ${id}` });
    }
    const listed = entries.filter((entry) => entry.isListed !== false).length;
    for (const page of laterListPages(listed)) {
      pages.push({ path: listPagePath(entity.listPath, page), what: `page ${page} of the ${entity.collection} list` });
    }
    if (listPageCount(listed) > 1) {
      pages.push({ path: listIndexPath(entity.listPath), what: `the index of the ${entity.collection} list (its filters)` });
    }
  }
  const others: [PublishedCollection, (id: string) => string][] = [
    ['experiences', experiencePath],
    ['news', newsPath],
    ['testimonials', testimonialPath],
  ];
  for (const [collection, pathOf] of others) {
    for (const { id } of snapshot[collection] ?? []) pages.push({ path: pathOf(id), what: `${collection} item ${id}` });
  }
  return pages;
}

/** One problem per expected page that has no file in `distDir`. */
export function checkExpectedPages(distDir: string, snapshot: Snapshot): Problem[] {
  return expectedPages(snapshot)
    .filter((page) => resolveSitePath(distDir, page.path) === null)
    .map((page) => ({ gate: 'pages' as const, message: `The page ${page.path} (${page.what}) was not built.` }));
}
