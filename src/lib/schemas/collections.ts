import type { z } from 'astro/zod';
import { BlogPageSchema } from './blog-page.ts';
import { CitySchema } from './city.ts';
import { EpisodeSchema } from './episode.ts';
import { ExperienceSchema } from './experience.ts';
import { ItemSchema } from './item.ts';
import { NEWS_VOLATILE_FIELDS, NewsArticleSchema } from './news.ts';
import { CollectionStatusSchema } from './source-status.ts';
import { TESTIMONIAL_VOLATILE_FIELDS, TestimonialSchema } from './testimonial.ts';

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
  blogPages: BlogPageSchema,
  episodes: EpisodeSchema,
  status: CollectionStatusSchema,
} as const;
export type SnapshotName = keyof typeof SNAPSHOT_SCHEMAS;

/**
 * The fields of each collection that move on their own, with no editor's doing (counters of views and
 * of 'useful' marks), as each schema's file declares them. Pages show them, but they are no change by
 * themselves: an entry's fingerprint leaves them out (indexEntries, scripts/sync/diff.ts), so the
 * change check never starts a deploy for them, /status does not count them as changed, and every
 * deploy publishes them as its own read found them.
 *
 * A blog page's `modifiedAt` is not volatile either: WordPress moves it only when an editor saves the page,
 * and the guide's page shows it ('Atualizado em'), so a page saved again is a change, as a post edited is.
 *
 * Ratings are not volatile: an item's rating shows on its card and page, in the rating filter, the
 * 'Avaliação' order and /dados, and it moves when a visitor rates, not with every page view; a
 * testimonial's rating is the visitor's own and does not move. A rating that does change is a change a
 * visitor sees, and the daily cap of automatic deploys (scripts/deploy-cap.ts) bounds what an upstream
 * that recomputes its averages all day can cost.
 */
export const VOLATILE_FIELDS: {
  readonly [Name in SnapshotName]?: readonly (keyof z.infer<(typeof SNAPSHOT_SCHEMAS)[Name]>)[];
} = {
  news: NEWS_VOLATILE_FIELDS,
  testimonials: TESTIMONIAL_VOLATILE_FIELDS,
};

/** The volatile fields of a collection by its file name (VOLATILE_FIELDS); none for a name it does not know. */
export function volatileFieldsOf(collection: string): readonly string[] {
  return Object.hasOwn(VOLATILE_FIELDS, collection) ? (VOLATILE_FIELDS[collection as SnapshotName] ?? []) : [];
}
