/**
 * Enhances a static scroll-snap card list (passed as children, left as server HTML) with
 * 'Anterior' / 'Próximo', the 'X de Y' indicator and auto-slide (docs/product.md). Swipe stays native
 * scrolling; the page index follows it on `scrollend`. Tab stops at the cards in view only (each card
 * has its link and its heart): the others are a 'Próximo' away, not a dozen presses, and screen
 * readers still read every card. Without JavaScript, Tab goes through every card.
 */
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import {
  canAutoSlide,
  canGo,
  clampPage,
  firstItemOfPage,
  isSavingData,
  itemsPerView,
  nextPage,
  pageAtScroll,
  pageIndicator,
  previousPage,
  REDUCED_MOTION_QUERY,
  visibleItems,
} from '../lib/carousel.ts';
import { pageCount } from '../lib/page-count.ts';
import { navigatorConnection } from './browser.ts';

interface Props {
  /** Accessible name of the list, used to name the controls. */
  label: string;
  /** Auto-slide interval in ms. */
  interval: number;
  /** News and testimonials: 'Anterior' / 'Próximo' stop at the ends instead of wrapping. */
  isClamped?: boolean;
  children?: ReactNode;
}

interface Layout {
  count: number;
  perView: number;
  /** False where the list is laid out as a grid (nothing to page through). */
  isScrollable: boolean;
}

function trackOf(root: HTMLElement | null): HTMLElement | null {
  return root?.querySelector<HTMLElement>('[data-carousel-track]') ?? null;
}

function itemsOf(root: HTMLElement | null): HTMLElement[] {
  return Array.from(trackOf(root)?.querySelectorAll<HTMLElement>('[data-carousel-item]') ?? []);
}

export default function CarouselControls({ label, interval, isClamped = false, children }: Props) {
  const rootRef = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState<Layout | null>(null);
  const [page, setPage] = useState(0);
  const [isHovered, setHovered] = useState(false);
  const [isFocusWithin, setFocusWithin] = useState(false);
  const [isReducedMotion, setReducedMotion] = useState(true);

  // Measure the list: how many cards, how many per view, and whether it scrolls at all.
  useEffect(() => {
    const measure = () => {
      const list = trackOf(rootRef.current);
      if (!list) return;
      setLayout({
        count: itemsOf(rootRef.current).length,
        perView: itemsPerView(window.innerWidth),
        isScrollable: getComputedStyle(list).display !== 'grid',
      });
    };
    measure();
    const motion = window.matchMedia(REDUCED_MOTION_QUERY);
    const onMotion = () => setReducedMotion(motion.matches);
    onMotion();
    window.addEventListener('resize', measure);
    motion.addEventListener('change', onMotion);
    // Auto-slide pauses while the pointer is over the carousel or focus is inside it.
    const root = rootRef.current;
    const onEnter = () => setHovered(true);
    const onLeave = () => setHovered(false);
    const onFocusIn = () => setFocusWithin(true);
    const onFocusOut = (event: FocusEvent) => {
      if (!root?.contains(event.relatedTarget as Node | null)) setFocusWithin(false);
    };
    root?.addEventListener('mouseenter', onEnter);
    root?.addEventListener('mouseleave', onLeave);
    root?.addEventListener('focusin', onFocusIn);
    root?.addEventListener('focusout', onFocusOut);
    return () => {
      window.removeEventListener('resize', measure);
      motion.removeEventListener('change', onMotion);
      root?.removeEventListener('mouseenter', onEnter);
      root?.removeEventListener('mouseleave', onLeave);
      root?.removeEventListener('focusin', onFocusIn);
      root?.removeEventListener('focusout', onFocusOut);
    };
  }, []);

  const pages = layout ? pageCount(layout.count, layout.perView) : 1;
  const isActive = Boolean(layout?.isScrollable) && pages > 1;

  const goTo = useCallback(
    (target: number) => {
      const list = trackOf(rootRef.current);
      if (!list || !layout) return;
      const nextIndex = clampPage(target, pages);
      const item = itemsOf(rootRef.current)[firstItemOfPage(nextIndex, layout.perView, layout.count)];
      if (item) {
        const padding = Number.parseFloat(getComputedStyle(list).scrollPaddingLeft) || 0;
        const left = item.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft - padding;
        list.scrollTo({ left, behavior: window.matchMedia(REDUCED_MOTION_QUERY).matches ? 'auto' : 'smooth' });
      }
      setPage(nextIndex);
    },
    [layout, pages],
  );

  // Keep the index in step with swipes and trackpad scrolls.
  useEffect(() => {
    const list = trackOf(rootRef.current);
    if (!list || !layout || !isActive) return;
    const sync = () => {
      const listLeft = list.getBoundingClientRect().left;
      const cards = itemsOf(rootRef.current);
      const first = cards.findIndex((card) => {
        const rect = card.getBoundingClientRect();
        return rect.left - listLeft >= -rect.width / 2;
      });
      const isAtEnd = list.scrollLeft >= list.scrollWidth - list.clientWidth - 2;
      setPage(pageAtScroll(first === -1 ? cards.length - 1 : first, layout.perView, pages, isAtEnd));
    };
    list.addEventListener('scrollend', sync);
    return () => list.removeEventListener('scrollend', sync);
  }, [layout, isActive, pages]);

  // Keep the page in range when the layout changes (e.g. rotating a tablet).
  useEffect(() => setPage((current) => clampPage(current, pages)), [pages]);

  // Only the cards in view are tab stops; all of them where the list is not paged (a grid, one view).
  useEffect(() => {
    if (!layout) return;
    const [first, end] = isActive ? visibleItems(page, layout.perView, layout.count) : [0, layout.count];
    itemsOf(rootRef.current).forEach((item, index) => {
      const isInView = index >= first && index < end;
      for (const control of item.querySelectorAll<HTMLElement>('a[href], button')) {
        // A control the card itself keeps out of Tab (the cover's mouse shortcut) stays out.
        if (control.getAttribute('tabindex') === '-1' && !control.hasAttribute('data-carousel-untabbed')) continue;
        if (isInView) {
          control.removeAttribute('tabindex');
          control.removeAttribute('data-carousel-untabbed');
        } else {
          control.setAttribute('tabindex', '-1');
          control.setAttribute('data-carousel-untabbed', '');
        }
      }
    });
  }, [layout, isActive, page]);

  const isAuto =
    isActive &&
    layout !== null &&
    canAutoSlide({
      count: layout.count,
      perView: layout.perView,
      interval,
      prefersReducedMotion: isReducedMotion,
      isSavingData: isSavingData(navigatorConnection(), document.documentElement.classList),
    });
  const isPaused = isHovered || isFocusWithin;

  // One timer per page shown, so a manual move restarts the count; the auto-slide always cycles.
  useEffect(() => {
    if (!isAuto || isPaused) return;
    const timer = window.setTimeout(() => goTo(nextPage(page, pages, true)), interval);
    return () => window.clearTimeout(timer);
  }, [isAuto, isPaused, page, pages, interval, goTo]);

  const isWrapping = !isClamped;
  const isPending = layout === null;
  return (
    <div
      ref={rootRef}
      className="carousel-frame"
      data-carousel-page={isActive ? page + 1 : undefined}
      data-carousel-auto={isAuto ? (isPaused ? 'paused' : 'running') : 'off'}
    >
      {children}
      {/* Before the list is measured (the server HTML), the row is there but hidden: it reserves its
          height where Carousel.astro expects pages, so the page does not shift when the island hydrates. */}
      {(isActive || isPending) && (
        <div className="carousel-controls" data-carousel-pending={isPending || undefined} aria-hidden={isPending || undefined}>
          <button
            type="button"
            className="carousel-button"
            aria-label={`Anterior: ${label}`}
            disabled={isPending || !canGo('previous', page, pages, isWrapping)}
            onClick={() => goTo(previousPage(page, pages, isWrapping))}
          >
            <span aria-hidden="true">‹</span>
            <span className="carousel-button-text">Anterior</span>
          </button>
          <p className="carousel-position" data-carousel-position aria-live={isAuto && !isPaused ? 'off' : 'polite'}>
            <span className="visually-hidden">{label}: página </span>
            {pageIndicator(page, pages)}
          </p>
          <button
            type="button"
            className="carousel-button"
            aria-label={`Próximo: ${label}`}
            disabled={isPending || !canGo('next', page, pages, isWrapping)}
            onClick={() => goTo(nextPage(page, pages, isWrapping))}
          >
            <span className="carousel-button-text">Próximo</span>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </div>
  );
}
