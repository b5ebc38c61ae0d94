/**
 * The collections gate over the build manifest (src/integrations/build-manifest.ts, written by the
 * build): the counts of this build against the last published ones, so a collection that lost its
 * data is never published silently (the same threshold as the sync's: less than half of the last
 * good count), nor one that suddenly holds far more than it did (GROWTH).
 */
import { readFile } from 'node:fs/promises';
import {
  type BuildManifest,
  countsOf,
  MANIFEST_FILE,
  PUBLISHED_COLLECTIONS,
  type Snapshot,
} from '../../src/integrations/build-manifest.ts';
import { checkSnapshotVersion, migrateCollectionKeys, UNVERSIONED_SNAPSHOT } from '../../src/lib/snapshot-migrations.ts';
import { collectionName } from '../../src/lib/status/collection-names.ts';
import { countLabel } from '../../src/lib/text.ts';
import { collectionWords, overrideHint, STAYS_ONLINE, TECHNICAL } from './editor.ts';
import type { Problem } from './problem.ts';

export { type BuildManifest, MANIFEST_FILE };

/**
 * Reads a manifest, its collections under the current snapshot version's names (a manifest built from
 * an older snapshot, e.g. the last published one, is migrated: migrateCollectionKeys); null when the
 * file does not exist; throws with a plain reason when it is not one, or is of a newer snapshot version.
 */
export async function readManifest(file: string): Promise<BuildManifest | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const value = JSON.parse(text) as Partial<BuildManifest>;
  if (value?.version !== 1 || typeof value.counts !== 'object' || value.counts === null) {
    throw new Error(`${file} is not a build manifest (version 1 with counts).`);
  }
  const version = checkSnapshotVersion(value.snapshotVersion ?? UNVERSIONED_SNAPSHOT, file);
  const current = <T>(table: Readonly<Record<string, T>> | undefined) => table && migrateCollectionKeys(table, version);
  return {
    // snapshotVersion stays as written: a deploy from an older one commits the migrated data (scripts/data-change.ts).
    ...value,
    counts: current(value.counts),
    ...(value.listed && { listed: current(value.listed) }),
    ...(value.digests && { digests: current(value.digests) }),
  } as BuildManifest;
}

/** The collections of records a visitor finds in the lists and the portals: not the city, the podcast or the blog's pages (the site's own text). */
const ITEM_COLLECTIONS = PUBLISHED_COLLECTIONS.filter((name) => name !== 'city' && name !== 'episodes' && name !== 'blogPages');
const OVERRIDE_HINT =
  'If this is intended, run the gate again with --allow-shrink (ALLOW_SHRINK=true; the deploy workflow\'s "allow_shrink" input).';
const GROWTH_HINT =
  'If this is intended, run the gate again with --allow-growth (ALLOW_GROWTH=true; the deploy workflow\'s "allow_growth" input).';

/**
 * A collection that grew more than `factor` times and by more than `entries` entries since the last
 * published site is refused: an upstream answering with another city's data, a test database or a
 * loop of duplicates would otherwise publish thousands of pages overnight. Both, so that a small
 * collection may grow (3 → 40) and a large one may grow a lot (2,000 → 2,600). Growing from an
 * empty collection counts as more than tenfold. Only for a collection the sync did not measure: the
 * sync holds a growth per collection by a stricter rule (SYNC_GROWTH, scripts/sync/run/last-good.ts).
 */
export const GROWTH = { factor: 10, entries: 500 } as const;

/** Whether `now` entries are a growth the gate refuses from `before` (GROWTH). */
function isSuddenGrowth(before: number, now: number): boolean {
  return now > before * GROWTH.factor && now - before > GROWTH.entries;
}

/**
 * The collections gate: the build is of this snapshot, the site is not empty, no collection that had
 * data on the last published site lost it (emptied, or fell below half) unless allowed, and none
 * grew suddenly (GROWTH) unless allowed.
 *
 * A collection the sync measured against its own last good count (status.json's `checkedAgainst`,
 * `measured` here) had its shrink and its growth settled by the sync, per collection and with the
 * same overrides: it kept its last good snapshot, or its count is within the sync's rules, or an
 * editor allowed it. The gate does not count it again: one collection's flood, held by the sync or
 * not, never stops the others, and the good night after a flood the sync let through (measured
 * against the count from before it) is not refused as 'less than half' of the flood. The gate's
 * counts stay the safety net for what the sync could not measure (a first sync, the sample data,
 * a snapshot that could not be restored).
 */
export function checkCollections(options: {
  snapshot: Snapshot;
  built: BuildManifest | null;
  previous: BuildManifest | null;
  allowShrink: boolean;
  allowGrowth: boolean;
  /** Collections the sync measured against its own last good count (status.json, `checkedAgainst`). */
  measured?: ReadonlySet<string>;
}): Problem[] {
  const measured = options.measured ?? new Set<string>();
  const problems: Problem[] = [];
  const current = countsOf(options.snapshot);
  const problem = (message: string, editor: string) => problems.push({ gate: 'collections', message, editor });
  const items = (count: number) => countLabel(count, 'item', 'itens');
  const published = (count: number) => countLabel(count, 'publicado', 'publicados');
  /** A reason the editors can lift: what happened, that the site stays, and how to publish it anyway. */
  const refused = (what: string, hint: string) => `O site não foi atualizado: ${what} ${STAYS_ONLINE} ${hint}`;
  const ifShrinkIntended = `Se a redução é intencional, ${overrideHint('allow_shrink')}.`;

  if (!options.built) {
    problem(
      `${MANIFEST_FILE} is missing from the built site: the build did not finish, or it is not a build of this project.`,
      `Falta o arquivo ${MANIFEST_FILE} no site construído: a construção das páginas não terminou. ${TECHNICAL}`,
    );
  } else {
    const differing = PUBLISHED_COLLECTIONS.filter((name) => (options.built?.counts[name] ?? 0) !== (current[name] ?? 0));
    if (differing.length > 0) {
      const differences = differing.map(
        (name) => `${name}: ${options.built?.counts[name] ?? 0} in the build, ${current[name] ?? 0} in the snapshot`,
      );
      const differencesPt = differing.map(
        (name) => `${collectionName(name)}: ${options.built?.counts[name] ?? 0} nas páginas, ${current[name] ?? 0} nos dados`,
      );
      problem(
        `The site was built from other data than the snapshot being checked (${differences.join('; ')}).`,
        `As páginas foram construídas com dados diferentes dos que foram verificados (${differencesPt.join('; ')}). ${TECHNICAL}`,
      );
    }
  }

  if ((current.city ?? 0) === 0) {
    problem(
      'The collection city is empty: every page needs the city.',
      `O site não foi atualizado: os dados da cidade (nome, fotos, contatos) não vieram, e toda página precisa deles. ${STAYS_ONLINE} ` +
        'Confira o cadastro da cidade no painel do provedor; se ele está certo, avise a equipe técnica.',
    );
  }
  if (!options.allowShrink && ITEM_COLLECTIONS.every((name) => (current[name] ?? 0) === 0)) {
    problem(
      `Every collection is empty: this would publish an empty site. ${OVERRIDE_HINT}`,
      refused(
        'todas as coleções (passeios, hospedagens, eventos, notícias e as outras) estão vazias, e o site novo não teria nenhum item.',
        `Confira as fontes. Se é mesmo para publicar o site vazio, ${overrideHint('allow_shrink')}.`,
      ),
    );
  }

  if (options.previous && !options.allowShrink) {
    for (const name of PUBLISHED_COLLECTIONS) {
      const before = options.previous.counts[name] ?? 0;
      const now = current[name] ?? 0;
      if (before === 0 || measured.has(name)) continue;
      if (now === 0) {
        problem(
          `The collection ${name} is empty, but the last published site had ${before} entries. ${OVERRIDE_HINT}`,
          // No override publishes a site without its city (the reason above says what to do).
          name === 'city'
            ? refused(
                'os dados da cidade, que o site publicado tem, não vieram desta vez.',
                'Confira o cadastro da cidade no painel do provedor.',
              )
            : refused(`${collectionWords(name)} está vazia, mas o site publicado tem ${items(before)}.`, ifShrinkIntended),
        );
      } else if (now * 2 < before) {
        problem(
          `The collection ${name} has ${now} entries, less than half of the ${before} the last published site had. ${OVERRIDE_HINT}`,
          refused(`${collectionWords(name)} tem ${items(now)}, menos da metade dos ${published(before)}.`, ifShrinkIntended),
        );
      }
    }
  }

  if (options.previous && !options.allowGrowth) {
    for (const name of PUBLISHED_COLLECTIONS) {
      const before = options.previous.counts[name] ?? 0;
      const now = current[name] ?? 0;
      if (!measured.has(name) && isSuddenGrowth(before, now)) {
        problem(
          `The collection ${name} has ${now} entries, ${now - before} more than the ${before} the last published site had ` +
            `(over ${GROWTH.factor} times as many and over ${GROWTH.entries} more): check that the upstream sends this city's data. ${GROWTH_HINT}`,
          refused(
            `${collectionWords(name)} tem ${items(now)}, ` +
              (before === 0
                ? `e o site publicado não tem nenhum (mais de ${GROWTH.entries} de uma vez). `
                : `${(now - before).toLocaleString('pt-BR')} a mais que os ${published(before)} ` +
                  `(mais de ${GROWTH.factor} vezes e mais de ${GROWTH.entries} itens a mais). `) +
              'Confira se a fonte está mandando os dados desta cidade.',
            `Se o crescimento é intencional, ${overrideHint('allow_growth')}.`,
          ),
        );
      }
    }
  }
  return problems;
}
