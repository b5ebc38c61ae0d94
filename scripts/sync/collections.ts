/**
 * The snapshot's collections: which upstream call fills each, how its records are normalised,
 * and what it falls back to when the call fails and there is no last good snapshot
 * (docs/product.md: news and podcast use the sample data, testimonials, lists and the blog's pages stay empty,
 * the city becomes the configured fallback city).
 */
import type { z } from 'astro/zod';
import {
  BlogPageSchema,
  CitySchema,
  EpisodeSchema,
  ExperienceSchema,
  fallbackCity,
  type ItemKind,
  ItemSchema,
  NewsArticleSchema,
  type SnapshotName,
  TestimonialSchema,
} from '../../src/lib/schemas/index.ts';
import { placeLabel } from '../../src/lib/text.ts';
import type { SyncConfig } from './config.ts';
import { isConfiguredCity, pickCity, RawCitySchema, toCity } from './normalise/city.ts';
import { RawEpisodeSchema, toEpisode } from './normalise/episode.ts';
import { RawExperienceSchema, toExperience } from './normalise/experience.ts';
import { RawItemSchema, toItem } from './normalise/item.ts';
import { RawPostSchema, toNewsArticle } from './normalise/news.ts';
import { placeBlogPages, RawPageSchema, toBlogPage } from './normalise/page.ts';
import { type NormalisedRecords, type NormaliseOptions, normaliseRecords } from './normalise/records.ts';
import { RawFeedbackSchema, toTestimonial } from './normalise/testimonial.ts';
import {
  fetchCities,
  fetchCityApiList,
  fetchEpisodes,
  fetchFeedbacks,
  fetchPages,
  fetchPosts,
  type SourceContext,
} from './sources.ts';

/** The city lookup answered another city: the collection fails like a broken call (never a record's fault). */
export class AnotherCityError extends Error {
  override name = 'AnotherCityError';
  /** The city the city data API answered, 'Tangará da Serra – MT'. */
  readonly found: string;
  constructor(message: string, found: string) {
    super(message);
    this.found = found;
  }
}

export type SourceName = 'cityApi' | 'blog' | 'podcast';
export type Fallback = 'sample' | 'empty' | 'fallback-city';

export interface CollectionSpec {
  /** Snapshot file name without '.json'; also the content collection name. */
  name: Exclude<SnapshotName, 'status'>;
  source: SourceName;
  /** Schema of one published entry (also the content collection schema). */
  schema: z.ZodType<{ id: string }>;
  /** The raw records from the source, as configured (upstream or sample). */
  fetch(context: SourceContext, config: SyncConfig): Promise<unknown[]>;
  /**
   * Raw records into entries, dropping and reporting the invalid ones, noting the repaired ones;
   * throws (the collection then fails as a broken call would) when the answer as a whole is wrong.
   */
  normalise(records: unknown[], config: SyncConfig, options: NormaliseOptions): Promise<NormalisedRecords<{ id: string }>>;
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
    source: 'cityApi',
    schema: ItemSchema,
    fetch: (context) => fetchCityApiList(context, path, key, params),
    normalise: (records, _config, options) =>
      normaliseRecords(records, RawItemSchema, (raw, context) => toItem(raw, kind, context), ItemSchema, options),
    fallback: 'empty',
  };
}

export const COLLECTIONS: readonly CollectionSpec[] = [
  {
    name: 'city',
    source: 'cityApi',
    schema: CitySchema,
    fetch: (context) => fetchCities(context),
    normalise: async (records, config, options) => {
      const configured = { name: config.site.cityName, state: config.site.cityState };
      const result = await normaliseRecords(
        records,
        RawCitySchema,
        (raw, context) => toCity(raw, configured, context),
        CitySchema,
        options,
      );
      const city = pickCity(result.entries, configured.name, configured.state);
      // An answer that names another city ('Tangará da Serra' asked for 'Barra do Bugres') would
      // rename the whole site: the city fails like a broken call, so its last good snapshot (or the
      // fallback city) stays, with a warning naming both.
      if (city && !isConfiguredCity(city, configured)) {
        throw new AnotherCityError(
          `another city in the answer, ${quotedPlace(city)}, not the configured ${quotedPlace(configured)}`,
          placeLabel(city),
        );
      }
      return { entries: city ? [city] : [], dropped: result.dropped, repaired: result.repaired };
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
  itemCollection('tourProviders', 'tourProvider', 'providers', 'providers', { type: 'tours' }),
  {
    name: 'experiences',
    source: 'cityApi',
    schema: ExperienceSchema,
    fetch: (context) => fetchCityApiList(context, 'experiences', 'experiences'),
    normalise: (records, config, options) =>
      normaliseRecords(
        records,
        RawExperienceSchema,
        (raw, context) => toExperience(raw, config.site.cityName, context),
        ExperienceSchema,
        options,
      ),
    fallback: 'empty',
  },
  {
    name: 'testimonials',
    source: 'cityApi',
    schema: TestimonialSchema,
    fetch: (context) => fetchFeedbacks(context),
    normalise: (records, _config, options) =>
      normaliseRecords(records, RawFeedbackSchema, toTestimonial, TestimonialSchema, options),
    fallback: 'empty',
  },
  {
    name: 'news',
    source: 'blog',
    schema: NewsArticleSchema,
    fetch: (context, config) => fetchPosts(context, (config.blog as { url: string }).url),
    normalise: (records, config, options) =>
      normaliseRecords(
        records,
        RawPostSchema,
        (raw, context) => toNewsArticle(raw, context, blogHosts(config)),
        NewsArticleSchema,
        options,
      ),
    fallback: 'sample',
  },
  {
    // The blog's pages: /destination, /about and the visitor's guide (src/lib/visitor-guide/placement.ts). With
    // no last good snapshot, none: those pages fall back to their generic text, and the guide is not shown,
    // rather than show another city's sample guide (its numbers and directions are facts).
    name: 'blogPages',
    source: 'blog',
    schema: BlogPageSchema,
    fetch: (context, config) => fetchPages(context, (config.blog as { url: string }).url),
    normalise: async (records, config, options) =>
      placeBlogPages(
        await normaliseRecords(
          records,
          RawPageSchema,
          (raw, context) => toBlogPage(raw, context, blogHosts(config)),
          BlogPageSchema,
          options,
        ),
        config.site.pageSlugs,
      ),
    fallback: 'empty',
  },
  {
    name: 'episodes',
    source: 'podcast',
    schema: EpisodeSchema,
    fetch: (context, config) => fetchEpisodes(context, config.podcast as NonNullable<SyncConfig['podcast']>),
    normalise: (records, _config, options) => normaliseRecords(records, RawEpisodeSchema, toEpisode, EpisodeSchema, options),
    fallback: 'sample',
  },
];

/** 'Tangará da Serra – MT', quoted, for a warning. */
const quotedPlace = (place: { name: string; state: string }) => `"${placeLabel(place)}"`;

export const FALLBACK_CITY = (config: SyncConfig) => fallbackCity({ name: config.site.cityName, state: config.site.cityState });

/** The hosts a post's own address may be on: those of BLOG_URL and BLOG_API_URL. */
export function blogHosts(config: SyncConfig): string[] {
  return [config.site.blogUrl, config.blog?.url].flatMap((url) => (url ? (URL.parse(url)?.hostname ?? []) : []));
}

/**
 * What relative URLs in a source's records are relative to (docs/architecture.md, "Upstream calls"):
 * the city data API's address, the blog's address (each post's own link comes first), Spotify's API.
 */
export function sourceBaseUrl(source: SourceName, config: SyncConfig): string | null {
  if (source === 'cityApi') return config.cityApi?.url ?? null;
  if (source === 'blog') return config.site.blogUrl ?? (config.blog ? new URL('/', config.blog.url).href : null);
  return config.podcast?.apiUrl ?? null;
}
