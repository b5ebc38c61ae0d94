/**
 * What counts as a change of an entry (scripts/sync/diff.ts): every field a visitor sees, but not the
 * ones that move on their own, as the data contract declares them (VOLATILE_FIELDS,
 * src/lib/schemas/collections.ts): the change check says `unchanged` for a counter that moved alone.
 */
import { describe, expect, it } from 'vitest';
import { diffEntries, hasChanges, indexEntries } from '../../scripts/sync/diff.ts';
import { SNAPSHOT_SCHEMAS, type SnapshotName, VOLATILE_FIELDS, volatileFieldsOf } from '../../src/lib/schemas/index.ts';
import { anArticle, anItem, aTestimonial } from '../fixtures/entries.ts';

const article = anArticle({ id: '7', title: 'Festival de Pesca', views: 120 });
const testimonial = aTestimonial({ id: '1001', helpful: 3, rating: 9 });
const tour = anItem({ id: '101', rating: 4.5 });

describe.each([
  ['news', 'views went up', article, { ...article, views: 121 }, 'unchanged'],
  ['news', 'views appeared', anArticle({ views: null }), anArticle({ views: 5 }), 'unchanged'],
  ['news', 'its title changed', article, { ...article, title: 'Festival de Pesca 2027' }, 'changed'],
  ['news', 'its title and views changed', article, { ...article, title: 'Festival de Pesca 2027', views: 121 }, 'changed'],
  ['testimonials', 'helpful went up', testimonial, { ...testimonial, helpful: 4 }, 'unchanged'],
  ['testimonials', 'its rating changed', testimonial, { ...testimonial, rating: 10 }, 'changed'],
  ['testimonials', 'its text changed', testimonial, { ...testimonial, content: 'Voltaria!' }, 'changed'],
  ['tours', "an item's rating moved", tour, { ...tour, rating: 4.6 }, 'changed'],
  // A field named like a counter is volatile only in the collection that declares it.
  ['tours', 'a field called views', { ...tour, views: 1 }, { ...tour, views: 2 }, 'changed'],
])('%s: when %s', (collection, _case, before, after, verdict) => {
  it(`is ${verdict}`, () => {
    const diff = diffEntries(indexEntries(collection, [before]), indexEntries(collection, [after]));
    expect(hasChanges(diff) ? 'changed' : 'unchanged').toBe(verdict);
    expect(diff.changed).toHaveLength(verdict === 'changed' ? 1 : 0);
  });
});

describe('the volatile fields of the data contract', () => {
  it.each(Object.entries(VOLATILE_FIELDS))('names fields that %s entries have', (name, fields) => {
    const { shape } = SNAPSHOT_SCHEMAS[name as SnapshotName] as unknown as { shape: Record<string, unknown> };
    for (const field of fields ?? []) expect(Object.keys(shape)).toContain(field);
    expect(fields).toEqual(volatileFieldsOf(name));
  });

  it('are the counters only: views of an article and helpful of a testimonial', () => {
    expect(VOLATILE_FIELDS).toEqual({ news: ['views'], testimonials: ['helpful'] });
    expect(volatileFieldsOf('toString')).toEqual([]);
    expect(volatileFieldsOf('tours')).toEqual([]);
  });

  it('keeps an added or removed entry a change, whatever its counters', () => {
    const renumbered = { ...article, id: '8', views: 0 };
    const diff = diffEntries(indexEntries('news', [article]), indexEntries('news', [renumbered]));
    expect(diff).toEqual({
      added: [{ id: '8', name: 'Festival de Pesca' }],
      removed: [{ id: '7', name: 'Festival de Pesca' }],
      changed: [],
    });
  });
});
