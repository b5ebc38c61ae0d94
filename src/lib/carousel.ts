/**
 * Carousel arithmetic (docs/product.md), shared by the carousel, hero slideshow and lightbox
 * islands, and which items a home carousel shows. Pages are 0-based here; the visitor reads them
 * 1-based ('2 de 4').
 */
import type { Item } from './schemas/index.ts';

/** Viewport width (px) from which a carousel shows 3 cards per view instead of 1. */
export const DESKTOP_BREAKPOINT = 768;

/** Items per view: 3 on desktop, 1 on mobile. */
export function itemsPerView(viewportWidth: number): number {
  return viewportWidth >= DESKTOP_BREAKPOINT ? 3 : 1;
}

/** Keeps a page inside 0…pages-1. */
export function clampPage(page: number, pages: number): number {
  return Math.min(Math.max(0, Math.trunc(page)), Math.max(0, pages - 1));
}

/** The page after `page`: back to the first after the last when `isWrapping`, else stays on the last. */
export function nextPage(page: number, pages: number, isWrapping = true): number {
  const current = clampPage(page, pages);
  if (current < pages - 1) return current + 1;
  return isWrapping ? 0 : current;
}

/** The page before `page`: the last from the first when `isWrapping`, else stays on the first. */
export function previousPage(page: number, pages: number, isWrapping = true): number {
  const current = clampPage(page, pages);
  if (current > 0) return current - 1;
  return isWrapping ? Math.max(0, pages - 1) : 0;
}

/** Whether 'Anterior' / 'Próximo' can act on `page` (always when wrapping, not at the ends otherwise). */
export function canGo(direction: 'previous' | 'next', page: number, pages: number, isWrapping = true): boolean {
  if (pages <= 1) return false;
  if (isWrapping) return true;
  const current = clampPage(page, pages);
  return direction === 'next' ? current < pages - 1 : current > 0;
}

/** Index of the first item shown on `page`, never past the last item. */
export function firstItemOfPage(page: number, perView: number, count: number): number {
  return Math.max(0, Math.min(page * perView, count - 1));
}

/**
 * The page a scrolled list shows: the page of its first visible item, or the last page once the
 * list is scrolled to its end (the last page may start before its first item when it is short).
 */
export function pageAtScroll(firstVisibleIndex: number, perView: number, pages: number, isAtEnd: boolean): number {
  if (isAtEnd) return Math.max(0, pages - 1);
  return clampPage(Math.floor(Math.max(0, firstVisibleIndex) / Math.max(1, perView)), pages);
}

/**
 * The items a page shows, as [first, end): a view's worth from the page's first item, the last page
 * ending on the last item (a list scrolled to its end shows its last `perView` items).
 */
export function visibleItems(page: number, perView: number, count: number): [number, number] {
  const view = Math.max(1, perView);
  const first = Math.max(0, Math.min(Math.max(0, Math.trunc(page)) * view, count - view));
  return [first, Math.min(count, first + view)];
}

/** The page that shows the item at `index`, of `pages` (the last page also holds the items of a short last view). */
export function pageOfItem(index: number, perView: number, pages: number): number {
  return clampPage(Math.floor(Math.max(0, index) / Math.max(1, perView)), pages);
}

/**
 * The item a key takes a carousel's one tab stop to, from the item at `index` of `count`: ← and → the one
 * before and after (round to the other end when `isWrapping`, else staying at the end), Home and End the first and
 * the last; null for any other key (left to the browser).
 */
export function itemAfterKey(key: string, index: number, count: number, isWrapping = true): number | null {
  if (count <= 0) return null;
  const last = count - 1;
  const current = Math.min(Math.max(0, Math.trunc(index)), last);
  switch (key) {
    case 'ArrowRight':
      return current < last ? current + 1 : isWrapping ? 0 : current;
    case 'ArrowLeft':
      return current > 0 ? current - 1 : isWrapping ? last : current;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/**
 * The card a carousel's one tab stop is on once it shows `page`: the card that has the focus (`focused`, -1 for
 * none), else the card it was on (`current`) while that is still shown, else the page's first card. So a page
 * turned by the buttons, the auto-slide or a swipe brings the stop to what is shown, and the keyboard's card keeps it.
 */
export function tabStopAfterTurn(current: number, focused: number, page: number, perView: number, count: number): number {
  if (focused !== -1) return focused;
  const [first, end] = visibleItems(page, perView, count);
  return current < first || current >= end ? first : current;
}

/** The page indicator: 'X de Y'. */
export function pageIndicator(page: number, pages: number): string {
  return `${clampPage(page, pages) + 1} de ${Math.max(1, pages)}`;
}

/** The media query of visitors who asked for less motion: nothing slides by itself for them. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/**
 * Whether the visitor saves data (Save-Data or prefers-reduced-data): BaseLayout's head script
 * marks <html class="save-data"> in the built site; the connection's own flag counts too, for a
 * page where that script did not run (astro dev). Carousels and the hero then stay still.
 */
export function isSavingData(
  connection: { saveData?: boolean } | undefined,
  rootClasses: { contains: (name: string) => boolean },
): boolean {
  return connection?.saveData === true || rootClasses.contains('save-data');
}

/** What decides whether a carousel slides by itself. */
interface AutoSlideConditions {
  count: number;
  perView: number;
  /** Auto-slide interval in ms; 0 or less turns it off. */
  interval: number;
  prefersReducedMotion: boolean;
  /** `navigator.connection.saveData`. */
  isSavingData: boolean;
}

/** Auto-slide only runs when the items exceed one view, with an interval, and never under reduced motion or data saving. */
export function canAutoSlide({ count, perView, interval, prefersReducedMotion, isSavingData }: AutoSlideConditions): boolean {
  return count > perView && interval > 0 && !prefersReducedMotion && !isSavingData;
}

/** Index after `index` in a list of `count`, wrapping (lightbox, hero). */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((Math.trunc(index) % count) + count) % count;
}

/** How far (px) a finger must travel sideways for a swipe to page: less is a tap or a wobble. */
const SWIPE_THRESHOLD = 50;

/**
 * What a finger's move does to a paged view: 1 (the next photo: the finger went left), -1 (the previous)
 * or 0 (too short, or more up and down than sideways: the visitor was scrolling or tapping).
 */
export function swipeDirection(dx: number, dy: number, threshold: number = SWIPE_THRESHOLD): -1 | 0 | 1 {
  if (Math.abs(dx) < threshold || Math.abs(dx) < Math.abs(dy) * 1.5) return 0;
  return dx < 0 ? 1 : -1;
}

/** Carousels render at most this many cards, to keep the home page light. */
export const CAROUSEL_LIMIT = 12;

/** Featured items first (the upstream order otherwise), cut to the carousel limit. */
export function carouselItems(items: readonly Item[], limit: number = CAROUSEL_LIMIT): Item[] {
  const featured = items.filter((item) => item.isFeatured);
  const others = items.filter((item) => !item.isFeatured);
  return [...featured, ...others].slice(0, limit);
}
