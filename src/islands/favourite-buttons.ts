/**
 * Brings every heart button of the page to life ('Salvar nos favoritos'): one small module per
 * page, not one React island per card (which costs each card's HTML, React on every card page, and
 * a second on a first tap: docs/performance.md). The buttons are static markup
 * (`button[data-favourite]`, hidden until this runs, so a visitor without JavaScript sees no dead
 * control); one delegated click listener toggles `$favourites`, and every change of the store (this
 * tab or another) updates aria-pressed and the label of all the buttons.
 */

import { type Favourite, favouriteKey, toFavourite } from '../lib/favourite.ts';
import { $favourites, toggleFavourite } from '../stores/favourites.ts';
import { keepFavouritesOffline } from '../stores/saved-offline.ts';
import { CARDS_ADDED_EVENT } from './browser.ts';

const SELECTOR = 'button[data-favourite]';
const SAVE = 'Salvar nos favoritos';
const REMOVE = 'Remover dos favoritos';

/**
 * The item a heart saves: its `data-favourite` JSON (a detail page's or an article's heart), or, on a
 * card, where that is empty, the card itself: its `data-kind` and `data-id`, its title's link (text
 * and path) and its photo's WebP. A card says those once, not twice, in a page's first bytes.
 */
export function entryOf(button: HTMLElement): Favourite | null {
  const json = button.dataset.favourite;
  if (json) {
    try {
      return toFavourite(JSON.parse(json));
    } catch {
      return null;
    }
  }
  const card = button.closest<HTMLElement>('[data-kind][data-id]');
  const link = card?.querySelector('.title a');
  if (!card || !link) return null;
  return toFavourite({
    kind: card.dataset.kind,
    id: card.dataset.id,
    title: link.textContent?.trim(),
    // The picture's <img> is its WebP; a placeholder (no photo) is a bare <img>, not a photo to keep.
    image: card.querySelector('picture img')?.getAttribute('src') ?? null,
    path: link.getAttribute('href'),
  });
}

/** Shows each button and sets its pressed state and label from the saved keys. */
function render(saved: Set<string>): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>(SELECTOR)) {
    const entry = entryOf(button);
    if (!entry) continue;
    const isSaved = saved.has(favouriteKey(entry));
    button.setAttribute('aria-pressed', String(isSaved));
    const text = button.querySelector('[data-favourite-text]');
    // Icon-only buttons (cards) name the item, so a list of 'Salvar' buttons is not ambiguous.
    if (text) text.textContent = isSaved ? REMOVE : SAVE;
    else button.setAttribute('aria-label', `${isSaved ? REMOVE : SAVE}: ${entry.title}`);
    button.hidden = false;
  }
}

let isStarted = false;

/** Starts once per page (several components may ask). */
export function enhanceFavouriteButtons(): void {
  if (isStarted) return;
  isStarted = true;
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>(SELECTOR);
    const entry = button && entryOf(button);
    if (!entry) return;
    event.preventDefault();
    toggleFavourite(entry);
  });
  $favourites.subscribe((list) => render(new Set(list.map(favouriteKey))));
  // Cards taken from a list's or a portal's other pages arrive with their hearts hidden, as static markup.
  document.addEventListener(CARDS_ADDED_EVENT, () => render(new Set($favourites.get().map(favouriteKey))));
  // Saving also keeps the item's page and photo offline; removing releases them.
  keepFavouritesOffline();
}
