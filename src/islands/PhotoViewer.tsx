/**
 * A gallery's photo viewer (docs/product.md). The gallery's thumbnails (the children, Gallery.astro's
 * markup) link to their large photos, so they work without JavaScript; with it a thumbnail, or 'Mais 3
 * fotos', opens the viewer, a modal <dialog> over every photo of the item, those beyond the thumbnails too:
 * counter 'N / M', 'Foto anterior' / 'Próxima foto' wrapping, the arrow keys, a sideways swipe; closed by
 * its button, Escape, a tap beside the photo or the browser's Back (the layer 'viewer' of `$layers`,
 * src/stores/viewer.ts: Android's Back gesture closes the viewer, not the page), the focus kept inside and
 * given back to the thumbnail. The page behind does not scroll (Gallery.astro's styles). A photo is fetched
 * only once the viewer shows it.
 *
 * Hydrated by `client:reach` at the first reach into the gallery: a thumbnail chosen before React came is
 * held and opens the viewer once it runs (data-island-control).
 */
import { useStore } from '@nanostores/react';
import { type MouseEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { swipeDirection } from '../lib/carousel.ts';
import { photoAlt, photoCounter } from '../lib/gallery.ts';
import { $viewer, closeViewer, openViewer, stepPhoto } from '../stores/viewer.ts';
import { isPlainClick, trapTab } from './browser.ts';
import { useEarlyActions } from './early-reach.ts';

/** One photo, as Gallery.astro writes it. */
export interface ViewerPhoto {
  /** The WebP (or the placeholder): the <img>'s src, and what the thumbnail links to. */
  src: string;
  /** The AVIF widths the browser picks from with `sizes`; null for the placeholder. */
  avif: string | null;
}

interface Props {
  /** The item's title: the dialog's name and the photos' alt texts. */
  title: string;
  /** Every photo of the item, in order. */
  photos: ViewerPhoto[];
  /** The viewer's `sizes` for the AVIF widths (the lightbox profile, src/lib/images.ts). */
  sizes: string;
  /** The thumbnails, each a link with its photo's `data-index`. */
  children?: ReactNode;
}

/** The open viewer: shown modal as it mounts, with the focus on its close button. */
function Viewer({ title, photos, sizes, index }: Omit<Props, 'children'> & { index: number }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => {
    dialogRef.current?.showModal();
    dialogRef.current?.querySelector<HTMLElement>('.lightbox-close')?.focus();
  }, []);
  const count = photos.length;
  const photo = photos[index];
  if (!photo) return null;

  return (
    <dialog
      ref={dialogRef}
      className="lightbox"
      aria-label={`Fotos: ${title}`}
      // A click on the dialog itself (not on the photo or the buttons) is a click on the overlay.
      onClick={(event) => event.target === event.currentTarget && closeViewer()}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
          event.preventDefault();
          stepPhoto(event.key === 'ArrowRight' ? 1 : -1);
        } else {
          trapTab(event, event.currentTarget);
        }
      }}
      // Escape, or Android's Back gesture on a modal dialog: closed as by hand, taking its history entry back.
      onCancel={(event) => {
        event.preventDefault();
        closeViewer();
      }}
      onTouchStart={(event) => {
        const touch = event.touches[0];
        touchStart.current = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
      }}
      onTouchEnd={(event) => {
        const start = touchStart.current;
        const touch = event.changedTouches[0];
        touchStart.current = null;
        // Not while the visitor has zoomed in: then a swipe pans the photo.
        if (!start || !touch || (window.visualViewport?.scale ?? 1) > 1.01) return;
        const direction = swipeDirection(touch.clientX - start.x, touch.clientY - start.y);
        if (direction !== 0) stepPhoto(direction);
      }}
    >
      <figure className="lightbox-figure">
        {/* responsive-picture is laid out as its <img> alone (ResponsiveImage.astro). */}
        <picture className="responsive-picture">
          {photo.avif && <source type="image/avif" srcSet={photo.avif} sizes={sizes} />}
          <img src={photo.src} alt={photoAlt(title, index, count)} />
        </picture>
        <figcaption className="lightbox-counter" aria-live="polite">
          {photoCounter(index, count)}
        </figcaption>
      </figure>
      <button type="button" className="lightbox-close" onClick={closeViewer}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">Fechar</span>
      </button>
      {count > 1 && (
        <>
          <button type="button" className="lightbox-nav lightbox-previous" onClick={() => stepPhoto(-1)}>
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">Foto anterior</span>
          </button>
          <button type="button" className="lightbox-nav lightbox-next" onClick={() => stepPhoto(1)}>
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">Próxima foto</span>
          </button>
        </>
      )}
    </dialog>
  );
}

export default function PhotoViewer({ title, photos, sizes, children }: Props) {
  const gallery = useId();
  const shown = useStore($viewer);
  const index = shown?.gallery === gallery ? shown.index : null;
  const rootRef = useRef<HTMLDivElement>(null);
  /** The thumbnail that opened the viewer: the focus goes back to it once the viewer has closed. */
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (index !== null) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      opener.current?.focus();
      opener.current = null;
    }
  }, [index]);
  useEarlyActions(rootRef);

  // A thumbnail, or 'Mais 3 fotos' (the first photo beyond them); a modified click still opens the photo in a new tab.
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-index]');
    if (!link || event.defaultPrevented || !isPlainClick(event.nativeEvent)) return;
    event.preventDefault();
    opener.current = link;
    openViewer(gallery, Number(link.dataset.index) || 0, photos.length);
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the clicks of the thumbnails inside, links that Enter clicks too.
    <div ref={rootRef} className="photo-viewer" onClick={onClick}>
      {children}
      {index !== null && <Viewer title={title} photos={photos} sizes={sizes} index={index} />}
    </div>
  );
}
