/**
 * The browser side of 'saved places offline': every change of `$favourites` is sent to the service
 * worker, which keeps each saved item's page and first photo (src/service-worker/saved-places.ts, SAVED_CACHE)
 * and releases those of removed items; `$savedOffline` is what it keeps, which /favoritos shows.
 */
import { atom, onMount } from 'nanostores';
import { type Favourite, favouriteKey } from '../lib/favourite.ts';
import { type MessageFromWorker, type MessageToWorker, SAVED_CACHE, SAVED_INDEX, type SavedIndex } from '../lib/offline.ts';
import { $favourites } from './favourites.ts';

/** What the worker needs of a favourite: its key, its page and its card photo. */
const toMessage = (list: readonly Favourite[]): MessageToWorker => ({
  saved: list.map((item) => ({ key: favouriteKey(item), path: item.path, image: item.image })),
});

let isStarted = false;

/** Sends the list now and after every change (this tab or another); once per page. */
export function keepFavouritesOffline(): void {
  if (isStarted || !('serviceWorker' in navigator)) return;
  isStarted = true;
  $favourites.subscribe((list) => {
    // `ready` waits for the registration the layout's script makes, also on the very first visit.
    void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(toMessage(list)));
  });
}

/** The keys of the favourites the worker keeps offline (empty where there is no Cache Storage). */
async function savedOfflineKeys(): Promise<Set<string>> {
  try {
    const index = (await (await (await caches.open(SAVED_CACHE)).match(SAVED_INDEX))?.json()) as Partial<SavedIndex> | undefined;
    return new Set(Array.isArray(index?.items) ? index.items.map((item) => item.key) : []);
  } catch {
    return new Set();
  }
}

/**
 * `$savedOffline`: the keys of the favourites the worker keeps offline, read from its index while a
 * widget shows them, and again each time the worker says it has updated its copies.
 */
export const $savedOffline = atom<ReadonlySet<string>>(new Set());

onMount($savedOffline, () => {
  const refresh = () => void savedOfflineKeys().then((keys) => $savedOffline.set(keys));
  const onMessage = (event: MessageEvent<Partial<MessageFromWorker> | undefined>) => {
    if (Array.isArray(event.data?.savedOffline)) $savedOffline.set(new Set(event.data.savedOffline));
  };
  refresh();
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', onMessage);
  // Messages wait in a queue until asked for (addEventListener, unlike onmessage, does not start them).
  navigator.serviceWorker.startMessages();
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
});
