/** The one per-kind table (docs/product.md): what each kind of item says and does. */
import { describe, expect, it } from 'vitest';
import {
  ENTITIES,
  emailSubject,
  experienceWhatsappText,
  HOME_CAROUSEL_ORDER,
  itemPath,
  whatsappText,
} from '../../src/lib/entities.ts';
import { KIND_ORDER } from '../../src/lib/kinds.ts';
import { ITEM_KINDS } from '../../src/lib/schemas/index.ts';

describe.each([
  ['tour', '/all-tours', '/tour/101', 'Passeios', 'TouristTrip', 5000, 'hours', 1],
  ['tourProvider', '/all-providers-tours', '/provider-tour/101', 'Fornecedores', 'LocalBusiness', 4000, 'hours', 2],
  ['event', '/all-events', '/event/101', 'Eventos', 'Event', 4000, 'days', 6],
  ['accommodation', '/all-accommodation', '/accommodation/101', 'Hospedagens', 'LodgingBusiness', 4500, 'nights', null],
  ['restaurant', '/all-restaurants', '/restaurant/101', 'Restaurantes', 'Restaurant', 4500, 'meal', null],
  ['driver', '/all-drivers', '/driver/101', 'Condutores', 'LocalBusiness', 4000, null, 5],
  ['guide', '/all-guides', '/guide/101', 'Guias', 'LocalBusiness', 4000, null, 3],
  ['agency', '/all-agencies', '/agency/101', 'Agências', 'LocalBusiness', 4000, null, 4],
] as const)('ENTITIES.%s', (kind, listPath, detail, plural, schemaType, interval, duration, offerOrder) => {
  const entity = ENTITIES[kind];
  it('lists at its route and links each item to its detail page', () => {
    expect(entity.listPath).toBe(listPath);
    expect(itemPath(kind, '101')).toBe(detail);
  });
  it(`is '${plural}' in 'Voltar para …' and a ${schemaType} in JSON-LD`, () => {
    expect(entity.plural).toBe(plural);
    expect(entity.schemaType).toBe(schemaType);
  });
  it(`slides every ${interval} ms on the home page`, () => expect(entity.home.interval).toBe(interval));
  it("has its duration group and its place among an experience's offers", () => {
    expect(entity.filters.duration).toBe(duration);
    expect(entity.offerOrder).toBe(offerOrder);
  });
  it('names the place in its list description', () => expect(entity.listDescription('Cáceres – MT')).toContain('Cáceres – MT'));
});

it("says 'Reservar' on no kind's contact button: no record gives a booking channel, and every kind's words name whom it reaches or how", () => {
  for (const kind of ITEM_KINDS) expect(ENTITIES[kind].contactLabel).not.toMatch(/reserv/i);
  expect(ENTITIES.event.contactLabel).toBe('Falar com o organizador');
  expect(ENTITIES.accommodation.contactLabel).toBe('Entrar em contato pelo WhatsApp');
});

it("puts a 'Voltar' above the events list only, on every one of its pages (docs/product.md)", () =>
  expect(ITEM_KINDS.filter((kind) => ENTITIES[kind].listHasBackLink)).toEqual(['event']));

it('offers experiences on the kinds whose lists filter by them, each in a place of its own', () => {
  const offering = ITEM_KINDS.filter((kind) => ENTITIES[kind].offerOrder !== null);
  expect(offering).toEqual(ITEM_KINDS.filter((kind) => ENTITIES[kind].filters.hasExperiences));
  expect(new Set(offering.map((kind) => ENTITIES[kind].offerOrder)).size).toBe(offering.length);
});

it('gives a contact block to the kinds that state a price always, and its own contact to the others (a business or person listed in its own right)', () =>
  expect(ITEM_KINDS.filter((kind) => ENTITIES[kind].contactBlock === null)).toEqual(
    ITEM_KINDS.filter((kind) => ENTITIES[kind].pricing === 'when-stated'),
  ));

describe('kind orders', () => {
  it.each([
    ['home carousels', HOME_CAROUSEL_ORDER],
    ['link lists and favourites', KIND_ORDER],
  ])('%s name every kind once', (_, order) => expect([...order].sort()).toEqual([...ITEM_KINDS].sort()));
});

describe.each([
  ['tour', 'Passeio X', 'Olá! Vi no portal de turismo e gostaria de mais informações sobre o passeio "Passeio X".'],
  ['accommodation', 'Pousada Y', 'Olá! Vi no portal de turismo e gostaria de mais informações sobre a hospedagem "Pousada Y".'],
  ['driver', 'João', 'Olá! Vi no portal de turismo e gostaria de mais informações sobre os serviços de condutor de João.'],
  ['agency', 'Rota', 'Olá! Vi no portal de turismo e gostaria de mais informações sobre os serviços da agência Rota.'],
  ['tourProvider', 'Barco', 'Olá! Vi no portal de turismo e gostaria de mais informações sobre os serviços de Barco.'],
] as const)('whatsappText(%s)', (kind, title, expected) => {
  it('names the item', () => expect(whatsappText(kind, title)).toBe(expected));
});

describe('experienceWhatsappText', () => {
  it('names the experience', () =>
    expect(experienceWhatsappText('Pesca')).toBe(
      'Olá! Vi no portal de turismo e gostaria de mais informações sobre a experiência "Pesca".',
    ));
});

it('emailSubject names the item', () => {
  expect(emailSubject('Pousada Y')).toBe('Contato pelo portal de turismo – Pousada Y');
});
