/**
 * The pagination of the lists and the portals (src/islands/Pagination.tsx), one rendering for the
 * static pages and the portals' filtered results: what a screen reader meets in it, where each link
 * leads, a hostile search kept inside its href, and a plain click followed in place.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Pagination from '../../src/islands/Pagination.tsx';

/** The pagination as a visitor's screen reader meets it: each item's text, where it leads, and its state. */
const items = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('li'), (item) => {
    const link = item.querySelector('a');
    const text = item.textContent?.replace(/\s+/g, ' ').trim();
    if (!link) return item.getAttribute('aria-hidden') === 'true' ? '(…)' : `${text} (disabled)`;
    return `${text} → ${link.getAttribute('href')} (data-page ${link.dataset.page})${link.getAttribute('aria-current') === 'page' ? ' (current)' : ''}`;
  });
const href = (page: number) => `/news?q=rio&pagina=${page}`;

afterEach(cleanup);

describe.each([
  [1, 1, []],
  [1, 0, []],
  [
    1,
    3,
    [
      'Primeira (disabled)',
      'Anterior (disabled)',
      'Página 1 → /news?q=rio&pagina=1 (data-page 1) (current)',
      'Página 2 → /news?q=rio&pagina=2 (data-page 2)',
      'Página 3 → /news?q=rio&pagina=3 (data-page 3)',
      'Próxima → /news?q=rio&pagina=2 (data-page 2)',
      'Última → /news?q=rio&pagina=3 (data-page 3)',
    ],
  ],
  [
    42,
    84,
    [
      'Primeira → /news?q=rio&pagina=1 (data-page 1)',
      'Anterior → /news?q=rio&pagina=41 (data-page 41)',
      'Página 1 → /news?q=rio&pagina=1 (data-page 1)',
      '(…)',
      'Página 40 → /news?q=rio&pagina=40 (data-page 40)',
      'Página 41 → /news?q=rio&pagina=41 (data-page 41)',
      'Página 42 → /news?q=rio&pagina=42 (data-page 42) (current)',
      'Página 43 → /news?q=rio&pagina=43 (data-page 43)',
      'Página 44 → /news?q=rio&pagina=44 (data-page 44)',
      '(…)',
      'Página 84 → /news?q=rio&pagina=84 (data-page 84)',
      'Próxima → /news?q=rio&pagina=43 (data-page 43)',
      'Última → /news?q=rio&pagina=84 (data-page 84)',
    ],
  ],
])('page %i of %i', (current, pages, expected) => {
  it(`lists ${expected.length} items`, () => {
    const { container } = render(<Pagination current={current} pages={pages} href={href} />);
    expect(items(container)).toEqual(expected);
    expect(container.querySelectorAll('nav')).toHaveLength(expected.length > 0 ? 1 : 0);
  });
});

it('is one labelled navigation', () => {
  render(<Pagination current={2} pages={3} href={href} />);
  expect(screen.getAllByRole('navigation', { name: 'Paginação' })).toHaveLength(1);
});

it('keeps a searched text inside its href, whatever it holds', () => {
  const hostile = '"><img src=x onerror=alert(1)>&';
  const { container } = render(<Pagination current={1} pages={2} href={(page) => `/news?q=${hostile}&pagina=${page}`} />);
  expect(container.querySelector('img')).toBeNull();
  expect(container.querySelector('a[data-page="2"]')?.getAttribute('href')).toBe(`/news?q=${hostile}&pagina=2`);
});

it('follows a plain click in place, and leaves one with a modifier (a new tab) to the browser', () => {
  const onFollow = vi.fn();
  render(<Pagination current={1} pages={3} href={href} onFollow={onFollow} />);
  const next = screen.getByRole('link', { name: 'Próxima' });
  expect(fireEvent.click(next)).toBe(false);
  expect(onFollow).toHaveBeenCalledWith(2);
  expect(fireEvent.click(screen.getByRole('link', { name: /^Página\s*3$/ }), { ctrlKey: true })).toBe(true);
  expect(onFollow).toHaveBeenCalledTimes(1);
});

it('without onFollow, is links and nothing else (the static pages)', () => {
  render(<Pagination current={1} pages={3} href={href} />);
  expect(fireEvent.click(screen.getByRole('link', { name: 'Próxima' }))).toBe(true);
});
