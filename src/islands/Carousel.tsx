/**
 * A home carousel (Carousel.astro): its cards are the page's static HTML, given as children (a
 * `<ul data-carousel-track>` of `<li data-carousel-item>`), a list that scrolls sideways with scroll snap,
 * so a swipe is the browser's own scroll. This island draws around them 'Anterior' / 'Próximo', the
 * 'X de Y' indicator and, where the carousel slides by itself, the pause button, and runs the auto-slide
 * (docs/product.md). Hydrated by `client:near`: once the page has loaded and the list comes near the view,
 * or at the visitor's first Tab anywhere, which starts every carousel of the page.
 *
 * The keyboard: a carousel costs one card's Tab stops (its link and its heart), not a dozen cards': the card
 * shown first is the one Tab reaches (a roving tab stop on the static cards' own controls), ← and → move to the
 * card before and after (Home and End to the first and last), turning the pages as needed, and the next Tab
 * leaves for the section's 'Ver mais'. 'Anterior' / 'Próximo' are for the pointer. Screen readers still read
 * every card. Until it runs (and without JavaScript) Tab goes through every card and the controls wait hidden,
 * in the room they take, so the page does not move when they come.
 */
import { type FocusEvent, type KeyboardEvent, type ReactNode, useEffect, useEffectEvent, useRef, useState } from 'react';
import {
  canAutoSlide,
  canGo,
  clampPage,
  DESKTOP_BREAKPOINT,
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
  tabStopAfterTurn,
  visibleItems,
} from '../lib/carousel.ts';
import { pageCount } from '../lib/page-count.ts';
import { navigatorConnection } from './browser.ts';
import { useEarlyActions } from './early-reach.ts';
import { useMediaQuery, usePageShown } from './hooks.ts';
import Icon from './Icon.tsx';

interface Props {
  /** Accessible name of the carousel, e.g. 'Passeios'. */
  label: string;
  /** Auto-slide interval in ms (docs/product.md); 0 for none. */
  interval: number;
  /** Number of cards. */
  count: number;
  /** The cards are a grid from the tablet width on (few cards, no sideways scroll there). */
  gridFromTablet?: boolean | undefined;
  /** 'Anterior' / 'Próximo' stop at the ends instead of wrapping (news, testimonials). */
  isClamped?: boolean | undefined;
  /** The static list of cards. */
  children?: ReactNode;
}

/** What the carousel measures once it runs (and again when the window is resized). */
interface Layout {
  perView: number;
  /** False where the list is laid out as a grid (nothing to page through). */
  isScrollable: boolean;
  isSavingData: boolean;
}

/** A card's own controls (its title link, its heart): not the cover's mouse shortcut, which keeps its tabindex="-1". */
function controlsOf(item: HTMLElement): HTMLElement[] {
  return [...item.querySelectorAll<HTMLElement>('a[href], button')].filter(
    (control) => control.getAttribute('tabindex') !== '-1' || control.hasAttribute('data-carousel-untabbed'),
  );
}

/** Keeps out of Tab the controls of every card but the one at `stop` (all of them are stops when `stop` is null). */
function setTabStops(items: readonly HTMLElement[], stop: number | null): void {
  items.forEach((item, index) => {
    const isStop = stop === null || index === stop;
    for (const control of controlsOf(item)) {
      control.toggleAttribute('data-carousel-untabbed', !isStop);
      if (isStop) control.removeAttribute('tabindex');
      else control.setAttribute('tabindex', '-1');
    }
  });
}

/** Scrolls the list so that `item` starts it. */
function scrollToItem(track: HTMLElement, item: HTMLElement | undefined, isInstant: boolean): void {
  if (!item) return;
  const padding = Number.parseFloat(getComputedStyle(track).scrollPaddingLeft) || 0;
  const left = item.getBoundingClientRect().left - track.getBoundingClientRect().left + track.scrollLeft - padding;
  track.scrollTo({ left, behavior: isInstant ? 'auto' : 'smooth' });
}

const sameLayout = (a: Layout | null, b: Layout) =>
  a?.perView === b.perView && a.isScrollable === b.isScrollable && a.isSavingData === b.isSavingData;

export default function Carousel({ label, interval, count, gridFromTablet = false, isClamped = false, children }: Props) {
  const rootRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLElement | null>(null);
  const itemsRef = useRef<HTMLElement[]>([]);
  /** Null until the carousel runs: the server's HTML, which hydration starts from. */
  const [layout, setLayout] = useState<Layout | null>(null);
  const [shownPage, setShownPage] = useState(0);
  /** The card Tab stops at: the first one shown, or the one the keyboard moved to. */
  const [current, setCurrent] = useState(0);
  const [isHovered, setHovered] = useState(false);
  const [isFocusWithin, setFocusWithin] = useState(false);
  /** The visitor stopped the auto-slide with the pause button (until they resume it). */
  const [isStopped, setStopped] = useState(false);
  const prefersReducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const isPageShown = usePageShown();
  useEarlyActions(rootRef);

  const isWrapping = !isClamped;
  const perView = layout?.perView ?? 1;
  const pages = pageCount(count, perView);
  const page = clampPage(shownPage, pages);
  const isActive = Boolean(layout?.isScrollable) && pages > 1;
  const isSaving = layout?.isSavingData ?? false;
  const isAuto = isActive && canAutoSlide({ count, perView, interval, prefersReducedMotion, isSavingData: isSaving });
  // A tab in the background slides nothing either: the visitor would come back to a page they never saw turn.
  const isPaused = isStopped || isHovered || isFocusWithin || !isPageShown;

  /** Shows page `target`, its first card at the start of the list. */
  function turnTo(target: number): void {
    const next = clampPage(target, pages);
    setShownPage(next);
    const track = trackRef.current;
    if (track) scrollToItem(track, itemsRef.current[firstItemOfPage(next, perView, count)], prefersReducedMotion);
  }

  // Started: find the static list, measure it, and measure again as the window changes.
  useEffect(() => {
    const track = rootRef.current?.querySelector<HTMLElement>('[data-carousel-track]') ?? null;
    trackRef.current = track;
    itemsRef.current = [...(track?.querySelectorAll<HTMLElement>('[data-carousel-item]') ?? [])];
    const measure = () => {
      const measured: Layout = {
        perView: itemsPerView(window.innerWidth),
        isScrollable: track !== null && getComputedStyle(track).display !== 'grid',
        isSavingData: isSavingData(navigatorConnection(), document.documentElement.classList),
      };
      setLayout((before) => (sameLayout(before, measured) ? before : measured));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  // The one tab stop follows the page shown, unless the visitor's focus is on a card (then it stays there).
  useEffect(() => {
    if (!layout) return;
    const items = itemsRef.current;
    if (!isActive) return setTabStops(items, null);
    const focused = items.findIndex((item) => item.contains(document.activeElement));
    const stop = tabStopAfterTurn(current, focused, page, perView, count);
    setTabStops(items, stop);
    if (stop !== current) setCurrent(stop);
  }, [layout, isActive, current, page, perView, count]);

  // One timer per page shown, so a move by the visitor restarts the count; the auto-slide always cycles.
  const advance = useEffectEvent(() => turnTo(nextPage(page, pages, true)));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page shown (`page`, `pages`) starts a new count.
  useEffect(() => {
    if (!isAuto || isPaused) return;
    const timer = window.setTimeout(() => advance(), interval);
    return () => window.clearTimeout(timer);
  }, [isAuto, isPaused, page, pages, interval]);

  // A swipe or a trackpad's scroll: the page follows the list once it rests.
  const onScrollEnd = useEffectEvent(() => {
    const track = trackRef.current;
    if (!isActive || !track) return;
    const items = itemsRef.current;
    const listLeft = track.getBoundingClientRect().left;
    const first = items.findIndex((card) => {
      const rect = card.getBoundingClientRect();
      return rect.left - listLeft >= -rect.width / 2;
    });
    const isAtEnd = track.scrollLeft >= track.scrollWidth - track.clientWidth - 2;
    setShownPage(pageAtScroll(first === -1 ? count - 1 : first, perView, pages, isAtEnd));
  });
  useEffect(() => {
    const track = trackRef.current;
    const listen = () => onScrollEnd();
    track?.addEventListener('scrollend', listen);
    return () => track?.removeEventListener('scrollend', listen);
  }, []);

  /** The keyboard's move: the focus goes to card `index` (the same kind of control as `from`); the focus brings its page. */
  function focusItem(index: number, from: Element | null): void {
    const item = itemsRef.current[index];
    if (!item) return;
    const wasHeart = from instanceof HTMLElement && from.matches('button[data-favourite]');
    const controls = controlsOf(item).filter((control) => control.getClientRects().length > 0);
    const target = controls.find((control) => control.matches(wasHeart ? 'button[data-favourite]' : 'a[href]')) ?? controls[0];
    // The focus below shows the card's page, whose list scrolls there (smoothly): the focus must not jump it first.
    target?.focus({ preventScroll: true });
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (!isActive || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const from = itemsRef.current.findIndex((item) => item.contains(event.target as Node));
    const target = from === -1 ? null : itemAfterKey(event.key, from, count, isWrapping);
    if (target === null) return;
    event.preventDefault();
    focusItem(target, event.target as Element);
  };

  // Auto-slide pauses while the focus is inside; a card focused any way (Tab, the arrows, a screen reader's
  // cursor, a click) takes the tab stop, and its page is shown.
  const onFocus = (event: FocusEvent) => {
    setFocusWithin(true);
    const index = itemsRef.current.findIndex((item) => item.contains(event.target));
    if (index === -1 || !isActive) return;
    setCurrent(index);
    const [first, end] = visibleItems(page, perView, count);
    if (index < first || index >= end) turnTo(pageOfItem(index, perView, pages));
  };
  const onBlur = (event: FocusEvent) => setFocusWithin(event.currentTarget.contains(event.relatedTarget));

  // Where there are pages to turn (one card a view on phones, three from DESKTOP_BREAKPOINT, none where the list is a
  // grid) the server's HTML keeps the controls' row, hidden, so the page does not shift when they come.
  const pagesOnPhone = count > itemsPerView(0);
  const pagesFromTablet = !gridFromTablet && count > itemsPerView(DESKTOP_BREAKPOINT);
  const classes = [
    'carousel',
    gridFromTablet && 'grid-from-tablet',
    pagesOnPhone && 'pages-on-phone',
    pagesFromTablet && 'pages-from-tablet',
  ];
  const state = isAuto ? (isPaused ? 'paused' : 'running') : 'off';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a carousel is a group that screen readers announce by its role description ('carrossel'); a fieldset is for form controls.
    <div
      ref={rootRef}
      className={classes.filter(Boolean).join(' ')}
      role="group"
      aria-roledescription="carrossel"
      aria-label={label}
      data-carousel
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the keys and the pointer are the cards' own (the arrows move between them); the frame only listens. */}
      <div
        className="carousel-frame"
        data-carousel-page={isActive ? page + 1 : undefined}
        data-carousel-auto={layout ? state : undefined}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={onBlur}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
      >
        {/*
          Before the list in the page's order (drawn below it): the pause button comes first for Tab, then the one card
          Tab stops at, then the section's 'Ver mais' (one stop per carousel, not one per card). 'Anterior' / 'Próximo' are for the
          pointer; the keyboard has the arrows.
        */}
        <div
          className="carousel-controls"
          data-carousel-controls
          data-carousel-pending={layout ? undefined : ''}
          aria-hidden={layout ? undefined : true}
          hidden={layout !== null && !isActive}
        >
          {/* Anything that moves by itself for more than 5 s can be paused, or a visitor reading a card loses it: the button, only while it slides. */}
          <button type="button" className="carousel-toggle" hidden={!isAuto} onClick={() => setStopped(!isStopped)}>
            <Icon name={isStopped ? 'play' : 'pause'} size={18} />
            <span className="visually-hidden">{`${isStopped ? 'Retomar' : 'Pausar'}: ${label}`}</span>
          </button>
          <button
            type="button"
            className="carousel-button"
            aria-label={`Anterior: ${label}`}
            tabIndex={-1}
            disabled={!layout || !canGo('previous', page, pages, isWrapping)}
            onClick={() => turnTo(previousPage(page, pages, isWrapping))}
          >
            <span aria-hidden="true">‹</span>
            <span className="carousel-button-text">Anterior</span>
          </button>
          <p className="carousel-position" data-carousel-position aria-live={isAuto && !isPaused ? 'off' : 'polite'}>
            <span className="visually-hidden">{`${label}: página `}</span>
            <span data-carousel-indicator>{layout ? pageIndicator(page, pages) : ''}</span>
          </p>
          <button
            type="button"
            className="carousel-button"
            aria-label={`Próximo: ${label}`}
            tabIndex={-1}
            disabled={!layout || !canGo('next', page, pages, isWrapping)}
            onClick={() => turnTo(nextPage(page, pages, isWrapping))}
          >
            <span className="carousel-button-text">Próximo</span>
            <span aria-hidden="true">›</span>
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
