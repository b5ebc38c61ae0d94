/**
 * docs/product.md's per-kind tables against ENTITIES, the one table they describe: a cell that no longer
 * says what the code does fails here, so the product's rules cannot drift from the code unnoticed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DurationKind } from '../../src/lib/entities.ts';
import { ENTITIES, HOME_CAROUSEL_ORDER } from '../../src/lib/entities.ts';
import { ITEM_KINDS, type ItemKind } from '../../src/lib/schemas/index.ts';

const doc = readFileSync(new URL('../../docs/product.md', import.meta.url), 'utf8');

/** The body rows of the Markdown table whose header row is `header`, each as its trimmed cells. */
function tableRows(header: string): string[][] {
  const lines = doc.split('\n');
  const start = lines.indexOf(header);
  if (start === -1) throw new Error(`docs/product.md has no table headed ${header}`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, line.endsWith('|') ? -1 : undefined)
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** The rows of a table keyed by its first cell, which must name each kind once. */
function rowsByKind(header: string): Map<string, string[]> {
  const rows = tableRows(header);
  const byKind = new Map(rows.map((row) => [row[0] ?? '', row.slice(1)]));
  expect(byKind.size, `one row a kind in ${header}`).toBe(rows.length);
  expect([...byKind.keys()].sort()).toEqual([...ITEM_KINDS].sort());
  return byKind;
}

const quoted = (text: string) => `'${text}'`;

/** How the filters column names each duration group. */
const DURATION_WORDS: Record<NonNullable<DurationKind>, string> = {
  hours: 'duration (hours)',
  days: 'duration (days)',
  nights: 'nights',
  meal: 'meal period',
};

function filtersCell(kind: ItemKind): string {
  const { filters } = ENTITIES[kind];
  return [
    ...(filters.hasExperiences ? ['experiences'] : []),
    ...(filters.hasLocality ? ['locality'] : []),
    'rating',
    ...(filters.duration ? [DURATION_WORDS[filters.duration]] : []),
  ].join(', ');
}

describe('docs/product.md, Lists: the table of each kind’s list', () => {
  const rows = rowsByKind('| kind | heading | search placeholder | filters | `?experience=` heading |');
  it.each(ITEM_KINDS)('%s', (kind) => {
    const entity = ENTITIES[kind];
    expect(rows.get(kind)).toEqual([
      `${quoted(entity.listTitle)}${entity.listHasBackLink ? " (with 'Voltar')" : ''}`,
      quoted(entity.searchPlaceholder),
      filtersCell(kind),
      entity.offerOrder === null ? 'no' : 'yes',
    ]);
  });
});

describe('docs/product.md, Lists: the empty and error states of each kind', () => {
  const rows = rowsByKind('| kind | empty | error |');
  it.each(ITEM_KINDS)('%s', (kind) => {
    const entity = ENTITIES[kind];
    expect(rows.get(kind)).toEqual([`${quoted(entity.emptyTitle)} / ${quoted(entity.emptyText)}`, quoted(entity.loadError)]);
  });
});

describe('docs/product.md, Detail pages: the not-found message of each kind', () => {
  const rows = tableRows('| page | action (to a mobile) | otherwise | not found (404 page) |');
  it.each(ITEM_KINDS)('%s', (kind) => {
    const row = rows.find((cells) => cells[0] === `\`${ENTITIES[kind].detailPrefix}/{id}\``);
    expect(row?.[3]).toBe(quoted(ENTITIES[kind].notFound));
  });
});

describe('docs/product.md, Home: the carousels of the kinds', () => {
  const carousels = tableRows('| # | id | heading | content |').filter((row) => row[3]?.startsWith('carousel'));
  it('are the sections of HOME_CAROUSEL_ORDER, in its order', () => {
    expect(carousels).toHaveLength(HOME_CAROUSEL_ORDER.length);
  });
  it.each(HOME_CAROUSEL_ORDER.map((kind, index) => [kind, index] as const))('%s', (kind, index) => {
    const { home } = ENTITIES[kind];
    const also = home.anchors?.length ? ` (also ${home.anchors.map((anchor) => `\`${anchor}\``).join(', ')})` : '';
    expect(carousels[index]?.slice(1)).toEqual([
      `\`${home.id}\`${also}`,
      quoted(home.title),
      `carousel, ${quoted(home.more.label)}`,
    ]);
  });
});

describe('docs/product.md, Promotions: the kinds whose section is always there', () => {
  it('are those ENTITIES marks isAlwaysInPromotions, named by their lists', () => {
    const names = ITEM_KINDS.filter((kind) => ENTITIES[kind].isAlwaysInPromotions).map((kind) => ENTITIES[kind].plural);
    expect(doc.replace(/\s+/g, ' ')).toContain(`- ${names.slice(0, -1).join(', ')} and ${names.at(-1)} are always there;`);
  });
});
