/**
 * `client:stored={{ key, hash }}`: hydrates an island whose content lives in this browser (the saved
 * favourites) at once when localStorage holds a non-empty list under `key` or the address's hash
 * carries `hash` (a shared list); else when `key` changes in another tab, or at the visitor's first
 * reach into the island. A visitor with nothing saved sees the server's empty state and loads no React.
 * While a saved list loads, the island carries `data-restoring`, so the page can show 'Carregando…'
 * instead of an empty state that is not true; the island removes it once it has drawn the list.
 */
import type { ClientDirective } from 'astro';
import { hydrateOnce, onFirstReach } from './hydrate.ts';

/** What the directive's value names. */
export interface StoredOptions {
  /** The localStorage key whose JSON list is the island's content. */
  key: string;
  /** A hash fragment (`lista=`) that also brings content. */
  hash?: string;
}

/** True when `raw` is a JSON array with at least one entry. */
export function holdsItems(raw: string | null): boolean {
  try {
    const value: unknown = raw === null ? null : JSON.parse(raw);
    return Array.isArray(value) && value.length > 0;
  } catch {
    return false;
  }
}

const stored: ClientDirective = (load, options, el) => {
  const { key = '', hash } = (options.value ?? {}) as Partial<StoredOptions>;
  const start = hydrateOnce(load, el);
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(key);
  } catch {
    // Storage blocked: nothing can have been saved here.
  }
  if (holdsItems(saved) || (hash !== undefined && window.location.hash.includes(hash))) {
    el.setAttribute('data-restoring', '');
    void start().then((started) => started || el.removeAttribute('data-restoring'));
    return;
  }
  const begin = () => {
    stopWatching();
    removeEventListener('storage', onStorage);
    void start();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === key) begin();
  };
  const stopWatching = onFirstReach([el], begin);
  addEventListener('storage', onStorage);
};

export default stored;
