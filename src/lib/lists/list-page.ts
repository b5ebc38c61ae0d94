/**
 * Pure helpers of the list pages (SPEC section 2 lists, sections 5 and 9): the filter panel's groups,
 * the experience query's texts and the JSON-LD. No Astro import, so they can be tested on their own.
 */
import { ENTITIES, itemPath } from '../entities.ts';
import type { Item, ItemKind } from '../schemas/index.ts';
import { DURATION_OPTIONS, FILTER_PARAMS, MEAL_OPTIONS, NIGHT_OPTIONS } from './filters.ts';

/** One checkbox of a filter group. */
export interface FilterOption {
  label: string;
  value: string;
}

/** Legend and options of the duration group of a kind, or null when it has none. */
export function durationGroup(kind: ItemKind): { legend: string; name: string; options: FilterOption[] } | null {
  const toOptions = (options: readonly { label: string; value: number }[]) =>
    options.map((option) => ({ label: option.label, value: String(option.value) }));
  switch (ENTITIES[kind].filters.duration) {
    case 'hours':
      return { legend: 'Duração', name: FILTER_PARAMS.hours, options: toOptions(DURATION_OPTIONS) };
    case 'nights':
      return { legend: 'Duração', name: FILTER_PARAMS.nights, options: toOptions(NIGHT_OPTIONS) };
    case 'meal':
      return { legend: 'Período', name: FILTER_PARAMS.meal, options: toOptions(MEAL_OPTIONS) };
    default:
      return null;
  }
}

/** Experience names for the checkboxes: the experience collection first, then any other an item offers. */
export function experienceNames(experienceTitles: readonly string[], items: readonly Item[]): string[] {
  const names = new Set(experienceTitles);
  for (const item of items) for (const name of item.experiences) names.add(name);
  return [...names];
}

/** Distinct non-empty localities of the items, sorted the Portuguese way. */
export function localities(items: readonly Item[]): string[] {
  return [...new Set(items.map((item) => item.locality.trim()).filter(Boolean))].sort((a, b) => a.localeCompare(b, 'pt-BR'));
}

/**
 * Texts of the `?experience=` state (SPEC 'Attraction providers'). The providers' texts are the
 * spec's; the tour list's follow the same pattern, since the spec only says 'a message naming the
 * selected experiences'. `{list}` is replaced by the island with the selected experiences.
 */
export function experienceQueryTexts(kind: ItemKind): { filteredTitle: string; noMatch: string } {
  if (kind === 'attraction') {
    return {
      filteredTitle: 'Fornecedores de Atrativos Filtrados por Experiência',
      noMatch: 'Nenhum fornecedor encontrado para as experiências selecionadas: {list}.',
    };
  }
  return {
    filteredTitle: `${ENTITIES[kind].listTitle} Filtrados por Experiência`,
    noMatch: 'Nenhum passeio encontrado para as experiências selecionadas: {list}.',
  };
}

/** schema.org ItemList of the items (name and absolute url). */
export function itemListLd(name: string, items: readonly Item[], absoluteUrl: (path: string) => string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.title,
      url: absoluteUrl(itemPath(item.kind, item.id)),
    })),
  };
}
