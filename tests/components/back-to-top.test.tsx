/**
 * 'Voltar ao topo' (src/islands/back-to-top.ts) in jsdom: it floats into reach when the visitor, a screen
 * down, scrolls back up by their own hand (a wheel turned up, an up key, a finger drawn down), and not when
 * the page moves up by itself right after they scrolled down (the browser's scroll anchoring, as sections
 * above are drawn), which once showed it over what they had come to read.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { floatWhileReaching } from '../../src/islands/back-to-top.ts';

let scrollY = 0;
let link: HTMLElement;

beforeEach(() => {
  document.body.innerHTML = '<main><p>Texto</p><a class="back-to-top" href="#top">Voltar ao topo</a></main>';
  link = document.querySelector('.back-to-top') as HTMLElement;
  scrollY = 0;
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  // A long page: the end is far below (jsdom lays nothing out).
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 20_000 });
  floatWhileReaching(link);
});

afterEach(() => {
  document.body.replaceChildren();
});

/** The page at `y`, as the browser scrolls it. */
function scrollTo(y: number): void {
  scrollY = y;
  window.dispatchEvent(new Event('scroll'));
}

const wheel = (deltaY: number) => window.dispatchEvent(new WheelEvent('wheel', { deltaY }));
const key = (init: KeyboardEventInit) => window.dispatchEvent(new KeyboardEvent('keydown', init));

/** A touch event at `clientY` (jsdom has no TouchEvent): the fields the module reads. */
function touch(type: 'touchstart' | 'touchmove', clientY: number): void {
  const event = new Event(type);
  Object.defineProperty(event, 'touches', { value: [{ clientY }] });
  window.dispatchEvent(event);
}

const isShown = () => link.classList.contains('is-shown');

describe("'Voltar ao topo'", () => {
  it('stays away when the page moves up by itself right after the visitor scrolled down', () => {
    wheel(4000);
    scrollTo(4000);
    // Scroll anchoring: a section above is drawn and the page moves up, within the moment after the wheel.
    scrollTo(3906);
    expect(isShown()).toBe(false);
  });

  it('comes when the visitor turns the wheel up a screen down, and goes when they scroll down', () => {
    scrollTo(4000);
    wheel(-400);
    scrollTo(3600);
    expect(isShown()).toBe(true);
    wheel(400);
    scrollTo(4000);
    expect(isShown()).toBe(false);
  });

  it('stays away near the top, where the top is in reach already', () => {
    scrollTo(600);
    wheel(-400);
    scrollTo(200);
    expect(isShown()).toBe(false);
  });

  it.each([
    ['PageUp', { key: 'PageUp' }],
    ['ArrowUp', { key: 'ArrowUp' }],
    ['Home', { key: 'Home' }],
    ['Shift+Space', { key: ' ', shiftKey: true }],
  ])('comes on %s, not on the key that scrolls down', (_name, init) => {
    scrollTo(4000);
    key(init);
    scrollTo(3200);
    expect(isShown()).toBe(true);
    key({ key: 'PageDown' });
    scrollTo(3100);
    expect(isShown()).toBe(false);
  });

  it('comes when a finger draws the page down, not when it pushes it up and the page then moves up by itself', () => {
    scrollTo(4000);
    touch('touchstart', 300);
    touch('touchmove', 200);
    scrollTo(4100);
    scrollTo(4050);
    expect(isShown()).toBe(false);
    touch('touchmove', 400);
    scrollTo(3900);
    expect(isShown()).toBe(true);
  });
});
