/**
 * The detail pages' helpers (docs/product.md): which sections are filled, the hero,
 * related items, the layout data and the schema.org objects, on schema-valid entries.
 */
import { describe, expect, it } from 'vitest';
import {
  durationChip,
  durationFact,
  heroImage,
  infoEntries,
  isFilledHtml,
  relatedItems,
  stayPriceNote,
} from '../../src/lib/details/detail-data.ts';
import { experiencePageData, itemPageData } from '../../src/lib/details/detail-page.ts';
import { experienceLd, itemLd } from '../../src/lib/json-ld.ts';
import type { Item, ItemKind } from '../../src/lib/schemas/index.ts';
import { fallbackCity } from '../../src/lib/schemas/index.ts';
import { anExperience, anItem } from '../fixtures/entries.ts';

const CITY = fallbackCity({ name: 'Barra do Bugres', state: 'MT' });
const ORIGIN = 'https://turismo.example.com.br';

describe.each([
  ['<p>Texto</p>', true],
  ['<p><img src="/x.jpg" alt=""></p>', true],
  ['<p>&nbsp;</p><p> </p>', false],
  ['<p></p>', false],
  ['<p title="a>b"></p><!-- <b>nota</b> -->', false],
  ['<p>&#160;&nbsp;</p>', false],
  ['<P><IMG SRC=/x.jpg></P>', true],
  ['', false],
  [null, false],
  [undefined, false],
])('isFilledHtml(%j)', (html, expected) => {
  it(`is ${expected}`, () => expect(isFilledHtml(html)).toBe(expected));
});

describe('stayPriceNote', () => {
  it.each([
    ['1 noite', 'Preço por noite'],
    ['2 noites', 'Preço por 2 noites'],
    ['3 Noites', 'Preço por 3 noites'],
    ['Diária: 1 noite', 'Preço por noite'],
    // A duration that is not a stay says nothing: no 'Preço por 2h' on a pousada.
    ['2h', null],
    ['2 horas', null],
    ['Dia inteiro', null],
    ['0 noites', null],
    ['', null],
  ])('%j → %j', (duration, expected) => expect(stayPriceNote(duration)).toBe(expected));
});

describe.each<[ItemKind, string, ReturnType<typeof durationFact>]>([
  ['tour', '3 horas', { label: 'Duração', value: '3 horas', isTime: true }],
  ['event', '4 horas', { label: 'Duração', value: '4 horas', isTime: true }],
  ['guide', '2h', { label: 'Duração do serviço', value: '2h', isTime: true }],
  ['tourProvider', 'Meio período', { label: 'Duração da atividade', value: 'Meio período', isTime: true }],
  // A stay is counted in nights: a pousada's '2h' is no stay, and is not shown as one.
  ['accommodation', '2 noites', { label: 'Estadia', value: '2 noites', isTime: false }],
  ['accommodation', '2h', null],
  // A restaurant's 'duration' is its meals, as written, never a time.
  ['restaurant', 'Almoço/Jantar', { label: 'Refeições', value: 'Almoço/Jantar', isTime: false }],
  ['restaurant', '  ', null],
  ['tour', '', null],
])('durationFact of a %s whose duration is %j', (kind, duration, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => expect(durationFact({ kind, duration })).toEqual(expected));
});

describe('durationChip', () => {
  it('draws a clock only beside a time, and names it to screen readers', () => {
    expect(durationChip({ kind: 'tour', duration: '3 horas' })).toEqual({
      icon: 'clock',
      label: '3 horas',
      hiddenLabel: 'Duração: ',
    });
    expect(durationChip({ kind: 'restaurant', duration: 'Almoço' })).toEqual({ label: 'Refeições: Almoço' });
    expect(durationChip({ kind: 'accommodation', duration: '1 noite' })).toEqual({ label: 'Estadia: 1 noite' });
  });

  it("says 'não informada' only where the page asks for it", () => {
    expect(durationChip({ kind: 'tour', duration: '' }, 'Duração não informada')).toEqual({
      icon: 'clock',
      label: 'Duração não informada',
    });
    expect(durationChip({ kind: 'accommodation', duration: '2h' })).toBeNull();
  });
});

describe('infoEntries', () => {
  it.each([
    [{}, []],
    [
      { trackLevel: '<p>Fácil</p>', howToGetThere: '<p>De barco</p>', operation: '<p></p>' },
      [
        ['Como chegar', '<p>De barco</p>'],
        ['Nível de dificuldade', '<p>Fácil</p>'],
      ],
    ],
  ])('%j → the filled ones, in docs/product.md order', (info, expected) => {
    const item = anItem({
      info: { howToGetThere: null, howToVisit: null, operation: null, trackLevel: null, generalInfo: null, ...info },
    });
    expect(infoEntries(item.info)).toEqual(expected);
  });
});

const PHOTO = { large: '/g.jpg', thumb: '/gt.jpg' };

describe.each<['image' | 'banner' | 'gallery', Partial<Item>, string]>([
  ['image', { image: '/i.jpg', banner: '/b.jpg', gallery: [PHOTO] }, '/i.jpg'],
  ['banner', { image: '/i.jpg', banner: '/b.jpg', gallery: [PHOTO] }, '/b.jpg'],
  ['gallery', { image: '/i.jpg', banner: '/b.jpg', gallery: [PHOTO] }, '/g.jpg'],
  ['image', { banner: '/b.jpg', gallery: [PHOTO] }, '/g.jpg'],
  ['banner', { gallery: [PHOTO] }, '/g.jpg'],
  ['gallery', {}, '/images/placeholder.svg'],
])('heroImage preferring %s', (prefer, fields, expected) => {
  it(`of ${JSON.stringify(fields)} is ${expected}`, () => expect(heroImage(anItem(fields), prefer)).toBe(expected));
});

describe('relatedItems', () => {
  const item = anItem({ id: '1', experiences: ['Pesca Esportiva'], tags: ['Rio'], locality: 'Barra do Bugres' });
  const items = [
    item,
    anItem({ id: '2' }),
    anItem({ id: '3', tags: ['rio'] }),
    anItem({ id: '4', isFeatured: true }),
    anItem({ id: '5', experiences: ['PESCA ESPORTIVA'], tags: ['Rio'], locality: 'Cáceres' }),
    anItem({ id: '6', locality: 'Barra do Bugres' }),
  ];
  it.each([
    // 5 shares an experience and a tag (4), 3 a tag and the locality (3), 4 the locality and is
    // featured (2), 2 and 6 the locality only (1, in list order).
    [4, ['5', '3', '4', '2']],
    [2, ['5', '3']],
    [10, ['5', '3', '4', '2', '6']],
  ])('at most %i, most shared experiences and tags first, never the item itself', (count, expected) =>
    expect(relatedItems(item, items, count).map((other) => other.id)).toEqual(expected),
  );
});

describe('itemPageData', () => {
  it.each<[ItemKind, 'image' | 'banner' | 'gallery', Partial<Item>, string, string, string]>([
    ['tour', 'image', {}, '/images/placeholder.svg', 'Passeios', '/all-tours'],
    ['guide', 'banner', { banner: '/b.jpg', image: '/i.jpg' }, '/b.jpg', 'Guias de Turismo', '/all-guides'],
    ['restaurant', 'gallery', { gallery: [PHOTO] }, '/g.jpg', 'Restaurantes', '/all-restaurants'],
  ])('a %s (hero from %s)', (kind, prefer, fields, image, listName, listPath) => {
    const item = anItem({ id: '7', kind, title: 'Casa X', ...fields });
    const page = itemPageData(item, CITY, prefer);
    expect(page.path).toBe(`${listPath === '/all-tours' ? '/tour' : `/${kind}`}/7`);
    expect(page.trail).toEqual([
      ['Início', '/'],
      [listName, listPath],
      ['Casa X', page.path],
    ]);
    expect(page.backHref).toBe(listPath);
    expect(page.image).toBe(image);
    expect(page.shareImage).toBe(item.image ?? image);
    expect(page.jsonLd.map((entry) => (entry as { '@type': string })['@type'])).toEqual([
      kind === 'tour' ? 'TouristTrip' : kind === 'restaurant' ? 'Restaurant' : 'LocalBusiness',
      'BreadcrumbList',
    ]);
  });

  it.each([
    ['Um passeio de barco.', 'Um passeio de barco.'],
    ['', 'Passeio de Barco – Passeio em Barra do Bugres – MT.'],
  ])('describes the page by its excerpt %j, else by its kind and city', (excerpt, expected) =>
    expect(itemPageData(anItem({ excerpt }), CITY).description).toBe(expected),
  );

  it('adds the FAQ to the JSON-LD when there is one', () => {
    const page = itemPageData(anItem({ faq: [{ question: 'Pode nadar?', answerHtml: '<p>Sim.</p>' }] }), CITY);
    expect(page.jsonLd.map((entry) => (entry as { '@type': string })['@type'])).toEqual([
      'TouristTrip',
      'BreadcrumbList',
      'FAQPage',
    ]);
  });
});

describe('experiencePageData', () => {
  it.each([
    ['', null, 'Pesca Esportiva em Barra do Bugres e região.', '/images/placeholder.svg'],
    ['Pescar no Paraguai.', '/e.jpg', 'Pescar no Paraguai.', '/e.jpg'],
  ])('excerpt %j, image %j', (excerpt, image, description, hero) => {
    const page = experiencePageData(anExperience({ excerpt, image }), CITY);
    expect(page).toMatchObject({ path: '/experience/pesca-esportiva', backHref: '/#experiencias', description, image: hero });
    expect(page.trail[1]).toEqual(['Experiências', '/#experiencias']);
  });
});

describe('itemLd', () => {
  const context = { url: `${ORIGIN}/tour/7`, image: `${ORIGIN}/i.jpg`, city: CITY };
  it.each([
    ['R$ 150,00', 150, null, null, null, false, '150.00'],
    ['R$ 150,00', 150, 'R$ 120,00', 120, 20, false, '120.00'],
    // No price given: no Offer at all, never one of R$ 0.
    [null, null, null, null, null, false, undefined],
    // 'Gratuito' from the upstream: an Offer of 0.
    [null, null, null, null, null, true, '0.00'],
  ])(
    'a tour priced %s (sale %s, free %s) offers %s',
    (price, priceValue, salePrice, salePriceValue, discountPercent, isFree, offer) => {
      const ld = itemLd(anItem({ price, priceValue, salePrice, salePriceValue, discountPercent, isFree }), context);
      expect((ld.offers as { price: string } | undefined)?.price).toBe(offer);
      expect(ld).not.toHaveProperty('aggregateRating');
    },
  );

  it.each([
    // A day-only event is a schema.org Date, the day alone; a timed one a DateTime with the city's offset.
    [
      { startDate: '2027-07-16', endDate: '2027-07-25' },
      { startDate: '2027-07-16', endDate: '2027-07-25' },
    ],
    [{ startDate: '2026-12-27T19:00:00-04:00', endDate: null }, { startDate: '2026-12-27T19:00:00-04:00' }],
  ])('dates an event with the dates its upstream gave, and no others (%j)', (dated, expected) => {
    const ld = itemLd(anItem({ kind: 'event', ...dated }), context);
    expect(Object.fromEntries(Object.entries(ld).filter(([key]) => key.endsWith('Date')))).toEqual(expected);
    expect(itemLd(anItem({ kind: 'event' }), context)).not.toHaveProperty('startDate');
  });

  it('offers no contact of a provider the portal does not list', () => {
    const status = { value: 'em_analise', label: 'Cadastro em análise', tone: 'warning' as const };
    const ld = itemLd(
      anItem({ kind: 'guide', status, isListed: false, email: 'a@b.br', contactPhone: '(65) 99999-0000' }),
      context,
    );
    expect(ld).not.toHaveProperty('email');
    expect(ld).not.toHaveProperty('telephone');
  });

  it.each([
    ['R$ 80,00', 80, 'R$ 80,00'],
    [null, null, undefined],
  ])('an accommodation priced %s has the price range %s', (price, priceValue, range) => {
    const ld = itemLd(anItem({ kind: 'accommodation', price, priceValue }), context);
    expect(ld.priceRange).toBe(range);
    expect(ld.address).toMatchObject({ addressLocality: 'Barra do Bugres', addressRegion: 'MT', addressCountry: 'BR' });
  });

  it('leaves empty fields out', () => {
    const ld = itemLd(anItem({ kind: 'driver', email: null, contactPhone: null }), context);
    expect(Object.keys(ld)).not.toContain('email');
    expect(Object.keys(ld)).not.toContain('telephone');
  });
});

describe('experienceLd', () => {
  it('is a TouristAttraction in the city', () =>
    expect(experienceLd(anExperience(), { url: `${ORIGIN}/experience/x`, image: `${ORIGIN}/e.jpg`, city: CITY })).toMatchObject({
      '@type': 'TouristAttraction',
      name: 'Pesca Esportiva',
      touristType: 'Pesca Esportiva',
      address: { '@type': 'PostalAddress', addressLocality: 'Barra do Bugres', addressRegion: 'MT' },
    }));
});
