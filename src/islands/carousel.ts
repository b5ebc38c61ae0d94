/**
 * The home's carousels (Carousel.astro), a plain module the header's script brings when the first
 * carousel comes near the view, or at the visitor's first Tab (enhancements.ts): each scroll-snap card list
 * gets working 'Anterior' / 'Próximo' buttons, the 'X de Y' indicator and auto-slide with its pause button
 * (docs/product.md). Swipe stays native scrolling; the page follows it on `scrollend`.
 *
 * The keyboard: a carousel costs one card's Tab stops (its link and its heart), not a dozen
 * cards': the card shown first is the one Tab reaches (a roving tab stop), ← and → move to the card before
 * and after (Home and End to the first and last), turning the pages as needed, and the next Tab leaves for
 * the section's 'Ver mais'. 'Anterior' / 'Próximo' are for the pointer. Screen readers still read every card.
 * Without JavaScript, Tab goes through every card and the controls stay hidden.
 */
import {
  canAutoSlide,
  canGo,
  clampPage,
  firstItemOfPage,
  isSavingData,
  itemAfterKey,
  itemsPerView,
  nextPage,
  pageAtScroll,
  pageIndicator,
  pageOfItem,
  previousPage,
  REDUCED_MOTION_QUERY,
  visibleItems,
} from '../lib/carousel.ts';
import { pageCount } from '../lib/page-count.ts';
import { navigatorConnection } from './browser.ts';

const PLAY_ICON = 'M8 5v14l11-7z';
const PAUSE_ICON = 'M6 5h4v14H6zm8 0h4v14h-4z';

/** A card's own controls (its title link, its heart): not the cover's mouse shortcut, which keeps its tabindex="-1". */
function controlsOf(item: HTMLElement): HTMLElement[] {
  return [...item.querySelectorAll<HTMLElement>('a[href], button')].filter(
    (control) => control.getAttribute('tabindex') !== '-1' || control.hasAttribute('data-carousel-untabbed'),
  );
}

/** Keeps out of Tab the controls of every card but the one at `current` (all of them when `current` is null). */
function setTabStops(items: readonly HTMLElement[], current: number | null): void {
  items.forEach((item, index) => {
    const isStop = current === null || index === current;
    for (const control of controlsOf(item)) {
      control.toggleAttribute('data-carousel-untabbed', !isStop);
      if (isStop) control.removeAttribute('tabindex');
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
  const toggle = controls?.querySelector<HTMLButtonElement>('[data-carousel-toggle]');
  const toggleIcon = toggle?.querySelector('path');
  const toggleLabel = toggle?.querySelector('.visually-hidden');
  const [previous, next] = controls?.querySelectorAll<HTMLButtonElement>('button.carousel-button') ?? [];
  if (!frame || !track || !controls || !position || !indicator || !toggle || !toggleIcon || !toggleLabel) return null;
  if (!previous || !next) return null;
  return { frame, track, controls, position, indicator, toggle, toggleIcon, toggleLabel, previous, next };
}

/** Starts one carousel: `root` is its `[data-carousel]` element (once; a second call does nothing). */
export function startCarousel(root: HTMLElement): void {
  const parts = partsOf(root);
  // Started already: its controls are no longer waiting.
  if (!parts?.controls.hasAttribute('data-carousel-pending')) return;
  const { frame, track, controls, position, indicator, toggle, toggleIcon, toggleLabel, previous, next } = parts;
  const items = [...track.querySelectorAll<HTMLElement>('[data-carousel-item]')];
  const count = items.length;
  const interval = Number(root.dataset.carouselInterval) || 0;
  const isWrapping = !root.hasAttribute('data-carousel-clamped');
  const motion = window.matchMedia(REDUCED_MOTION_QUERY);
  const label = root.getAttribute('aria-label') ?? '';

  let perView = itemsPerView(window.innerWidth);
  /** False where the list is laid out as a grid (nothing to page through). */
  let isScrollable = true;
  let page = 0;
  /** The card Tab stops at: the first one shown, or the one the keyboard moved to. */
  let current = 0;
  let isHovered = false;
  let isFocusWithin = false;
  /** The visitor stopped the auto-slide with the pause button (until they resume it). */
  let isStopped = false;
  let timer: number | undefined;
  /** What the running timer was set for: a new one only when the page, the layout or the pause changes. */
  let timerFor: string | null = null;

  const pages = () => pageCount(count, perView);
  const isActive = () => isScrollable && pages() > 1;
  const itemWithFocus = () => items.findIndex((item) => item.contains(document.activeElement));

  function render(): void {
    page = clampPage(page, pages());
    const active = isActive();
    if (active) {
      // A page turned by the buttons, the auto-slide or a swipe brings the tab stop to its first card, unless
      // the visitor's focus is on a card (then the stop stays where they are).
      const [first, end] = visibleItems(page, perView, count);
      const focused = itemWithFocus();
      if (focused !== -1) current = focused;
      else if (current < first || current >= end) current = first;
    }
    setTabStops(items, active ? current : null);
    const isAuto =
      active &&
      canAutoSlide({
        count,
        perView,
        interval,
        prefersReducedMotion: motion.matches,
        isSavingData: isSavingData(navigatorConnection(), document.documentElement.classList),
      });
    const isPaused = isStopped || isHovered || isFocusWithin;
    if (active) frame.dataset.carouselPage = String(page + 1);
    else delete frame.dataset.carouselPage;
    frame.dataset.carouselAuto = isAuto ? (isPaused ? 'paused' : 'running') : 'off';
    controls.hidden = !active;
    previous.disabled = !canGo('previous', page, pages(), isWrapping);
    next.disabled = !canGo('next', page, pages(), isWrapping);
    indicator.textContent = pageIndicator(page, pages());
    position.setAttribute('aria-live', isAuto && !isPaused ? 'off' : 'polite');
    // Anything that moves by itself for more than 5 s can be paused (WCAG 2.2.2): the button, only while it slides.
    toggle.hidden = !isAuto;
    toggleIcon.setAttribute('d', isStopped ? PLAY_ICON : PAUSE_ICON);
    toggleLabel.textContent = `${isStopped ? 'Retomar' : 'Pausar'}: ${label}`;

    // One timer per page shown, so a manual move restarts the count; the auto-slide always cycles.
    const wanted = isAuto && !isPaused ? `${page}/${perView}` : null;
    if (wanted === timerFor) return;
    window.clearTimeout(timer);
    timerFor = wanted;
    if (wanted) timer = window.setTimeout(() => goTo(nextPage(page, pages(), true)), interval);
  }

  /** Scrolls to the page (its first card at the start of the list). */
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

  /** The keyboard's move: the tab stop and the focus go to card `index` (the same kind of control), its page shown. */
  function focusItem(index: number, from: Element | null): void {
    const item = items[index];
    if (!item) return;
    const wasHeart = from instanceof HTMLElement && from.matches('button[data-favourite]');
    const controls = controlsOf(item).filter((control) => control.getClientRects().length > 0);
    const target = controls.find((control) => control.matches(wasHeart ? 'button[data-favourite]' : 'a[href]')) ?? controls[0];
    current = index;
    // The focusin below shows the card's page and moves the tab stop; the list scrolls there by itself
    // (smoothly), so the focus must not jump it first.
    target?.focus({ preventScroll: true });
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
  toggle.addEventListener('click', () => {
    isStopped = !isStopped;
    render();
  });
  // The arrows move from card to card.
  track.addEventListener('keydown', (event) => {
    if (!isActive() || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const from = itemWithFocus();
    const target = from === -1 ? null : itemAfterKey(event.key, from, count, isWrapping);
    if (target === null) return;
    event.preventDefault();
    focusItem(target, document.activeElement);
  });
  // Auto-slide pauses while the pointer is over the carousel or focus is inside it.
  frame.addEventListener('mouseenter', () => {
    isHovered = true;
    render();
  });
  frame.addEventListener('mouseleave', () => {
    isHovered = false;
    render();
  });
  frame.addEventListener('focusin', (event) => {
    isFocusWithin = true;
    // A card focused another way (a screen reader's cursor, a click): the tab stop follows, its page is shown.
    const index = items.findIndex((item) => item.contains(event.target as Node));
    if (index !== -1 && isActive()) {
      current = index;
      const [first, end] = visibleItems(page, perView, count);
      if (index < first || index >= end) return goTo(pageOfItem(index, perView, pages()));
    }
    render();
  });
  frame.addEventListener('focusout', (event) => {
    isFocusWithin = frame.contains(event.relatedTarget as Node | null);
    render();
  });
  window.addEventListener('resize', measure);
  motion.addEventListener('change', render);

  function measure(): void {
    perView = itemsPerView(window.innerWidth);
    isScrollable = getComputedStyle(track).display !== 'grid';
    render();
  }

  controls.removeAttribute('data-carousel-pending');
  controls.removeAttribute('aria-hidden');
  measure();
}
