/**
 * The maps and the Spotify player shown on request, as the sample build serves them: the placeholder
 * with its links inside an island (src/islands/EmbedOnRequest.tsx) that waits for the visitor's reach,
 * its button shown only where scripts run, no frame in the page. Pressing it, early or not, is
 * tests/components/EmbedOnRequest.test.tsx; no request before, in a browser, tests/e2e/contact.spec.ts (the
 * contact map), tests/e2e/home.spec.ts (the player) and tests/e2e/details.spec.ts (nothing foreign on /accommodation/201).
 */
import { describe, expect, it } from 'vitest';
import { one, page } from '../support/dist-pages.ts';

describe.each([
  [
    '/contato',
    'Mostrar mapa',
    /^https:\/\/www\.google\.com\/maps\?q=-15\.0728%2C-57\.1817&output=embed$/,
    /^Mapa: Av\. Beira Rio/,
  ],
  // The accommodation's own address, for a map of where it is.
  [
    '/accommodation/201',
    'Mostrar mapa',
    /^https:\/\/www\.google\.com\/maps\?q=.*Av\.%20Beira%20Rio%2C%20780.*&output=embed$/,
    /^Mapa: /,
  ],
  ['/', /^Ouvir aqui/, /^https:\/\/open\.spotify\.com\/embed\/episode\/\w+$/, /^Player do Spotify: Ep\. 7/],
])('%s', (path, trigger, frame, title) => {
  const button = () => one(page(path), 'button', trigger, { exact: false });

  it('serves the placeholder with no frame: nothing is asked of the third party until the visitor presses', () => {
    expect(page(path).querySelector('iframe')).toBeNull();
  });

  it('shows the button only where scripts run, in an island that waits for the reach', () => {
    expect(button().classList.contains('js-only')).toBe(true);
    expect(button().hasAttribute('data-embed-trigger')).toBe(true);
    const island = button().closest('astro-island');
    expect(island?.getAttribute('client')).toBe('reach');
    expect(island?.getAttribute('component-url')).toMatch(/\/EmbedOnRequest\.[\w-]+\.js$/);
    // The placeholder is the island's children, static HTML: its props are the frame alone.
    const props = JSON.parse(island?.getAttribute('props') ?? '{}') as Record<string, [0, string]>;
    expect(Object.keys(props).sort()).toEqual(
      path === '/' ? ['allow', 'className', 'src', 'title'] : ['className', 'src', 'title'],
    );
    expect(props.src?.[1]).toMatch(frame);
    expect(props.title?.[1]).toMatch(title);
  });
});

it("the home's player says what each control does: 'Ouvir aqui' (only where scripts run) plays in the page", () => {
  const note = page('/').querySelector('.player-note') as Element;
  // Without scripts there is no 'Ouvir aqui': only the Spotify link, which opens a new tab.
  expect(note.querySelector('.no-js-only')?.textContent).toBe('“Ouvir no Spotify” abre em uma nova aba.');
  expect(note.querySelector('.js-only')?.textContent).toBe(
    '“Ouvir no Spotify” abre em uma nova aba. “Ouvir aqui” carrega o player do Spotify nesta página.',
  );
  expect(note.textContent).not.toContain('O player abre no Spotify');
});
