/**
 * Saved places offline on /favoritos (src/stores/saved-offline.ts, shown by src/islands/FavouritesList.tsx):
 * every change of `$favourites` is sent to the service worker, and `$savedOffline` is what it keeps,
 * read from its index and from its messages. A file of its own: the page's worker is set once per page
 * (keepFavouritesOffline), as here once per file. The worker's side is tests/unit/service-worker.test.ts,
 * both together in a browser tests/e2e/saved-offline.spec.ts.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import FavouritesList from '../../src/islands/FavouritesList.tsx';
import type { Favourite } from '../../src/lib/favourite.ts';
import { addFavourite } from '../../src/stores/favourites.ts';
import { removeServedIslands } from '../support/served-island.tsx';

const PROPS = {
  kindNames: { tour: 'Passeio', accommodation: 'Hospedagem' },
  exploreHref: '/all-tours',
  placeholderImage: '/images/placeholder.svg',
  siteUrl: 'https://turismo.example.com.br',
  businessName: 'Turismo Barra do Bugres',
};
const tour: Favourite = { kind: 'tour', id: '101', title: 'Trilha da Serra', image: '/_astro/t101.webp', path: '/tour/101' };
const hotel: Favourite = { kind: 'accommodation', id: '201', title: 'Pousada do Rio', image: null, path: '/accommodation/201' };

const postMessage = vi.fn();
const worker = Object.assign(new EventTarget(), { startMessages: vi.fn(), ready: Promise.resolve({ active: { postMessage } }) });
vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker: worker }));
const index = { items: [{ key: 'tour:101' }], bytes: 1, maxItems: 40, byteBudget: 1 };
vi.stubGlobal('caches', { open: async () => ({ match: async () => ({ json: async () => index }) }) });

afterEach(removeServedIslands);

/** What an item's card says of it offline. */
const mark = (title: string) =>
  screen.getByRole('link', { name: title }).closest('article')?.querySelector('.favourite-offline')?.textContent;

it('says which items the worker keeps, follows what it says, and sends it every change of the list', async () => {
  addFavourite(tour);
  addFavourite(hotel);
  render(<FavouritesList {...PROPS} />);
  await vi.waitFor(() => expect(mark('Trilha da Serra')).toBe('Disponível sem internet'));
  expect(mark('Pousada do Rio')).toBe('Ainda não disponível sem internet');

  act(() => {
    worker.dispatchEvent(Object.assign(new Event('message'), { data: { savedOffline: ['accommodation:201'] } }));
  });
  expect(mark('Pousada do Rio')).toBe('Disponível sem internet');
  expect(mark('Trilha da Serra')).toBe('Ainda não disponível sem internet');

  await vi.waitFor(() =>
    expect(postMessage).toHaveBeenLastCalledWith({
      saved: [
        { key: 'accommodation:201', path: '/accommodation/201', image: null },
        { key: 'tour:101', path: '/tour/101', image: '/_astro/t101.webp' },
      ],
    }),
  );
  fireEvent.click(screen.getByRole('button', { name: /^Remover\s*Pousada do Rio dos favoritos$/ }));
  await vi.waitFor(() =>
    expect(postMessage).toHaveBeenLastCalledWith({ saved: [{ key: 'tour:101', path: '/tour/101', image: '/_astro/t101.webp' }] }),
  );
});
