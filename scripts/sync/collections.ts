/**
 * The snapshot's collections: which upstream call fills each, how its records are normalised,
 * and what it falls back to when the call fails and there is no last good snapshot
 * (SPEC section 8: news and podcast use the sample data, testimonials and lists stay empty,
 * the city becomes the configured fallback city).
 */
import type { z } from 'astro/zod';
import { fallbackCity, pickCity, RawCitySchema, toCity } from '../../src/lib/normalise/city.ts';
import { RawEpisodeSchema, toEpisode } from '../../src/lib/normalise/episode.ts';
import { RawExperienceSchema, toExperience } from '../../src/lib/normalise/experience.ts';
import { RawItemSchema, toItem } from '../../src/lib/normalise/item.ts';
import { RawPostSchema, toNewsArticle } from '../../src/lib/normalise/news.ts';
import { type NormalisedRecords, normaliseRecords } from '../../src/lib/normalise/records.ts';
import { RawFeedbackSchema, toTestimonial } from '../../src/lib/normalise/testimonial.ts';
import {
  CitySchema,
  EpisodeSchema,
  ExperienceSchema,
  type ItemKind,
  ItemSchema,
  NewsArticleSchema,
  type SnapshotName,
  TestimonialSchema,
} from '../../src/lib/schemas/index.ts';
import type { SyncConfig } from './config.ts';
import { fetchCities, fetchEpisodes, fetchFeedbacks, fetchPosts, fetchProviderList, type SourceContext } from './sources.ts';

export type SourceName = 'provider' | 'blog' | 'podcast';
export type Fallback = 'sample' | 'empty' | 'fallback-city';

export interface CollectionSpec {
  /** Snapshot file name without '.json'; also the content collection name. */
  name: Exclude<SnapshotName, 'status'>;
  source: SourceName;
  /** Schema of one published entry (also the content collection schema). */
  schema: z.ZodType<{ id: string }>;
  /** The raw records from the source, as configured (upstream or sample). */
  fetch(context: SourceContext, config: SyncConfig): Promise<unknown[]>;
  /** Raw records into entries, dropping and reporting the invalid ones. */
  normalise(records: unknown[], config: SyncConfig): NormalisedRecords<{ id: string }>;
  fallback: Fallback;
}

function itemCollection(
  name: CollectionSpec['name'],
  kind: ItemKind,
  path: string,
  key: string,
  params: Record<string, string> = {},
): CollectionSpec {
  return {
    name,
    source: 'provider',
    schema: ItemSchema,
    fetch: (context) => fetchProviderList(context, path, key, params),
    normalise: (records) => normaliseRecords(records, RawItemSchema, (raw) => toItem(raw, kind), ItemSchema),
    fallback: 'empty',
  };
}

export const COLLECTIONS: readonly CollectionSpec[] = [
  {
    name: 'city',
    source: 'provider',
    schema: CitySchema,
    fetch: (context) => fetchCities(context),
    normalise: (records, config) => {
      const configured = { name: config.site.cityName, state: config.site.cityState };
      const result = normaliseRecords(records, RawCitySchema, (raw) => toCity(raw, configured), CitySchema);
      const city = pickCity(result.entries, configured.name);
      return { entries: city ? [city] : [], dropped: result.dropped };
    },
    fallback: 'fallback-city',
  },
  itemCollection('tours', 'tour', 'tours', 'tours'),
  itemCollection('accommodation', 'accommodation', 'hotels', 'hotels'),
  itemCollection('restaurants', 'restaurant', 'restaurants', 'restaurants'),
  itemCollection('events', 'event', 'attractions', 'events'),
  itemCollection('drivers', 'driver', 'providers', 'providers', { type: 'drivers' }),
  itemCollection('guides', 'guide', 'providers', 'providers', { type: 'guides' }),
  itemCollection('agencies', 'agency', 'providers', 'providers', { type: 'agencies' }),
  itemCollection('attractions', 'attraction', 'providers', 'providers', { type: 'tours' }),
  {
    name: 'experiences',
    source: 'provider',
    schema: ExperienceSchema,
    fetch: (context) => fetchProviderList(context, 'experiences', 'experiences'),
    normalise: (records, config) =>
      normaliseRecords(records, RawExperienceSchema, (raw) => toExperience(raw, config.site.cityName), ExperienceSchema),
    fallback: 'empty',
  },
  {
    name: 'testimonials',
    source: 'provider',
    schema: TestimonialSchema,
    fetch: (context) => fetchFeedbacks(context),
    normalise: (records) => normaliseRecords(records, RawFeedbackSchema, toTestimonial, TestimonialSchema),
    fallback: 'empty',
  },
  {
    name: 'news',
    source: 'blog',
    schema: NewsArticleSchema,
    fetch: (context, config) => fetchPosts(context, (config.blog as { url: string }).url),
    normalise: (records) => normaliseRecords(records, RawPostSchema, toNewsArticle, NewsArticleSchema),
    fallback: 'sample',
  },
  {
    name: 'episodes',
    source: 'podcast',
    schema: EpisodeSchema,
    fetch: (context, config) => fetchEpisodes(context, config.podcast as NonNullable<SyncConfig['podcast']>),
    normalise: (records) =>
      normaliseRecords(records, RawEpisodeSchema, (raw, index) => toEpisode(raw, index, records.length), EpisodeSchema),
    fallback: 'sample',
  },
];

export const FALLBACK_CITY = (config: SyncConfig) => fallbackCity({ name: config.site.cityName, state: config.site.cityState });
