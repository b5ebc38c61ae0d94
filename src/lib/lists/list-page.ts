/**
 * Pure helpers of the list pages (docs/product.md): the filter panel's groups,
 * the experience query's texts and the JSON-LD. No Astro import, so they can be tested on their own.
 */
import { ENTITIES } from '../entities.ts';
import { displayPrice } from '../facts.ts';
import type { Item, ItemKind } from '../schemas/index.ts';
import { ratingLabel } from './active-filters.ts';
import {
  DURATION_GROUPS,
  emptyFilters,
  FILTER_PARAMS,
  type FilterState,
  filterableItem,
  itemPrice,
  matchesExperiences,
  matchesFilters,
  ON_SALE_LABEL,
  ON_SALE_VALUE,
  RATING_OPTIONS,
} from './filters.ts';

/** One checkbox of a filter group. */
interface FilterOption {
  label: string;
  value: string;
}

/** One group of the filter panel's boxes (src/islands/ListFilters.tsx): its legend, its field and its options. */
export interface FilterGroup {
  id: string;
  legend: string;
  name: string;
  options: FilterOption[];
  /** The experiences: a box that scrolls at 200 px. */
  scrolls?: boolean;
}

/** The rating and duration choices of a list that some item matches (offeredChoices). */
interface OfferedChoices {
  ratings: readonly number[];
  durations: readonly number[];
}

/**
 * The rating options and the kind's duration options that some item of the list matches, each chosen
 * alone, through the matchers the list's islands filter with (matchesFilters over filterableItem): a
 * box that could only answer '0 resultados' is not offered ('3+ noites' where no stay says its nights).
 */
export function offeredChoices(kind: ItemKind, items: readonly Item[]): OfferedChoices {
  const duration = ENTITIES[kind].filters.duration;
  const filterable = items.map(filterableItem);
  const matched = (choice: Partial<FilterState>) =>
    filterable.some((item) => matchesFilters(item, { ...emptyFilters(), ...choice }, duration));
  return {
    ratings: RATING_OPTIONS.filter((value) => matched({ ratings: [value] })),
    durations: duration
      ? DURATION_GROUPS[duration].options.map(({ value }) => value).filter((value) => matched({ durations: [value] }))
      : [],
  };
}

/** Legend and options of the duration group of a kind, only the `offered` ones (offeredChoices); null when it has none to offer. */
export function durationGroup(
  kind: ItemKind,
  offered: readonly number[],
): { legend: string; name: string; options: FilterOption[] } | null {
  const duration = ENTITIES[kind].filters.duration;
  if (duration === null) return null;
  const { legend, options } = DURATION_GROUPS[duration];
  const shown = options.filter((option) => offered.includes(option.value));
  if (shown.length === 0) return null;
  return {
    legend,
    name: FILTER_PARAMS[duration],
    options: shown.map((option) => ({ label: option.label, value: String(option.value) })),
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

/** The price range of a list's filter panel (src/islands/ListFilters.tsx), in reais. */
export interface PriceRange {
  min: number;
  max: number;
  step: number;
}

/** About how many steps a price range is cut into: fine enough to choose, few enough to step through. */
const PRICE_STEPS = 25;

/** The round step (1, 2 or 5 times a power of ten, at least R$ 1) nearest above `length`. */
function roundStep(length: number): number {
  const power = 10 ** Math.floor(Math.log10(Math.max(1, length)));
  return [1, 2, 5, 10].map((factor) => factor * power).find((step) => step >= length) ?? 10 * power;
}

/**
 * A list's price range from its data: from R$ 0 to the highest price a card shows (displayPrice, the
 * amount the filter matches), rounded up to the step, which cuts the range into about PRICE_STEPS; null
 * when no item has a price above zero, so the panel offers no range that could only answer nothing.
 */
export function priceRange(items: readonly Item[]): PriceRange | null {
  const highest = Math.max(0, ...items.map((item) => displayPrice(item).amount ?? 0));
  if (highest <= 0) return null;
  const step = roundStep(highest / PRICE_STEPS);
  return { min: 0, max: Math.ceil(highest / step) * step, step };
}

/** Whether some item of a list costs nothing (itemPrice 0: 'Gratuito', or an amount of R$ 0): the list offers 'Gratuito'. */
export function hasFreeItem(items: readonly Item[]): boolean {
  return items.some((item) => itemPrice({ price: displayPrice(item).amount, isFree: item.isFree }) === 0);
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
  const { listTitle, listName, emptyTitle, isFeminine } = ENTITIES[kind];
  return {
    filteredTitle: `${kind === 'tour' ? listTitle : listName} ${isFeminine ? 'Filtradas' : 'Filtrados'} por Experiência`,
    noMatch: `${emptyTitle.replace(/\.$/, '')} para as experiências selecionadas: {list}.`,
  };
}

/**
 * The filter panel's groups of a list, in the panel's order: 'Em promoção' (only where some item of the
 * whole list is on sale: it could otherwise only answer nothing), the experiences and the localities
 * the kind filters by (only those some item has), the ratings and the kind's duration (only the
 * options some item matches, offeredChoices); a group with no option to offer is left out.
 */
export function filterGroups(
  kind: ItemKind,
  {
    experiences,
    localities,
    hasOnSale,
    ratings,
    durations,
  }: { experiences: readonly string[]; localities: readonly string[]; hasOnSale: boolean } & OfferedChoices,
): FilterGroup[] {
  const { filters } = ENTITIES[kind];
  const duration = durationGroup(kind, durations);
  const named = (values: readonly string[]) => values.map((name) => ({ label: name, value: name }));
  return [
    ...(hasOnSale
      ? [
          {
            id: 'promocao',
            legend: 'Promoções',
            name: FILTER_PARAMS.onSale,
            options: [{ label: ON_SALE_LABEL, value: ON_SALE_VALUE }],
          },
        ]
      : []),
    ...(filters.hasExperiences && experiences.length > 0
      ? [
          {
            id: 'experiencia',
            legend: 'Experiências',
            name: FILTER_PARAMS.experience,
            options: named(experiences),
            scrolls: true,
          },
        ]
      : []),
    ...(filters.hasLocality && localities.length > 0
      ? [{ id: 'localidade', legend: 'Localidade', name: FILTER_PARAMS.locality, options: named(localities) }]
      : []),
    ...(ratings.length > 0
      ? [
          {
            id: 'avaliacao',
            legend: 'Avaliação',
            name: FILTER_PARAMS.rating,
            options: ratings.map((value) => ({ label: ratingLabel(value), value: String(value) })),
          },
        ]
      : []),
    ...(duration ? [{ id: 'duracao', ...duration }] : []),
  ];
}
