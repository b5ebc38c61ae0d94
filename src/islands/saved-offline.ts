/**
 * The browser side of 'saved places offline': every change of `$favourites` is sent to
 * the service worker, which keeps each saved item's page and first photo (src/service-worker/sw.ts,
 * SAVED_CACHE) and releases those of removed items; /favoritos asks which items are kept.
 */

import { type Favourite, favouriteKey } from '../lib/favourite.ts';
import { type MessageFromWorker, type MessageToWorker, SAVED_CACHE, SAVED_INDEX, type SavedIndex } from '../lib/offline.ts';
import { $favourites } from '../stores/favourites.ts';

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
export async function savedOfflineKeys(): Promise<Set<string>> {
  try {
    const index = (await (await (await caches.open(SAVED_CACHE)).match(SAVED_INDEX))?.json()) as Partial<SavedIndex> | undefined;
    return new Set(Array.isArray(index?.items) ? index.items.map((item) => item.key) : []);
  } catch {
    return new Set();
  }
}

/** Calls `listener` with the kept keys now and each time the worker has updated its copies. */
export function watchSavedOffline(listener: (keys: Set<string>) => void): () => void {
  const refresh = () => void savedOfflineKeys().then(listener);
  const onMessage = (event: MessageEvent<Partial<MessageFromWorker> | undefined>) => {
    if (Array.isArray(event.data?.savedOffline)) listener(new Set(event.data.savedOffline));
  };
  refresh();
  if (!('serviceWorker' in navigator)) return () => undefined;
  navigator.serviceWorker.addEventListener('message', onMessage);
  // Messages wait in a queue until asked for (addEventListener, unlike onmessage, does not start them).
  navigator.serviceWorker.startMessages();
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}
