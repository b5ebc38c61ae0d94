/** A gallery's words (src/lib/gallery.ts): each photo's alt text and the viewer's counter. */
import { describe, expect, it } from 'vitest';
import { photoAlt, photoCounter } from '../../src/lib/gallery.ts';

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
