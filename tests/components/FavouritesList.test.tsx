/**
 * 'Meus favoritos' (src/islands/FavouritesList.tsx, FavouritesShare.tsx) on its stores: `$favourites`
 * (this browser's saved list, in step with the other tabs) and `$savedOffline` (what the service worker
 * keeps); served as the empty state and hydrated over it; removing, sharing and adding a shared list.
 * The hearts that fill the list, the reload and the second tab in a real browser are
 * tests/e2e/favourites.spec.ts and shared-list.spec.ts.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import FavouritesList from '../../src/islands/FavouritesList.tsx';
import { FAVOURITES_KEY, type Favourite } from '../../src/lib/favourite.ts';
import { encodeSharedList, SHARED_LIST_PARAM, sharedListUrl } from '../../src/lib/shared-list.ts';
import { $favourites, addFavourite, clearFavourites } from '../../src/stores/favourites.ts';
import { removeServedIslands, serveIsland } from '../support/served-island.tsx';

const SITE = 'https://turismo.example.com.br';
const PROPS = {
  kindNames: { tour: 'Passeio', accommodation: 'Hospedagem', news: 'Notícia' },
  exploreHref: '/all-tours',
  placeholderImage: '/images/placeholder.svg',
  siteUrl: SITE,
  businessName: 'Turismo Barra do Bugres',
};
const tour: Favourite = { kind: 'tour', id: '101', title: 'Trilha da Serra', image: '/_astro/t101.webp', path: '/tour/101' };
const hotel: Favourite = { kind: 'accommodation', id: '201', title: 'Pousada do Rio', image: null, path: '/accommodation/201' };

/** An item's 'Remover' (its name ends with the item's title, hidden but for screen readers). */
const remove = (title: string) => screen.getByRole('button', { name: new RegExp(`^Remover\\s*${title} dos favoritos$`) });
const emptyTitle = () => screen.queryByRole('heading', { name: 'Nenhum favorito salvo' });

beforeEach(() => {
  window.history.replaceState(null, '', '/favoritos');
});

afterEach(() => {
  removeServedIslands();
  clearFavourites();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the saved list', () => {
  it('is the empty state, with the way to the lists, when nothing is saved', () => {
    render(<FavouritesList {...PROPS} />);
    expect(emptyTitle()).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Explorar passeios e atrativos' }).getAttribute('href')).toBe('/all-tours');
    expect(screen.queryByRole('button', { name: 'Copiar link' })).toBeNull();
  });

  it('is served as the empty state (the server cannot read this browser), and hydrates to the saved list', async () => {
    addFavourite(tour);
    addFavourite(hotel);
    // client:stored marks a restoring island; the page shows 'Carregando…' until the list is drawn.
    const { island, served, hydrate } = serveIsland(<FavouritesList {...PROPS} />, { 'data-restoring': '' });
    expect(served).toContain('Nenhum favorito salvo');
    await hydrate();
    expect(screen.getByText('2 itens salvos')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pousada do Rio' }).getAttribute('href')).toBe('/accommodation/201');
    // Saved without a photo: the placeholder's.
    expect(
      screen.getByRole('link', { name: 'Pousada do Rio' }).closest('article')?.querySelector('img')?.getAttribute('src'),
    ).toBe('/images/placeholder.svg');
    expect(screen.getByText('Hospedagem')).toBeTruthy();
    expect(emptyTitle()).toBeNull();
    expect(island.hasAttribute('data-restoring')).toBe(false);
  });

  it('takes an item away with its Remover, the focus to the next one, then to the empty state', async () => {
    addFavourite(tour);
    addFavourite(hotel);
    render(<FavouritesList {...PROPS} />);
    fireEvent.click(remove('Pousada do Rio'));
    await vi.waitFor(() => expect(document.activeElement).toBe(remove('Trilha da Serra')));
    expect(screen.getByText('1 item salvo')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(FAVOURITES_KEY) ?? '[]')).toEqual([tour]);
    fireEvent.click(remove('Trilha da Serra'));
    await vi.waitFor(() => expect(document.activeElement).toBe(emptyTitle()));
    expect(localStorage.getItem(FAVOURITES_KEY)).toBeNull();
  });

  it('follows what another tab saves', () => {
    render(<FavouritesList {...PROPS} />);
    const list = JSON.stringify([tour]);
    act(() => {
      localStorage.setItem(FAVOURITES_KEY, list);
      window.dispatchEvent(new StorageEvent('storage', { key: FAVOURITES_KEY, newValue: list }));
    });
    expect(screen.getByRole('link', { name: 'Trilha da Serra' })).toBeTruthy();
  });
});

describe('the list that travels', () => {
  it('copies a /favoritos link that carries the list, and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { clipboard: { writeText } }));
    addFavourite(tour);
    render(<FavouritesList {...PROPS} />);
    expect(screen.getByRole('link', { name: /^Enviar pelo WhatsApp ?\(abre em nova aba\)$/ }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/\?text=/,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copiar link' })));
    expect(writeText).toHaveBeenCalledWith(sharedListUrl([tour], SITE));
    expect(screen.getByText('Link copiado. Quem abrir verá esta lista.')).toBeTruthy();
  });

  it('shows the link to copy by hand where the clipboard is refused', async () => {
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator), { clipboard: { writeText: async () => Promise.reject(new Error('no')) } }),
    );
    addFavourite(tour);
    render(<FavouritesList {...PROPS} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copiar link' })));
    expect(screen.getByText('Copie o link abaixo para enviar esta lista.')).toBeTruthy();
    expect((screen.getByLabelText('Link da lista') as HTMLInputElement).value).toBe(sharedListUrl([tour], SITE));
  });

  it('shows a list shared with the visitor, and adds the items not saved yet, in its order on top', () => {
    addFavourite(hotel);
    const news: Favourite = { kind: 'news', id: '1305', title: 'Natal Iluminado', image: null, path: '/news/1305' };
    window.history.replaceState(null, '', `/favoritos#${SHARED_LIST_PARAM}=${encodeSharedList([tour, hotel, news])}`);
    render(<FavouritesList {...PROPS} />);
    const received = screen.getByRole('region', { name: 'Lista compartilhada com você' });
    expect(within(received).getByText('3 itens que alguém salvou no portal:')).toBeTruthy();
    expect(within(received).getByRole('link', { name: 'Natal Iluminado' }).getAttribute('href')).toBe('/news/1305');
    fireEvent.click(within(received).getByRole('button', { name: 'Adicionar aos meus favoritos' }));
    expect(screen.getByText('2 itens adicionados aos seus favoritos.')).toBeTruthy();
    expect($favourites.get().map((item) => item.id)).toEqual(['101', '1305', '201']);
    expect(window.location.hash).toBe('');
  });
});
