/**
 * The active filters summary of the lists: which filters a state applies, in the visitor's words,
 * and what the list becomes when one is removed; a value of the address that is none of the list's
 * options named 'filtro desconhecido', and the search bounded, whatever a crafted link carries.
 */
import { describe, expect, it } from 'vitest';
import type { DurationKind } from '../../src/lib/entities.ts';
import {
  activeFilters,
  activeFiltersTitle,
  durationLabel,
  experienceList,
  type ListOptions,
  ratingLabel,
  shownExperience,
  shownLocality,
  UNKNOWN_FILTER,
} from '../../src/lib/lists/active-filters.ts';
import { emptyFilters, type FilterState, parseFilters } from '../../src/lib/lists/filters.ts';
import { MAX_ECHO_CHARS } from '../../src/lib/text.ts';

const state = (partial: Partial<FilterState>): FilterState => ({ ...emptyFilters(), ...partial });
const PRICE = { min: 0, max: 300 };
/** A list's panel: its experiences and localities, as ListFilters.tsx offers them. */
const options = (duration: DurationKind): ListOptions => ({
  duration,
  price: PRICE,
  experiences: ['Ecoturismo', 'Cachoeiras', 'Pesca esportiva', 'Cultura Indígena', 'Observação de Aves'],
  localities: ['Barra do Bugres', 'Tangará da Serra'],
});
/** A notice a crafted link would have the site say, 376 characters long. */
const NOTICE = `ATENÇÃO: este site foi desativado pela Prefeitura. ${'Para continuar, ligue (65) 99999-0000. '.repeat(8)}`;

describe.each<[string, DurationKind, string[]]>([
  ['', 'hours', []],
  ['preco_max=100&avaliacao=4', 'hours', ['Nota 4 ou mais', 'Até R$ 100']],
  ['preco_min=50&preco_max=80', 'meal', ['A partir de R$ 50', 'Até R$ 80']],
  // A bound at its end of the range filters nothing, so it is not named.
  ['preco_min=0&preco_max=300', 'hours', []],
  ['q=rio+paraguai', 'hours', ['Busca: “rio paraguai”']],
  ['experience=Ecoturismo,Cachoeiras&localidade=Barra+do+Bugres', 'hours', ['Ecoturismo', 'Cachoeiras', 'Barra do Bugres']],
  ['avaliacao=4.5&avaliacao=5', null, ['Nota 4,5 ou mais', 'Nota 5']],
  ['duracao=1&duracao=5', 'hours', ['Até 1h', '4h+']],
  ['noites=3', 'nights', ['3+ noites']],
  ['periodo=2&periodo=4', 'meal', ['Jantar', 'Almoço/Jantar']],
  // A list without a duration group ignores the parameter.
  ['duracao=1', null, []],
  ['preco_max=99.5', 'hours', ['Até R$ 99,5']],
  // 'Gratuito' sits in the price's fieldset, before its bounds.
  ['preco_max=50&gratuito=1&avaliacao=4', 'days', ['Nota 4 ou mais', 'Gratuito', 'Até R$ 50']],
  // In the panel's order: after the search, before the checkbox groups.
  ['avaliacao=4&promocao=1&q=rio', 'hours', ['Busca: “rio”', 'Em promoção', 'Nota 4 ou mais']],
  // An option as the panel writes it, however the link wrote it; a part of one as the link wrote it.
  ['experience=ecoturismo&localidade=TANGARA+DA+SERRA', 'hours', ['Ecoturismo', 'Tangará da Serra']],
  ['experience=pesca', 'hours', ['pesca']],
  // A crafted link: what no option is, the panel does not say.
  ['experience=Ligue+(65)+99999-0000&localidade=Site+desativado', 'hours', ['filtro desconhecido', 'filtro desconhecido']],
  ['avaliacao=3&avaliacao=1e300', 'hours', ['filtro desconhecido', 'filtro desconhecido']],
  ['duracao=7&duracao=1e300', 'hours', ['filtro desconhecido', 'filtro desconhecido']],
  ['preco_min=-5&preco_max=1e300', 'hours', ['filtro desconhecido', 'filtro desconhecido']],
  // A right-to-left override would show the text reversed; a line break or a tab is a space.
  ['q=%E2%80%AEoir+o+ed+oiesssaP', 'hours', ['Busca: “oir o ed oiesssaP”']],
  ['q=a%0A%0Db%09c%E2%81%A6d%E2%80%8Fe', 'hours', ['Busca: “a b cde”']],
  [`q=${encodeURIComponent(NOTICE)}`, 'hours', [`Busca: “${NOTICE.slice(0, MAX_ECHO_CHARS - 1).trimEnd()}…”`]],
])('activeFilters(?%s, %s)', (query, duration, labels) => {
  const parsed = parseFilters(query, { duration, price: PRICE });
  it(`names ${JSON.stringify(labels)}`, () => {
    expect(activeFilters(parsed, options(duration)).map((filter) => filter.label)).toEqual(labels);
  });
  it('gives each filter its own key', () => {
    const keys = activeFilters(parsed, options(duration)).map((filter) => filter.key);
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
  ['free', state({ isFree: true, priceMax: 80 }), 'free', state({ priceMax: 80 })],
  ['the minimum price', state({ priceMin: 50, priceMax: 80 }), 'priceMin', state({ priceMax: 80 })],
  ['the maximum price', state({ priceMin: 50, priceMax: 80 }), 'priceMax', state({ priceMin: 50 })],
])('removing %s', (_name, before, key, after) => {
  it('leaves every other filter', () => {
    const filter = activeFilters(before, options('hours')).find((candidate) => candidate.key === key);
    expect(filter?.without).toEqual(after);
  });
});

describe.each([
  [4, 'Nota 4 ou mais'],
  [4.5, 'Nota 4,5 ou mais'],
  [5, 'Nota 5'],
  [1, 'Nota 1 ou mais'],
])('ratingLabel(%d)', (value, label) => {
  it(`is ${label}`, () => expect(ratingLabel(value)).toBe(label));
});

describe.each<[DurationKind, number, string]>([
  ['hours', 2, '1-2h'],
  ['hours', 4, '2-4h'],
  ['nights', 1, '1 noite'],
  ['meal', 1, 'Almoço'],
  // A value no checkbox offers (an edited link) still filters, but the page does not echo it.
  ['meal', 9, UNKNOWN_FILTER],
  ['hours', 7, UNKNOWN_FILTER],
  [null, 1, UNKNOWN_FILTER],
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

describe.each<[string, string]>([
  ['Ecoturismo', 'Ecoturismo'],
  ['  ECOTURISMO ', 'Ecoturismo'],
  ['observacao de aves', 'Observação de Aves'],
  // Part of an option filters as matchesExperiences reads it: named as the link wrote it.
  ['pesca', 'pesca'],
  ['Ligue (65) 99999-0000', UNKNOWN_FILTER],
  ['', UNKNOWN_FILTER],
])('shownExperience(%j)', (value, shown) => {
  it(`is ${JSON.stringify(shown)}`, () => expect(shownExperience(value, options('hours').experiences)).toBe(shown));
});

describe.each<[string, string]>([
  ['Barra do Bugres', 'Barra do Bugres'],
  ['tangara da serra', 'Tangará da Serra'],
  // A locality filter compares whole names (matchesLocality): a part is none.
  ['Barra', UNKNOWN_FILTER],
  ['\u202eserguB od arraB', UNKNOWN_FILTER],
])('shownLocality(%j)', (value, shown) => {
  it(`is ${JSON.stringify(shown)}`, () => expect(shownLocality(value, options('hours').localities)).toBe(shown));
});

describe('experienceList (the no-match message of ?experience=)', () => {
  it.each<[string[], string]>([
    [['Cultura Indígena, Observação de Aves', 'Ecoturismo'], 'Cultura Indígena, Observação de Aves, Ecoturismo'],
    [['ecoturismo', 'Cachoeiras'], 'Ecoturismo, Cachoeiras'],
    // What no option is is named once, however many such values the link carries.
    [['ATENÇÃO: site desativado', 'ligue (65) 99999-0000', 'Ecoturismo'], `${UNKNOWN_FILTER}, Ecoturismo`],
  ])('names %j as %j', (experiences, list) => {
    expect(experienceList(state({ experiences }), options('hours').experiences)).toBe(list);
  });
});
