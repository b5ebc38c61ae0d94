/** The shared text helpers: one accent fold for every comparison of the site and the sync. */
import { describe, expect, it } from 'vitest';
import { slugify } from '../../src/lib/format.ts';
import { pickCity } from '../../src/lib/normalise/city.ts';
import { fold } from '../../src/lib/text.ts';

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
