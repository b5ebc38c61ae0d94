/**
 * The active filters of a list as the visitor reads them (the summary above the results): one
 * removable entry per choice, in the panel's order, with the words of the panel's own labels, so
 * a phone visitor sees what filters the list without opening the collapsed 'Filtros' panel.
 * Pure, like filters.ts: the list filters, the filter panel and the tests share it.
 *
 * Every value comes from the page's address, which anyone can write and send: a page names it only
 * as one of the list's own options ('filtro desconhecido' when it is none), and the search as
 * echoText bounds it (80 characters, no control or bidi character), so a crafted link cannot make the
 * city's site say a sentence of its choosing.
 */
import type { DurationKind } from '../entities.ts';
import { countLabel, echoText, fold } from '../text.ts';
import { DURATION_GROUPS, type FilterState, FREE_LABEL, matchesExperiences, ON_SALE_LABEL, RATING_OPTIONS } from './filters.ts';

/** What a value of the address names when it is none of the list's options. */
export const UNKNOWN_FILTER = 'filtro desconhecido';

/** What a list offers to filter by: its panel's checkboxes and price range (src/islands/ListFilters.tsx). */
export interface ListOptions {
  duration: DurationKind;
  /** The price range: a bound outside it is none the panel can set. */
  price: { min: number; max: number };
  /** The experiences the panel names (experienceNames, src/lib/lists/list-page.ts). */
  experiences: readonly string[];
  /** The localities the panel names (localities, src/lib/lists/list-page.ts). */
  localities: readonly string[];
}

/** One active filter: what it says and what the list becomes without it. */
interface ActiveFilter {
  /** Unique within a state: the URL parameter's meaning and value ('rating=4'). */
  key: string;
  /** The visitor's words: 'Até R$ 100', 'Nota 4 ou mais', 'Busca: “rio”'. */
  label: string;
  /** The state once this one filter is removed. */
  without: FilterState;
}

const number = (value: number) => value.toLocaleString('pt-BR', { maximumFractionDigits: 2 });

/**
 * A rating option, in the words every rating of the site uses ('Nota dos visitantes 4,5 de 5'): the top one is the
 * rating itself ('Nota 5'), the others mean 'at or above' ('Nota 4,5 ou mais'; docs/product.md). Never 'estrelas',
 * which beside a hotel reads as its official class.
 */
export function ratingLabel(value: number): string {
  return value === 5 ? 'Nota 5' : `Nota ${number(value)} ou mais`;
}

/** A duration bucket of a list's duration group, by the option's label ('1-2h', '2 noites', 'Jantar'); UNKNOWN_FILTER for a value no checkbox offers. */
export function durationLabel(kind: DurationKind, value: number): string {
  const group = kind === null ? null : DURATION_GROUPS[kind];
  return group?.options.find((candidate) => candidate.value === value)?.label ?? UNKNOWN_FILTER;
}

/**
 * An experience of the address as the page names it: the option itself when it is one ('ecoturismo'
 * is 'Ecoturismo'), the value bounded (echoText) when it is part of one ('pesca' filters 'Pesca
 * esportiva', as matchesExperiences reads it), else UNKNOWN_FILTER: no item could have it.
 */
export function shownExperience(value: string, experiences: readonly string[]): string {
  const exact = experiences.find((option) => fold(option) === fold(value));
  if (exact) return exact;
  return matchesExperiences(experiences, [value]) && fold(value) ? echoText(value) : UNKNOWN_FILTER;
}

/** A locality of the address as the page names it: the panel's option it is (compared as matchesLocality does), else UNKNOWN_FILTER. */
export function shownLocality(value: string, localities: readonly string[]): string {
  return localities.find((option) => fold(option) === fold(value)) ?? UNKNOWN_FILTER;
}

/** The experience parts named in the no-match message ('Cultura Indígena, Ecoturismo'), each as shownExperience names it, once. */
export function experienceList(state: FilterState, experiences: readonly string[]): string {
  const parts = state.experiences
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => shownExperience(value, experiences));
  return [...new Set(parts)].join(', ');
}

/** A price bound in whole reais when it is one ('R$ 100', 'R$ 99,5'). */
const reais = (value: number) => `R$ ${number(value)}`;

/** A price bound as the page names it ('A partir de R$ 50', 'Até R$ 100') when the panel's range holds it; else UNKNOWN_FILTER. */
const priceLabel = (words: string, value: number, price: ListOptions['price']) =>
  value >= price.min && value <= price.max ? `${words} ${reais(value)}` : UNKNOWN_FILTER;

/** Every filter the state applies, in the order of the panel (search box first), each value named as the list's options allow. */
export function activeFilters(state: FilterState, options: ListOptions): ActiveFilter[] {
  const { duration, price } = options;
  const active: ActiveFilter[] = [];
  if (state.search)
    active.push({ key: 'search', label: `Busca: “${echoText(state.search)}”`, without: { ...state, search: '' } });
  if (state.isOnSale) active.push({ key: 'onSale', label: ON_SALE_LABEL, without: { ...state, isOnSale: false } });
  const eachOf = <T>(
    values: readonly T[],
    name: string,
    label: (value: T) => string,
    without: (rest: T[]) => Partial<FilterState>,
  ) => {
    for (const value of values) {
      const rest = values.filter((other) => other !== value);
      active.push({ key: `${name}=${value}`, label: label(value), without: { ...state, ...without(rest) } });
    }
  };
  eachOf(
    state.experiences,
    'experience',
    (value) => shownExperience(value, options.experiences),
    (experiences) => ({ experiences }),
  );
  eachOf(
    state.localities,
    'locality',
    (value) => shownLocality(value, options.localities),
    (localities) => ({ localities }),
  );
  eachOf(
    state.ratings,
    'rating',
    (value) => ((RATING_OPTIONS as readonly number[]).includes(value) ? ratingLabel(value) : UNKNOWN_FILTER),
    (ratings) => ({ ratings }),
  );
  if (duration !== null)
    eachOf(
      state.durations,
      'duration',
      (value) => durationLabel(duration, value),
      (durations) => ({ durations }),
    );
  if (state.isFree) active.push({ key: 'free', label: FREE_LABEL, without: { ...state, isFree: false } });
  if (state.priceMin !== null)
    active.push({
      key: 'priceMin',
      label: priceLabel('A partir de', state.priceMin, price),
      without: { ...state, priceMin: null },
    });
  if (state.priceMax !== null)
    active.push({ key: 'priceMax', label: priceLabel('Até', state.priceMax, price), without: { ...state, priceMax: null } });
  return active;
}

/** The summary's heading: '1 filtro ativo', '3 filtros ativos'. */
export function activeFiltersTitle(count: number): string {
  return countLabel(count, 'filtro ativo', 'filtros ativos');
}
