import { defineCollection } from 'astro:content';
import { file } from 'astro/loaders';
import { SNAPSHOT_SCHEMAS, snapshotDir } from './lib/schemas/index.ts';

const dir = snapshotDir(process.env);
const fromSnapshot = <Name extends keyof typeof SNAPSHOT_SCHEMAS>(name: Name) =>
  defineCollection({ loader: file(`${dir}/${name}.json`), schema: SNAPSHOT_SCHEMAS[name] });

/** One collection per snapshot file written by `npm run sync`. */
export const collections = {
  city: fromSnapshot('city'),
  tours: fromSnapshot('tours'),
  accommodation: fromSnapshot('accommodation'),
  restaurants: fromSnapshot('restaurants'),
  events: fromSnapshot('events'),
  drivers: fromSnapshot('drivers'),
  guides: fromSnapshot('guides'),
  agencies: fromSnapshot('agencies'),
  attractions: fromSnapshot('attractions'),
  experiences: fromSnapshot('experiences'),
  testimonials: fromSnapshot('testimonials'),
  news: fromSnapshot('news'),
  episodes: fromSnapshot('episodes'),
  status: fromSnapshot('status'),
};
