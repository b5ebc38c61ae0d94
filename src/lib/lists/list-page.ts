/**
 * Pure helpers of the list pages (SPEC section 2 lists, sections 5 and 9): which filters each kind
 * has, the data attributes a card carries for the later filtering island, the page description
 * and the JSON-LD. No Astro import, so they can be tested on their own.
 */
import { DURATION_OPTIONS, ENTITIES, itemPath, MEAL_OPTIONS, NIGHT_OPTIONS } from '../entities.ts';
import type { Item, ItemKind } from '../schemas/index.ts';

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

/** Query parameter names of the filter panel (the island reads the same names back). */
export const FILTER_PARAMS = {
  search: 'q',
  experience: 'experience',
  locality: 'localidade',
  rating: 'avaliacao',
  duration: 'duracao',
  nights: 'noites',
  meal: 'periodo',
  priceMin: 'preco_min',
  priceMax: 'preco_max',
} as const;

/** Legend and options of the duration group of a kind, or null when it has none. */
export function durationGroup(kind: ItemKind): { legend: string; name: string; options: FilterOption[] } | null {
  const toOptions = (options: readonly { label: string; value: number }[]) =>
    options.map((option) => ({ label: option.label, value: String(option.value) }));
  switch (LIST_FILTERS[kind].duration) {
    case 'hours':
      return { legend: 'Duração', name: FILTER_PARAMS.duration, options: toOptions(DURATION_OPTIONS) };
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
 * Hours of a duration text ('1h', '3 horas', '1h30', '45 min', '2 dias', 'Dia inteiro'), or null
 * when the text says no length. 'Dia inteiro' counts as 8 hours, 'Meio período' as 4.
 */
export function durationHours(text: string): number | null {
  const value = text.toLowerCase();
  const hoursAndMinutes = value.match(/(\d+)\s*h\s*(\d{1,2})\b/);
  if (hoursAndMinutes) return Number(hoursAndMinutes[1]) + Number(hoursAndMinutes[2]) / 60;
  const hours = value.match(/(\d+(?:[.,]\d+)?)\s*(?:h\b|hr|hora)/);
  if (hours?.[1]) return Number(hours[1].replace(',', '.'));
  const minutes = value.match(/(\d+)\s*min/);
  if (minutes) return Number(minutes[1]) / 60;
  const days = value.match(/(\d+)\s*dias?\b/);
  if (days) return Number(days[1]) * 24;
  if (value.includes('dia inteiro')) return 8;
  if (value.includes('meio período') || value.includes('meio periodo')) return 4;
  return null;
}

/** Nights of an accommodation duration text ('1 noite', '3 noites'), or null. */
export function durationNights(text: string): number | null {
  const nights = text.toLowerCase().match(/(\d+)\s*noites?/);
  return nights ? Number(nights[1]) : null;
}

/** Meal period values whose name the duration text contains (SPEC section 5). */
export function mealPeriods(text: string): number[] {
  const value = text.toLowerCase();
  return MEAL_OPTIONS.filter((option) => value.includes(option.label.toLowerCase())).map((option) => option.value);
}

/**
 * Data attributes on a card's wrapper: everything the later filtering island needs, so it reads
 * the DOM and nothing else. Lists are joined with '|'; unknown numbers are left out.
 */
export function cardDataAttributes(item: Item): Record<string, string> {
  const attributes: Record<string, string> = {
    'data-title': item.title,
    'data-experiences': item.experiences.join('|'),
    'data-locality': item.locality,
    'data-rating': String(item.rating),
    'data-price': String(item.priceValue),
    'data-duration': item.duration,
  };
  const hours = durationHours(item.duration);
  if (hours !== null) attributes['data-duration-hours'] = String(Math.round(hours * 100) / 100);
  if (item.kind === 'accommodation') {
    const nights = durationNights(item.duration);
    if (nights !== null) attributes['data-nights'] = String(nights);
  }
  if (item.kind === 'restaurant') attributes['data-periods'] = mealPeriods(item.duration).join('|');
  return attributes;
}

/** 'N resultados'. */
export function resultCount(count: number): string {
  return `${count} ${count === 1 ? 'resultado' : 'resultados'}`;
}

/** The city as the visitor reads it: 'Barra do Bugres – MT'. */
export function placeName(city: { name: string; state: string }): string {
  return city.state ? `${city.name} – ${city.state}` : city.name;
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
