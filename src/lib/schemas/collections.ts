import { CitySchema } from './city.ts';
import { EpisodeSchema } from './episode.ts';
import { ExperienceSchema } from './experience.ts';
import { ItemSchema } from './item.ts';
import { NewsArticleSchema } from './news.ts';
import { CollectionStatusSchema } from './source-status.ts';
import { TestimonialSchema } from './testimonial.ts';

/**
 * Every file of the snapshot and the schema of its entries: the sync writes them, the content
 * collections (src/content.config.ts) read them.
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
  attractions: ItemSchema,
  experiences: ExperienceSchema,
  testimonials: TestimonialSchema,
  news: NewsArticleSchema,
  episodes: EpisodeSchema,
  status: CollectionStatusSchema,
} as const;
export type SnapshotName = keyof typeof SNAPSHOT_SCHEMAS;

/** Where the snapshot lives; SNAPSHOT_DIR lets the test suite build the sample site beside a real snapshot. */
export function snapshotDir(env: Readonly<Record<string, string | undefined>>): string {
  return env.SNAPSHOT_DIR?.trim() || 'data/snapshot';
}
