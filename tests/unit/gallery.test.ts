/** A gallery's words (src/lib/gallery.ts): each photo's alt text, the viewer's counter, and each photo once. */
import { describe, expect, it } from 'vitest';
import { distinctPhotos, photoAlt, photoCounter } from '../../src/lib/gallery.ts';

describe.each([
  [0, 9, 'Pousada Tuiuiú – foto 1 de 9', '1 / 9'],
  [8, 9, 'Pousada Tuiuiú – foto 9 de 9', '9 / 9'],
  [0, 1, 'Pousada Tuiuiú – foto 1 de 1', '1 / 1'],
])('photo %i of %i', (index, count, alt, counter) => {
  it(`is '${alt}', counted '${counter}'`, () => {
    expect(photoAlt('Pousada Tuiuiú', index, count)).toBe(alt);
    expect(photoCounter(index, count)).toBe(counter);
  });
});

describe('distinctPhotos', () => {
  const a = { large: '/a.jpg', thumb: '/a-t.jpg' };
  const b = { large: '/b.jpg', thumb: '/b-t.jpg' };
  const aAgain = { large: '/a.jpg', thumb: '/a-other-thumb.jpg' };
  it.each([
    ['none', [], []],
    ['all distinct, in order', [a, b], [a, b]],
    ['a photo twice: the first kept, where it was', [a, b, aAgain], [a, b]],
    ['the same photo three times', [b, b, b], [b]],
  ])('%s', (_, photos, kept) => {
    expect(distinctPhotos(photos)).toEqual(kept);
  });
});
