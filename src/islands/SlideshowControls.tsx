/**
 * The hero's slideshow controls (HeroSlideshow.astro). The photos are the page's static strip (`stripId`), a
 * scroll-snap list whose first photo is the LCP image; this island only scrolls it. Server-rendered, it is a dot
 * link per photo (`#slide-n`), which works before it runs and without JavaScript. Running, it draws a
 * 'Pausar apresentação' button and a dot button per photo, and advances the strip every `interval` ms, cycling,
 * the first advance `interval` ms after the page started (`client:due` hydrates it a second before). A dot jumps,
 * pauses and resumes `pause` ms later; the button stops the advance until 'Retomar apresentação' (anything
 * that moves by itself for more than 5 s can be paused). Under reduced motion or Save-Data nothing moves by
 * itself, so there is no button; nor does it while the page is hidden. The dots are one Tab stop (the current
 * photo's), the arrow keys move between them. A swipe of the strip moves the dots along.
 */
import { type KeyboardEvent, useEffect, useEffectEvent, useRef, useState } from 'react';
import { isSavingData, itemAfterKey, REDUCED_MOTION_QUERY, wrapIndex } from '../lib/carousel.ts';
import { navigatorConnection } from './browser.ts';
import { useEarlyActions } from './early-reach.ts';
import { useMediaQuery, usePageShown } from './hooks.ts';
import Icon from './Icon.tsx';

interface Props {
  /** How many photos the strip holds. */
  count: number;
  /** Each photo stays this long (ms); the first advance is due this long after the page started. */
  interval: number;
  /** After a dot is pressed, the advance waits this long (ms). */
  pause: number;
  /** The id of the strip of photos (`[data-slideshow]`). */
  stripId: string;
}

/** The photo of slide `index` of the strip (wrapping). */
function photoOf(strip: HTMLElement | null, index: number, count: number): HTMLImageElement | null {
  return strip?.querySelectorAll<HTMLElement>('.slide')[wrapIndex(index, count)]?.querySelector('img') ?? null;
}

/** The slide the strip shows (a dot link followed, or a swipe); `fallback` while it has no width. */
function slideShown(strip: HTMLElement, count: number, fallback: number): number {
  return strip.clientWidth > 0 ? wrapIndex(Math.round(strip.scrollLeft / strip.clientWidth), count) : fallback;
}

export default function SlideshowControls({ count, interval, pause, stripId }: Props) {
  const rootRef = useRef<HTMLDivElement>(null);
  const stripRef = useRef<HTMLElement | null>(null);
  const dotsRef = useRef<(HTMLButtonElement | null)[]>([]);
  const resumeTimer = useRef<number | undefined>(undefined);
  /** Until the first advance or the visitor's first move, the advance counts from the page's start. */
  const isFirstAdvance = useRef(true);
  /** False on the server and while hydrating: the dot links. */
  const [isStarted, setStarted] = useState(false);
  const [savesData, setSavesData] = useState(false);
  const [index, setIndex] = useState(0);
  /** A dot was pressed: the advance waits `pause` ms. */
  const [isPaused, setPaused] = useState(false);
  /** The visitor stopped the slideshow with its button. */
  const [isStopped, setStopped] = useState(false);
  const prefersReducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const isPageShown = usePageShown();
  useEarlyActions(rootRef);

  const isStill = prefersReducedMotion || savesData || count < 2;
  const isMoving = isStarted && !isStill && !isPaused && !isStopped && isPageShown;

  function show(target: number): void {
    const next = wrapIndex(target, count);
    setIndex(next);
    const strip = stripRef.current;
    strip?.scrollTo({ left: next * strip.clientWidth, behavior: prefersReducedMotion ? 'instant' : 'smooth' });
  }

  // Started: the strip, and the photo it shows (a dot link may have been followed before).
  useEffect(() => {
    const strip = document.getElementById(stripId);
    stripRef.current = strip;
    setSavesData(isSavingData(navigatorConnection(), document.documentElement.classList));
    if (strip) setIndex(slideShown(strip, count, 0));
    setStarted(true);
    return () => window.clearTimeout(resumeTimer.current);
  }, [stripId, count]);

  // A swipe or a keyboard scroll of the strip moves the dots along, and counts the next advance from there.
  const onScrollEnd = useEffectEvent(() => {
    const strip = stripRef.current;
    isFirstAdvance.current = false;
    if (strip) setIndex(slideShown(strip, count, index));
  });
  useEffect(() => {
    const strip = stripRef.current;
    if (!isStarted || !strip) return;
    const listen = () => onScrollEnd();
    strip.addEventListener('scrollend', listen);
    return () => strip.removeEventListener('scrollend', listen);
  }, [isStarted]);

  // The photo after the one shown is fetched while it is shown (the photos after the first are lazy, so the page's
  // load fetched the first, the LCP image, alone); only when the slideshow moves by itself, which shows it unasked.
  useEffect(() => {
    const photo = photoOf(stripRef.current, index + 1, count);
    if (isStarted && !isStill && photo) photo.setAttribute('loading', 'eager');
  }, [isStarted, isStill, index, count]);

  // One timer per photo shown: a dot, a swipe or the button restarts the count. Never onto a photo that has not
  // arrived (on a slow link the strip would slide onto an empty slide): the advance waits for it.
  const advance = useEffectEvent(() => {
    isFirstAdvance.current = false;
    show(index + 1);
  });
  useEffect(() => {
    // Back from the background, the photo shown gets its full time: the count from the page's start is over.
    if (!isPageShown) isFirstAdvance.current = false;
    if (!isMoving) return;
    const delay = isFirstAdvance.current ? Math.max(0, interval - performance.now()) : interval;
    const arrived = new AbortController();
    const go = () => advance();
    const timer = window.setTimeout(() => {
      const photo = photoOf(stripRef.current, index + 1, count);
      if (!photo || photo.complete) return go();
      photo.addEventListener('load', go, { once: true, signal: arrived.signal });
      photo.addEventListener('error', go, { once: true, signal: arrived.signal });
    }, delay);
    return () => {
      window.clearTimeout(timer);
      arrived.abort();
    };
  }, [isMoving, isPageShown, index, interval, count]);

  function pressDot(dot: number): void {
    isFirstAdvance.current = false;
    // Stopped by the visitor: a dot only jumps, the slideshow stays stopped.
    if (!isStopped) {
      setPaused(true);
      window.clearTimeout(resumeTimer.current);
      resumeTimer.current = window.setTimeout(() => setPaused(false), pause);
    }
    show(dot);
  }

  function toggle(): void {
    isFirstAdvance.current = false;
    window.clearTimeout(resumeTimer.current);
    setPaused(false);
    setStopped(!isStopped);
  }

  // ← and → (Home, End) on a dot choose the photo before or after (the first, the last), as a press on its dot would.
  const onKeyDown = (event: KeyboardEvent) => {
    const from = dotsRef.current.indexOf(event.target as HTMLButtonElement);
    if (from === -1 || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = itemAfterKey(event.key, from, count, true);
    if (target === null) return;
    event.preventDefault();
    pressDot(target);
    dotsRef.current[target]?.focus();
  };

  const dots = Array.from({ length: count }, (_, dot) => dot);
  const name = (dot: number) => `Foto ${dot + 1} de ${count}`;
  const state = isStill ? 'still' : isPaused || isStopped ? 'paused' : 'playing';
  return (
    <div ref={rootRef} className="dots" data-slideshow-dots>
      {isStarted ? (
        <div className="slide-controls">
          <button type="button" className="slide-toggle" hidden={isStill} onClick={toggle}>
            <Icon name={isStopped ? 'play' : 'pause'} />
            <span className="visually-hidden">{isStopped ? 'Retomar apresentação' : 'Pausar apresentação'}</span>
          </button>
          <nav aria-label="Escolher foto">
            <ul className="slide-dots" data-slideshow-index={index + 1} data-slideshow-state={state} onKeyDown={onKeyDown}>
              {dots.map((dot) => (
                <li key={dot}>
                  <button
                    type="button"
                    className="dot"
                    ref={(button) => {
                      dotsRef.current[dot] = button;
                    }}
                    aria-current={dot === index ? 'true' : undefined}
                    tabIndex={dot === index ? 0 : -1}
                    onClick={() => pressDot(dot)}
                  >
                    <span className="visually-hidden">{name(dot)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      ) : (
        <nav aria-label="Escolher foto">
          <ul className="dot-links">
            {dots.map((dot) => (
              <li key={dot}>
                <a className={dot === 0 ? 'dot is-active' : 'dot'} href={`#slide-${dot + 1}`} data-slide-dot={dot + 1}>
                  <span className="visually-hidden">{name(dot)}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
