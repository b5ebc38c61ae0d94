/**
 * A gallery's words (Gallery.astro's thumbnails and the photo viewer, src/islands/PhotoViewer.tsx): each
 * photo named by the item and its place among the photos, the viewer's counter, and each photo once.
 */

/** A photo's alt text: 'Pousada Tuiuiú – foto 2 de 9' (`index` from 0). */
export const photoAlt = (title: string, index: number, count: number): string => `${title} – foto ${index + 1} de ${count}`;

/** The viewer's counter: '2 / 9' (`index` from 0). */
export const photoCounter = (index: number, count: number): string => `${index + 1} / ${count}`;

/** A gallery with each photo once: an upstream that lists the same photo (its `large` URL) twice keeps the first. */
export function distinctPhotos<Photo extends { large: string }>(photos: readonly Photo[]): Photo[] {
  const byUrl = new Map<string, Photo>();
  for (const photo of photos) if (!byUrl.has(photo.large)) byUrl.set(photo.large, photo);
  return [...byUrl.values()];
}
