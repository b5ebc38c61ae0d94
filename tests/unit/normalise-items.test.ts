/**
 * The items' normaliser (scripts/sync/normalise/item.ts): the card view model, and no fact the
 * upstream did not give.
 */
import { describe, expect, it } from 'vitest';
import { localityOf, RawItemSchema, statusChip, toItem } from '../../scripts/sync/normalise/item.ts';
import { type NormaliseOptions, normaliseRecords } from '../../scripts/sync/normalise/records.ts';
import { type ItemKind, ItemSchema } from '../../src/lib/schemas/index.ts';
import { SAMPLE, titled, untitledNotes } from '../support/record-context.ts';

const items = (records: unknown[], kind: ItemKind = 'tour', options: NormaliseOptions = SAMPLE) =>
  normaliseRecords(records.map(titled), RawItemSchema, (raw, context) => toItem(raw, kind, context), ItemSchema, options).then(
    untitledNotes,
  );
const item = async (record: Record<string, unknown>, kind: ItemKind = 'tour') => {
  const { entries, dropped } = await items([record], kind);
  expect(dropped).toEqual([]);
  return entries[0] as NonNullable<(typeof entries)[0]>;
};
describe('items: the card view model, and no fact the upstream did not give', () => {
  // The field the provider's panel calls it by: a tour's title, a guide's name.
  const NAME_FIELDS = { tour: 'title', event: 'title', restaurant: 'title', accommodation: 'name', guide: 'name' } as const;
  it.each(['tour', 'event', 'accommodation', 'restaurant', 'guide'] as const)(
    'leaves out a %s without a title or name (no card headed "Tour"), saying which field to fill in',
    async (kind) => {
      for (const record of [
        { id: 7, title: null },
        { id: 7, name: '  ' },
        { id: 7, title: '\u200b\u202e \u2066\u00ad' },
      ]) {
        const { entries, dropped } = await normaliseRecords(
          [record],
          RawItemSchema,
          (raw, context) => toItem(raw, kind, context),
          ItemSchema,
          SAMPLE,
        );
        expect(entries).toEqual([]);
        expect(dropped).toEqual([expect.objectContaining({ id: '7', problem: 'no-title', field: NAME_FIELDS[kind] })]);
      }
    },
  );

  it.each(['tour', 'event', 'accommodation', 'restaurant'] as const)(
    'a %s with only a title gets no duration, rating, group size or price',
    async (kind) => {
      const result = await item({ id: 7, title: 'Sem mais dados' }, kind);
      expect(result).toMatchObject({
        id: '7',
        kind,
        title: 'Sem mais dados',
        duration: '',
        rating: null,
        people: null,
        price: null,
        priceValue: null,
        isFree: false,
        startDate: null,
        endDate: null,
        isListed: true,
      });
      expect(result.salePrice).toBeNull();
      expect(result.discountPercent).toBeNull();
    },
  );

  it.each([
    [{ start_date: '2027-07-16', end_date: '2027-07-25' }, '2027-07-16', '2027-07-25', []],
    [{ date: '2027-04-16T20:00:00-04:00' }, '2027-04-16T20:00:00-04:00', null, []],
    [{ starts_at: '2027-01-02', ends_at: '2027-01-01' }, '2027-01-02', null, []],
    [{ start_date: '2027-02-30' }, null, null, [/^start_date "2027-02-30": not a calendar date/]],
    [{ start_date: '2099-01-01' }, null, null, [/^start_date "2099-01-01": not a calendar date/]],
  ])('an event dated %j starts %s and ends %s', async (dates, startDate, endDate, notes) => {
    const { entries, repaired } = await items([{ id: 1, ...dates }], 'event');
    expect(entries[0]).toMatchObject({ startDate, endDate });
    expect(repaired.map((record) => record.reason)).toEqual(notes.map((note) => expect.stringMatching(note)));
  });

  it('dates only events', async () => expect((await item({ id: 1, start_date: '2027-07-16' }, 'tour')).startDate).toBeNull());

  it('takes name when there is no title, and numeric strings for numbers', async () => {
    expect(await item({ id: '12', name: 'Pousada do Rio', rating: '4.5', people: '4' })).toMatchObject({
      id: '12',
      title: 'Pousada do Rio',
      rating: 4.5,
      people: 4,
    });
  });

  it.each([
    ['Barra do Bugres - MT', 'Barra do Bugres'],
    ['Rua Júlio Müller, 250, Barra do Bugres - MT', 'Barra do Bugres'],
    ['Estrada da Serra, km 22 – Zona Rural, Barra do Bugres/MT', 'Barra do Bugres'],
    ['Praça Tiradentes, Centro, Cáceres, MT', 'Cáceres'],
    ['Cáceres', 'Cáceres'],
    ['', ''],
  ])('the locality of %j is %j', (text, locality) => {
    expect(localityOf(text)).toBe(locality);
  });

  it.each([
    ['Barra do Bugres - MT', 'Barra do Bugres - MT', 'Barra do Bugres'],
    [
      { address: 'Rua A, 10', city: 'Barra do Bugres', state: 'MT', country: 'BR' },
      'Rua A, 10, Barra do Bugres – MT',
      'Barra do Bugres',
    ],
    [{ city: 'Cáceres' }, 'Cáceres', 'Cáceres'],
    [undefined, '', ''],
  ])('location %j → %j', async (location, text, locality) => {
    expect(await item({ id: 1, location })).toMatchObject({ location: text, locality });
  });

  it.each([
    ['R$ 200,00', 'R$ 150,00', 'R$ 200,00', 'R$ 150,00', 25],
    [200, 250, 'R$ 200,00', 'R$ 250,00', null],
    ['150.00', undefined, 'R$ 150,00', null, null],
    ['Sob consulta', undefined, null, null, null],
    [0, undefined, null, null, null],
  ])('price %j, sale %j', async (price, sale_price, shown, sale, discount) => {
    expect(await item({ id: 1, price, sale_price })).toMatchObject({ price: shown, salePrice: sale, discountPercent: discount });
  });

  it('uses a gallery photo only when both sizes exist, and only safe URLs', async () => {
    const result = await item({
      id: 1,
      gallery: [
        { large: '/a-large.jpg', thumb: '/a-thumb.jpg' },
        { large: '/b-large.jpg' },
        { thumb: '/c-thumb.jpg' },
        { large: 'javascript:alert(1)', thumb: '/d.jpg' },
        'nonsense',
      ],
    });
    expect(result.gallery).toEqual([{ large: '/a-large.jpg', thumb: '/a-thumb.jpg' }]);
    expect(result.image).toBe('/a-large.jpg');
  });

  it('keeps each photo once, the first time the gallery or the images list gives it', async () => {
    const result = await item({
      id: 1,
      gallery: [
        { large: '/a-large.jpg', thumb: '/a-thumb.jpg' },
        { large: '/a-large.jpg', thumb: '/a-other-thumb.jpg' },
      ],
      images: ['/b.jpg', '/a-large.jpg', '/b.jpg'],
    });
    expect(result.gallery).toEqual([
      { large: '/a-large.jpg', thumb: '/a-thumb.jpg' },
      { large: '/b.jpg', thumb: '/b.jpg' },
    ]);
  });

  it('keeps each named attribute under its own name, and tags, terms and unnamed attributes as keywords', async () => {
    const result = await item({
      id: 1,
      category: { name: 'Ecoturismo' },
      tags: ['Família'],
      attributes: [
        { name: 'Idiomas', items: ['Português', 'Espanhol', 'Português'] },
        { name: 'Vazio' },
        { items: ['Barco próprio'] },
      ],
      terms: [{ name: 'Trilha' }, { name: 'Pesca' }, 'Natureza'],
    });
    expect(result.attributes).toEqual([{ name: 'Idiomas', items: ['Português', 'Espanhol'] }]);
    expect(result.tags).toEqual(['Família', 'Trilha', 'Pesca', 'Natureza', 'Barco próprio']);
    // The category is a field of its own, not a keyword.
    expect(result.tags).not.toContain('Ecoturismo');
  });

  it('reads experiences from both `experiences` and the upstream typo `expriences`', async () => {
    expect(
      (await item({ id: 1, expriences: ['Pesca Esportiva'], experiences: ['Ecoturismo', 'Pesca Esportiva'] })).experiences,
    ).toEqual(['Ecoturismo', 'Pesca Esportiva']);
  });

  it('strips text fields to plain text and sanitises HTML fields', async () => {
    const result = await item({
      id: 1,
      title: '<b>Trilha</b> &amp; Cachoeira',
      content: '<p onclick="x()">Bom <script>alert(1)</script><a href="javascript:alert(1)">passeio</a></p>',
    });
    expect(result.title).toBe('Trilha & Cachoeira');
    expect(result.descriptionHtml).not.toMatch(/script|onclick|javascript/);
    expect(result.descriptionHtml).toContain('passeio');
    expect(result.excerpt).toBe('Bom passeio');
  });

  it('cuts the card description at 120 characters plus ...', async () => {
    const result = await item({ id: 1, description: `<p>${'Rio Paraguai '.repeat(20)}</p>` });
    expect(result.excerpt.endsWith('...')).toBe(true);
    expect(result.excerpt.length).toBeLessThanOrEqual(123);
  });

  it('finds a contact phone from the item, the commercial number or the provider', async () => {
    expect((await item({ id: 1, provider: { name: 'Zé', phone_number: '(65) 99999-0000' } })).contactPhone).toBe(
      '(65) 99999-0000',
    );
    expect((await item({ id: 1, commercial_phone_number: '65 3361-0000', provider: { phone: '1' } })).contactPhone).toBe(
      '65 3361-0000',
    );
    expect((await item({ id: 1, provider: { name: 'Sem telefone' } })).contactPhone).toBeNull();
  });

  it.each([
    ['(65) 99999-1234', '+5565999991234'],
    ['https://wa.me/5565999991234?text=Oi', '+5565999991234'],
    ['https://api.whatsapp.com/send?phone=5565999991234', '+5565999991234'],
    ['https://wa.me/message/ABC12345678', null],
  ])('finds the contact phone in a WhatsApp link %j when nothing else gives one', async (whatsapp, expected) => {
    expect((await item({ id: 1, social: { whatsapp } })).contactPhone).toBe(expected);
  });

  it('keeps a provider only when it has something, with links made safe', async () => {
    expect((await item({ id: 1, provider: {} })).provider).toBeNull();
    expect(
      (await item({ id: 1, provider: { site: 'javascript:alert(1)', name: 'Ana', social: { instagram: '@ana.guia' } } }))
        .provider,
    ).toMatchObject({
      name: 'Ana',
      website: null,
      social: { instagram: 'https://www.instagram.com/ana.guia' },
    });
  });

  it('keeps only http(s) videos', async () => {
    expect((await item({ id: 1, video: 'https://www.youtube.com/watch?v=abc' })).video).toBe(
      'https://www.youtube.com/watch?v=abc',
    );
    expect((await item({ id: 1, video: 'javascript:alert(1)' })).video).toBeNull();
  });

  it.each([
    ['active', 'Ativo', 'success', true],
    ['Ativo', 'Ativo', 'success', true],
    ['publish', 'Publicado', 'success', true],
    ['inactive', 'Inativo', 'error', false],
    ['pending', 'Cadastro pendente', 'warning', false],
    ['em_analise', 'Cadastro em análise', 'warning', false],
    ['EM ANÁLISE', 'Cadastro em análise', 'warning', false],
    // A code nobody taught us is not shown raw, nor listed.
    ['draft_v2', 'Cadastro não publicado', 'warning', false],
  ])('status %s → %s (%s), listed %s', async (value, label, tone, isListed) => {
    expect(statusChip(value)).toEqual({ value, label, tone, isListed });
    expect(await item({ id: 1, status: value }, 'guide')).toMatchObject({ status: { value, label, tone }, isListed });
  });

  it('lists an item whose record has no status', async () => expect((await item({ id: 1 }, 'guide')).isListed).toBe(true));

  it('drops records that cannot be made valid, repairs what has a fallback, and reports why', async () => {
    const { entries, dropped, repaired } = await items([
      { id: 1, title: 'Bom' },
      { title: 'Sem id' },
      { id: 3, rating: 'excelente' },
      { id: 4, title: { pt: 'objeto' }, name: 'Pelo nome' },
      { id: 5, price: { amount: 150 } },
      { id: 1, title: 'Repetido' },
      null,
      { id: '  ', title: 'id em branco' },
      { id: 9, title: 'Bom também', faq: 'not a list', social: 42 },
    ]);
    expect(entries.map((entry) => entry.id)).toEqual(['1', '3', '4', '5', '9']);
    expect(entries.map((entry) => [entry.title, entry.rating, entry.price])).toEqual([
      ['Bom', null, null],
      ['Passeio de teste', null, null],
      ['Pelo nome', null, null],
      ['Passeio de teste', null, null],
      ['Bom também', null, null],
    ]);
    expect(dropped.map((record) => record.id)).toEqual(['#2 (no id)', '1', '#7 (no id)', '"  "']);
    expect(dropped[1]).toEqual({
      id: '1',
      name: 'Repetido',
      reason: 'duplicate id (the first record with it is kept)',
      field: 'id',
      problem: 'duplicate-id',
    });
    expect(dropped[0]).toMatchObject({ name: 'Sem id', field: 'id', problem: 'invalid' });
    expect(repaired).toEqual([
      {
        id: '3',
        reason: 'rating "excelente" outside 0–5; left out',
        field: 'rating',
        problem: 'out-of-range',
        value: '"excelente"',
      },
      {
        id: '4',
        name: 'Pelo nome',
        reason: 'title {"pt":"objeto"}: not understood, left out',
        field: 'title',
        problem: 'not-understood',
        value: '{"pt":"objeto"}',
      },
      {
        id: '5',
        reason: 'price {"amount":150}: not understood, left out',
        field: 'price',
        problem: 'not-understood',
        value: '{"amount":150}',
      },
    ]);
  });
});
