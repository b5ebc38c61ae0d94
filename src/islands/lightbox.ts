/**
 * The galleries' lightbox (docs/product.md), run by Gallery.astro's module on every gallery of the
 * page. The thumbnails link to the large photos, so they work without JavaScript; with it a click
 * opens the gallery's modal `<dialog>` (rendered closed by Gallery.astro) over every photo of the
 * item, also those beyond the thumbnails shown: counter 'N / M', 'Anterior' / 'Próxima' wrapping,
 * arrow keys, a sideways swipe, close by button, Escape, a click on the overlay or the browser's Back
 * (Android's Back gesture closes the viewer, not the page), focus kept inside and given back to the
 * thumbnail on close. The page behind does not scroll while it is open (Gallery.astro's styles).
 */
import { swipeDirection, wrapIndex } from '../lib/carousel.ts';
import { dataJson, isPlainClick, trapTab } from './browser.ts';

/** One photo, as plain data. */
export interface LightboxPhoto {
  /** The WebP (or the placeholder): the <img>'s src, and what the thumbnail links to. */
  large: string;
  /** The AVIF widths the browser picks from with the dialog's `sizes`; null for the placeholder. */
  avifSrcset: string | null;
  alt: string;
}

/** The photos of a gallery, read from its `data-lightbox` attribute (Gallery.astro). */
function photosOf(gallery: HTMLElement): LightboxPhoto[] {
  const photos = dataJson(gallery, 'lightbox');
  return Array.isArray(photos) ? (photos as LightboxPhoto[]) : [];
}

/** Runs the lightbox of one gallery (`[data-lightbox]`, holding its thumbnails and its closed dialog). */
export function startLightbox(gallery: HTMLElement): void {
  const photos = photosOf(gallery);
  const dialog = gallery.querySelector<HTMLDialogElement>('dialog.lightbox');
  const counter = dialog?.querySelector('.lightbox-counter');
  if (photos.length === 0 || !dialog || !counter) return;
  // The photo, before the counter: responsive-picture is laid out as its <img> alone (ResponsiveImage.astro).
  const picture = document.createElement('picture');
  picture.className = 'responsive-picture';
  const source = document.createElement('source');
  source.type = 'image/avif';
  source.sizes = dialog.dataset.sizes ?? '100vw';
  const image = document.createElement('img');
  picture.append(source, image);
  const count = photos.length;
  let index = 0;
  /** The thumbnail that opened the viewer: focus goes back to it. */
  let opener: HTMLElement | null = null;
  /** An open viewer is a history entry of its own (same address), which Back takes. */
  let hasEntry = false;

  const show = (next: number) => {
    index = wrapIndex(next, count);
    const photo = photos[index] as LightboxPhoto;
    if (!picture.isConnected) counter.before(picture);
    if (photo.avifSrcset) source.srcset = photo.avifSrcset;
    else source.removeAttribute('srcset');
    image.src = photo.large;
    image.alt = photo.alt;
    counter.textContent = `${index + 1} / ${count}`;
  };

  // A thumbnail, or 'Mais 3 fotos' (the first photo beyond them); a modified click still opens the photo in a new tab.
  gallery.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-index]');
    if (!link || event.defaultPrevented || !isPlainClick(event)) return;
    event.preventDefault();
    opener = link;
    show(Number(link.dataset.index) || 0);
    dialog.showModal();
    dialog.querySelector<HTMLElement>('.lightbox-close')?.focus();
    window.history.pushState({ lightbox: true }, '');
    hasEntry = true;
  });

  // Closed by Escape, the close button, the overlay or Back: the viewer takes its history entry back
  // (unless Back took it), so Back then leaves the page as it always did.
  dialog.addEventListener('close', () => {
    if (hasEntry) {
      hasEntry = false;
      window.history.back();
    }
    opener?.focus();
    opener = null;
  });
  window.addEventListener('popstate', () => {
    if (!dialog.open) return;
    hasEntry = false;
    dialog.close();
  });

  dialog.querySelector('.lightbox-close')?.addEventListener('click', () => dialog.close());
  dialog.querySelector('.lightbox-previous')?.addEventListener('click', () => show(index - 1));
  dialog.querySelector('.lightbox-next')?.addEventListener('click', () => show(index + 1));
  // A click on the dialog itself (not on the photo or the buttons) is a click on the overlay.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      show(index + (event.key === 'ArrowRight' ? 1 : -1));
    } else {
      trapTab(event, dialog);
    }
  });

  // A sideways swipe pages through the photos; not while the visitor has zoomed in (then a swipe pans the photo).
  let touchStart: { x: number; y: number } | null = null;
  dialog.addEventListener(
    'touchstart',
    (event) => {
      const touch = event.touches[0];
      touchStart = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    { passive: true },
  );
  dialog.addEventListener('touchend', (event) => {
    const start = touchStart;
    const touch = event.changedTouches[0];
    touchStart = null;
    if (!start || !touch || (window.visualViewport?.scale ?? 1) > 1.01) return;
    const direction = swipeDirection(touch.clientX - start.x, touch.clientY - start.y);
    if (direction !== 0) show(index + direction);
  });
}

/** Every gallery of the page. */
export function startLightboxes(): void {
  for (const gallery of document.querySelectorAll<HTMLElement>('[data-lightbox]')) startLightbox(gallery);
}
