/** The shared text helpers: one accent fold for every comparison of the site and the sync. */
import { describe, expect, it } from 'vitest';
import { pickCity } from '../../scripts/sync/normalise/city.ts';
import { slugify } from '../../src/lib/format.ts';
import { countLabel, fold, peopleLabel, placeLabel, plural, resultCount, starsLabel } from '../../src/lib/text.ts';

describe.each([
  ['Julião', 'juliao'],
  ['  PROGRAMAÇÃO   de  Natal ', 'programacao de natal'],
  [' Almoço ÉPICO ', 'almoco epico'],
  ['Pílula', 'pilula'],
  ['Tangará\tda\nSerra', 'tangara da serra'],
  // Combining marks outside U+0300–U+036F (the copies that used that block kept these).
  ['a\u20d7b', 'ab'],
  ['e\u1ab0', 'e'],
  ['', ''],
])('fold(%j)', (input, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => expect(fold(input)).toBe(expected));
});

describe.each([
  ['Passeio de Barco no Rio Paraguai', 'passeio-de-barco-no-rio-paraguai'],
  ['  Açaí & Cia.  ', 'acai-cia'],
  ['Pôr do sol — Serra', 'por-do-sol-serra'],
  ['', ''],
])('slugify(%j)', (input, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => expect(slugify(input)).toBe(expected));
});

describe('pickCity folds the names it compares', () => {
  const cities = [{ name: 'Cuiabá' }, { name: 'Tangará da Serra' }];
  it.each([
    ['TANGARA DA SERRA', 'Tangará da Serra'],
    ['  tangará  da serra ', 'Tangará da Serra'],
    ['Nowhere', 'Cuiabá'],
  ])('%j → %j', (name, expected) => expect(pickCity(cities, name)?.name).toBe(expected));
});

describe.each([
  // Intl.PluralRules('pt-BR'): the singular up to (not including) 2 ...
  [1, 'estrela'],
  [1.5, 'estrela'],
  [0.5, 'estrela'],
  [2, 'estrelas'],
  [4.5, 'estrelas'],
  [1000, 'estrelas'],
  // ... but zero takes the plural ('0 pessoas acharam útil').
  [0, 'estrelas'],
])('plural(%d)', (count, expected) => {
  it(`is ${expected}`, () => expect(plural(count, 'estrela', 'estrelas')).toBe(expected));
});

describe.each<[string, string]>([
  [countLabel(0, 'resultado', 'resultados'), '0 resultados'],
  [countLabel(1, 'notícia encontrada', 'notícias encontradas'), '1 notícia encontrada'],
  [countLabel(12, 'notícia encontrada', 'notícias encontradas'), '12 notícias encontradas'],
  [countLabel(1234, 'notícia encontrada', 'notícias encontradas'), '1.234 notícias encontradas'],
  [countLabel(2, 'item salvo', 'itens salvos'), '2 itens salvos'],
  [resultCount(1), '1 resultado'],
  // The list and search counts now write thousands as the portals did.
  [resultCount(1234), '1.234 resultados'],
  [starsLabel(5), '5 estrelas'],
  [starsLabel(4.1), '4,1 estrelas'],
  [starsLabel(1), '1 estrela'],
  [peopleLabel(2), '2 pessoas'],
  [peopleLabel(1), '1 pessoa'],
])('%j', (label, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => expect(label).toBe(expected));
});

describe.each([
  [{ name: 'Barra do Bugres', state: 'MT' }, {}, 'Barra do Bugres – MT'],
  [{ name: 'Barra do Bugres', state: 'MT' }, { isUnbreakable: true }, 'Barra do Bugres\u00a0–\u00a0MT'],
  // The copies that wrote `${name} – ${state}` left a dangling dash here.
  [{ name: 'Barra do Bugres', state: '' }, {}, 'Barra do Bugres'],
  [{ name: ' ', state: 'MT' }, {}, 'MT'],
  [{ name: '', state: '' }, {}, ''],
])('placeLabel(%j, %j)', (place, options, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => expect(placeLabel(place, options)).toBe(expected));
});
