/**
 * The three upstreams (the city data API, WordPress, Spotify) served from files in their wire format.
 * The sync reads the embedded sample data through it (so sample and upstream share every line of
 * fetching, normalising and validating), and the tests put it behind a real HTTP server.
 *
 * Layout of a fixture folder, one file per upstream answer:
 *   provider/cities.json tours.json hotels.json restaurants.json experiences.json attractions.json
 *   provider/providers-{drivers,guides,agencies,tours}.json provider/feedbacks.json
 *   blog/posts.json and blog/pages.json (arrays of posts and pages)   spotify/token.json  spotify/episodes.json
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fold } from '../../src/lib/text.ts';
import { unwrapCollection } from './normalise/envelope.ts';

/** Reads a fixture file by its relative path; undefined when there is none. */
export type FixtureReader = (file: string) => Promise<unknown>;

export function folderReader(folder: string): FixtureReader {
  return async (file) => {
    try {
      return JSON.parse(await readFile(path.join(folder, file), 'utf8')) as unknown;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };
}

/** Path prefixes of each upstream inside a fixture server. */
export const FIXTURE_PATHS = {
  cityApi: '/provider',
  blog: '/blog/wp-json',
  spotifyAccounts: '/spotify-accounts',
  spotifyApi: '/spotify-api/v1',
} as const;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });

const notFound = () => json({ success: false, message: 'Not found' }, 404);

const positive = (value: string | null, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};

const CITY_API_FILES: Record<string, string> = {
  tours: 'provider/tours.json',
  hotels: 'provider/hotels.json',
  restaurants: 'provider/restaurants.json',
  experiences: 'provider/experiences.json',
  attractions: 'provider/attractions.json',
};

async function cityApi(route: string, url: URL, read: FixtureReader): Promise<Response> {
  if (route === '/cities') {
    const body = await read('provider/cities.json');
    if (body === undefined) return notFound();
    const name = url.searchParams.get('name');
    const cities = unwrapCollection(body, 'cities').filter(
      (city) => !name || fold(String((city as { name?: unknown }).name ?? '')) === fold(name),
    );
    return json({ success: true, data: { page: 1, limit: 10, total: cities.length, cities } });
  }
  if (route === '/providers') {
    const body = await read(`provider/providers-${url.searchParams.get('type') ?? ''}.json`);
    return body === undefined ? notFound() : json(body);
  }
  if (route === '/feedbacks') {
    const body = await read('provider/feedbacks.json');
    if (body === undefined) return notFound();
    const all = unwrapCollection(body, 'feedbacks');
    const limit = positive(url.searchParams.get('limit'), 10);
    const page = positive(url.searchParams.get('page'), 1);
    const feedbacks = all.slice((page - 1) * limit, page * limit);
    return json({ success: true, data: { feedbacks, total: all.length, page, limit } });
  }
  const file = CITY_API_FILES[route.slice(1)];
  const body = file ? await read(file) : undefined;
  return body === undefined ? notFound() : json(body);
}

/** The WordPress lists a fixture folder may hold, by route. */
const BLOG_FILES: Record<string, string> = { '/wp/v2/posts': 'blog/posts.json', '/wp/v2/pages': 'blog/pages.json' };

async function blog(route: string, url: URL, read: FixtureReader): Promise<Response> {
  const file = BLOG_FILES[route];
  if (!file) return notFound();
  const body = await read(file);
  if (!Array.isArray(body)) return notFound();
  const perPage = Math.min(100, positive(url.searchParams.get('per_page'), 10));
  const page = positive(url.searchParams.get('page'), 1);
  const totalPages = Math.max(1, Math.ceil(body.length / perPage));
  if (page > totalPages) {
    return json(
      {
        code: 'rest_post_invalid_page_number',
        message: 'O número de página solicitado é maior do que o número de páginas disponíveis.',
      },
      400,
    );
  }
  return json(body.slice((page - 1) * perPage, page * perPage), 200, {
    'x-wp-total': String(body.length),
    'x-wp-totalpages': String(totalPages),
  });
}

async function spotify(route: string, request: Request, read: FixtureReader): Promise<Response> {
  if (route === '/api/token') {
    if (request.method !== 'POST' || !request.headers.get('authorization')?.startsWith('Basic ')) {
      return json({ error: 'invalid_client' }, 401);
    }
    const body = await read('spotify/token.json');
    return body === undefined ? notFound() : json(body);
  }
  if (/^\/shows\/[^/]+\/episodes$/.test(route)) {
    if (!request.headers.get('authorization')?.startsWith('Bearer ')) return json({ error: { status: 401 } }, 401);
    const body = await read('spotify/episodes.json');
    return body === undefined ? notFound() : json(body);
  }
  return notFound();
}

/** A fetch-style handler answering like the three upstreams, from the files `read` gives. */
export function createFixtureHandler(read: FixtureReader): (request: Request) => Promise<Response> {
  const routes = [
    [FIXTURE_PATHS.cityApi, (route: string, url: URL) => cityApi(route, url, read)],
    [FIXTURE_PATHS.blog, (route: string, url: URL) => blog(route, url, read)],
    [FIXTURE_PATHS.spotifyAccounts, (route: string, _url: URL, request: Request) => spotify(route, request, read)],
    [FIXTURE_PATHS.spotifyApi, (route: string, _url: URL, request: Request) => spotify(route, request, read)],
  ] as const;
  return async (request) => {
    const url = new URL(request.url);
    for (const [prefix, answer] of routes) {
      if (url.pathname.startsWith(`${prefix}/`)) return answer(url.pathname.slice(prefix.length), url, request);
    }
    return notFound();
  };
}

/** Upstream base URLs for a fixture server at `origin`. */
export function fixtureUrls(origin: string) {
  return {
    PROVIDER_API_URL: `${origin}${FIXTURE_PATHS.cityApi}`,
    BLOG_API_URL: `${origin}${FIXTURE_PATHS.blog}`,
    SPOTIFY_ACCOUNTS_URL: `${origin}${FIXTURE_PATHS.spotifyAccounts}`,
    SPOTIFY_API_URL: `${origin}${FIXTURE_PATHS.spotifyApi}`,
  };
}

/** A `fetch` that answers from the fixture folder without any network. */
export function fixtureFetch(read: FixtureReader): typeof fetch {
  const handle = createFixtureHandler(read);
  return (input, init) => handle(new Request(input, init));
}
