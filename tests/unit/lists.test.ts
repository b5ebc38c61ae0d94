/**
 * The list pages' helpers (docs/product.md) and the card's filter
 * attributes, written at build time and read back by the list's islands (src/islands/ListResults.tsx).
 */
import { describe, expect, it } from 'vitest';
import { carouselItems } from '../../src/lib/carousel.ts';
import { displayPrice } from '../../src/lib/facts.ts';
import { itemListLd } from '../../src/lib/json-ld.ts';
import {
  cardDataAttributes,
  durationHours,
  durationNights,
  eventDays,
  itemFromDataset,
  mealPeriods,
} from '../../src/lib/lists/filters.ts';
import {
  durationGroup,
  experienceNames,
  experienceQueryTexts,
  filterGroups,
  hasFreeItem,
  localities,
  offeredChoices,
  priceRange,
} from '../../src/lib/lists/list-page.ts';
import type { ItemKind } from '../../src/lib/schemas/index.ts';
import { anItem } from '../fixtures/entries.ts';

describe.each([
  ['1h', 1],
  ['3 horas', 3],
  ['1h30', 1.5],
  ['2 h 15', 2.25],
  ['1,5 hora', 1.5],
  ['45 min', 0.75],
  ['2 dias', 48],
  ['Dia inteiro', 8],
  ['Meio período', 4],
  ['meio periodo', 4],
  ['Almoço/Jantar', null],
  ['', null],
])('durationHours(%j)', (text, expected) => {
  it(`is ${expected}`, () => expect(durationHours(text)).toBe(expected));
});

describe.each([
  ['1 noite', 1],
  ['3 Noites', 3],
  ['2h', null],
])('durationNights(%j)', (text, expected) => {
  it(`is ${expected}`, () => expect(durationNights(text)).toBe(expected));
});

describe.each([
  ['Almoço/Jantar', [1, 2, 4]],
  ['Jantar', [2]],
  ['noite', [3]],
  ['Café da manhã', []],
])('mealPeriods(%j)', (text, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => expect(mealPeriods(text)).toEqual(expected));
});

describe('cardDataAttributes', () => {
  it.each([
    [
      'a tour',
      anItem({ title: 'Trilha', experiences: ['Ecoturismo', 'Aves'], rating: 4.5, priceValue: 120, duration: '1h30' }),
      {
        'data-title': 'Trilha',
        'data-experiences': 'Ecoturismo|Aves',
        'data-locality': 'Barra do Bugres',
        'data-rating': '4.5',
        'data-price': '120',
        'data-duration': '1h30',
        'data-duration-hours': '1.5',
      },
    ],
    [
      'an accommodation: nights, no hours',
      anItem({ kind: 'accommodation', duration: '2 noites' }),
      { 'data-duration': '2 noites', 'data-nights': '2' },
    ],
    ['a restaurant: meal periods', anItem({ kind: 'restaurant', duration: 'Almoço/Jantar' }), { 'data-periods': '1|2|4' }],
    ['a length of 20 minutes, rounded', anItem({ duration: '20 min' }), { 'data-duration-hours': '0.33' }],
  ])('%s', (_, item, expected) => expect(cardDataAttributes(item)).toMatchObject(expected));

  it.each([
    anItem({ title: 'Trilha', experiences: ['Ecoturismo'], rating: 4, price: 'R$ 99,90', priceValue: 99.9, duration: '2h' }),
    anItem({ kind: 'accommodation', duration: '3 noites' }),
    anItem({ kind: 'restaurant', duration: 'Jantar', locality: '' }),
    anItem({ kind: 'event', duration: '3 noites', isFree: true }),
    anItem({ price: 'R$ 150,00', priceValue: 150, salePrice: 'R$ 120,00', salePriceValue: 120, discountPercent: 20 }),
  ])('reads back as what the matchers filter (%#)', (item) => {
    // The island reads the attributes through `dataset`: data-duration-hours is durationHours.
    const dataset = Object.fromEntries(
      Object.entries(cardDataAttributes(item)).map(([name, value]) => [
        name.slice(5).replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()),
        value,
      ]),
    );
    expect(itemFromDataset(dataset)).toEqual({
      title: item.title,
      experiences: item.experiences,
      locality: item.locality,
      rating: item.rating,
      price: item.salePriceValue ?? item.priceValue,
      // 'Gratuito' without an amount: the cheapest when sorting by price.
      isFree: item.isFree && (item.salePriceValue ?? item.priceValue) === null,
      discount: item.discountPercent,
      hours: durationHours(item.duration),
      days: item.kind === 'event' ? eventDays(item) : null,
      nights: item.kind === 'accommodation' ? durationNights(item.duration) : null,
      periods: item.kind === 'restaurant' ? mealPeriods(item.duration) : [],
      isOver: false,
    });
  });
});

describe.each<[ItemKind, string | null, string | null, string[]]>([
  ['tour', 'Duração', 'duracao', ['1', '2', '4', '5']],
  ['tourProvider', 'Duração', 'duracao', ['1', '2', '4', '5']],
  ['event', 'Duração', 'dias', ['1', '3', '4']],
  ['accommodation', 'Duração', 'noites', ['1', '2', '3']],
  ['restaurant', 'Período', 'periodo', ['1', '2', '3', '4']],
  ['driver', null, null, []],
  ['agency', null, null, []],
])('durationGroup(%s), every option offered', (kind, legend, name, values) => {
  it(`is ${legend ?? 'none'}`, () => {
    const group = durationGroup(kind, [1, 2, 3, 4, 5]);
    expect(group?.legend ?? null).toBe(legend);
    expect(group?.name ?? null).toBe(name);
    expect(group?.options.map((option) => option.value) ?? []).toEqual(values);
  });
});

it('durationGroup: only the offered options, and no group when none is', () => {
  expect(durationGroup('restaurant', [4])?.options).toEqual([{ label: 'Almoço/Jantar', value: '4' }]);
  expect(durationGroup('accommodation', [])).toBeNull();
});

const dated = (startDate: string | null, endDate: string | null, duration = '') =>
  anItem({ kind: 'event', startDate, endDate, duration });

describe.each<[string, ItemKind, ReturnType<typeof anItem>[], { ratings: number[]; durations: number[] }]>([
  // Another city's stays and restaurants: no stay says its nights, no restaurant a 'Noite'.
  [
    'stays with no nights',
    'accommodation',
    [anItem({ kind: 'accommodation', duration: 'Diária', rating: 4.2 })],
    { ratings: [4], durations: [] },
  ],
  [
    'stays of 2 and 5 nights',
    'accommodation',
    [anItem({ kind: 'accommodation', duration: '2 noites' }), anItem({ kind: 'accommodation', duration: '5 noites' })],
    { ratings: [], durations: [2, 3] },
  ],
  [
    'restaurants at lunch and dinner',
    'restaurant',
    [anItem({ kind: 'restaurant', duration: 'Almoço/Jantar', rating: 5 })],
    // 'Almoço/Jantar' names lunch and dinner too: each box finds it.
    { ratings: [4, 4.5, 5], durations: [1, 2, 4] },
  ],
  [
    'tours of 1h30 and 6 h',
    'tour',
    [anItem({ duration: '1h30' }), anItem({ duration: '6 horas' })],
    { ratings: [], durations: [2, 5] },
  ],
  // '1 dia' only for a dated event: a start alone says no length, a day of no known date is no day out.
  ['events to be confirmed', 'event', [dated(null, null, '4 horas'), dated('2027-04-16', null)], { ratings: [], durations: [] }],
  ['a festival of 3 nights to be confirmed', 'event', [dated(null, null, '3 noites')], { ratings: [], durations: [3] }],
  [
    'an evening and a festival',
    'event',
    [dated('2027-04-16T19:00:00-04:00', null, '4 horas'), dated('2027-07-16', '2027-07-25')],
    { ratings: [], durations: [1, 4] },
  ],
  ['drivers', 'driver', [anItem({ kind: 'driver', rating: 4.6 })], { ratings: [4, 4.5], durations: [] }],
])('offeredChoices: %s', (_name, kind, items, expected) => {
  it(`offers ratings ${expected.ratings.join(', ') || 'none'} and durations ${expected.durations.join(', ') || 'none'}`, () =>
    expect(offeredChoices(kind, items)).toEqual(expected));
});

describe('experienceNames and localities', () => {
  const items = [
    anItem({ id: '1', experiences: ['Pesca', 'Ecoturismo'], locality: 'Cáceres' }),
    anItem({ id: '2', experiences: ['Aves'], locality: ' Barra do Bugres ' }),
    anItem({ id: '3', locality: '' }),
    anItem({ id: '4', locality: 'Cáceres' }),
  ];
  it('names the collection first, then what the items offer, once each; none that no item offers', () =>
    expect(experienceNames(['Ecoturismo', 'Cultura'], items)).toEqual(['Ecoturismo', 'Pesca', 'Aves']));
  it('lists distinct localities, trimmed, sorted the Portuguese way', () =>
    expect(localities(items)).toEqual(['Barra do Bugres', 'Cáceres']));
});

/** Every rating and duration option offered, as on a list whose items match them all. */
const EVERY_CHOICE = { ratings: [4, 4.5, 5], durations: [1, 2, 3, 4, 5] };

describe.each<[ItemKind, boolean, string[]]>([
  // 'Em promoção' only where an item is on sale; experiences and localities only where the kind filters by them and an item has them.
  ['tour', true, ['Promoções', 'Experiências', 'Localidade', 'Avaliação', 'Duração']],
  ['tour', false, ['Experiências', 'Localidade', 'Avaliação', 'Duração']],
  ['accommodation', true, ['Promoções', 'Localidade', 'Avaliação', 'Duração']],
  ['restaurant', false, ['Localidade', 'Avaliação', 'Período']],
  ['driver', false, ['Experiências', 'Localidade', 'Avaliação']],
])('filterGroups(%s), something on sale: %s', (kind, hasOnSale, legends) => {
  it(`has ${legends.join(', ')}`, () => {
    const groups = filterGroups(kind, {
      ...EVERY_CHOICE,
      experiences: ['Ecoturismo', 'Pesca'],
      localities: ['Centro'],
      hasOnSale,
    });
    expect(groups.map((group) => group.legend)).toEqual(legends);
    expect(groups.find((group) => group.name === 'avaliacao')?.options).toEqual([
      { label: 'Nota 4 ou mais', value: '4' },
      { label: 'Nota 4,5 ou mais', value: '4.5' },
      { label: 'Nota 5', value: '5' },
    ]);
  });
});

it('filterGroups: the experiences scroll, each named as itself; no group of what no item has', () => {
  const [experiences] = filterGroups('tour', { ...EVERY_CHOICE, experiences: ['Ecoturismo'], localities: [], hasOnSale: false });
  expect(experiences).toEqual({
    id: 'experiencia',
    legend: 'Experiências',
    name: 'experience',
    options: [{ label: 'Ecoturismo', value: 'Ecoturismo' }],
    scrolls: true,
  });
  expect(
    filterGroups('tour', { ...EVERY_CHOICE, experiences: [], localities: [], hasOnSale: false }).map((group) => group.legend),
  ).toEqual(['Avaliação', 'Duração']);
  expect(
    filterGroups('tour', { experiences: [], localities: [], hasOnSale: false, ratings: [], durations: [] }).map(
      (group) => group.legend,
    ),
  ).toEqual([]);
});

it('filterGroups: only the ratings and durations offered', () => {
  const groups = filterGroups('restaurant', {
    experiences: [],
    localities: [],
    hasOnSale: false,
    ratings: [4.5],
    durations: [1, 4],
  });
  expect(groups.map((group) => [group.legend, group.options.map((option) => option.label)])).toEqual([
    ['Avaliação', ['Nota 4,5 ou mais']],
    ['Período', ['Almoço', 'Almoço/Jantar']],
  ]);
});

/** Items priced at these amounts (null: no amount given). */
const pricedAt = (...amounts: (number | null)[]) =>
  amounts.map((amount, index) =>
    anItem({ id: String(index), priceValue: amount, price: amount === null ? null : `R$ ${amount}` }),
  );

describe.each<[string, ReturnType<typeof pricedAt>, ReturnType<typeof priceRange>]>([
  // The restaurants of the sample: the highest at R$ 225, so the range reaches it, cut in tens.
  ['meals up to R$ 225', pricedAt(35, 89.9, 225), { min: 0, max: 230, step: 10 }],
  ['tours up to R$ 300', pricedAt(150, 300), { min: 0, max: 300, step: 20 }],
  ['stays up to R$ 690', pricedAt(690, 420), { min: 0, max: 700, step: 50 }],
  ['cheap snacks up to R$ 18,50', pricedAt(12, 18.5), { min: 0, max: 19, step: 1 }],
  ['fees up to R$ 47', pricedAt(47, null), { min: 0, max: 48, step: 2 }],
  ['a catalogue up to R$ 4.750', pricedAt(4750), { min: 0, max: 4800, step: 200 }],
  // The price a card shows is the one the filter matches: a sale at R$ 180 below R$ 250.
  [
    'a sale below its price',
    [anItem({ priceValue: 250, price: 'R$ 250', salePriceValue: 180, salePrice: 'R$ 180' })],
    { min: 0, max: 180, step: 10 },
  ],
  ['nothing priced', pricedAt(null, null), null],
  ['only free items', [anItem({ isFree: true })], null],
  ['no item', [], null],
])('priceRange(%s)', (_name, items, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => expect(priceRange(items)).toEqual(expected));
  if (expected)
    it('covers every price, cut in whole steps', () => {
      expect(expected.max % expected.step).toBe(0);
      expect(expected.max / expected.step).toBeLessThanOrEqual(50);
      for (const item of items) expect(displayPrice(item).amount ?? 0).toBeLessThanOrEqual(expected.max);
    });
});

describe.each<[string, ReturnType<typeof pricedAt>, boolean]>([
  ["an event marked 'Gratuito'", [...pricedAt(50), anItem({ id: 'free', kind: 'event', isFree: true })], true],
  ['an offer at R$ 0', pricedAt(0, 50), true],
  ['only priced items', pricedAt(10, 50), false],
  ['items with no price given', pricedAt(null), false],
])('hasFreeItem(%s)', (_name, items, expected) => {
  it(`is ${expected}`, () => expect(hasFreeItem(items)).toBe(expected));
});

describe.each<[ItemKind, string, string]>([
  [
    'tourProvider',
    'Fornecedores de Atrativos Filtrados por Experiência',
    'Nenhum fornecedor encontrado para as experiências selecionadas: {list}.',
  ],
  ['tour', 'Passeios Filtrados por Experiência', 'Nenhum passeio encontrado para as experiências selecionadas: {list}.'],
  ['guide', 'Guias de Turismo Filtrados por Experiência', 'Nenhum guia encontrado para as experiências selecionadas: {list}.'],
  [
    'agency',
    'Agências de Turismo Filtradas por Experiência',
    'Nenhuma agência encontrada para as experiências selecionadas: {list}.',
  ],
  // No stay lists experiences today; the words still agree with the name, should one.
  [
    'accommodation',
    'Hospedagens Filtradas por Experiência',
    'Nenhuma hospedagem encontrada para as experiências selecionadas: {list}.',
  ],
])('experienceQueryTexts(%s)', (kind, filteredTitle, noMatch) => {
  it('gives the filtered heading and the no-match message', () =>
    expect(experienceQueryTexts(kind)).toEqual({ filteredTitle, noMatch }));
});

describe('itemListLd', () => {
  it('lists every item with its position and absolute URL', () =>
    expect(
      itemListLd(
        'Atrativos',
        [anItem({ id: '7', title: 'A' }), anItem({ id: '9', kind: 'event', title: 'B' })],
        (path) => `https://x.br${path}`,
      ),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: 'Atrativos',
      numberOfItems: 2,
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'A', url: 'https://x.br/tour/7' },
        { '@type': 'ListItem', position: 2, name: 'B', url: 'https://x.br/event/9' },
      ],
    }));

  it("names a later page's items at their place in the whole list, which it counts", () =>
    expect(
      itemListLd('Atrativos', [anItem({ id: '50', title: 'C' })], (path) => `https://x.br${path}`, { offset: 48, total: 49 }),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: 'Atrativos',
      numberOfItems: 49,
      itemListElement: [{ '@type': 'ListItem', position: 49, name: 'C', url: 'https://x.br/tour/50' }],
    }));
});

describe('carouselItems', () => {
  const items = ['1', '2', '3', '4', '5'].map((id) => anItem({ id, isFeatured: id === '3' || id === '5' }));
  it.each([
    [12, ['3', '5', '1', '2', '4']],
    [3, ['3', '5', '1']],
    [0, []],
  ])('featured first, then the rest in order, at most %i', (limit, expected) =>
    expect(carouselItems(items, limit).map((item) => item.id)).toEqual(expected),
  );
});
