/**
 * Lightbox for a gallery (docs/product.md). The thumbnails (children, left as server HTML)
 * link to the large photos, so they work without JavaScript; once hydrated a click opens a modal
 * `<dialog>` over every photo of the item, also those beyond the thumbnails shown: counter 'N / M',
 * 'Anterior' / 'Próxima' wrapping, arrow keys, a sideways swipe, close by button, Escape, a click on
 * the overlay or the browser's Back (Android's Back gesture closes the viewer, not the page), focus
 * kept inside and given back to the thumbnail on close. The page behind does not scroll while it is
 * open (Gallery.astro's styles).
 */
import { type KeyboardEvent, type MouseEvent, type ReactNode, type TouchEvent, useEffect, useRef, useState } from 'react';
import { swipeDirection, wrapIndex } from '../lib/carousel.ts';
import { trapTab } from './browser.ts';

/** One photo, as plain data. */
export interface LightboxImage {
  /** The WebP (or the placeholder): the <img>'s src, and what the thumbnail links to. */
  large: string;
  /** The AVIF widths the browser picks from with `sizes`; null for the placeholder. */
  avifSrcset: string | null;
  alt: string;
}

interface Props {
  images: LightboxImage[];
  /** How wide the photo is drawn at each viewport (the `sizes` of the AVIF srcset). */
  sizes: string;
  /** Accessible name of the dialog, e.g. 'Fotos de Pousada X'. */
  label: string;
  children?: ReactNode;
}

export default function Lightbox({ images, sizes, label, children }: Props) {
  const rootRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [index, setIndex] = useState<number | null>(null);
  const count = images.length;

  // Thumbnail clicks open the dialog (a modified click still opens the photo in a new tab).
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const onClick = (event: globalThis.MouseEvent) => {
      // A thumbnail, or 'Mais 3 fotos' (the first photo beyond them).
      const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-index]');
      if (
        !link ||
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      event.preventDefault();
      opener.current = link;
      setIndex(wrapIndex(Number(link.dataset.index) || 0, count));
    };
    root.addEventListener('click', onClick);
    // client:tap replays a thumbnail tap made before this point.
    root.dataset.islandReady = '';
    return () => root.removeEventListener('click', onClick);
  }, [count]);

  const isOpen = index !== null;
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('.lightbox-close')?.focus();
    } else if (!isOpen && dialog.open) {
      dialog.close();
    }
  }, [isOpen]);

  // An open viewer is a history entry of its own (same address): Back closes it and the visitor stays on
  // the page. Closed any other way, the viewer takes its entry back, so Back then leaves as it always did.
  const hasEntry = useRef(false);
  useEffect(() => {
    if (!isOpen) {
      if (hasEntry.current) {
        hasEntry.current = false;
        window.history.back();
      }
      return;
    }
    window.history.pushState({ lightbox: true }, '');
    hasEntry.current = true;
    const onPopState = () => {
      hasEntry.current = false;
      setIndex(null);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [isOpen]);

  const close = () => setIndex(null);
  const onClose = () => {
    setIndex(null);
    opener.current?.focus();
    opener.current = null;
  };
  const step = (delta: number) => setIndex((current) => (current === null ? current : wrapIndex(current + delta, count)));

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      step(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      step(-1);
    } else {
      trapTab(event, event.currentTarget);
    }
  };

  // A sideways swipe pages through the photos; not while the visitor has zoomed in (then a swipe pans the photo).
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = (event: TouchEvent<HTMLDialogElement>) => {
    const touch = event.touches[0];
    touchStart.current = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent<HTMLDialogElement>) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch || (window.visualViewport?.scale ?? 1) > 1.01) return;
    const direction = swipeDirection(touch.clientX - start.x, touch.clientY - start.y);
    if (direction !== 0) step(direction);
  };

  // A click on the dialog itself (not on the photo or the buttons) is a click on the overlay.
  const onDialogClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close();
  };

  const image = index === null ? undefined : images[index];
  return (
    <div ref={rootRef} className="lightbox-gallery">
      {children}
      <dialog
        ref={dialogRef}
        className="lightbox"
        aria-label={label}
        onClose={onClose}
        onKeyDown={onKeyDown}
        onClick={onDialogClick}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        {image && index !== null && (
          <>
            <figure className="lightbox-figure">
              {/* responsive-picture: laid out as its <img> alone (ResponsiveImage.astro), as the figure expects. */}
              <picture className="responsive-picture">
                {image.avifSrcset && <source type="image/avif" srcSet={image.avifSrcset} sizes={sizes} />}
                <img src={image.large} alt={image.alt} />
              </picture>
              <figcaption className="lightbox-counter" aria-live="polite">
                {index + 1} / {count}
              </figcaption>
            </figure>
            <button type="button" className="lightbox-close" onClick={close}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">Fechar</span>
            </button>
            {count > 1 && (
              <>
                <button type="button" className="lightbox-nav lightbox-previous" onClick={() => step(-1)}>
                  <span aria-hidden="true">‹</span>
                  <span className="visually-hidden">Foto anterior</span>
                </button>
                <button type="button" className="lightbox-nav lightbox-next" onClick={() => step(1)}>
                  <span aria-hidden="true">›</span>
                  <span className="visually-hidden">Próxima foto</span>
                </button>
              </>
            )}
          </>
        )}
      </dialog>
    </div>
  );
}
