/**
 * The gallery's photo viewer (src/islands/PhotoViewer.tsx) on its store (src/stores/viewer.ts, a layer of
 * `$layers`): what a tap on a thumbnail opens, the counter, the buttons, the arrow keys and a swipe, closing by
 * hand or by Back with the focus given back to the thumbnail, and a thumbnail tapped before React came.
 * jsdom has no modal dialogs: `showModal` here only opens the element, as the browser does before the top layer.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ISLAND_CONTROL, PENDING_CLICK } from '../../src/directives/early-marks.ts';
import PhotoViewer, { type ViewerPhoto } from '../../src/islands/PhotoViewer.tsx';
import { $layers, closeLayer } from '../../src/stores/layers.ts';
import { serveIsland } from '../support/served-island.tsx';

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(async () => {
  cleanup();
  for (const name of $layers.get()) closeLayer(name);
  await settle();
  document.body.replaceChildren();
});

const TITLE = 'Pousada Tuiuiú';
const PHOTOS: ViewerPhoto[] = Array.from({ length: 9 }, (_, index) => ({
  src: `/_astro/foto-${index + 1}.webp`,
  avif: index === 8 ? null : `/_astro/foto-${index + 1}-720.avif 720w, /_astro/foto-${index + 1}-1080.avif 1080w`,
}));
const SIZES = '(max-width: 1232px) calc(100vw - 32px), 1200px';

/** The gallery's thumbnails, as Gallery.astro writes them: 6 links and 'Mais 3 fotos'. */
function Thumbnails() {
  return (
    <ul data-gallery>
      {PHOTOS.slice(0, 6).map((photo, index) => (
        <li key={photo.src}>
          <a href={photo.src} data-index={index} {...{ [ISLAND_CONTROL]: '' }}>
            <img src={`/thumb-${index + 1}.avif`} alt={`${TITLE} – foto ${index + 1} de 9`} />
          </a>
        </li>
      ))}
      <li className="more">
        <a href={PHOTOS[6]?.src} data-index={6} {...{ [ISLAND_CONTROL]: '' }}>
          Mais 3 fotos
        </a>
      </li>
    </ul>
  );
}

const gallery = (photos = PHOTOS) => (
  <PhotoViewer title={TITLE} photos={photos} sizes={SIZES}>
    <Thumbnails />
  </PhotoViewer>
);

const thumbnail = (index: number) => screen.getAllByRole('link')[index] as HTMLAnchorElement;
const viewer = () => screen.getByRole('dialog', { name: `Fotos: ${TITLE}` });

describe('the photo viewer', () => {
  it('is not in the page until a thumbnail opens it, over every photo, at the one tapped', async () => {
    render(gallery());
    expect(screen.queryByRole('dialog')).toBeNull();
    // Nothing fetched before: no large photo in the page.
    expect(document.querySelector(`img[src="${PHOTOS[1]?.src}"]`)).toBeNull();

    const click = fireEvent.click(thumbnail(1));
    expect(click).toBe(false); // the link is not followed
    await act(settle);
    const dialog = viewer();
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(within(dialog).getByText('2 / 9')).toBeTruthy();
    const photo = within(dialog).getByRole('img');
    expect(photo.getAttribute('src')).toBe(PHOTOS[1]?.src);
    expect(photo.getAttribute('alt')).toBe(`${TITLE} – foto 2 de 9`);
    const avif = dialog.querySelector('source[type="image/avif"]');
    expect(avif?.getAttribute('srcset')).toBe(PHOTOS[1]?.avif);
    expect(avif?.getAttribute('sizes')).toBe(SIZES);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Fechar' }));
    // A layer over the page: a history entry of its own.
    expect($layers.get()).toEqual(['viewer']);
    expect(window.history.state?.layerDepth).toBe(1);
  });

  it("opens at the first photo beyond the thumbnails from 'Mais 3 fotos'", async () => {
    render(gallery());
    fireEvent.click(screen.getByRole('link', { name: 'Mais 3 fotos' }));
    await act(settle);
    expect(within(viewer()).getByText('7 / 9')).toBeTruthy();
  });

  it('pages with its buttons, the arrow keys and a sideways swipe, wrapping at both ends', async () => {
    render(gallery());
    fireEvent.click(thumbnail(0));
    await act(settle);
    const dialog = viewer();
    const counter = () => dialog.querySelector('figcaption')?.textContent;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Foto anterior' }));
    expect(counter()).toBe('9 / 9');
    // The last photo has no AVIF (the placeholder): its <source> goes.
    expect(dialog.querySelector('source')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Próxima foto' }));
    expect(counter()).toBe('1 / 9');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(counter()).toBe('3 / 9');
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(counter()).toBe('2 / 9');
    // A finger 120 px to the left: the next photo; a mostly vertical move: none.
    fireEvent.touchStart(dialog, { touches: [{ clientX: 300, clientY: 400 }] });
    fireEvent.touchEnd(dialog, { changedTouches: [{ clientX: 180, clientY: 410 }] });
    expect(counter()).toBe('3 / 9');
    fireEvent.touchStart(dialog, { touches: [{ clientX: 300, clientY: 400 }] });
    fireEvent.touchEnd(dialog, { changedTouches: [{ clientX: 240, clientY: 200 }] });
    expect(counter()).toBe('3 / 9');
  });

  it('has no buttons to page through a single photo', async () => {
    render(
      <PhotoViewer title={TITLE} photos={PHOTOS.slice(0, 1)} sizes={SIZES}>
        <a href={PHOTOS[0]?.src} data-index={0}>
          Foto
        </a>
      </PhotoViewer>,
    );
    fireEvent.click(screen.getByRole('link'));
    await act(settle);
    expect(
      within(viewer())
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['×Fechar']);
  });

  it.each([
    ['its close button', () => fireEvent.click(within(viewer()).getByRole('button', { name: 'Fechar' }))],
    ['Escape (the dialog’s cancel)', () => fireEvent(viewer(), new Event('cancel', { cancelable: true }))],
    ['a tap beside the photo', () => fireEvent.click(viewer())],
  ])('closes by %s, takes its history entry back and gives the focus back to the thumbnail', async (_, close) => {
    render(gallery());
    fireEvent.click(thumbnail(4));
    await act(settle);
    act(close);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(thumbnail(4));
    await vi.waitFor(() => expect(window.history.state?.layerDepth).toBeUndefined());
    expect($layers.get()).toEqual([]);
  });

  it('stays open for a tap on the photo itself', async () => {
    render(gallery());
    fireEvent.click(thumbnail(0));
    await act(settle);
    fireEvent.click(within(viewer()).getByRole('img'));
    expect(viewer()).toBeTruthy();
  });

  it('closes by Back, the visitor staying on the page, the focus on the thumbnail', async () => {
    render(gallery());
    fireEvent.click(thumbnail(2));
    await act(settle);
    await act(async () => {
      window.history.back();
      await vi.waitFor(() => expect($layers.get()).toEqual([]));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(thumbnail(2));
  });

  it('leaves a click with a modifier key to the browser (a new tab for the photo)', async () => {
    render(gallery());
    expect(fireEvent.click(thumbnail(0), { ctrlKey: true })).toBe(true);
    await act(settle);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('a thumbnail tapped before React came', () => {
  it('is held, not followed, and opens the viewer at that photo once the island runs', async () => {
    // The island as Astro writes it: the server's HTML inside <astro-island ssr>, the directive watching it.
    const { island, hydrate } = serveIsland(gallery());
    const link = island.querySelectorAll('a')[3] as HTMLAnchorElement;
    expect(fireEvent.click(link)).toBe(false);
    expect(link.hasAttribute(PENDING_CLICK)).toBe(true);
    expect(island.querySelector('dialog')).toBeNull();

    await hydrate();
    await act(settle);
    expect(link.hasAttribute(PENDING_CLICK)).toBe(false);
    expect(
      within(island)
        .getByRole('dialog', { name: `Fotos: ${TITLE}` })
        .querySelector('figcaption')?.textContent,
    ).toBe('4 / 9');
  });

  it('is followed as a plain link when the island cannot come (no signal)', () => {
    const { island, giveUp } = serveIsland(gallery());
    const link = island.querySelectorAll('a')[0] as HTMLAnchorElement;
    fireEvent.click(link);
    const followed: boolean[] = [];
    link.addEventListener('click', (event) => {
      followed.push(event.defaultPrevented);
      // jsdom cannot go to another document.
      event.preventDefault();
    });
    // The start failed: the island is still the server's.
    giveUp();
    expect(followed).toEqual([false]);
    expect(link.hasAttribute(PENDING_CLICK)).toBe(false);
  });
});
