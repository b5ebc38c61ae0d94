/** The favourites list that travels: WhatsApp message and the shared-list link. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FAVOURITE_KINDS, type Favourite, favouritePath, MAX_TITLE_CHARS } from '../../src/lib/favourite.ts';
import {
  decodeSharedList,
  encodeSharedList,
  leftOutNote,
  MAX_SHARED_ITEMS,
  sharedListFromHash,
  sharedListUrl,
  whatsAppText,
  whatsAppUrl,
} from '../../src/lib/shared-list.ts';
import { echoText } from '../../src/lib/text.ts';

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
    expect(decodeSharedList(sharedListFromHash(url.hash))).toEqual({ items: [TOUR, NEWS], leftOut: 0 });
  });

  it('round-trips any list the store holds (titles in any script), at most MAX_SHARED_ITEMS', () => {
    const favourite = fc
      .record({
        kind: fc.constantFrom(...FAVOURITE_KINDS),
        id: fc.stringMatching(/^[a-z0-9-]{1,12}$/),
        title: fc
          .string({ minLength: 1, maxLength: MAX_TITLE_CHARS, unit: 'grapheme' })
          // A title as the store keeps it: without control or bidi characters, spaces made one (echoText).
          .filter((title) => title !== '' && echoText(title, MAX_TITLE_CHARS) === title),
        image: fc.constantFrom(null, '/_astro/x.webp', '/_astro/foto-da-serra.Bx1_z-9.avif'),
      })
      .map((entry): Favourite => ({ ...entry, path: favouritePath(entry.kind, entry.id) }));
    fc.assert(
      fc.property(fc.uniqueArray(favourite, { selector: (item) => `${item.kind}:${item.id}`, maxLength: 60 }), (list) => {
        expect(decodeSharedList(encodeSharedList(list))).toEqual({ items: list.slice(0, MAX_SHARED_ITEMS), leftOut: 0 });
      }),
    );
  });

  it.each([
    ['not base64', '%%%'],
    ['not JSON', btoa('nope')],
    ['not a list', btoa('{"a":1}')],
    ['empty', ''],
  ])('reads %s as an empty list', (_, value) => {
    expect(decodeSharedList(value)).toEqual({ items: [], leftOut: 0 });
  });

  it('counts the rows past MAX_SHARED_ITEMS as left out', () => {
    const rows = Array.from({ length: MAX_SHARED_ITEMS + 3 }, (_, index) => [
      'tour',
      `t${index}`,
      'Passeio',
      null,
      `/tour/t${index}`,
    ]);
    const { items, leftOut } = decodeSharedList(encode(rows));
    expect(items).toHaveLength(MAX_SHARED_ITEMS);
    expect(leftOut).toBe(3);
  });
});

/** A fragment value carrying these rows as they are, as a stranger could write one. */
const encode = (rows: unknown[]) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(rows))))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');

const GOOD = ['tour', '101', 'Trilha nas Araras', '/_astro/araras.Ab1_c-2.webp', '/tour/101'];
const GOOD_ENTRY: Favourite = {
  kind: 'tour',
  id: '101',
  title: 'Trilha nas Araras',
  image: '/_astro/araras.Ab1_c-2.webp',
  path: '/tour/101',
};
const PHISHING = 'PREFEITURA: pague a taxa de turismo via Pix aqui';

describe('a shared list from a stranger', () => {
  it.each([
    ['a backslash path', ['tour', '102', PHISHING, null, '/\\evil.example/pix']],
    ['a protocol-relative path', ['tour', '102', PHISHING, null, '//evil.example/pix']],
    ['a tab after the slash', ['tour', '102', PHISHING, null, '/\t/evil.example/pix']],
    ['a javascript: link', ['tour', '102', PHISHING, null, 'javascript:alert(document.cookie)']],
    ['an absolute link', ['tour', '102', PHISHING, null, 'https://evil.example/pix']],
    ['the path of another kind', ['tour', '102', PHISHING, null, '/news/102']],
    ['the path of another id', ['tour', '102', PHISHING, null, '/tour/103']],
    ['a path with a query', ['tour', '102', PHISHING, null, '/tour/102?pix=1']],
    ['a path that climbs out', ['tour', '102', PHISHING, null, '/tour/102/../../pix']],
    ['an id with a slash', ['tour', 'a/b', PHISHING, null, '/tour/a/b']],
    ['an id with an escaped slash', ['tour', 'a/b', PHISHING, null, '/tour/a%2Fb']],
    ['an id over 64 characters', ['tour', 'a'.repeat(65), PHISHING, null, `/tour/${'a'.repeat(65)}`]],
    ['a reserved id', ['news', 'index', PHISHING, null, '/news/index']],
    ['an id that is a number', ['tour', 102, PHISHING, null, '/tour/102']],
    ['an unknown kind', ['pix', '102', PHISHING, null, '/pix/102']],
    ['an experience (not a kind that is saved)', ['experience', '102', PHISHING, null, '/experience/102']],
    ['a title over 120 characters', ['tour', '102', `${PHISHING} ${'.'.repeat(MAX_TITLE_CHARS)}`, null, '/tour/102']],
    ['a blank title', ['tour', '102', ' \n ', null, '/tour/102']],
    ['a title of bidi controls only', ['tour', '102', '\u202e\u2066\u200f', null, '/tour/102']],
    ['a title that is no text', ['tour', '102', { toString: PHISHING }, null, '/tour/102']],
    ['a row that is no list', 'tour,102'],
  ])('%s: left out, the good entry kept', (_name, row) => {
    expect(decodeSharedList(encode([row, GOOD]))).toEqual({ items: [GOOD_ENTRY], leftOut: 1 });
  });

  it.each([
    ['a file of ours', '/_astro/araras.Ab1_c-2.webp', '/_astro/araras.Ab1_c-2.webp'],
    ['an AVIF of ours', '/_astro/a.avif', '/_astro/a.avif'],
    ['another host', 'https://evil.example/track.png', null],
    ['a protocol-relative host', '//evil.example/track.png', null],
    ['a backslash host', '/\\evil.example/track.png', null],
    ['a data: image', 'data:image/svg+xml,<svg onload=alert(1)>', null],
    ['a site path outside _astro', '/images/logo.svg', null],
    ['a folder up from _astro', '/_astro/../favoritos', null],
    ['a query', '/_astro/a.webp?x=1', null],
    ['a page, not an image', '/_astro/a.html', null],
    ['no text', 42, null],
  ])('keeps an image only when it is one of this site’s files: %s', (_name, image, kept) => {
    const { items } = decodeSharedList(encode([['tour', '101', 'Trilha', image, '/tour/101']]));
    expect(items).toEqual([{ kind: 'tour', id: '101', title: 'Trilha', image: kept, path: '/tour/101' }]);
  });

  it('shows a title without control or bidi characters: a right-to-left override would show it reversed', () => {
    const { items } = decodeSharedList(
      encode([['tour', '101', '\u202eXIP ed axat\u202c a eugap\n\tagora\u2066!', null, '/tour/101']]),
    );
    expect(items.map((item) => item.title)).toEqual(['XIP ed axat a eugap agora!']);
  });

  it('keeps a title of 120 characters, trimmed; drops duplicates without counting them', () => {
    const title = 'T'.repeat(MAX_TITLE_CHARS);
    const { items, leftOut } = decodeSharedList(
      encode([
        ['guide', 'ana', ` ${title} `, null, '/guide/ana'],
        ['guide', 'ana', 'De novo', null, '/guide/ana'],
      ]),
    );
    expect(items).toEqual([{ kind: 'guide', id: 'ana', title, image: null, path: '/guide/ana' }]);
    expect(leftOut).toBe(0);
  });

  it('rebuilds each link from kind and id: every kind to its own page', () => {
    const rows = FAVOURITE_KINDS.map((kind) => [kind, 'x1', 'Item', null, favouritePath(kind, 'x1')]);
    const { items, leftOut } = decodeSharedList(encode(rows));
    expect(leftOut).toBe(0);
    expect(items.map((item) => item.path)).toEqual([
      '/tour/x1',
      '/accommodation/x1',
      '/restaurant/x1',
      '/event/x1',
      '/provider-tour/x1',
      '/driver/x1',
      '/guide/x1',
      '/agency/x1',
      '/news/x1',
    ]);
  });
});

describe.each([
  [0, null],
  [1, '1 item da lista foi deixado de fora: não é uma página deste portal.'],
  [3, '3 itens da lista foram deixados de fora: não são páginas deste portal.'],
])('leftOutNote(%i)', (count, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => expect(leftOutNote(count)).toBe(expected));
});
