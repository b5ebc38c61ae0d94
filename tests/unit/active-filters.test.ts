/**
 * The active filters summary of the lists: which filters a state applies, in the visitor's words,
 * and what the list becomes when one is removed.
 */
import { describe, expect, it } from 'vitest';
import { activeFilters, activeFiltersTitle, durationLabel, ratingLabel } from '../../src/lib/lists/active-filters.ts';
import { type DurationKind, emptyFilters, type FilterState, parseFilters } from '../../src/lib/lists/filters.ts';

const state = (partial: Partial<FilterState>): FilterState => ({ ...emptyFilters(), ...partial });

describe.each<[string, DurationKind, string[]]>([
  ['', 'hours', []],
  ['preco_max=100&avaliacao=4', 'hours', ['4+ estrelas', 'Até R$ 100']],
  ['preco_min=50&preco_max=80', 'meal', ['A partir de R$ 50', 'Até R$ 80']],
  // A bound at its end of the range filters nothing, so it is not named.
  ['preco_min=0&preco_max=300', 'hours', []],
  ['q=rio+paraguai', 'hours', ['Busca: “rio paraguai”']],
  ['experience=Ecoturismo,Cachoeiras&localidade=Barra+do+Bugres', 'hours', ['Ecoturismo', 'Cachoeiras', 'Barra do Bugres']],
  ['avaliacao=4.5&avaliacao=5', null, ['4,5+ estrelas', '5 estrelas']],
  ['duracao=1&duracao=5', 'hours', ['Até 1h', '4h+']],
  ['noites=3', 'nights', ['3+ noites']],
  ['periodo=2&periodo=4', 'meal', ['Jantar', 'Almoço/Jantar']],
  // A list without a duration group ignores the parameter.
  ['duracao=1', null, []],
  ['preco_max=99.5', 'hours', ['Até R$ 99,5']],
  // In the panel's order: after the search, before the checkbox groups.
  ['avaliacao=4&promocao=1&q=rio', 'hours', ['Busca: “rio”', 'Em promoção', '4+ estrelas']],
])('activeFilters(?%s, %s)', (query, duration, labels) => {
  const parsed = parseFilters(query, { duration, price: { min: 0, max: 300 } });
  it(`names ${JSON.stringify(labels)}`, () => {
    expect(activeFilters(parsed, duration).map((filter) => filter.label)).toEqual(labels);
  });
  it('gives each filter its own key', () => {
    const keys = activeFilters(parsed, duration).map((filter) => filter.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe.each<[string, FilterState, string, FilterState]>([
  ['the search', state({ search: 'rio', ratings: [4] }), 'search', state({ ratings: [4] })],
  ['on sale', state({ isOnSale: true, ratings: [4] }), 'onSale', state({ ratings: [4] })],
  ['one experience of two', state({ experiences: ['A', 'B'] }), 'experience=A', state({ experiences: ['B'] })],
  ['a locality', state({ localities: ['Tangará'] }), 'locality=Tangará', emptyFilters()],
  ['the lower rating', state({ ratings: [4, 4.5] }), 'rating=4', state({ ratings: [4.5] })],
  ['a duration', state({ durations: [1, 2] }), 'duration=2', state({ durations: [1] })],
  ['the minimum price', state({ priceMin: 50, priceMax: 80 }), 'priceMin', state({ priceMax: 80 })],
  ['the maximum price', state({ priceMin: 50, priceMax: 80 }), 'priceMax', state({ priceMin: 50 })],
])('removing %s', (_name, before, key, after) => {
  it('leaves every other filter', () => {
    const filter = activeFilters(before, 'hours').find((candidate) => candidate.key === key);
    expect(filter?.without).toEqual(after);
  });
});

describe.each([
  [4, '4+ estrelas'],
  [4.5, '4,5+ estrelas'],
  [5, '5 estrelas'],
  [1, '1+ estrela'],
])('ratingLabel(%d)', (value, label) => {
  it(`is ${label}`, () => expect(ratingLabel(value)).toBe(label));
});

describe.each<[DurationKind, number, string]>([
  ['hours', 2, '1-2h'],
  ['hours', 4, '2-4h'],
  ['nights', 1, '1 noite'],
  ['meal', 1, 'Almoço'],
  ['meal', 9, 'Período 9'],
  ['hours', 7, 'Duração 7'],
])('durationLabel(%s, %d)', (kind, value, label) => {
  it(`is ${label}`, () => expect(durationLabel(kind, value)).toBe(label));
});

describe.each([
  [1, '1 filtro ativo'],
  [2, '2 filtros ativos'],
  [12, '12 filtros ativos'],
])('activeFiltersTitle(%d)', (count, title) => {
  it(`is ${title}`, () => expect(activeFiltersTitle(count)).toBe(title));
});
