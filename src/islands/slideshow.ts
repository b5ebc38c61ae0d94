/**
 * The hero's slideshow (HeroSlideshow.astro), a plain module the header's script brings a second before
 * the first advance is due, not before the page has loaded (enhancements.ts): its first photo, the LCP
 * image, has the link alone, and until then the dot links work. It shows the controls the component
 * rendered hidden (a 'Pausar apresentação' button and a dot button per photo) in place of the static
 * '#slide-n' dot links, and advances the scroll-snap strip every `data-interval` ms, cycling, the first
 * advance `data-interval` ms after the page started. A dot jumps, pauses and resumes `data-pause` ms
 * later; the button stops the advance until 'Retomar apresentação' (anything that moves by itself for
 * more than 5 s can be paused). Under reduced motion or Save-Data nothing moves by itself, so there is
 * no button. The dots are one Tab stop (the current photo's), the arrow keys move between them. The first
 * photo stays the server-rendered LCP image: this module only scrolls the strip.
 */
import { isSavingData, itemAfterKey, REDUCED_MOTION_QUERY, wrapIndex } from '../lib/carousel.ts';
import { navigatorConnection } from './browser.ts';

const PLAY_ICON = 'M8 5v14l11-7z';
const PAUSE_ICON = 'M6 5h4v14H6zm8 0h4v14h-4z';

/** The elements of a hero's slideshow that HeroSlideshow.astro rendered; null when one is missing. */
function partsOf(dots: HTMLElement) {
  const strip = dots.closest('section')?.querySelector<HTMLElement>('[data-slideshow]');
  const controls = dots.querySelector<HTMLElement>('[data-slideshow-controls]');
  const list = controls?.querySelector<HTMLElement>('.slide-dots');
  const toggle = controls?.querySelector<HTMLButtonElement>('[data-slideshow-toggle]');
  const icon = toggle?.querySelector('path');
  const label = toggle?.querySelector('.visually-hidden');
  if (!strip || !controls || !list || !toggle || !icon || !label) return null;
  return { strip, controls, list, toggle, icon, label };
}

/** Starts the slideshow of one hero: `dots` is its `[data-slideshow-dots]` block. */
export function startSlideshow(dots: HTMLElement): void {
  const parts = partsOf(dots);
  if (!parts) return;
  const { strip, controls, list, toggle, icon, label } = parts;
  const buttons = [...list.querySelectorAll<HTMLButtonElement>('button[data-slide-dot]')];
  const count = buttons.length;
  const interval = Number(dots.dataset.interval) || 5000;
  const pause = Number(dots.dataset.pause) || 3000;
  const motion = window.matchMedia(REDUCED_MOTION_QUERY);

  let index = 0;
  /** A dot was pressed: the advance waits `pause` ms. */
  let isPaused = false;
  /** The visitor stopped the slideshow with its button. */
  let isStopped = false;
  /** Until the first advance or the visitor's first move, the timer counts from the page's start. */
  let isFirstAdvance = true;
  let timer: number | undefined;
  let resumeTimer: number | undefined;
  let arrived: AbortController | undefined;

  const isStill = () => motion.matches || isSavingData(navigatorConnection(), document.documentElement.classList) || count < 2;
  const photos = [...strip.querySelectorAll<HTMLElement>('.slide')].map((slide) => slide.querySelector('img'));
  const photoOf = (slide: number) => photos[wrapIndex(slide, count)] ?? null;

  /**
   * The photo after the one shown is fetched while it is shown (this module comes after the page's load:
   * the photos after the first are lazy, so the load fetches the first photo, the LCP image, alone). Only
   * when the slideshow moves by itself, which shows that photo unasked.
   */
  function warmNext(): void {
    const photo = photoOf(index + 1);
    if (!isStill() && photo) photo.loading = 'eager';
  }

  function render(): void {
    const still = isStill();
    // One Tab stop for the dots, the current one's; the arrows move between them (below).
    buttons.forEach((button, dot) => {
      if (dot === index) button.setAttribute('aria-current', 'true');
      else button.removeAttribute('aria-current');
      button.tabIndex = dot === index ? 0 : -1;
    });
    list.dataset.slideshowIndex = String(index + 1);
    list.dataset.slideshowState = still ? 'still' : isPaused || isStopped ? 'paused' : 'playing';
    toggle.hidden = still;
    icon.setAttribute('d', isStopped ? PLAY_ICON : PAUSE_ICON);
    label.textContent = isStopped ? 'Retomar apresentação' : 'Pausar apresentação';
  }

  /**
   * One timer per slide shown: a swipe restarts the count. The first advance is due `interval` after the
   * page started; never before the next photo has arrived (on a slow link the strip would slide onto an
   * empty slide).
   */
  function schedule(): void {
    window.clearTimeout(timer);
    arrived?.abort();
    if (isPaused || isStopped || isStill()) return;
    const delay = isFirstAdvance ? Math.max(0, interval - performance.now()) : interval;
    arrived = new AbortController();
    const { signal } = arrived;
    const advance = () => {
      isFirstAdvance = false;
      show(index + 1);
    };
    timer = window.setTimeout(() => {
      const photo = photoOf(index + 1);
      if (!photo || photo.complete) return advance();
      photo.addEventListener('load', advance, { once: true, signal });
      photo.addEventListener('error', advance, { once: true, signal });
    }, delay);
  }

  function update(): void {
    render();
    schedule();
    warmNext();
  }

  function show(target: number): void {
    index = wrapIndex(target, count);
    const behavior = motion.matches ? 'instant' : 'smooth';
    strip.scrollTo({ left: index * strip.clientWidth, behavior });
    update();
  }

  // A swipe or a keyboard scroll of the strip moves the dots along.
  const shown = () => (strip.clientWidth > 0 ? wrapIndex(Math.round(strip.scrollLeft / strip.clientWidth), count) : index);
  strip.addEventListener('scrollend', () => {
    isFirstAdvance = false;
    if (shown() === index) return;
    index = shown();
    update();
  });

  buttons.forEach((button, dot) => {
    button.addEventListener('click', () => {
      isFirstAdvance = false;
      // Stopped by the visitor: a dot only jumps, the slideshow stays stopped.
      if (!isStopped) {
        isPaused = true;
        window.clearTimeout(resumeTimer);
        resumeTimer = window.setTimeout(() => {
          isPaused = false;
          update();
        }, pause);
      }
      show(dot);
    });
  });

  // ← and → (Home, End) on a dot choose the photo before or after (the first, the last), as a click on its dot would.
  list.addEventListener('keydown', (event) => {
    const from = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (from === -1 || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = itemAfterKey(event.key, from, count, true);
    if (target === null) return;
    event.preventDefault();
    buttons[target]?.click();
    buttons[target]?.focus();
  });

  toggle.addEventListener('click', () => {
    isFirstAdvance = false;
    window.clearTimeout(resumeTimer);
    isPaused = false;
    isStopped = !isStopped;
    update();
  });

  motion.addEventListener('change', update);
  dots.dataset.enhanced = 'true';
  controls.hidden = false;
  // A dot link followed before this module ran has already moved the strip.
  index = shown();
  update();
}
