/**
 * The pages a complete build has: every route of the documented route table, one detail page per
 * item of the snapshot (docs/architecture.md, Pages), every page of each list, and each blog page the
 * sync placed on the portal, at the paths the site itself links to.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PUBLISHED_COLLECTIONS, type PublishedCollection, type Snapshot } from '../../src/integrations/build-manifest.ts';
import { resolveSitePath } from '../../src/integrations/site-files.ts';
import { ENTITIES, experiencePath, itemPath, newsPath, testimonialPath } from '../../src/lib/entities.ts';
import { guidePath, LANGUAGE_NAMES, languageHome, TRANSLATED_LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { laterListPages, listIndexPath, listPageCount, listPagePath } from '../../src/lib/lists/paging.ts';
import type { ItemKind } from '../../src/lib/schemas/index.ts';
import { collectionName } from '../../src/lib/status/collection-names.ts';
import { TECHNICAL } from './editor.ts';
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
  '/status',
  '/privacidade',
  '/agenda',
  '/dados',
  '/acessibilidade',
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
      const isMissing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      problems.push({
        gate: 'collections',
        message: `The snapshot file ${file} ${isMissing ? 'is missing' : 'is not valid JSON'}.`,
        editor: `O arquivo de dados ${name}.json (${collectionName(name)}) ${isMissing ? 'não existe' : 'não pôde ser lido'}. ${TECHNICAL}`,
      });
      continue;
    }
    if (!Array.isArray(value)) {
      problems.push({
        gate: 'collections',
        message: `The snapshot file ${file} does not hold a list.`,
        editor: `O arquivo de dados ${name}.json (${collectionName(name)}) não tem uma lista de itens. ${TECHNICAL}`,
      });
      continue;
    }
    snapshot[name] = value.flatMap((entry) => {
      if (!entry || typeof entry !== 'object' || !('id' in entry)) return [];
      const { id, isListed, path } = entry as { id: unknown; isListed?: unknown; path?: unknown };
      // A blog page's address on the portal (src/lib/visitor-guide/placement.ts), when it has one.
      const placed = name === 'blogPages' && typeof path === 'string' ? { path } : {};
      return [isListed === false ? { id: String(id), isListed } : { id: String(id), ...placed }];
    });
  }
  return { snapshot, problems };
}

/** A page the build must contain: its path, and what it is for, for developers and for editors. */
interface ExpectedPage {
  path: string;
  /** 'tours item 102', 'page 2 of the tours list' (the log). */
  what: string;
  /** 'a página do item 102 de Passeios', 'a página 2 da lista de Passeios' (the editors' report). */
  whatForEditors: string;
}

/**
 * Every page path the build must contain, each with what it is for (used in the failure message):
 * the fixed routes, one page per item, and the later pages of each list with, for a list of several
 * pages, its index (what its filters fetch; src/lib/lists/paging.ts), counted over the listed items.
 */
export function expectedPages(snapshot: Snapshot): ExpectedPage[] {
  const pages: ExpectedPage[] = FIXED_ROUTES.map((route) => ({
    path: route,
    what: 'route of the route table',
    whatForEditors: `a página ${route}`,
  }));
  const itemPage = (collection: PublishedCollection, id: string, sitePath: string): ExpectedPage => ({
    path: sitePath,
    what: `${collection} item ${id}`,
    whatForEditors: `a página do item ${id} de ${collectionName(collection)} (${sitePath})`,
  });
  for (const [kind, entity] of Object.entries(ENTITIES) as [ItemKind, (typeof ENTITIES)[ItemKind]][]) {
    const entries = snapshot[entity.collection] ?? [];
    for (const { id } of entries) pages.push(itemPage(entity.collection, id, itemPath(kind, id)));
    const listed = entries.filter((entry) => entry.isListed !== false).length;
    for (const page of laterListPages(listed)) {
      pages.push({
        path: listPagePath(entity.listPath, page),
        what: `page ${page} of the ${entity.collection} list`,
        whatForEditors: `a página ${page} da lista de ${collectionName(entity.collection)}`,
      });
    }
    if (listPageCount(listed) > 1) {
      pages.push({
        path: listIndexPath(entity.listPath),
        what: `the index of the ${entity.collection} list (its filters)`,
        whatForEditors: `o índice da lista de ${collectionName(entity.collection)} (o que os filtros dela leem)`,
      });
    }
  }
  const others: [PublishedCollection, (id: string) => string][] = [
    ['experiences', experiencePath],
    ['news', newsPath],
    ['testimonials', testimonialPath],
  ];
  for (const [collection, pathOf] of others) {
    for (const { id } of snapshot[collection] ?? []) pages.push(itemPage(collection, id, pathOf(id)));
  }
  // The blog's pages the sync placed (/destination, /about, the guide in each language), and the home page of each
  // language the guide is translated into.
  for (const { id, path: sitePath } of snapshot.blogPages ?? []) {
    if (!sitePath) continue;
    pages.push({ ...itemPage('blogPages', id, sitePath), what: `blog page ${id} at ${sitePath}` });
    const lang = TRANSLATED_LANGUAGES.find((code) => sitePath === guidePath(code));
    if (lang) {
      pages.push({
        path: languageHome(lang),
        what: `the home page in ${lang}`,
        whatForEditors: `a página inicial em ${LANGUAGE_NAMES[lang].name} (${languageHome(lang)})`,
      });
    }
  }
  return pages;
}

/** One problem per expected page that has no file in `distDir`. */
export function checkExpectedPages(distDir: string, snapshot: Snapshot): Problem[] {
  return expectedPages(snapshot)
    .filter((page) => resolveSitePath(distDir, page.path) === null)
    .map((page) => ({
      gate: 'pages' as const,
      message: `The page ${page.path} (${page.what}) was not built.`,
      editor: `Faltou ${page.whatForEditors} no site construído. ${TECHNICAL}`,
    }));
}
