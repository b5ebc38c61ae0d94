/**
 * The photo viewer of a gallery (src/islands/PhotoViewer.tsx): which photo it shows, over the page as
 * the layer 'viewer' of `$layers` (src/stores/layers.ts), so the browser's Back (Android's Back gesture)
 * closes it and the visitor stays on the page; closed by hand (Escape, its button, a tap beside the photo)
 * it takes its history entry back. A page may have more than one gallery: the photo names its own.
 */
import { atom, computed } from 'nanostores';
import { wrapIndex } from '../lib/carousel.ts';
import { $layers, closeLayer, openLayer } from './layers.ts';

/** The viewer's name in `$layers`. */
const VIEWER_LAYER = 'viewer';

/** A photo of a gallery: the gallery (an id of the page's), its place among the `count` photos (from 0). */
interface ShownPhoto {
  gallery: string;
  index: number;
  count: number;
}

/** The photo last opened, whether or not its layer is still open. */
const $opened = atom<ShownPhoto | null>(null);

/** The photo the viewer shows; null while it is closed (Back closed it, or the visitor did). */
export const $viewer = computed([$layers, $opened], (layers, photo) => (photo && layers.includes(VIEWER_LAYER) ? photo : null));

/** Opens the viewer on photo `index` of the gallery's `count` (wrapped into them). */
export function openViewer(gallery: string, index: number, count: number): void {
  if (count < 1) return;
  $opened.set({ gallery, index: wrapIndex(index, count), count });
  openLayer(VIEWER_LAYER);
}

/** The next photo (`step` 1) or the one before (-1), wrapping at both ends. */
export function stepPhoto(step: number): void {
  const photo = $viewer.get();
  if (photo) $opened.set({ ...photo, index: wrapIndex(photo.index + step, photo.count) });
}

/** Closes the viewer by the visitor's hand. */
export function closeViewer(): void {
  closeLayer(VIEWER_LAYER);
}
