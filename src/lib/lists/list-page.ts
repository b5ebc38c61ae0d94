/**
 * Pure helpers of the list pages (docs/product.md): the filter panel's groups,
 * the experience query's texts and the JSON-LD. No Astro import, so they can be tested on their own.
 */
import { ENTITIES } from '../entities.ts';
import type { Item, ItemKind } from '../schemas/index.ts';
import { DURATION_GROUPS, FILTER_PARAMS, matchesExperiences } from './filters.ts';

/** One checkbox of a filter group. */
export interface FilterOption {
  label: string;
  value: string;
}

/** Legend and options of the duration group of a kind, or null when it has none. */
export function durationGroup(kind: ItemKind): { legend: string; name: string; options: FilterOption[] } | null {
  const duration = ENTITIES[kind].filters.duration;
  if (duration === null) return null;
  const { legend, options } = DURATION_GROUPS[duration];
  return {
    legend,
    name: FILTER_PARAMS[duration],
    options: options.map((option) => ({ label: option.label, value: String(option.value) })),
  };
}

/**
 * Experience names for the checkboxes: the experience collection's first, then any other an item
 * offers; only names some item of the list offers, so no checkbox can only answer 'nenhum'.
 */
export function experienceNames(experienceTitles: readonly string[], items: readonly Item[]): string[] {
  const names = new Set(experienceTitles);
  for (const item of items) for (const name of item.experiences) names.add(name);
  return [...names].filter((name) => items.some((item) => matchesExperiences(item.experiences, [name])));
}

/** Distinct non-empty localities of the items, sorted the Portuguese way. */
export function localities(items: readonly Item[]): string[] {
  return [...new Set(items.map((item) => item.locality.trim()).filter(Boolean))].sort((a, b) => a.localeCompare(b, 'pt-BR'));
}

/**
 * Texts of the `?experience=` state: the heading of the filtered list and the no-match message,
 * whose `{list}` the island replaces with the selected experiences ('Nenhum fornecedor encontrado
 * para as experiências selecionadas: {list}.').
 */
export function experienceQueryTexts(kind: ItemKind): { filteredTitle: string; noMatch: string } {
  const { listTitle, listName, emptyTitle } = ENTITIES[kind];
  const feminine = kind === 'agency';
  return {
    filteredTitle: `${kind === 'tour' ? listTitle : listName} ${feminine ? 'Filtradas' : 'Filtrados'} por Experiência`,
    noMatch: `${emptyTitle.replace(/\.$/, '')} para as experiências selecionadas: {list}.`,
  };
}
