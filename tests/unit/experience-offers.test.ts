/** Who offers an experience, and where a link to its offers goes (src/lib/experience-offers.ts). */
import { describe, expect, it } from 'vitest';
import { experienceOffers, experienceOffersPath, offersLabel } from '../../src/lib/experience-offers.ts';
import { ITEM_KINDS, type Item, type ItemKind } from '../../src/lib/schemas/index.ts';
import { anItem } from '../fixtures/entries.ts';

const catalogue = (items: Item[]) =>
  Object.fromEntries(ITEM_KINDS.map((kind) => [kind, items.filter((item) => item.kind === kind)])) as Record<ItemKind, Item[]>;

/** Noon of 20 July 2027 in the city (UTC−4). */
const NOW = new Date('2027-07-20T16:00:00Z');

// A city whose tours list no experience, while guides, agencies, providers and events do.
const CITY = catalogue([
  anItem({ id: 't1', kind: 'tour', experiences: [] }),
  anItem({ id: 'g1', kind: 'guide', experiences: ['Observação de Aves', 'Ecoturismo'] }),
  anItem({ id: 'a1', kind: 'agency', experiences: ['Mergulho', 'Ecoturismo'] }),
  anItem({ id: 'p1', kind: 'tourProvider', experiences: ['Flutuação no Rio'] }),
  // Undated ('Data a confirmar'): not over, so it still offers.
  anItem({ id: 'e1', kind: 'event', experiences: ['Ecoturismo'] }),
  // Ends on the city's today: under way.
  anItem({ id: 'e2', kind: 'event', experiences: ['Pesca Esportiva'], startDate: '2027-07-16', endDate: '2027-07-20' }),
  // Ended yesterday ('Evento encerrado'): it offers nothing any more.
  anItem({ id: 'e3', kind: 'event', experiences: ['Pesca Esportiva', 'Mergulho'], startDate: '2027-07-19', endDate: null }),
  anItem({ id: 'e4', kind: 'event', experiences: ['Canoagem'], startDate: '2027-06-01', endDate: '2027-06-03' }),
]);

describe.each([
  ['Observação de Aves', '/all-guides?experience=Observa%C3%A7%C3%A3o%20de%20Aves', ['guide']],
  ['Mergulho', '/all-agencies?experience=Mergulho', ['agency']],
  // The filter's rule: every part contained, ignoring case and accents.
  ['flutuacao', '/all-providers-tours?experience=flutuacao', ['tourProvider']],
  // Events come after every kind that offers it on any day.
  ['Ecoturismo', '/all-guides?experience=Ecoturismo', ['guide', 'agency', 'event']],
  ['Pesca Esportiva', '/all-events?experience=Pesca%20Esportiva', ['event']],
  // Only an event that is over lists it: nobody offers it.
  ['Canoagem', null, []],
  ['Rapel', null, []],
])('the experience %j', (experience, path, kinds) => {
  it(`is offered by ${kinds.join(', ') || 'nobody'}`, () =>
    expect(experienceOffers(experience, CITY, NOW).map((group) => group.kind)).toEqual(kinds));
  it(`links to ${path}`, () => expect(experienceOffersPath(experience, CITY, NOW)).toBe(path));
});

describe('the events that offer an experience', () => {
  it('are those not over on the day, in the list order', () =>
    expect(experienceOffers('Pesca Esportiva', CITY, NOW)[0]?.items.map((item) => item.id)).toEqual(['e2']));
  it('include an event on its last day, and not the day after', () => {
    expect(experienceOffers('Mergulho', CITY, new Date('2027-07-19T16:00:00Z')).map((group) => group.kind)).toEqual([
      'agency',
      'event',
    ]);
    expect(experienceOffers('Mergulho', CITY, NOW).map((group) => group.kind)).toEqual(['agency']);
  });
});

describe('experienceOffersPath', () => {
  it("prefers the page's own kind when it offers the experience too", () =>
    expect(experienceOffersPath('Ecoturismo', CITY, NOW, 'agency')).toBe('/all-agencies?experience=Ecoturismo'));
  it('takes the first list that offers it when the preferred kind does not', () =>
    expect(experienceOffersPath('Mergulho', CITY, NOW, 'guide')).toBe('/all-agencies?experience=Mergulho'));
  it('starts with the tours when they offer it', () =>
    expect(
      experienceOffersPath(
        'Ecoturismo',
        catalogue([...CITY.guide, ...CITY.event, anItem({ id: 't2', experiences: ['Ecoturismo'] })]),
        NOW,
      ),
    ).toBe('/all-tours?experience=Ecoturismo'));
});

describe.each([
  ['tour', 'Ver passeios desta experiência'],
  ['tourProvider', 'Ver fornecedores desta experiência'],
  ['guide', 'Ver guias desta experiência'],
  ['agency', 'Ver agências desta experiência'],
  ['driver', 'Ver condutores desta experiência'],
  ['event', 'Ver eventos desta experiência'],
] as const)('offersLabel(%s)', (kind, label) => {
  it(`is ${label}`, () => expect(offersLabel(kind)).toBe(label));
});
