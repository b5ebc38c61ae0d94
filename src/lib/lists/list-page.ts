/**
 * Pure helpers of the list pages (SPEC section 2 lists, sections 5 and 9): which filters each kind
 * has, the page description and the JSON-LD. No Astro import, so they can be tested on their own.
 */
import { DURATION_OPTIONS, ENTITIES, itemPath, MEAL_OPTIONS, NIGHT_OPTIONS } from '../entities.ts';
import type { Item, ItemKind } from '../schemas/index.ts';
import { FILTER_PARAMS } from './filters.ts';

/** One checkbox of a filter group. */
export interface FilterOption {
  label: string;
  value: string;
}

/** The filter panel of one kind of list. */
export interface ListFilters {
  /** Experience checkboxes (scrolling box, 200 px). */
  hasExperiences: boolean;
  /** Locality checkboxes from the items' distinct localities. */
  hasLocality: boolean;
  /** Duration group: hours buckets (tours, providers, events), nights (accommodation), meal period (restaurants). */
  duration: 'hours' | 'nights' | 'meal' | null;
  /** Whether the page reads `?experience=` (SPEC: /all-tours and /all-providers-tours). */
  acceptsExperienceQuery: boolean;
}

const TOUR_LIKE: ListFilters = { hasExperiences: true, hasLocality: true, duration: 'hours', acceptsExperienceQuery: false };
const PEOPLE: ListFilters = { hasExperiences: false, hasLocality: true, duration: null, acceptsExperienceQuery: false };

/** Filter panel per kind. Every panel also has rating and the kind's price range (ENTITIES). */
export const LIST_FILTERS: Record<ItemKind, ListFilters> = {
  tour: { ...TOUR_LIKE, acceptsExperienceQuery: true },
  attraction: { ...TOUR_LIKE, acceptsExperienceQuery: true },
  event: TOUR_LIKE,
  // 'Same style as tours' with nights; accommodation records carry no experiences to filter on.
  accommodation: { hasExperiences: false, hasLocality: true, duration: 'nights', acceptsExperienceQuery: false },
  restaurant: { hasExperiences: false, hasLocality: true, duration: 'meal', acceptsExperienceQuery: false },
  driver: PEOPLE,
  guide: PEOPLE,
  agency: PEOPLE,
};

/** Legend and options of the duration group of a kind, or null when it has none. */
export function durationGroup(kind: ItemKind): { legend: string; name: string; options: FilterOption[] } | null {
  const toOptions = (options: readonly { label: string; value: number }[]) =>
    options.map((option) => ({ label: option.label, value: String(option.value) }));
  switch (LIST_FILTERS[kind].duration) {
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

/** One sentence naming the city, for the meta description. */
export function listDescription(kind: ItemKind, place: string): string {
  const sentences: Record<ItemKind, string> = {
    tour: `Passeios e atrativos turísticos em ${place}, com avaliações, duração e preços.`,
    attraction: `Fornecedores de atrativos turísticos em ${place}, com as experiências que oferecem, avaliações e preços.`,
    accommodation: `Hotéis, pousadas e outras hospedagens em ${place}, com avaliações e preços por estadia.`,
    restaurant: `Restaurantes de ${place} por localidade, avaliação, período e preço médio.`,
    driver: `Condutores de turismo em ${place} para levar você aos atrativos da região.`,
    guide: `Guias de viagem em ${place} para conhecer os atrativos da região com quem conhece.`,
    agency: `Agências de viagem e turismo receptivo em ${place}, com pacotes e passeios pela região.`,
    event: `Eventos, festas e festivais em ${place}, com datas, locais e valores.`,
  };
  return sentences[kind];
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
