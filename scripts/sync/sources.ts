/**
 * One function per upstream call of docs/architecture.md, each returning the raw records of a collection.
 * Normalising and validating happen afterwards, record by record (collections.ts).
 */
import { isHTTPError, type KyInstance } from 'ky';
import type { SiteConfig } from '../../src/lib/config.ts';
import type { CityApiConfig, PodcastConfig } from './config.ts';
import { BudgetExceededError, describeError, GarbageError, type HttpOptions, readJson, retryPolicy } from './http.ts';
import { readTotal, unwrapCollection } from './normalise/envelope.ts';

/**
 * What a paged call says about the records it returns: `partial` when a failure cut it short (it
 * returns the pages read before; run/last-good.ts fills the pages not read from the last good snapshot),
 * `notice` when it returns all it could but something was off (a bogus page count, the page bound
 * reached).
 */
type ReadNote = (message: string, kind: 'partial' | 'notice') => void;

/** What a source's calls share: its configured client, the deadline of the source, the city. */
export interface SourceContext {
  http: KyInstance;
  signal: AbortSignal;
  site: SiteConfig;
  httpOptions: HttpOptions;
  /** Where a paged call reports a partial read or a notice; absent, they go unreported. */
  note?: ReadNote;
}

/** Every GET of the city data API: bearer token, JSON content type, and the configured city and state. */
export function cityApiClient(http: KyInstance, config: CityApiConfig): KyInstance {
  return http.extend({
    prefix: config.url,
    headers: {
      'content-type': 'application/json',
      ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
    },
  });
}

async function getCityApi(context: SourceContext, path: string, params: Record<string, string | number> = {}) {
  const request = context.http.get(path, {
    searchParams: { ...params, city: context.site.cityName, state: context.site.cityState },
    signal: context.signal,
  });
  return (await readJson(request, context.httpOptions.maxRecords)).body;
}

/** A collection of the city data API (`tours`, `hotels`, `providers?type=...`, ...) in any accepted envelope. */
export async function fetchCityApiList(context: SourceContext, path: string, key: string, params: Record<string, string> = {}) {
  return unwrapCollection(await getCityApi(context, path, params), key);
}

/** The cities the city data API knows by the configured name (trimmed, lower-cased). */
export async function fetchCities(context: SourceContext) {
  return unwrapCollection(await getCityApi(context, 'cities', { name: context.site.cityName.trim().toLowerCase() }), 'cities');
}

const FEEDBACK_PAGE_SIZE = 100;

/**
 * Every feedback, page after page until `total` (or a short page when there is no total), at most
 * HttpOptions.maxFeedbackPages pages. A page that fails after the first ends the read with the
 * pages before it, reported as partial; a failing first page fails the call, and so does passing the
 * collection's byte budget on any page.
 */
export async function fetchFeedbacks(context: SourceContext) {
  const all: unknown[] = [];
  const maxPages = context.httpOptions.maxFeedbackPages;
  for (let page = 1; ; page += 1) {
    let records: unknown[];
    let total: number | null;
    try {
      const body = await getCityApi(context, 'feedbacks', { page, limit: FEEDBACK_PAGE_SIZE, sort: 'created_at:desc' });
      records = unwrapCollection(body, 'feedbacks');
      total = readTotal(body);
    } catch (error) {
      if (page === 1 || error instanceof BudgetExceededError) throw error;
      context.note?.(
        `feedbacks page ${page} failed (${describeError(error)}) after ${pagesUpTo(page - 1)} (${all.length} feedbacks)`,
        'partial',
      );
      return all;
    }
    all.push(...records);
    if (records.length === 0 || (total !== null ? all.length >= total : records.length < FEEDBACK_PAGE_SIZE)) return all;
    if (page >= maxPages) {
      context.note?.(
        `stopped after ${maxPages} pages of feedbacks, the most read (${all.length} read${total !== null ? ` of ${total}` : ''})`,
        'notice',
      );
      return all;
    }
  }
}

export const POSTS_PAGE_SIZE = 100;

const pagesUpTo = (last: number) => (last === 1 ? 'page 1' : `pages 1-${last}`);

/** A page count or total from a WordPress header: digits only; null for anything else (missing, negative, '3abc'). */
export function headerCount(value: string | null): number | null {
  const text = value?.trim() ?? '';
  return /^\d{1,15}$/.test(text) ? Number(text) : null;
}

/** WordPress's answer for a page past the last one. */
const isInvalidPage = (error: unknown) =>
  isHTTPError(error) &&
  error.response.status === 400 &&
  (error.data as { code?: unknown } | undefined)?.code === 'rest_post_invalid_page_number';

/** A header value for a message: quoted, cut short. */
const quoted = (value: string | null) => (value === null ? 'missing' : JSON.stringify(value.slice(0, 40)));

/** The WordPress lists the sync reads: posts (news) and pages (the destination, the about page and the guide). */
type WordPressList = 'posts' | 'pages';

/**
 * Every published post (or page: `list`), at most HttpOptions.maxPostPages pages of 100. X-WP-TotalPages says how many
 * pages to ask for; a page past the real end (WordPress's 400 `rest_post_invalid_page_number`, or an
 * empty page) ends the read. When the header is no page count, pages are read until a short or empty
 * one; when the last announced page is full and X-WP-Total says there are more posts, reading goes on.
 * Any of these is a notice. A page that fails after the first (network, 5xx after the retries,
 * garbage) ends the read with the pages before it, reported as partial; a failing first page fails
 * the call, and so does passing the collection's byte budget on any page.
 */
async function fetchWordPress(context: SourceContext, blogApiUrl: string, list: WordPressList) {
  const records: unknown[] = [];
  const url = `${blogApiUrl.replace(/\/+$/, '')}/wp/v2/${list}`;
  const maxPages = context.httpOptions.maxPostPages;
  const notice = (message: string) => context.note?.(message, 'notice');
  /** X-WP-TotalPages and X-WP-Total of the first page, when they are counts. */
  let declaredPages: number | null = null;
  let declaredTotal: number | null = null;
  let firstPageSize = 0;
  for (let page = 1; ; page += 1) {
    let body: unknown[];
    let headers: Headers;
    try {
      const answer = await readJson(
        context.http.get(url, {
          searchParams: { status: 'publish', _embed: 'true', per_page: POSTS_PAGE_SIZE, page },
          signal: context.signal,
        }),
        context.httpOptions.maxRecords,
      );
      if (!Array.isArray(answer.body)) throw new GarbageError(`${list} answer is not an array`);
      body = answer.body;
      headers = answer.headers;
    } catch (error) {
      // A collection over its byte budget fails whole: it is no page that failed.
      if (page === 1 || error instanceof BudgetExceededError) throw error;
      if (isInvalidPage(error)) {
        if (declaredPages !== null && page <= declaredPages) {
          notice(`X-WP-TotalPages said ${declaredPages} but page ${page} does not exist; read ${pagesUpTo(page - 1)}`);
        }
        return records;
      }
      const of = declaredPages !== null ? ` of ${declaredPages}` : '';
      context.note?.(
        `${list} page ${page}${of} failed (${describeError(error)}) after ${pagesUpTo(page - 1)} (${records.length} ${list})`,
        'partial',
      );
      return records;
    }
    if (page === 1) {
      const rawPages = headers.get('x-wp-totalpages');
      declaredPages = headerCount(rawPages);
      declaredTotal = headerCount(headers.get('x-wp-total'));
      // Zero pages with records on the first is no page count either.
      if (declaredPages === 0 && body.length > 0) declaredPages = null;
      if (declaredPages === null)
        notice(`X-WP-TotalPages ${quoted(rawPages)} is not a page count; ${list} read until a short page`);
      firstPageSize = body.length;
    }
    if (body.length === 0) {
      if (declaredPages !== null && page > 1 && page <= declaredPages) {
        notice(`X-WP-TotalPages said ${declaredPages} but page ${page} is empty; read ${pagesUpTo(page - 1)}`);
      }
      return records;
    }
    records.push(...body);
    const full = body.length >= firstPageSize;
    const more =
      declaredPages === null ? full : page < declaredPages || (full && declaredTotal !== null && records.length < declaredTotal);
    if (!more) {
      if (declaredPages !== null && page > declaredPages) {
        notice(`X-WP-TotalPages said ${declaredPages} but there were more; read ${pagesUpTo(page)}`);
      }
      return records;
    }
    if (page >= maxPages) {
      const said = declaredPages !== null ? `, X-WP-TotalPages said ${declaredPages}` : '';
      notice(`stopped after ${maxPages} pages of ${list}, the most read (${records.length} ${list}${said})`);
      return records;
    }
  }
}

/** Every published post (fetchWordPress). */
export const fetchPosts = (context: SourceContext, blogApiUrl: string) => fetchWordPress(context, blogApiUrl, 'posts');

/** Every published page (fetchWordPress): the same paging, bounds and notices as the posts. */
export const fetchPages = (context: SourceContext, blogApiUrl: string) => fetchWordPress(context, blogApiUrl, 'pages');

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
  const body = (await readJson(episodesRequest, context.httpOptions.maxRecords)).body as { items?: unknown } | null;
  if (!Array.isArray(body?.items)) throw new GarbageError('invalid Spotify API data: no items list');
  return body.items;
}
