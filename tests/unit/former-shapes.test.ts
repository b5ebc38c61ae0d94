/** A snapshot written by the previous version (event dates as UTC instants, no attributes) still builds, with no entry lost. */
import { describe, expect, it } from 'vitest';
import { currentEventDate } from '../../src/lib/former-shapes.ts';
import { ItemSchema } from '../../src/lib/schemas/index.ts';
import { anItem } from '../fixtures/entries.ts';

describe.each([
  // A day without a time was stored as noon in Cuiabá.
  ['2027-07-16T16:00:00.000Z', '2027-07-16'],
  // A time was stored as its instant: back on the city's clock, with the offset.
  ['2027-04-17T00:00:00.000Z', '2027-04-16T20:00:00-04:00'],
  ['2026-12-27T23:00:00.000Z', '2026-12-27T19:00:00-04:00'],
  // Current shapes and anything else are left to the schema.
  ['2027-07-16', '2027-07-16'],
  ['2026-12-27T19:00:00-04:00', '2026-12-27T19:00:00-04:00'],
  [null, null],
  [42, 42],
])('currentEventDate(%j)', (stored, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => expect(currentEventDate(stored)).toEqual(expected));
});

it('reads an event of the previous snapshot shape as the current one', () => {
  const { attributes: _attributes, ...current } = anItem({ kind: 'event' });
  const former = {
    ...current,
    highlights: ['Shows'],
    startDate: '2027-07-16T16:00:00.000Z',
    endDate: '2027-07-19T16:00:00.000Z',
  };
  const item = ItemSchema.parse(former);
  expect(item).toMatchObject({ startDate: '2027-07-16', endDate: '2027-07-19', attributes: [] });
  expect(item).not.toHaveProperty('highlights');
});
