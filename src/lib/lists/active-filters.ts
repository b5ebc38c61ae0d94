/**
 * The active filters of a list as the visitor reads them (the summary above the results): one
 * removable entry per choice, in the panel's order, with the words of the panel's own labels, so
 * a phone visitor sees what filters the list without opening the collapsed 'Filtros' panel.
 * Pure, like filters.ts: the list filters, the filter panel and the tests share it.
 */
import { countLabel, plural, starsLabel } from '../text.ts';
import { DURATION_GROUPS, type DurationKind, type FilterState, ON_SALE_LABEL } from './filters.ts';

/** One active filter: what it says and what the list becomes without it. */
export interface ActiveFilter {
  /** Unique within a state: the URL parameter's meaning and value ('rating=4'). */
  key: string;
  /** The visitor's words: 'Até R$ 100', '4+ estrelas', 'Busca: “rio”'. */
  label: string;
  /** The state once this one filter is removed. */
  without: FilterState;
}

const number = (value: number) => value.toLocaleString('pt-BR', { maximumFractionDigits: 2 });

/** A rating option: the top one is the rating itself, the others mean 'at or above' (docs/product.md). */
export function ratingLabel(value: number): string {
  return value === 5 ? starsLabel(value) : `${number(value)}+ ${plural(value, 'estrela', 'estrelas')}`;
}

/** A duration bucket of a list's duration group, by the option's label ('1-2h', '2 noites', 'Jantar'). */
export function durationLabel(kind: DurationKind, value: number): string {
  const group = kind === null ? null : DURATION_GROUPS[kind];
  const option = group?.options.find((candidate) => candidate.value === value);
  if (option) return option.label;
  // A value no checkbox offers (an edited link) still filters the list, so it is still named.
  return `${group?.legend ?? 'Duração'} ${number(value)}`;
}

/** A price bound in whole reais when it is one ('R$ 100', 'R$ 99,5'). */
const reais = (value: number) => `R$ ${number(value)}`;

/** Every filter the state applies, in the order of the panel (search box first). */
export function activeFilters(state: FilterState, duration: DurationKind): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  if (state.search) active.push({ key: 'search', label: `Busca: “${state.search}”`, without: { ...state, search: '' } });
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
  eachOf(state.experiences, 'experience', String, (experiences) => ({ experiences }));
  eachOf(state.localities, 'locality', String, (localities) => ({ localities }));
  eachOf(state.ratings, 'rating', ratingLabel, (ratings) => ({ ratings }));
  if (duration !== null)
    eachOf(
      state.durations,
      'duration',
      (value) => durationLabel(duration, value),
      (durations) => ({ durations }),
    );
  if (state.priceMin !== null)
    active.push({ key: 'priceMin', label: `A partir de ${reais(state.priceMin)}`, without: { ...state, priceMin: null } });
  if (state.priceMax !== null)
    active.push({ key: 'priceMax', label: `Até ${reais(state.priceMax)}`, without: { ...state, priceMax: null } });
  return active;
}

/** The summary's heading: '1 filtro ativo', '3 filtros ativos'. */
export function activeFiltersTitle(count: number): string {
  return countLabel(count, 'filtro ativo', 'filtros ativos');
}
