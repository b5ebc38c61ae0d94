/**
 * Lightbox for a gallery (docs/product.md). The thumbnails (children, left as server HTML)
 * link to the large photos, so they work without JavaScript; once hydrated a click opens a modal
 * `<dialog>` over every photo of the item, also those beyond the thumbnails shown: counter 'N / M',
 * 'Anterior' / 'Próxima' wrapping, arrow keys, close by button, Escape or a click on the overlay,
 * focus kept inside and given back to the thumbnail on close.
 */
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { wrapIndex } from '../lib/carousel.ts';
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
      const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('[data-gallery] a[data-index]');
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
