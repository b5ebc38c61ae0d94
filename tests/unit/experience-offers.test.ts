/** Who offers an experience, and where a link to its offers goes (src/lib/experience-offers.ts). */
import { describe, expect, it } from 'vitest';
import { experienceOffers, experienceOffersPath, offersLabel } from '../../src/lib/experience-offers.ts';
import { ITEM_KINDS, type Item, type ItemKind } from '../../src/lib/schemas/index.ts';
import { anItem } from '../fixtures/entries.ts';

const catalogue = (items: Item[]) =>
  Object.fromEntries(ITEM_KINDS.map((kind) => [kind, items.filter((item) => item.kind === kind)])) as Record<ItemKind, Item[]>;

// A city whose tours list no experience, while guides, agencies and providers do.
const CITY = catalogue([
  anItem({ id: 't1', kind: 'tour', experiences: [] }),
  anItem({ id: 'g1', kind: 'guide', experiences: ['Observação de Aves', 'Ecoturismo'] }),
  anItem({ id: 'a1', kind: 'agency', experiences: ['Mergulho', 'Ecoturismo'] }),
  anItem({ id: 'p1', kind: 'tourProvider', experiences: ['Flutuação no Rio'] }),
  anItem({ id: 'e1', kind: 'event', experiences: ['Ecoturismo'] }),
]);

describe.each([
  ['Observação de Aves', '/all-guides?experience=Observa%C3%A7%C3%A3o%20de%20Aves', ['guide']],
  ['Mergulho', '/all-agencies?experience=Mergulho', ['agency']],
  // The filter's rule: every part contained, ignoring case and accents.
  ['flutuacao', '/all-providers-tours?experience=flutuacao', ['tourProvider']],
  ['Ecoturismo', '/all-guides?experience=Ecoturismo', ['guide', 'agency']],
  ['Rapel', null, []],
])('the experience %j', (experience, path, kinds) => {
  it(`is offered by ${kinds.join(', ') || 'nobody'}`, () =>
    expect(experienceOffers(experience, CITY).map((group) => group.kind)).toEqual(kinds));
  it(`links to ${path}`, () => expect(experienceOffersPath(experience, CITY)).toBe(path));
});

describe('experienceOffersPath', () => {
  it("prefers the page's own kind when it offers the experience too", () =>
    expect(experienceOffersPath('Ecoturismo', CITY, 'agency')).toBe('/all-agencies?experience=Ecoturismo'));
  it('takes the first list that offers it when the preferred kind does not', () =>
    expect(experienceOffersPath('Mergulho', CITY, 'guide')).toBe('/all-agencies?experience=Mergulho'));
  it('starts with the tours when they offer it', () =>
    expect(
      experienceOffersPath('Ecoturismo', catalogue([...CITY.guide, anItem({ id: 't2', experiences: ['Ecoturismo'] })])),
    ).toBe('/all-tours?experience=Ecoturismo'));
});

describe.each([
  ['tour', 'Ver passeios desta experiência'],
  ['tourProvider', 'Ver fornecedores desta experiência'],
  ['guide', 'Ver guias desta experiência'],
  ['agency', 'Ver agências desta experiência'],
  ['driver', 'Ver condutores desta experiência'],
] as const)('offersLabel(%s)', (kind, label) => {
  it(`is ${label}`, () => expect(offersLabel(kind)).toBe(label));
});
