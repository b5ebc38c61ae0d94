/** The favourites list that travels: WhatsApp message and the shared-list link. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeSharedList,
  encodeSharedList,
  MAX_SHARED_ITEMS,
  sharedListFromHash,
  sharedListUrl,
  whatsAppText,
  whatsAppUrl,
} from '../../src/lib/shared-list.ts';
import { FAVOURITE_KINDS, type Favourite } from '../../src/stores/favourites.ts';

const TOUR: Favourite = {
  kind: 'tour',
  id: '101',
  title: 'Trilha & Cachoeira – Serra',
  image: '/_astro/a.webp',
  path: '/tour/101',
};
const NEWS: Favourite = { kind: 'news', id: '1312', title: 'Piracema: pesca "restrita"', image: null, path: '/news/1312' };
const SITE = 'https://turismo.example.com.br/';

describe('whatsAppUrl', () => {
  it('is one wa.me message with every title and its absolute link, news included', () => {
    const url = new URL(whatsAppUrl([TOUR, NEWS], SITE, 'Turismo Barra do Bugres'));
    expect(url.origin + url.pathname).toBe('https://wa.me/');
    expect(url.searchParams.get('text')).toBe(whatsAppText([TOUR, NEWS], SITE, 'Turismo Barra do Bugres'));
    expect(url.searchParams.get('text')).toBe(
      'Meus favoritos – Turismo Barra do Bugres:\n\n' +
        '• Trilha & Cachoeira – Serra\nhttps://turismo.example.com.br/tour/101\n\n' +
        '• Piracema: pesca "restrita"\nhttps://turismo.example.com.br/news/1312',
    );
  });
});

describe('shared list link', () => {
  it('carries the list in the fragment of /favoritos and reads back the same list', () => {
    const url = new URL(sharedListUrl([TOUR, NEWS], SITE));
    expect(url.pathname).toBe('/favoritos');
    expect(url.search).toBe('');
    expect(decodeSharedList(sharedListFromHash(url.hash))).toEqual([TOUR, NEWS]);
  });

  it('round-trips any valid list (titles in any script), at most MAX_SHARED_ITEMS', () => {
    const favourite = fc.record({
      kind: fc.constantFrom(...FAVOURITE_KINDS),
      id: fc.stringMatching(/^[a-z0-9-]{1,12}$/),
      title: fc.string({ minLength: 1, unit: 'grapheme' }).filter((title) => title.trim() !== ''),
      image: fc.constantFrom(null, '/_astro/x.webp', 'https://cdn.example.org/a.jpg'),
      path: fc.stringMatching(/^\/[a-z]+\/[a-z0-9]{1,8}$/),
    });
    fc.assert(
      fc.property(fc.uniqueArray(favourite, { selector: (item) => `${item.kind}:${item.id}`, maxLength: 60 }), (list) => {
        expect(decodeSharedList(encodeSharedList(list))).toEqual(list.slice(0, MAX_SHARED_ITEMS));
      }),
    );
  });

  it.each([
    ['not base64', '%%%'],
    ['not JSON', btoa('nope')],
    ['not a list', btoa('{"a":1}')],
    ['empty', ''],
  ])('reads %s as an empty list', (_, value) => {
    expect(decodeSharedList(value)).toEqual([]);
  });

  it('drops rows that are not valid favourites (foreign paths, script URLs, unknown kinds) and duplicates', () => {
    const rows = [
      ['tour', '1', 'Ok', null, '/tour/1'],
      ['tour', '1', 'Dup', null, '/tour/1'],
      ['tour', '2', 'Fora', null, 'https://evil.example/x'],
      ['tour', '3', 'Protocolo', null, '//evil.example/x'],
      ['virus', '4', 'Tipo', null, '/x/4'],
      ['tour', '5', 'Imagem', 'javascript:alert(1)', '/tour/5'],
      'row',
    ];
    const value = btoa(JSON.stringify(rows)).replaceAll('=', '');
    expect(decodeSharedList(value)).toEqual([
      { kind: 'tour', id: '1', title: 'Ok', image: null, path: '/tour/1' },
      { kind: 'tour', id: '5', title: 'Imagem', image: null, path: '/tour/5' },
    ]);
  });
});
