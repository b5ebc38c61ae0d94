import { CitySchema } from './city.ts';
import { EpisodeSchema } from './episode.ts';
import { ExperienceSchema } from './experience.ts';
import { ItemSchema } from './item.ts';
import { NewsArticleSchema } from './news.ts';
import { CollectionStatusSchema } from './source-status.ts';
import { TestimonialSchema } from './testimonial.ts';

/**
 * Every file of the snapshot and the schema of its entries: the sync writes them, the content
 * collections (src/content.config.ts) read them. Where the snapshot lives: projectDir(env,
 * 'snapshot', root) in src/lib/project-dirs.ts.
 */
export const SNAPSHOT_SCHEMAS = {
  city: CitySchema,
  tours: ItemSchema,
  accommodation: ItemSchema,
  restaurants: ItemSchema,
  events: ItemSchema,
  drivers: ItemSchema,
  guides: ItemSchema,
  agencies: ItemSchema,
  tourProviders: ItemSchema,
  experiences: ExperienceSchema,
  testimonials: TestimonialSchema,
  news: NewsArticleSchema,
  episodes: EpisodeSchema,
  status: CollectionStatusSchema,
} as const;
export type SnapshotName = keyof typeof SNAPSHOT_SCHEMAS;
