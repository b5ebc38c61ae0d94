/**
 * The home's carousels (Carousel.astro), a plain module the header's script brings when the first
 * carousel comes near the view (enhancements.ts): each scroll-snap card list gets working 'Anterior' /
 * 'Próximo' buttons, the 'X de Y' indicator and auto-slide (docs/product.md). Swipe stays native
 * scrolling; the page follows it on `scrollend`. Tab stops at the cards in view only (each card has its link and its heart): the others are a 'Próximo' away, not a
 * dozen presses, and screen readers still read every card. Without JavaScript, Tab goes through every
 * card and the controls stay hidden.
 */
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

/** Keeps out of Tab the links and buttons of the cards outside [first, end); a control the card keeps out itself stays out. */
function setTabStops(items: readonly HTMLElement[], first: number, end: number): void {
  items.forEach((item, index) => {
    const isInView = index >= first && index < end;
    for (const control of item.querySelectorAll<HTMLElement>('a[href], button')) {
      // The cover's mouse shortcut has its own tabindex="-1".
      if (control.getAttribute('tabindex') === '-1' && !control.hasAttribute('data-carousel-untabbed')) continue;
      control.toggleAttribute('data-carousel-untabbed', !isInView);
      if (isInView) control.removeAttribute('tabindex');
      else control.setAttribute('tabindex', '-1');
    }
  });
}

/** The elements of a carousel that Carousel.astro rendered; null when one is missing. */
function partsOf(root: HTMLElement) {
  const frame = root.querySelector<HTMLElement>('.carousel-frame');
  const track = root.querySelector<HTMLElement>('[data-carousel-track]');
  const controls = root.querySelector<HTMLElement>('[data-carousel-controls]');
  const position = controls?.querySelector<HTMLElement>('[data-carousel-position]');
  const indicator = position?.querySelector<HTMLElement>('[data-carousel-indicator]');
  const [previous, next] = controls?.querySelectorAll<HTMLButtonElement>('button') ?? [];
  if (!frame || !track || !controls || !position || !indicator || !previous || !next) return null;
  return { frame, track, controls, position, indicator, previous, next };
}

/** Starts one carousel: `root` is its `[data-carousel]` element. */
export function startCarousel(root: HTMLElement): void {
  const parts = partsOf(root);
  if (!parts) return;
  const { frame, track, controls, position, indicator, previous, next } = parts;
  const items = [...track.querySelectorAll<HTMLElement>('[data-carousel-item]')];
  const count = items.length;
  const interval = Number(root.dataset.carouselInterval) || 0;
  const isWrapping = !root.hasAttribute('data-carousel-clamped');
  const motion = window.matchMedia(REDUCED_MOTION_QUERY);

  let perView = itemsPerView(window.innerWidth);
  /** False where the list is laid out as a grid (nothing to page through). */
  let isScrollable = true;
  let page = 0;
  let isHovered = false;
  let isFocusWithin = false;
  let timer: number | undefined;
  /** What the running timer was set for: a new one only when the page, the layout or the pause changes. */
  let timerFor: string | null = null;

  const pages = () => pageCount(count, perView);
  const isActive = () => isScrollable && pages() > 1;

  function render(): void {
    page = clampPage(page, pages());
    const active = isActive();
    const [first, end] = active ? visibleItems(page, perView, count) : [0, count];
    setTabStops(items, first, end);
    const isAuto =
      active &&
      canAutoSlide({
        count,
        perView,
        interval,
        prefersReducedMotion: motion.matches,
        isSavingData: isSavingData(navigatorConnection(), document.documentElement.classList),
      });
    const isPaused = isHovered || isFocusWithin;
    if (active) frame.dataset.carouselPage = String(page + 1);
    else delete frame.dataset.carouselPage;
    frame.dataset.carouselAuto = isAuto ? (isPaused ? 'paused' : 'running') : 'off';
    controls.hidden = !active;
    previous.disabled = !canGo('previous', page, pages(), isWrapping);
    next.disabled = !canGo('next', page, pages(), isWrapping);
    indicator.textContent = pageIndicator(page, pages());
    position.setAttribute('aria-live', isAuto && !isPaused ? 'off' : 'polite');

    // One timer per page shown, so a manual move restarts the count; the auto-slide always cycles.
    const wanted = isAuto && !isPaused ? `${page}/${perView}` : null;
    if (wanted === timerFor) return;
    window.clearTimeout(timer);
    timerFor = wanted;
    if (wanted) timer = window.setTimeout(() => goTo(nextPage(page, pages(), true)), interval);
  }

  function goTo(target: number): void {
    page = clampPage(target, pages());
    const item = items[firstItemOfPage(page, perView, count)];
    if (item) {
      const padding = Number.parseFloat(getComputedStyle(track).scrollPaddingLeft) || 0;
      const left = item.getBoundingClientRect().left - track.getBoundingClientRect().left + track.scrollLeft - padding;
      track.scrollTo({ left, behavior: motion.matches ? 'auto' : 'smooth' });
    }
    render();
  }

  function measure(): void {
    perView = itemsPerView(window.innerWidth);
    isScrollable = getComputedStyle(track).display !== 'grid';
    render();
  }

  // Keep the page in step with swipes and trackpad scrolls.
  track.addEventListener('scrollend', () => {
    if (!isActive()) return;
    const listLeft = track.getBoundingClientRect().left;
    const first = items.findIndex((card) => {
      const rect = card.getBoundingClientRect();
      return rect.left - listLeft >= -rect.width / 2;
    });
    const isAtEnd = track.scrollLeft >= track.scrollWidth - track.clientWidth - 2;
    page = pageAtScroll(first === -1 ? count - 1 : first, perView, pages(), isAtEnd);
    render();
  });

  previous.addEventListener('click', () => goTo(previousPage(page, pages(), isWrapping)));
  next.addEventListener('click', () => goTo(nextPage(page, pages(), isWrapping)));
  // Auto-slide pauses while the pointer is over the carousel or focus is inside it.
  frame.addEventListener('mouseenter', () => {
    isHovered = true;
    render();
  });
  frame.addEventListener('mouseleave', () => {
    isHovered = false;
    render();
  });
  frame.addEventListener('focusin', () => {
    isFocusWithin = true;
    render();
  });
  frame.addEventListener('focusout', (event) => {
    isFocusWithin = frame.contains(event.relatedTarget as Node | null);
    render();
  });
  window.addEventListener('resize', measure);
  motion.addEventListener('change', render);

  controls.removeAttribute('data-carousel-pending');
  controls.removeAttribute('aria-hidden');
  measure();
}
