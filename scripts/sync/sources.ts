/**
 * One function per upstream call of DESIGN.md, each returning the raw records of a collection.
 * Normalising and validating happen afterwards, record by record (collections.ts).
 */
import type { KyInstance } from 'ky';
import type { SiteConfig } from '../../src/lib/config.ts';
import { readTotal, unwrapCollection } from '../../src/lib/normalise/envelope.ts';
import type { PodcastConfig, ProviderConfig } from './config.ts';
import { GarbageError, type HttpOptions, readJson, retryPolicy } from './http.ts';

/** What a source's calls share: its configured client, the deadline of the source, the city. */
export interface SourceContext {
  http: KyInstance;
  signal: AbortSignal;
  site: SiteConfig;
  httpOptions: HttpOptions;
}

/** Every provider GET: bearer token, JSON content type, and the configured city and state. */
export function providerClient(http: KyInstance, config: ProviderConfig): KyInstance {
  return http.extend({
    prefix: config.url,
    headers: {
      'content-type': 'application/json',
      ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
    },
  });
}

async function getProvider(context: SourceContext, path: string, params: Record<string, string | number> = {}) {
  const request = context.http.get(path, {
    searchParams: { ...params, city: context.site.cityName, state: context.site.cityState },
    signal: context.signal,
  });
  return (await readJson(request)).body;
}

/** A provider collection (`tours`, `hotels`, `providers?type=...`, ...) in any accepted envelope. */
export async function fetchProviderList(context: SourceContext, path: string, key: string, params: Record<string, string> = {}) {
  return unwrapCollection(await getProvider(context, path, params), key);
}

/** The cities the provider knows by the configured name (trimmed, lower-cased). */
export async function fetchCities(context: SourceContext) {
  return unwrapCollection(await getProvider(context, 'cities', { name: context.site.cityName.trim().toLowerCase() }), 'cities');
}

export const FEEDBACK_PAGE_SIZE = 100;
const MAX_PAGES = 1000;

/** Every feedback, page after page until `total` (or a short page when there is no total). */
export async function fetchFeedbacks(context: SourceContext) {
  const all: unknown[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const body = await getProvider(context, 'feedbacks', { page, limit: FEEDBACK_PAGE_SIZE, sort: 'created_at:desc' });
    const records = unwrapCollection(body, 'feedbacks');
    all.push(...records);
    const total = readTotal(body);
    if (records.length === 0 || (total !== null ? all.length >= total : records.length < FEEDBACK_PAGE_SIZE)) break;
  }
  return all;
}

export const POSTS_PAGE_SIZE = 100;

/** Every published post, paged by X-WP-TotalPages. */
export async function fetchPosts(context: SourceContext, blogApiUrl: string) {
  const posts: unknown[] = [];
  const url = `${blogApiUrl.replace(/\/+$/, '')}/wp/v2/posts`;
  for (let page = 1, totalPages = 1; page <= Math.min(totalPages, MAX_PAGES); page += 1) {
    const { body, headers } = await readJson(
      context.http.get(url, {
        searchParams: { status: 'publish', _embed: 'true', per_page: POSTS_PAGE_SIZE, page },
        signal: context.signal,
      }),
    );
    if (!Array.isArray(body)) throw new GarbageError('posts answer is not an array');
    posts.push(...body);
    totalPages = Number.parseInt(headers.get('x-wp-totalpages') ?? '1', 10) || 1;
  }
  return posts;
}

/** The show's episodes: a client-credentials token, then `shows/{id}/episodes`. */
export async function fetchEpisodes(context: SourceContext, config: PodcastConfig) {
  const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
  const tokenRequest = context.http.post(`${config.accountsUrl.replace(/\/+$/, '')}/api/token`, {
    body: new URLSearchParams({ grant_type: 'client_credentials' }),
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    retry: retryPolicy(context.httpOptions, ['post']),
    signal: context.signal,
  });
  const token = (await readJson(tokenRequest)).body as { access_token?: unknown } | null;
  if (typeof token?.access_token !== 'string' || !token.access_token) throw new Error('Spotify token not available');

  const episodesRequest = context.http.get(
    `${config.apiUrl.replace(/\/+$/, '')}/shows/${encodeURIComponent(config.showId)}/episodes`,
    {
      searchParams: { market: 'BR', limit: 50, offset: 0 },
      headers: { authorization: `Bearer ${token.access_token}` },
      signal: context.signal,
    },
  );
  const body = (await readJson(episodesRequest)).body as { items?: unknown } | null;
  if (!Array.isArray(body?.items)) throw new GarbageError('invalid Spotify API data: no items list');
  return body.items;
}
