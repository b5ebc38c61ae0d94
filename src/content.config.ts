import { defineCollection } from 'astro:content';
import { file } from 'astro/loaders';
import type { z } from 'astro/zod';
import { SNAPSHOT_SCHEMAS, type SnapshotName, snapshotDir } from './lib/schemas/index.ts';

const dir = snapshotDir(process.env);

/** The collection over one snapshot file written by `npm run sync`. */
function fromSnapshot<Schema extends z.ZodType>(name: SnapshotName, schema: Schema) {
  return defineCollection({ loader: file(`${dir}/${name}.json`), schema });
}

const s = SNAPSHOT_SCHEMAS;
export const collections = {
  city: fromSnapshot('city', s.city),
  tours: fromSnapshot('tours', s.tours),
  accommodation: fromSnapshot('accommodation', s.accommodation),
  restaurants: fromSnapshot('restaurants', s.restaurants),
  events: fromSnapshot('events', s.events),
  drivers: fromSnapshot('drivers', s.drivers),
  guides: fromSnapshot('guides', s.guides),
  agencies: fromSnapshot('agencies', s.agencies),
  attractions: fromSnapshot('attractions', s.attractions),
  experiences: fromSnapshot('experiences', s.experiences),
  testimonials: fromSnapshot('testimonials', s.testimonials),
  news: fromSnapshot('news', s.news),
  episodes: fromSnapshot('episodes', s.episodes),
  status: fromSnapshot('status', s.status),
};
