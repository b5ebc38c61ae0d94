/** The testimonial helpers: portal, detail, labels, sort, featured, and the figures and chips the data can answer. */
import { describe, expect, it } from 'vitest';
import type { Testimonial } from '../../src/lib/schemas/index.ts';
import {
  byWrittenDateDesc,
  experienceChips,
  experienceLabel,
  featuredTestimonials,
  initials,
  onFiveStars,
  placeName,
  ratingScale,
  reviewedAbout,
  reviewedItemPath,
  testimonialStats,
  testimonialsInPortalOrder,
} from '../../src/lib/testimonials/testimonials.ts';
import { aTestimonial } from '../fixtures/entries.ts';

const ids = (entries: readonly { id: string }[]) => entries.map((entry) => entry.id);
/** [id, visit date or null, featured] */
type Row = [string, string | null, boolean];
const testimonials = (rows: Row[]) => rows.map(([id, writtenDate, featured]) => aTestimonial({ id, writtenDate, featured }));

describe.each([
  ['tours', 'Passeios'],
  ['restaurants', 'Restaurantes'],
  ['accommodations', 'Hospedagens'],
  ['events', 'Eventos'],
  ['agencies', 'Agências'],
  ['passeios', 'passeios'],
])('experienceLabel(%j)', (experience, expected) => {
  it(`is ${expected}`, () => expect(experienceLabel(experience)).toBe(expected));
});

describe('what a testimonial is about', () => {
  const pages = new Set(['tour:90032', 'restaurant:7']);
  const hasPage = (kind: string, id: string) => pages.has(`${kind}:${id}`);
  it.each<[string, string | null, string | null]>([
    ['tours', '90032', '/tour/90032'],
    ['restaurants', '7', '/restaurant/7'],
    // A tour the snapshot does not hold, a feedback without an id, a type the site has no pages of: plain text.
    ['tours', '404', null],
    ['tours', null, null],
    ['passeios', '90032', null],
  ])('a feedback on %j with id %j links %j', (experience, experienceId, expected) => {
    expect(reviewedItemPath({ experience, experienceId }, hasPage)).toBe(expected);
  });
  it('names it by its type', () => {
    expect(reviewedAbout('accommodations')).toBe('Sobre a hospedagem');
    expect(reviewedAbout('passeios')).toBe('Sobre');
  });
});

const ROWS: Row[] = [
  ['a', '2025-01-10', false],
  ['b', null, true],
  ['c', '2025-03-01', false],
  ['d', '2025-02-01', true],
];

describe.each<[string, (list: Testimonial[]) => Testimonial[], string[]]>([
  ['byWrittenDateDesc: newest first, undated last', byWrittenDateDesc, ['c', 'd', 'a', 'b']],
  ['testimonialsInPortalOrder: the newest featured leads, then newest first', testimonialsInPortalOrder, ['d', 'c', 'a', 'b']],
  ['featuredTestimonials: featured newest first, then the others, three', (list) => featuredTestimonials(list), ['d', 'b', 'c']],
])('%s', (_, order, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => expect(ids(order(testimonials(ROWS)))).toEqual(expected));
});

describe.each([
  [[5, 4, 3], 5],
  [[10, 9, 5], 10],
  [[6], 10],
  [[], 5],
  [[null, 4], 5],
  [[null, 7], 10],
])('ratingScale(%j)', (ratings, expected) => {
  it(`is ${expected}`, () => expect(ratingScale(ratings.map((rating) => aTestimonial({ rating })))).toBe(expected));
});

describe.each<[number, 5 | 10, number]>([
  [9, 10, 4.5],
  [10, 10, 5],
  [1, 10, 0.5],
  [0, 10, 0],
  [4, 5, 4],
])('onFiveStars(%j, %j)', (rating, scale, expected) => {
  it(`is ${expected}, the stars' scale of every other rating`, () => expect(onFiveStars(rating, scale)).toBe(expected));
});

describe.each([
  [[], { total: 0, average: null, verified: 0 }],
  // The average of the rated ones only; no rating at all is no average.
  [
    [
      [null, false],
      [8, false],
    ],
    { total: 2, average: 8, verified: 0 },
  ],
  [[[null, false]], { total: 1, average: null, verified: 0 }],
  [
    [
      [10, true],
      [9, false],
      [8, true],
    ],
    { total: 3, average: 9, verified: 2 },
  ],
  [
    [
      [5, true],
      [4, true],
      [4, true],
    ],
    { total: 3, average: 4.3, verified: 3 },
  ],
] as [[number | null, boolean][], object][])('testimonialStats(%j)', (rows, expected) => {
  it(`is ${JSON.stringify(expected)}`, () =>
    expect(testimonialStats(rows.map(([rating, verified]) => aTestimonial({ rating, verified })))).toEqual(expected));
});

describe.each([
  // Only tours: one chip would list what 'Todas' lists, so none is offered.
  [['tours', 'tours'], []],
  [[], []],
  [
    ['events', 'tours', 'events'],
    ['Passeios', 'Eventos'],
  ],
])('experienceChips(%j)', (experiences, expected) => {
  it(`offers ${JSON.stringify(expected)}`, () =>
    expect(experienceChips(experiences.map((experience) => aTestimonial({ experience }))).map((chip) => chip.label)).toEqual(
      expected,
    ));
});

describe.each([
  ['Fernanda Lopes', 'FL'],
  ['Anônimo', 'A'],
  ['  maria   da  silva ', 'MS'],
  ['Élcio', 'É'],
  ['', '?'],
])('initials(%j)', (name, expected) => {
  it(`is ${expected}`, () => expect(initials(name)).toBe(expected));
});

describe.each([
  [{ city: 'Cuiabá', state: 'MT' }, 'Cuiabá – MT'],
  [{ city: ' Cuiabá ', state: '' }, 'Cuiabá'],
  [{ city: '', state: 'MT' }, 'MT'],
  [{ city: ' ', state: ' ' }, null],
])('placeName(%j)', (location, expected) => {
  it(`is ${expected}`, () => expect(placeName(location)).toBe(expected));
});
