import { JSDOM } from 'jsdom';
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { holdsItems } from '../../src/directives/stored.ts';
import { entryOf } from '../../src/islands/favourite-buttons.ts';
import { FAVOURITES_KEY, type Favourite, isFavourite, parseFavourites } from '../../src/lib/favourite.ts';
import {
  $favourites,
  addFavourite,
  addFavourites,
  clearFavourites,
  removeFavourite,
  toggleFavourite,
} from '../../src/stores/favourites.ts';

/** A Storage kept in a Map, as the browser's localStorage. */
class FakeStorage implements Storage {
  private data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    this.data.set(key, String(value));
  }
}

const tour: Favourite = { kind: 'tour', id: 't1', title: 'Trilha da Serra', image: '/images/t1.webp', path: '/tour/t1' };
const hotel: Favourite = { kind: 'accommodation', id: 'h1', title: 'Pousada do Rio', image: null, path: '/accommodation/h1' };

let storage: FakeStorage;
const globals = globalThis as unknown as { localStorage?: Storage; window?: EventTarget };

beforeEach(() => {
  storage = new FakeStorage();
  globals.localStorage = storage;
  globals.window = new EventTarget();
});

afterEach(() => {
  cleanStores($favourites);
  $favourites.set([]);
  delete globals.localStorage;
  delete globals.window;
});

describe('favourite actions', () => {
  it('adds newest first, once, and writes localStorage', () => {
    const unlisten = $favourites.listen(() => {});
    addFavourite(tour);
    addFavourite(hotel);
    addFavourite(tour);
    expect($favourites.get().map((item) => item.id)).toEqual(['h1', 't1']);
    expect(parseFavourites(storage.getItem(FAVOURITES_KEY))).toEqual([hotel, tour]);
    unlisten();
  });

  it('removes by kind and id, and clears the key when empty', () => {
    addFavourite(tour);
    addFavourite(hotel);
    removeFavourite({ kind: 'tour', id: 't1' });
    expect(parseFavourites(storage.getItem(FAVOURITES_KEY))).toEqual([hotel]);
    removeFavourite({ kind: 'accommodation', id: 'h1' });
    expect(storage.getItem(FAVOURITES_KEY)).toBeNull();
  });

  it('toggles and reports the new state', () => {
    expect(toggleFavourite(tour)).toBe(true);
    expect(isFavourite($favourites.get(), tour)).toBe(true);
    expect(toggleFavourite(tour)).toBe(false);
    expect($favourites.get()).toEqual([]);
  });

  it('keeps the same id of another kind apart', () => {
    addFavourite(tour);
    addFavourite({ ...hotel, id: 't1', path: '/accommodation/t1' });
    expect($favourites.get()).toHaveLength(2);
    removeFavourite({ kind: 'tour', id: 't1' });
    expect($favourites.get().map((item) => item.kind)).toEqual(['accommodation']);
  });

  it('clears everything', () => {
    addFavourite(tour);
    clearFavourites();
    expect($favourites.get()).toEqual([]);
    expect(storage.getItem(FAVOURITES_KEY)).toBeNull();
  });

  it('adds a shared list on top, in its order, skipping what is saved and what is invalid', () => {
    const news: Favourite = { kind: 'news', id: 'n1', title: 'Festival', image: null, path: '/news/n1' };
    addFavourite(hotel);
    const added = addFavourites([tour, hotel, { ...news, id: 'x', path: '//evil.example' }, news]);
    expect(added).toBe(2);
    expect($favourites.get().map((item) => item.id)).toEqual(['t1', 'n1', 'h1']);
    expect(addFavourites([tour])).toBe(0);
  });

  it('refuses entries with a path off the site', () => {
    addFavourite({ ...tour, path: 'javascript:alert(1)' });
    addFavourite({ ...tour, path: '//evil.example/x' });
    expect($favourites.get()).toEqual([]);
  });
});

describe('persistence', () => {
  it('reads what an earlier page saved when the store is first listened to', () => {
    storage.setItem(FAVOURITES_KEY, JSON.stringify([tour]));
    const unlisten = $favourites.listen(() => {});
    expect($favourites.get()).toEqual([tour]);
    unlisten();
  });

  it('follows another tab through the storage event', () => {
    const seen: (readonly Favourite[])[] = [];
    const unlisten = $favourites.listen((list) => seen.push(list));
    storage.setItem(FAVOURITES_KEY, JSON.stringify([hotel, tour]));
    // What the browser sends the other tabs: the key and its new value.
    const event = Object.assign(new Event('storage'), { key: FAVOURITES_KEY, newValue: JSON.stringify([hotel, tour]) });
    globals.window?.dispatchEvent(event);
    expect($favourites.get()).toEqual([hotel, tour]);
    expect(seen.at(-1)).toEqual([hotel, tour]);
    unlisten();
  });

  it('validates what another tab wrote, as what it reads at start', () => {
    const unlisten = $favourites.listen(() => {});
    const newValue = JSON.stringify([tour, { ...hotel, path: 'javascript:alert(1)' }, tour]);
    globals.window?.dispatchEvent(Object.assign(new Event('storage'), { key: FAVOURITES_KEY, newValue }));
    expect($favourites.get()).toEqual([tour]);
    unlisten();
  });

  it('empties when another tab clears the storage', () => {
    storage.setItem(FAVOURITES_KEY, JSON.stringify([tour]));
    const unlisten = $favourites.listen(() => {});
    expect($favourites.get()).toEqual([tour]);
    storage.clear();
    globals.window?.dispatchEvent(Object.assign(new Event('storage'), { key: null, newValue: null }));
    expect($favourites.get()).toEqual([]);
    unlisten();
  });

  it('ignores storage events of other keys', () => {
    const unlisten = $favourites.listen(() => {});
    storage.setItem(FAVOURITES_KEY, JSON.stringify([tour]));
    globals.window?.dispatchEvent(Object.assign(new Event('storage'), { key: 'outra-chave' }));
    expect($favourites.get()).toEqual([]);
    unlisten();
  });

  it('keeps working in memory when localStorage throws', () => {
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    const unlisten = $favourites.listen(() => {});
    addFavourite(tour);
    expect($favourites.get()).toEqual([tour]);
    unlisten();
  });
});

describe.each([
  ['nothing', null, []],
  ['broken JSON', '{[', []],
  ['an object', '{"kind":"tour"}', []],
  ['a valid list', JSON.stringify([tour]), [tour]],
  ['duplicates', JSON.stringify([tour, tour]), [tour]],
  ['an unknown kind', JSON.stringify([{ ...tour, kind: 'planeta' }]), []],
  ['a blank title', JSON.stringify([{ ...tour, title: '  ' }]), []],
  ['an image with another scheme', JSON.stringify([{ ...tour, image: 'javascript:x' }]), [{ ...tour, image: null }]],
  ['an http image', JSON.stringify([{ ...tour, image: 'http://x.example/a.jpg' }]), [{ ...tour, image: null }]],
  [
    'an https image (another host sees every visit)',
    JSON.stringify([{ ...tour, image: 'https://x.example/a.jpg' }]),
    [{ ...tour, image: null }],
  ],
  [
    'a backslash image (another host too)',
    JSON.stringify([{ ...tour, image: '/\\x.example/a.jpg' }]),
    [{ ...tour, image: null }],
  ],
  ['a path that leaves the site', JSON.stringify([{ ...tour, path: '/\\evil.example/pix' }]), []],
  ['the path of another item', JSON.stringify([{ ...tour, path: '/tour/t2' }]), []],
  ['the path of another kind', JSON.stringify([{ ...tour, path: '/accommodation/t1' }]), []],
  ['an id that is no page address', JSON.stringify([{ ...tour, id: 'a/b', path: '/tour/a/b' }]), []],
  [
    'a title longer than MAX_TITLE_CHARS, cut',
    JSON.stringify([{ ...tour, title: `  ${'Trilha '.repeat(30)}` }]),
    [{ ...tour, title: `${'Trilha '.repeat(17).trimEnd()}…` }],
  ],
])('parseFavourites(%s)', (_name, raw, expected) => {
  it('gives the valid entries', () => {
    expect(parseFavourites(raw)).toEqual(expected);
  });
});

// client:stored hydrates /favoritos at once only for a stored list with entries (src/directives/stored.ts).
describe.each([
  ['nothing stored', null, false],
  ['an empty list', '[]', false],
  ['broken JSON', '[{', false],
  ['an object', '{"kind":"tour"}', false],
  ['a string', '"tour"', false],
  ['a list with an entry', JSON.stringify([tour]), true],
  ['a list of entries parseFavourites would drop', '[1]', true],
])('holdsItems(%s)', (_name, raw, expected) => {
  it(`is ${expected}`, () => {
    expect(holdsItems(raw)).toBe(expected);
  });
});

describe('what a heart saves (entryOf)', () => {
  const PHOTO = '/_astro/photo.abc_1.webp';
  const card = (heart: string, cover = `<picture><img src="${PHOTO}" alt=""></picture>`) =>
    `<article class="card" data-kind="tour" data-id="101"><a class="cover" href="/tour/101">${cover}</a>${heart}` +
    '<h3 class="title"><a href="/tour/101"> Trilha nas Araras </a></h3></article>';
  const json = JSON.stringify({ kind: 'news', id: '7', title: 'Festa', image: null, path: '/news/7' });
  it.each([
    {
      name: 'a card: its kind, id, title link and photo',
      html: card('<button data-favourite></button>'),
      expected: { kind: 'tour', id: '101', title: 'Trilha nas Araras', image: PHOTO, path: '/tour/101' },
    },
    {
      name: 'a card without a photo (the placeholder is no photo to keep)',
      html: card('<button data-favourite></button>', '<img src="/images/placeholder.svg" alt="" data-placeholder>'),
      expected: { kind: 'tour', id: '101', title: 'Trilha nas Araras', image: null, path: '/tour/101' },
    },
    {
      name: 'a heart with its own JSON (a detail page or an article), wherever it is',
      html: card(`<button data-favourite='${json}'></button>`),
      expected: { kind: 'news', id: '7', title: 'Festa', image: null, path: '/news/7' },
    },
    { name: 'unreadable JSON', html: card(`<button data-favourite='{"kind":'></button>`), expected: null },
    { name: 'a heart outside any card', html: '<div><button data-favourite></button></div>', expected: null },
    {
      name: 'a card of an unknown kind',
      html: card('<button data-favourite></button>').replace('data-kind="tour"', 'data-kind="boat"'),
      expected: null,
    },
  ])('$name', ({ html, expected }) => {
    const { document } = new JSDOM(html).window;
    expect(entryOf(document.querySelector('button') as HTMLElement)).toEqual(expected);
  });
});
