/**
 * Site search: what every kind of page tells Pagefind (filters and meta), the /busca URL
 * round trip, result paths, and the excerpt split that keeps index text from becoming markup.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSync } from '../../scripts/sync/run/index.ts';
import type { Experience, Item, NewsArticle, Testimonial } from '../../src/lib/schemas/index.ts';
import {
  cutQuery,
  excerptParts,
  experienceSearchRecord,
  itemSearchRecord,
  kindChips,
  MAX_QUERY_CHARS,
  newsSearchRecord,
  noResultsMessage,
  parseSearchQuery,
  resultPath,
  SEARCH_KIND_LABELS,
  SEARCH_KIND_ORDER,
  searchAttributes,
  searchPrice,
  searchQueryString,
  searchUrl,
  testimonialSearchRecord,
  toHit,
} from '../../src/lib/search/search.ts';
import { xssVectors } from '../fixtures/xss-vectors.ts';
import { MONTHS } from '../support/expected-facts.ts';

// The embedded sample data through the real sync, in a folder of this test's own: a clean clone has
// no snapshot before its first build. Top-level, because the tables below read it while collecting.
const SNAPSHOT = await mkdtemp(path.join(tmpdir(), 'search-sample-'));
await runSync({
  env: {},
  outDir: SNAPSHOT,
  sampleDir: path.resolve(import.meta.dirname, '../../sample-data'),
  logger: { info: () => {}, warn: () => {} },
});
afterAll(() => rm(SNAPSHOT, { recursive: true, force: true }));
const read = <T>(name: string): T[] => JSON.parse(readFileSync(`${SNAPSHOT}/${name}.json`, 'utf8')) as T[];
const byId = <T extends { id: string }>(name: string, id: string): T => {
  const found = read<T>(name).find((entry) => entry.id === id);
  if (!found) throw new Error(`${name}/${id} missing from the sample`);
  return found;
};

describe('kind labels', () => {
  it("has twelve labels, each once, in the chip order: items as the portal lists them, experiences beside tours, then stories, then the visitor's guide", () => {
    expect(SEARCH_KIND_ORDER).toEqual([
      'Passeio',
      'Experiência',
      'Hospedagem',
      'Restaurante',
      'Evento',
      'Fornecedor',
      'Condutor',
      'Guia',
      'Agência',
      'Notícia',
      'Depoimento',
      'Guia do visitante',
    ]);
    expect(new Set(Object.values(SEARCH_KIND_LABELS)).size).toBe(SEARCH_KIND_ORDER.length);
  });
});

describe.each([
  // collection, id, kind, locality, price
  ['tours', '101', 'Passeio', 'Barra do Bugres', 'R$ 150,00'],
  ['tours', '102', 'Passeio', 'Barra do Bugres', 'R$ 99,90'],
  ['accommodation', '201', 'Hospedagem', 'Barra do Bugres', expect.stringMatching(/^R\$ /)],
  ['restaurants', '301', 'Restaurante', 'Barra do Bugres', expect.stringMatching(/^R\$ /)],
  ['events', '401', 'Evento', 'Barra do Bugres', 'Gratuito'],
  ['events', '402', 'Evento', 'Barra do Bugres', null],
  ['drivers', '506', 'Condutor', null, null],
  ['guides', '601', 'Guia', 'Barra do Bugres', expect.anything()],
  ['agencies', '706', 'Agência', null, null],
  ['tourProviders', '801', 'Fornecedor', 'Barra do Bugres', expect.anything()],
])('itemSearchRecord(%s/%s)', (collection, id, kind, locality, price) => {
  const item = byId<Item>(collection, id);
  const record = itemSearchRecord(item);

  it(`is a ${kind} with its title, locality and image`, () => {
    expect(record.kind).toBe(kind);
    expect(record.title).toBe(item.title);
    expect(record.locality).toBe(locality);
    expect(record.image).toBe(item.image ?? item.gallery[0]?.thumb ?? item.banner ?? null);
  });

  it('carries the price shown on the page, or none', () => {
    if (price === null) expect(record.price).toBeNull();
    else expect(record.price).toEqual(price);
  });

  it("carries an event's dates in words, with the month's name, and none for another kind", () => {
    if (kind !== 'Evento') expect(record.date).toBeNull();
    else if (item.startDate === null) expect(record.date).toBe('Data a confirmar');
    else {
      const month = Number(item.startDate.slice(5, 7));
      expect(record.date).toContain(` de ${MONTHS[month - 1]}`);
      expect(record.date).toContain(item.startDate.slice(0, 4));
    }
  });
});

describe('searchPrice', () => {
  it.each([
    [
      { price: 'R$ 120,00', priceValue: 120, salePrice: 'R$ 99,90', salePriceValue: 99.9, discountPercent: 17, isFree: false },
      'R$ 99,90',
    ],
    [
      { price: 'R$ 120,00', priceValue: 120, salePrice: 'R$ 130,00', salePriceValue: 130, discountPercent: null, isFree: false },
      'R$ 120,00',
    ],
    [
      { price: 'R$ 80,00', priceValue: 80, salePrice: null, salePriceValue: null, discountPercent: null, isFree: false },
      'R$ 80,00',
    ],
    // No price given: none in the results (never 'R$ 0', nor 'Preço sob consulta' as if it were a price).
    [{ price: null, priceValue: null, salePrice: null, salePriceValue: null, discountPercent: null, isFree: false }, null],
    [{ price: null, priceValue: null, salePrice: null, salePriceValue: null, discountPercent: null, isFree: true }, 'Gratuito'],
    // A sale under 0.5 % off rounds to a 0 % discount: still the price the card shows (its copy here
    // took 0 for 'no discount' and showed the original).
    [
      { price: 'R$ 1.000,00', priceValue: 1000, salePrice: 'R$ 999,00', salePriceValue: 999, discountPercent: 0, isFree: false },
      'R$ 999,00',
    ],
  ])('%o → %s', (item, expected) => expect(searchPrice(item)).toBe(expected));
});

describe('records of experiences, news and testimonials', () => {
  it('an experience is an Experiência without locality or price', () => {
    const experience = byId<Experience>('experiences', '2');
    expect(experienceSearchRecord(experience)).toEqual({
      kind: 'Experiência',
      locality: null,
      title: experience.title,
      image: experience.image,
      price: null,
      date: null,
    });
  });

  it('a news article is a Notícia; the placeholder is no image', () => {
    const articles = read<NewsArticle>('news');
    const withImage = articles.find((article) => !article.hasPlaceholderImage);
    const without = articles.find((article) => article.hasPlaceholderImage);
    expect(withImage && newsSearchRecord(withImage)).toMatchObject({
      kind: 'Notícia',
      image: withImage?.image,
      price: null,
      locality: null,
    });
    expect(without && newsSearchRecord(without).image).toBeNull();
  });

  it('a testimonial is a Depoimento titled like its page, with its photo or else the avatar', () => {
    const testimonial = byId<Testimonial>('testimonials', '1003');
    const record = testimonialSearchRecord(testimonial, `Depoimento de ${testimonial.name}`);
    expect(record).toMatchObject({ kind: 'Depoimento', title: 'Depoimento de Marcos Antônio Ribeiro', price: null });
    expect(record.image).toBe(testimonial.image ?? testimonial.avatar);
  });
});

describe('searchAttributes', () => {
  it('writes one inline attribute per element, values kept whole (commas and colons included)', () => {
    const attributes = searchAttributes({
      kind: 'Passeio',
      locality: 'Barra do Bugres',
      title: 'Pesca: Pintado, Pacu e Jaú',
      image: 'https://cdn.example.com/a,b.jpg',
      price: 'R$ 1.500,00',
      date: '27 de dezembro de 2026, 19h',
    });
    expect(attributes).toEqual([
      { 'data-pagefind-filter': 'tipo:Passeio' },
      { 'data-pagefind-meta': 'title:Pesca: Pintado, Pacu e Jaú' },
      { 'data-pagefind-filter': 'localidade:Barra do Bugres' },
      { 'data-pagefind-meta': 'image:https://cdn.example.com/a,b.jpg' },
      { 'data-pagefind-meta': 'price:R$ 1.500,00' },
      { 'data-pagefind-meta': 'date:27 de dezembro de 2026, 19h' },
    ]);
  });

  it('leaves out what the page does not have', () => {
    expect(searchAttributes({ kind: 'Notícia', locality: null, title: 'T', image: null, price: null, date: null })).toEqual([
      { 'data-pagefind-filter': 'tipo:Notícia' },
      { 'data-pagefind-meta': 'title:T' },
    ]);
  });
});

describe('the /busca URL', () => {
  it.each([
    ['?q=cachoeira', { query: 'cachoeira', kind: null }, '/busca?q=cachoeira'],
    ['?q=+pesca+&tipo=Evento', { query: 'pesca', kind: 'Evento' }, '/busca?q=pesca&tipo=Evento'],
    [
      '?q=a%C3%A7a%C3%AD&tipo=Experi%C3%AAncia',
      { query: 'açaí', kind: 'Experiência' },
      '/busca?q=a%C3%A7a%C3%AD&tipo=Experi%C3%AAncia',
    ],
    ['?q=rio&tipo=Inventado', { query: 'rio', kind: null }, '/busca?q=rio'],
    ['', { query: '', kind: null }, '/busca'],
  ])('%s → %o → %s', (search, parsed, url) => {
    expect(parseSearchQuery(search)).toEqual(parsed);
    expect(searchUrl(parsed)).toBe(url);
    // The address's query on /busca itself (setPageSearch, src/stores/search.ts).
    expect(searchQueryString(parsed)).toBe(url.replace(/^\/busca\??/, ''));
    expect(parseSearchQuery(new URL(url, 'https://x.test').search)).toEqual(parsed);
  });
});

it('cuts a query from the address to MAX_QUERY_CHARS with its last character "…", as the box takes it', () => {
  const long = `pescaria ${'x'.repeat(5000)}`;
  const parsed = parseSearchQuery(`?q=${encodeURIComponent(long)}`);
  expect(parsed.query).toBe(`${long.slice(0, MAX_QUERY_CHARS - 1)}…`);
  expect(parsed.query).toHaveLength(MAX_QUERY_CHARS);
  expect(parseSearchQuery(searchUrl(parsed).slice('/busca'.length))).toEqual(parsed);
  expect(parseSearchQuery(`?q=${'x'.repeat(MAX_QUERY_CHARS - 2)}%20%20y`).query).toBe(`${'x'.repeat(MAX_QUERY_CHARS - 2)} y`);
  expect(parseSearchQuery(`?q=${'x'.repeat(MAX_QUERY_CHARS)}`).query).toBe('x'.repeat(MAX_QUERY_CHARS));
});

it('takes no control or bidi character from the address: a right-to-left override would show the query reversed', () => {
  expect(parseSearchQuery('?q=%E2%80%AEoir+o+ed+oiesssaP').query).toBe('oir o ed oiesssaP');
  expect(parseSearchQuery('?q=a%0Ab%E2%81%A6c%E2%80%8Fd%00').query).toBe('a bcd');
});

describe('resultPath', () => {
  it.each([
    ['/tour/101.html', '/tour/101'],
    ['/news/1271.html#comentarios', '/news/1271#comentarios'],
    ['/index.html', '/'],
    ['/guias/index.html', '/guias/'],
    ['/tour/a%20b.html', '/tour/a%20b'],
  ])('%s → %s', (url, path) => expect(resultPath(url)).toBe(path));
});

describe('excerptParts', () => {
  it('marks the matched words and decodes what Pagefind escaped', () => {
    expect(excerptParts('Trilha nas <mark>Cachoeiras</mark> &amp; banho no <mark>rio</mark>.')).toEqual([
      { text: 'Trilha nas ', isMatch: false },
      { text: 'Cachoeiras', isMatch: true },
      { text: ' & banho no ', isMatch: false },
      { text: 'rio', isMatch: true },
      { text: '.', isMatch: false },
    ]);
  });

  it.each(xssVectors.slice(0, 40))('escaped markup stays text: %s', (vector) => {
    const escaped = vector.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const parts = excerptParts(`antes <mark>x</mark> ${escaped}`);
    expect(parts.map((part) => part.text).join('')).toBe(`antes x ${vector}`);
    expect(parts.filter((part) => part.isMatch)).toEqual([{ text: 'x', isMatch: true }]);
  });

  it('drops any raw tag other than mark instead of rendering it', () => {
    const parts = excerptParts('a <img src=x onerror=alert(1)>b <mark><script>c</script></mark>');
    expect(parts).toEqual([
      { text: 'a b ', isMatch: false },
      { text: 'c', isMatch: true },
    ]);
  });
});

describe('kindChips and messages', () => {
  it('lists kinds with results in the chip order, unknown values left out', () => {
    expect(kindChips({ Notícia: 3, Passeio: 2, Evento: 0, Inventado: 9 })).toEqual([
      { kind: 'Passeio', count: 2 },
      { kind: 'Notícia', count: 3 },
    ]);
    expect(kindChips(undefined)).toEqual([]);
  });

  it('keeps the selected kind even when the query has none of it', () => {
    expect(kindChips({ Passeio: 2 }, 'Evento')).toEqual([
      { kind: 'Passeio', count: 2 },
      { kind: 'Evento', count: 0 },
    ]);
    expect(kindChips(undefined, 'Guia')).toEqual([{ kind: 'Guia', count: 0 }]);
  });

  it('says docs/product.md message', () => expect(noResultsMessage('acai')).toBe('Nenhum resultado para "acai"'));

  it('never echoes more than MAX_QUERY_CHARS of a query: a crafted link cannot make the site say a paragraph', () => {
    const notice =
      'ATENÇÃO: sua reserva foi cancelada. Para não perder o valor, ligue agora para (65) 99999-0000 e pague a taxa por PIX.';
    const message = noResultsMessage(notice);
    expect(message).toBe(`Nenhum resultado para "${notice.slice(0, MAX_QUERY_CHARS - 1).trimEnd()}…"`);
    expect(message).not.toContain('PIX');
    expect(noResultsMessage('a'.repeat(MAX_QUERY_CHARS))).toBe(`Nenhum resultado para "${'a'.repeat(MAX_QUERY_CHARS)}"`);
    // Never half an emoji at the cut.
    expect(cutQuery(`${'a'.repeat(MAX_QUERY_CHARS - 2)}😀😀`)).toBe(`${'a'.repeat(MAX_QUERY_CHARS - 2)}…`);
  });
});

describe('toHit', () => {
  it("reads title, kind, locality, image, price and an event's dates; the path loses .html", () => {
    expect(
      toHit({
        url: '/tour/101.html',
        excerpt: 'as <mark>cachoeiras</mark>',
        meta: { title: 'Trilha', image: '/a.jpg', price: 'R$ 150,00', date: '16 a 25 de julho de 2027' },
        filters: { tipo: ['Passeio'], localidade: ['Barra do Bugres'] },
      }),
    ).toEqual({
      path: '/tour/101',
      title: 'Trilha',
      kind: 'Passeio',
      locality: 'Barra do Bugres',
      image: '/a.jpg',
      price: 'R$ 150,00',
      date: '16 a 25 de julho de 2027',
      excerpt: [
        { text: 'as ', isMatch: false },
        { text: 'cachoeiras', isMatch: true },
      ],
    });
  });

  it('never shows a blank title', () => {
    expect(toHit({ url: '/news/9.html', excerpt: '', meta: {}, filters: {} })).toMatchObject({
      title: '/news/9',
      kind: '',
      image: null,
      price: null,
      date: null,
    });
  });
});
