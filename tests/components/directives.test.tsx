/**
 * What the client directives do before React comes (src/directives/), in jsdom: `client:reach` starts at a
 * reach for the island's own controls, not for a link followed or the static HTML it holds; the early actions kept
 * for an island leave alone the static HTML it holds as children (a carousel's cards and their hearts), and
 * `client:due` hydrates a second before the change is due, but never unasked where nothing moves by itself.
 */
import { fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import due from '../../src/directives/due.ts';
import { PENDING_CLICK, PENDING_EDITS } from '../../src/directives/early-marks.ts';
import { keepEarlyActions } from '../../src/directives/hydrate.ts';
import reach from '../../src/directives/reach.ts';
import { answerMediaQueries, preferReducedMotion } from '../support/reduced-motion.ts';

beforeEach(() => {
  answerMediaQueries();
});

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.className = '';
  vi.useRealTimers();
});

/** An island as Astro writes it: its own markup, and the static HTML given to it as children in an `astro-slot`. */
function island(): HTMLElement {
  const element = document.createElement('astro-island');
  element.setAttribute('ssr', '');
  element.innerHTML = `
    <button type="button" data-own>Pausar</button>
    <astro-slot>
      <ul><li><button type="button" data-favourite>Salvar</button>
      <form><input name="q"><button>Enviar</button></form></li></ul>
      <p><a href="/tour/101">Ver passeio</a> <button type="button" data-island-control>Mostrar mapa</button></p>
    </astro-slot>`;
  document.body.append(element);
  return element;
}

describe('keepEarlyActions', () => {
  it('marks a button of the island pressed before it runs, and not a button of the static HTML it holds', () => {
    const element = island();
    keepEarlyActions(element);
    const own = element.querySelector('[data-own]') as HTMLElement;
    const heart = element.querySelector('[data-favourite]') as HTMLElement;
    fireEvent.click(own);
    fireEvent.click(heart);
    expect(own.hasAttribute(PENDING_CLICK)).toBe(true);
    // The heart works by its own script: pressed again once the island runs, it would undo the visitor's tap.
    expect(heart.hasAttribute(PENDING_CLICK)).toBe(false);
  });

  it("marks a control of the island's own in the static HTML it holds (a placeholder's 'Mostrar mapa')", () => {
    const element = island();
    keepEarlyActions(element);
    const control = element.querySelector('[data-island-control]') as HTMLElement;
    fireEvent.click(control);
    expect(control.hasAttribute(PENDING_CLICK)).toBe(true);
  });

  it('leaves the forms of the static HTML alone: they are sent, and the island is not marked', () => {
    const element = island();
    keepEarlyActions(element);
    const form = element.querySelector('form') as HTMLFormElement;
    fireEvent.input(form.querySelector('input') as HTMLInputElement);
    const submit = new Event('submit', { cancelable: true, bubbles: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
    expect(element.hasAttribute(PENDING_EDITS)).toBe(false);
  });

  it('stops keeping them once removed (the island has started)', () => {
    const element = island();
    const stop = keepEarlyActions(element);
    stop();
    const own = element.querySelector('[data-own]') as HTMLElement;
    fireEvent.click(own);
    expect(own.hasAttribute(PENDING_CLICK)).toBe(false);
  });
});

describe('client:reach', () => {
  /** The island's reach directive, run with no options; resolves to how many times it was hydrated. */
  function watched() {
    const element = island();
    const hydrated = vi.fn();
    reach(() => Promise.resolve(async () => hydrated()), { name: 'Island', value: '' }, element);
    return { element, hydrated };
  }

  it.each([
    ['its own button', '[data-own]', 1],
    ["its control in the static HTML it holds ('Mostrar mapa')", '[data-island-control]', 1],
    ['a heart of the static HTML it holds', '[data-favourite]', 0],
    ['a link followed', 'a[href]', 0],
  ])('a touch on %s starts it %i time(s)', async (_, selector, times) => {
    const { element, hydrated } = watched();
    fireEvent.pointerDown(element.querySelector(selector) as Element);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(hydrated).toHaveBeenCalledTimes(times);
  });
});

describe('client:due', () => {
  /** Runs the directive on an island whose first change is due at 5 s; returns how often it was loaded. */
  function start() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const element = island();
    const hydrate = vi.fn(async () => {});
    const load = vi.fn(async () => hydrate);
    const options = { name: 'SlideshowControls', value: { at: 5000 } } as unknown as Parameters<typeof due>[1];
    due(load, options, element);
    return { element, load };
  }

  it('hydrates the island a second before its first change is due', async () => {
    const { load } = start();
    await vi.advanceTimersByTimeAsync(3999);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['under reduced motion', preferReducedMotion],
    ['with Save-Data', () => document.documentElement.classList.add('save-data')],
  ])('never hydrates it unasked %s (nothing is due), but does at the visitor’s reach', async (_, arrange) => {
    arrange();
    const { element, load } = start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).not.toHaveBeenCalled();
    fireEvent.pointerDown(element.querySelector('[data-own]') as HTMLElement);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
