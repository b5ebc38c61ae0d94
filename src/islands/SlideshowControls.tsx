/**
 * Enhances the hero's scroll-snap strip of city photos (docs/product.md): auto-advance every 5 s,
 * cycling; the static '#slide-n' dot links give way to dot buttons (aria-current on the photo shown);
 * a dot click jumps, pauses and resumes 3 s later. A 'Pausar apresentação' button stops the
 * auto-advance until 'Retomar apresentação' (WCAG 2.2.2: anything that moves by itself for more than
 * 5 s can be paused). Under reduced motion nothing moves by itself, so there is no button.
 * The first photo stays the server-rendered LCP image: this island only scrolls the strip.
 * Nothing is rendered on the server: the static dot links serve until the island runs.
 */
import { useEffect, useRef, useState } from 'react';
import { isSavingData, REDUCED_MOTION_QUERY, wrapIndex } from '../lib/carousel.ts';
import { navigatorConnection } from './browser.ts';

interface Props {
  /** Number of slides. */
  count: number;
  /** Auto-advance interval (ms). */
  interval?: number;
  /** Pause after a dot click (ms). */
  pause?: number;
}

function stripOf(dots: HTMLElement | null): HTMLElement | null {
  return dots?.closest('section')?.querySelector<HTMLElement>('[data-slideshow]') ?? null;
}

/** The photo of the slide after slide `index` (0-based) of the slideshow whose dots are in `dots`. */
function nextPhoto(dots: HTMLElement | null, index: number, count: number): HTMLImageElement | null {
  return stripOf(dots)?.querySelectorAll('.slide')[wrapIndex(index + 1, count)]?.querySelector('img') ?? null;
}

/**
 * Fetches a slide's photo now: photos after the first are lazy (the page load fetches the first
 * photo alone, HeroSlideshow.astro), so the next one is fetched while the current one is shown.
 */
function warm(photo: HTMLImageElement | null): void {
  if (photo) photo.loading = 'eager';
}

export default function SlideshowControls({ count, interval = 5000, pause = 3000 }: Props) {
  const rootRef = useRef<HTMLDivElement>(null);
  const resumeTimer = useRef<number | undefined>(undefined);
  /** Until the first advance or the visitor's first move, the timer counts from the page's start. */
  const isFirstAdvance = useRef(true);
  const [isMounted, setMounted] = useState(false);
  const [index, setIndex] = useState(0);
  const [isPaused, setPaused] = useState(false);
  const [isStopped, setStopped] = useState(false);
  const [isReducedMotion, setReducedMotion] = useState(true);

  useEffect(() => {
    setMounted(true);
  }, []);

  useEffect(() => {
    if (!isMounted) return;
    const dots = rootRef.current?.closest<HTMLElement>('[data-slideshow-dots]');
    if (dots) dots.dataset.enhanced = 'true';
    const motion = window.matchMedia(REDUCED_MOTION_QUERY);
    // Save-Data or prefers-reduced-data: the photos stay still too.
    const onMotion = () =>
      setReducedMotion(motion.matches || isSavingData(navigatorConnection(), document.documentElement.classList));
    onMotion();
    motion.addEventListener('change', onMotion);
    // A swipe or a keyboard scroll of the strip moves the dots along.
    const slides = stripOf(rootRef.current);
    const sync = () => {
      if (slides && slides.clientWidth > 0) setIndex(wrapIndex(Math.round(slides.scrollLeft / slides.clientWidth), count));
    };
    const onScrollEnd = () => {
      isFirstAdvance.current = false;
      sync();
    };
    slides?.addEventListener('scrollend', onScrollEnd);
    // A dot link followed before this island ran has already moved the strip.
    sync();
    return () => {
      motion.removeEventListener('change', onMotion);
      slides?.removeEventListener('scrollend', onScrollEnd);
      window.clearTimeout(resumeTimer.current);
    };
  }, [count, isMounted]);

  const show = (target: number) => {
    const slides = stripOf(rootRef.current);
    const next = wrapIndex(target, count);
    if (slides) {
      const behavior = window.matchMedia(REDUCED_MOTION_QUERY).matches ? 'instant' : 'smooth';
      slides.scrollTo({ left: next * slides.clientWidth, behavior });
    }
    setIndex(next);
  };

  // The photo after the one shown is fetched while it is shown (only with auto-advance, which shows it unasked).
  useEffect(() => {
    if (isMounted && !isReducedMotion && count > 1) warm(nextPhoto(rootRef.current, index, count));
  }, [count, index, isMounted, isReducedMotion]);

  // One timer per slide shown: a swipe restarts the count. The first advance is due `interval` after
  // the page started (client:due hydrates this island then): it comes at once if that time has passed,
  // but never before the next photo has arrived (on a slow link the strip would slide onto an empty slide).
  useEffect(() => {
    if (!isMounted || isPaused || isStopped || isReducedMotion || count < 2) return;
    const delay = isFirstAdvance.current ? Math.max(0, interval - performance.now()) : interval;
    const arrived = new AbortController();
    const advance = () => {
      isFirstAdvance.current = false;
      show(index + 1);
    };
    const timer = window.setTimeout(() => {
      const photo = nextPhoto(rootRef.current, index, count);
      if (!photo || photo.complete) return advance();
      photo.addEventListener('load', advance, { once: true, signal: arrived.signal });
      photo.addEventListener('error', advance, { once: true, signal: arrived.signal });
    }, delay);
    return () => {
      window.clearTimeout(timer);
      arrived.abort();
    };
  });

  const onDot = (target: number) => {
    isFirstAdvance.current = false;
    show(target);
    // Stopped by the visitor: a dot only jumps, the slideshow stays stopped.
    if (isStopped) return;
    setPaused(true);
    window.clearTimeout(resumeTimer.current);
    resumeTimer.current = window.setTimeout(() => setPaused(false), pause);
  };

  const onToggle = () => {
    isFirstAdvance.current = false;
    window.clearTimeout(resumeTimer.current);
    setPaused(false);
    setStopped(!isStopped);
  };

  if (!isMounted) return null;
  const isStill = isReducedMotion || count < 2;

  return (
    <div ref={rootRef} className="slide-controls">
      {!isStill && (
        <button type="button" className="slide-toggle" onClick={onToggle}>
          <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
            <path d={isStopped ? 'M8 5v14l11-7z' : 'M6 5h4v14H6zm8 0h4v14h-4z'} />
          </svg>
          <span className="visually-hidden">{isStopped ? 'Retomar apresentação' : 'Pausar apresentação'}</span>
        </button>
      )}
      <nav aria-label="Escolher foto">
        <ul
          className="slide-dots"
          data-slideshow-index={index + 1}
          data-slideshow-state={isStill ? 'still' : isPaused || isStopped ? 'paused' : 'playing'}
        >
          {Array.from({ length: count }, (_, dot) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the dots are positions, nothing reorders them.
            <li key={dot}>
              <button
                type="button"
                className="dot"
                aria-current={dot === index ? 'true' : undefined}
                data-slide-dot={dot + 1}
                onClick={() => onDot(dot)}
              >
                <span className="visually-hidden">
                  Foto {dot + 1} de {count}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
