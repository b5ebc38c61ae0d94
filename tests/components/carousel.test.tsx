/**
 * The home's carousel island (src/islands/Carousel.tsx) around static cards, in jsdom: the server's HTML
 * and its hydration, the pages 'Anterior' / 'Próximo' turn, the auto-slide and what pauses or stops it,
 * the one Tab stop and the arrow keys, a swipe. jsdom lays nothing out: the window's width sets the cards a
 * view (itemsPerView), a card's box is stubbed where a swipe needs one. In a browser: tests/e2e/interaction.spec.ts
 * and hands.spec.ts.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Carousel from '../../src/islands/Carousel.tsx';
import { answerMediaQueries, preferReducedMotion } from '../support/reduced-motion.ts';

beforeEach(() => {
  answerMediaQueries();
  HTMLElement.prototype.scrollTo = vi.fn() as unknown as typeof HTMLElement.prototype.scrollTo;
  // Every control has a box (jsdom lays nothing out): the keyboard moves to a card's visible controls.
  HTMLElement.prototype.getClientRects = () => [new DOMRect(0, 0, 10, 10)] as unknown as DOMRectList;
  setWidth(1024);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.documentElement.className = '';
  Reflect.deleteProperty(document, 'visibilityState');
});

function setWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
}

/** The static cards, as ItemCard.astro draws them: the cover's mouse shortcut (out of Tab), the heart, the title link. */
function cards(count: number) {
  const numbers = Array.from({ length: count }, (_, index) => index + 1);
  return (
    <ul data-carousel-track>
      {numbers.map((number) => (
        <li key={number} data-carousel-item>
          <article>
            {/* biome-ignore lint/a11y/useAnchorContent: the cover's mouse shortcut, out of the accessibility tree as on a card. */}
            <a className="cover" href={`/tour/${number}`} tabIndex={-1} aria-hidden="true">
              foto
            </a>
            <button type="button" data-favourite>
              Salvar
            </button>
            <h3>
              <a href={`/tour/${number}`}>{`Passeio ${number}`}</a>
            </h3>
          </article>
        </li>
      ))}
    </ul>
  );
}

type Options = { count?: number; interval?: number; isClamped?: boolean; gridFromTablet?: boolean };

function element({ count = 12, interval = 5000, isClamped, gridFromTablet }: Options = {}) {
  return (
    <Carousel label="Passeios" interval={interval} count={count} isClamped={isClamped} gridFromTablet={gridFromTablet}>
      {cards(count)}
    </Carousel>
  );
}

/** The server's HTML of the carousel, hydrated as `client:near` does. */
function hydrate(options: Options = {}) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element(options));
  document.body.append(container);
  render(element(options), { container, hydrate: true });
  return container;
}

const group = () => screen.getByRole('group', { name: 'Passeios' });
const frame = () => group().querySelector('.carousel-frame') as HTMLElement;
const indicator = () => group().querySelector('[data-carousel-indicator]')?.textContent;
const previous = () => screen.getByRole('button', { name: 'Anterior: Passeios' });
const next = () => screen.getByRole('button', { name: 'Próximo: Passeios' });
const titleLinks = () => screen.getAllByRole('link', { name: /^Passeio \d+$/ });
/** The cards whose title link Tab stops at. */
const stops = () =>
  titleLinks()
    .map((link, index) => (link.getAttribute('tabindex') === '-1' ? null : index))
    .filter((index) => index !== null);

describe('Carousel', () => {
  it('is server-rendered with its controls waiting, hidden, and every card a Tab stop; hydrated, it starts on the first page', () => {
    const html = renderToString(element());
    const server = document.createElement('div');
    server.innerHTML = html;
    const controls = server.querySelector('[data-carousel-controls]');
    expect(controls?.hasAttribute('data-carousel-pending')).toBe(true);
    expect(controls?.getAttribute('aria-hidden')).toBe('true');
    expect(server.querySelector('[data-carousel-indicator]')?.textContent).toBe('');
    expect([...server.querySelectorAll('button.carousel-button')].every((button) => button.hasAttribute('disabled'))).toBe(true);
    expect(server.querySelectorAll('h3 a[tabindex="-1"]')).toHaveLength(0);

    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    hydrate();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(group().querySelector('[data-carousel-pending]')).toBeNull();
    expect(group().getAttribute('aria-roledescription')).toBe('carrossel');
    // 12 cards, three a view from 768 px: 4 pages; one card is a Tab stop, its heart too; the cover stays out of Tab.
    expect(indicator()).toBe('1 de 4');
    expect(stops()).toEqual([0]);
    const first = titleLinks()[0]?.closest('li') as HTMLElement;
    expect(within(first).getByRole('button', { name: 'Salvar' }).hasAttribute('tabindex')).toBe(false);
    expect(first.querySelector('a.cover')?.getAttribute('tabindex')).toBe('-1');
    expect(frame().dataset.carouselAuto).toBe('running');
  });

  describe.each([
    { isClamped: false, name: 'wrapping', beforeFirst: '4 de 4', afterLast: '1 de 4' },
    { isClamped: true, name: 'clamped at the ends', beforeFirst: '1 de 4', afterLast: '4 de 4' },
  ])('Anterior / Próximo, $name', ({ isClamped, beforeFirst, afterLast }) => {
    it('turn a page, scroll the list there and bring the Tab stop to its first card', () => {
      hydrate({ isClamped, interval: 0 });
      fireEvent.click(next());
      expect(indicator()).toBe('2 de 4');
      expect(frame().dataset.carouselPage).toBe('2');
      expect(stops()).toEqual([3]);
      expect(HTMLElement.prototype.scrollTo).toHaveBeenCalled();
      fireEvent.click(previous());
      expect(indicator()).toBe('1 de 4');
      expect(stops()).toEqual([0]);
    });

    it(`at the first page 'Anterior' goes to ${beforeFirst}, at the last 'Próximo' to ${afterLast}`, () => {
      hydrate({ isClamped, interval: 0 });
      expect(previous().hasAttribute('disabled')).toBe(isClamped);
      fireEvent.click(previous());
      expect(indicator()).toBe(beforeFirst);
      cleanup();
      hydrate({ isClamped, interval: 0 });
      for (let step = 0; step < 3; step++) fireEvent.click(next());
      expect(indicator()).toBe('4 de 4');
      expect(next().hasAttribute('disabled')).toBe(isClamped);
      fireEvent.click(next());
      expect(indicator()).toBe(afterLast);
    });
  });

  it('shows one card a view on a phone, and follows the window when it is resized', () => {
    setWidth(390);
    hydrate();
    expect(indicator()).toBe('1 de 12');
    setWidth(1280);
    act(() => window.dispatchEvent(new Event('resize')));
    expect(indicator()).toBe('1 de 4');
  });

  it('has no controls where the cards are a grid, and every card stays a Tab stop', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(element({ count: 3, gridFromTablet: true }));
    (container.querySelector('[data-carousel-track]') as HTMLElement).style.display = 'grid';
    document.body.append(container);
    render(element({ count: 3, gridFromTablet: true }), { container, hydrate: true });
    expect((group().querySelector('[data-carousel-controls]') as HTMLElement).hidden).toBe(true);
    expect(frame().dataset.carouselAuto).toBe('off');
    expect(stops()).toEqual([0, 1, 2]);
  });

  it('slides every interval, cycling; the pause button stops it until resumed; the pointer, the focus and a hidden page pause it', () => {
    vi.useFakeTimers();
    hydrate({ interval: 5000 });
    const pause = screen.getByRole('button', { name: 'Pausar: Passeios' });
    act(() => vi.advanceTimersByTime(4999));
    expect(indicator()).toBe('1 de 4');
    act(() => vi.advanceTimersByTime(1));
    expect(indicator()).toBe('2 de 4');
    // One turn at a time: each page shown sets the next turn's timer.
    act(() => vi.advanceTimersByTime(5000));
    act(() => vi.advanceTimersByTime(5000));
    expect(indicator()).toBe('4 de 4');
    act(() => vi.advanceTimersByTime(5000));
    expect(indicator()).toBe('1 de 4');
    // While it slides the page is not announced at each turn.
    expect(group().querySelector('[data-carousel-position]')?.getAttribute('aria-live')).toBe('off');

    fireEvent.click(pause);
    expect(pause.textContent).toBe('Retomar: Passeios');
    expect(frame().dataset.carouselAuto).toBe('paused');
    act(() => vi.advanceTimersByTime(30_000));
    expect(indicator()).toBe('1 de 4');
    fireEvent.click(pause);
    expect(pause.textContent).toBe('Pausar: Passeios');
    act(() => vi.advanceTimersByTime(5000));
    expect(indicator()).toBe('2 de 4');

    fireEvent.mouseEnter(frame());
    expect(frame().dataset.carouselAuto).toBe('paused');
    act(() => vi.advanceTimersByTime(30_000));
    expect(indicator()).toBe('2 de 4');
    fireEvent.mouseLeave(frame());
    expect(frame().dataset.carouselAuto).toBe('running');

    act(() => next().focus());
    expect(frame().dataset.carouselAuto).toBe('paused');
    act(() => next().blur());
    expect(frame().dataset.carouselAuto).toBe('running');

    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(frame().dataset.carouselAuto).toBe('paused');
    act(() => vi.advanceTimersByTime(30_000));
    expect(indicator()).toBe('2 de 4');
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    act(() => vi.advanceTimersByTime(5000));
    expect(indicator()).toBe('3 de 4');
  });

  it('restarts the count when the visitor turns a page', () => {
    vi.useFakeTimers();
    hydrate({ interval: 5000 });
    act(() => vi.advanceTimersByTime(4000));
    fireEvent.click(next());
    act(() => vi.advanceTimersByTime(4000));
    expect(indicator()).toBe('2 de 4');
    act(() => vi.advanceTimersByTime(1000));
    expect(indicator()).toBe('3 de 4');
  });

  it.each([
    ['under reduced motion', preferReducedMotion],
    ['with Save-Data', () => document.documentElement.classList.add('save-data')],
    ['with no more cards than a view', () => {}, 3],
  ])('slides nothing by itself %s, and has no pause button', (_, arrange, count = 12) => {
    arrange();
    vi.useFakeTimers();
    hydrate({ count });
    expect(frame().dataset.carouselAuto).toBe('off');
    expect(screen.queryByRole('button', { name: 'Pausar: Passeios' })).toBeNull();
    act(() => vi.advanceTimersByTime(30_000));
    expect(indicator()).toBe(`1 de ${count > 3 ? 4 : 1}`);
  });

  it('moves the one Tab stop with the arrow keys (the same kind of control), turning the pages, Home and End to the ends', () => {
    hydrate({ interval: 0 });
    const links = titleLinks();
    act(() => links[0]?.focus());
    fireEvent.keyDown(links[0] as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(links[1]);
    expect(stops()).toEqual([1]);
    fireEvent.keyDown(links[1] as HTMLElement, { key: 'ArrowRight' });
    fireEvent.keyDown(links[2] as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(links[3]);
    expect(indicator()).toBe('2 de 4');
    fireEvent.keyDown(links[3] as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(links[11]);
    expect(indicator()).toBe('4 de 4');
    fireEvent.keyDown(links[11] as HTMLElement, { key: 'Home' });
    expect(document.activeElement).toBe(links[0]);
    expect(indicator()).toBe('1 de 4');
    // From a heart the arrows go to the next card's heart; with a modifier they are the browser's.
    const hearts = screen.getAllByRole('button', { name: 'Salvar' });
    act(() => hearts[0]?.focus());
    fireEvent.keyDown(hearts[0] as HTMLElement, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(hearts[11]);
    fireEvent.keyDown(hearts[11] as HTMLElement, { key: 'ArrowLeft', altKey: true });
    expect(document.activeElement).toBe(hearts[11]);
  });

  it('follows a swipe: the page of the first card the list shows once it rests', () => {
    setWidth(390);
    hydrate({ interval: 0 });
    const track = group().querySelector('[data-carousel-track]') as HTMLElement;
    const items = [...track.querySelectorAll<HTMLElement>('[data-carousel-item]')];
    // The list scrolled by four cards of 280 px, not to its end.
    track.getBoundingClientRect = () => new DOMRect(0, 0, 300, 400);
    for (const [name, value] of [
      ['scrollLeft', 1120],
      ['scrollWidth', 3360],
      ['clientWidth', 300],
    ] as const)
      Object.defineProperty(track, name, { value, configurable: true });
    items.forEach((item, index) => {
      item.getBoundingClientRect = () => new DOMRect((index - 4) * 280, 0, 280, 400);
    });
    act(() => track.dispatchEvent(new Event('scrollend')));
    expect(indicator()).toBe('5 de 12');
    expect(stops()).toEqual([4]);
  });
});
