/**
 * A third-party frame on request (src/islands/EmbedOnRequest.tsx): the placeholder, with its links,
 * until its button is pressed, then the frame in its place, focused; a press before React came opens it
 * once React runs. That no request leaves before, and the frame as a visitor sees it, are
 * tests/e2e/contact.spec.ts (the map) and tests/e2e/home.spec.ts (the podcast player).
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import EmbedOnRequest from '../../src/islands/EmbedOnRequest.tsx';
import { removeServedIslands, serveIsland } from '../support/served-island.tsx';

const MAP = { src: 'https://www.google.com/maps?q=-15.07%2C-57.18&output=embed', title: 'Mapa: Av. Beira Rio, 780' };

/** The placeholder as MapPlaceholder.astro passes it: the address, 'Mostrar mapa' and 'Como chegar'. */
function MapOnRequest(props: { allow?: string }) {
  return (
    <EmbedOnRequest {...MAP} {...props} className="map-frame">
      <div className="placeholder">
        <p>Av. Beira Rio, 780</p>
        <button type="button" className="js-only" data-embed-trigger>
          Mostrar mapa
        </button>
        <a href="#como-chegar">Como chegar</a>
      </div>
    </EmbedOnRequest>
  );
}

afterEach(removeServedIslands);

it('shows the placeholder and no frame until its button is pressed', () => {
  const { container } = render(<MapOnRequest />);
  fireEvent.click(screen.getByText('Av. Beira Rio, 780'));
  fireEvent.click(screen.getByRole('link', { name: 'Como chegar' }));
  expect(container.querySelector('iframe')).toBeNull();
  expect(screen.getByRole('button', { name: 'Mostrar mapa' })).toBeTruthy();
});

it('puts the frame in the placeholder’s place when pressed, and the focus on it', () => {
  const { container } = render(<MapOnRequest allow="autoplay" />);
  fireEvent.click(screen.getByRole('button', { name: 'Mostrar mapa' }));
  const frame = screen.getByTitle(MAP.title) as HTMLIFrameElement;
  expect(frame.getAttribute('src')).toBe(MAP.src);
  expect(frame.getAttribute('allow')).toBe('autoplay');
  expect(frame.getAttribute('referrerpolicy')).toBe('strict-origin-when-cross-origin');
  expect(document.activeElement).toBe(frame);
  const wrapper = container.querySelector('.map-frame');
  expect(wrapper?.hasAttribute('data-embed-shown')).toBe(true);
  expect(wrapper?.children).toHaveLength(1);
  expect(screen.queryByRole('button', { name: 'Mostrar mapa' })).toBeNull();
});

it('is served as the placeholder alone: no frame in the page’s HTML', () => {
  const { served } = serveIsland(<MapOnRequest />);
  expect(served).not.toContain('<iframe');
  expect(served).toContain('data-embed-trigger');
});

it('opens the frame pressed for before React came, once it runs', async () => {
  const { island, hydrate } = serveIsland(<MapOnRequest />);
  fireEvent.click(screen.getByRole('button', { name: 'Mostrar mapa' }));
  expect(island.querySelector('iframe')).toBeNull();
  await hydrate();
  expect(document.activeElement).toBe(island.querySelector(`iframe[title="${MAP.title}"]`));
});

it('opens nothing for a tap elsewhere before React came', async () => {
  const { island, hydrate } = serveIsland(<MapOnRequest />);
  fireEvent.click(screen.getByText('Av. Beira Rio, 780'));
  await hydrate();
  expect(island.querySelector('iframe')).toBeNull();
});
