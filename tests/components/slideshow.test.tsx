/**
 * The hero's slideshow controls (src/islands/SlideshowControls.tsx) over a static strip of photos, in jsdom
 * on a fake clock (timers and performance.now(), which counts from the page's start): the cycle of 5 s,
 * the first advance counted from the page's start, a dot's pause of 3 s, the pause button, the photo that
 * has not arrived yet, what keeps it still, the arrow keys and a swipe. No real second is waited, so a loaded
 * machine cannot make it late. In a browser (the island's arrival, a real advance and a dot): tests/e2e/interaction.spec.ts.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SlideshowControls from '../../src/islands/SlideshowControls.tsx';
import { answerMediaQueries, preferReducedMotion } from '../support/reduced-motion.ts';

const COUNT = 6;
const INTERVAL = 5000;
const PAUSE = 3000;
const WIDTH = 390;

let strip: HTMLElement;
let photos: HTMLImageElement[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
  answerMediaQueries();
  // The page's static strip (HeroSlideshow.astro): a slide per photo, the first one shown.
  strip = document.createElement('div');
  strip.id = 'inicio-fotos';
  strip.innerHTML = Array.from(
    { length: COUNT },
    (_, index) => `<li class="slide"><img alt="foto ${index + 1}" loading="${index === 0 ? 'eager' : 'lazy'}"></li>`,
  ).join('');
  Object.defineProperty(strip, 'clientWidth', { value: WIDTH, configurable: true });
  strip.scrollTo = ((options: ScrollToOptions) => {
    strip.scrollLeft = options.left ?? 0;
  }) as typeof strip.scrollTo;
  document.body.append(strip);
  photos = [...strip.querySelectorAll('img')];
  // Every photo has arrived unless a test says otherwise.
  for (const photo of photos) Object.defineProperty(photo, 'complete', { value: true, configurable: true });
});

afterEach(() => {
  cleanup();
  strip.remove();
  vi.useRealTimers();
  document.documentElement.className = '';
  Reflect.deleteProperty(document, 'visibilityState');
});

const element = () => <SlideshowControls count={COUNT} interval={INTERVAL} pause={PAUSE} stripId="inicio-fotos" />;

/** The server's HTML, hydrated as `client:due` does, `at` ms after the page started. */
function hydrate(at = 4000) {
  act(() => vi.advanceTimersByTime(at));
  const container = document.createElement('div');
  container.innerHTML = renderToString(element());
  document.body.append(container);
  render(element(), { container, hydrate: true });
}

const dots = () => screen.getByRole('navigation', { name: 'Escolher foto' }).querySelectorAll('button');
const dot = (number: number) => screen.getByRole('button', { name: `Foto ${number} de ${COUNT}` });
/** The photo shown, from 1: the dot marked current, and where the strip is. */
function shown(): number {
  const current = [...dots()].findIndex((button) => button.getAttribute('aria-current') === 'true') + 1;
  expect(Math.round(strip.scrollLeft / WIDTH) + 1, 'the strip').toBe(current);
  return current;
}
const state = () => screen.getByRole('navigation', { name: 'Escolher foto' }).querySelector('ul')?.dataset.slideshowState;
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('SlideshowControls', () => {
  it('is a dot link per photo in the server’s HTML; running, a dot button per photo, one Tab stop, and the pause button', () => {
    const server = document.createElement('div');
    server.innerHTML = renderToString(element());
    expect([...server.querySelectorAll('a[data-slide-dot]')].map((link) => link.getAttribute('href'))).toEqual(
      Array.from({ length: COUNT }, (_, index) => `#slide-${index + 1}`),
    );
    expect(server.querySelectorAll('button')).toHaveLength(0);

    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    hydrate();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(dots()).toHaveLength(COUNT);
    expect([...dots()].map((button) => button.tabIndex)).toEqual([0, -1, -1, -1, -1, -1]);
    expect(shown()).toBe(1);
    expect(state()).toBe('playing');
    expect(screen.getByRole('button', { name: 'Pausar apresentação' })).toBeTruthy();
    // The photo after the one shown is fetched while it is shown.
    expect(photos[1]?.getAttribute('loading')).toBe('eager');
    expect(photos[2]?.getAttribute('loading')).toBe('lazy');
  });

  it('advances every 5 s, the first advance 5 s after the page started, cycling back to the first photo', () => {
    hydrate(4000);
    wait(999);
    expect(shown()).toBe(1);
    wait(1);
    expect(shown()).toBe(2);
    expect(photos[2]?.getAttribute('loading')).toBe('eager');
    for (let photo = 3; photo <= COUNT; photo++) {
      wait(INTERVAL - 1);
      expect(shown()).toBe(photo - 1);
      wait(1);
      expect(shown()).toBe(photo);
    }
    wait(INTERVAL);
    expect(shown()).toBe(1);
  });

  it('jumps to a dot’s photo, waits 3 s, then goes on with a full 5 s on it', () => {
    hydrate();
    wait(1000);
    expect(shown()).toBe(2);
    fireEvent.click(dot(5));
    expect(shown()).toBe(5);
    expect(state()).toBe('paused');
    wait(PAUSE - 1);
    expect(state()).toBe('paused');
    wait(1);
    expect(state()).toBe('playing');
    wait(INTERVAL - 1);
    expect(shown()).toBe(5);
    wait(1);
    expect(shown()).toBe(6);
  });

  it('stops with its button until resumed; a dot then only jumps; resumed, a full 5 s on the photo shown', () => {
    hydrate();
    wait(1000);
    const toggle = screen.getByRole('button', { name: 'Pausar apresentação' });
    fireEvent.click(toggle);
    expect(toggle.textContent).toBe('Retomar apresentação');
    expect(state()).toBe('paused');
    wait(20_000);
    expect(shown()).toBe(2);
    fireEvent.click(dot(4));
    wait(10_000);
    expect(shown()).toBe(4);
    expect(state()).toBe('paused');
    fireEvent.click(toggle);
    expect(toggle.textContent).toBe('Pausar apresentação');
    expect(state()).toBe('playing');
    wait(INTERVAL - 1);
    expect(shown()).toBe(4);
    wait(1);
    expect(shown()).toBe(5);
  });

  it('never slides onto a photo that has not arrived: the advance waits for it', () => {
    Object.defineProperty(photos[1], 'complete', { value: false, configurable: true });
    hydrate();
    wait(10_000);
    expect(shown()).toBe(1);
    act(() => photos[1]?.dispatchEvent(new Event('load')));
    expect(shown()).toBe(2);
  });

  it('moves nothing while the page is hidden, and gives the photo shown its full 5 s once it is back', () => {
    hydrate();
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    wait(30_000);
    expect(shown()).toBe(1);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    wait(INTERVAL - 1);
    expect(shown()).toBe(1);
    wait(1);
    expect(shown()).toBe(2);
  });

  it.each([
    ['under reduced motion', preferReducedMotion],
    ['with Save-Data', () => document.documentElement.classList.add('save-data')],
  ])('stays still %s, with no pause button and no photo fetched ahead; the dots still jump', (_, arrange) => {
    arrange();
    hydrate();
    expect(state()).toBe('still');
    expect(screen.queryByRole('button', { name: /apresentação/ })).toBeNull();
    expect(photos[1]?.getAttribute('loading')).toBe('lazy');
    wait(30_000);
    expect(shown()).toBe(1);
    fireEvent.click(dot(3));
    expect(shown()).toBe(3);
    wait(30_000);
    expect(shown()).toBe(3);
  });

  it('starts from the photo the strip shows (a dot link followed before it came), and follows a swipe', () => {
    strip.scrollLeft = 3 * WIDTH;
    hydrate();
    expect(shown()).toBe(4);
    strip.scrollLeft = 1 * WIDTH;
    act(() => strip.dispatchEvent(new Event('scrollend')));
    expect(shown()).toBe(2);
    // The swipe restarted the count.
    wait(INTERVAL - 1);
    expect(shown()).toBe(2);
    wait(1);
    expect(shown()).toBe(3);
  });

  it('moves between the dots with the arrow keys, Home and End, as a press on the dot', () => {
    hydrate();
    act(() => dot(1).focus());
    fireEvent.keyDown(dot(1), { key: 'ArrowLeft' });
    expect(shown()).toBe(6);
    expect(document.activeElement).toBe(dot(6));
    expect(dot(6).tabIndex).toBe(0);
    fireEvent.keyDown(dot(6), { key: 'Home' });
    expect(shown()).toBe(1);
    fireEvent.keyDown(dot(1), { key: 'End' });
    expect(document.activeElement).toBe(dot(6));
    expect(state()).toBe('paused');
  });
});
