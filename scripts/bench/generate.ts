/**
 * A synthetic upstream dataset of any size for `npm run bench`: the three upstreams' answers
 * (the city data API, WordPress, Spotify) in the fixture layout of scripts/sync/fixture-upstream.ts.
 *
 * Every record is a copy of a record of the embedded sample data (sample-data/), so it has every
 * field the real city data API sends (galleries, providers, FAQ, HTML content, categories and tags),
 * with a new id, a numbered title and slug, and its images pointed at a pool of distinct image
 * URLs on the benchmark server. The output depends only on the options (seeded), so two runs of
 * a size are comparable.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { unwrapCollection } from '../sync/normalise/envelope.ts';

/** What to generate. */
interface DatasetOptions {
  /** The city data API's items of every kind together (tours, accommodation, restaurants, events, four provider kinds). */
  items: number;
  /** Blog posts. */
  posts: number;
  /** Testimonials (the city data API's feedbacks); default half the items. */
  feedbacks?: number;
  /** Podcast episodes (the sync reads one page of 50); default 50. */
  episodes?: number;
  /** Distinct image URLs the records point at; default a fifth of the items, at least 20. */
  images?: number;
  /** Base URL of the images: `${mediaBase}/${n}.jpg`. */
  mediaBase: string;
  /** Seed of the pseudo-random choices; default 1. */
  seed?: number;
}

/** A generated dataset: fixture files by relative path, and what they hold. */
export interface Dataset {
  files: Map<string, unknown>;
  /** Records generated per fixture file (before the sync drops or merges anything). */
  counts: Record<string, number>;
  /** Distinct image URLs used by the records. */
  imageUrls: Set<string>;
  /** Size of the image pool (`${mediaBase}/0.jpg` … `${mediaBase}/${images - 1}.jpg`). */
  images: number;
}

/**
 * The city data API's item files with their share of the items (the sample data's proportions), the
 * id range of their records and the envelope their answer uses (as the sample data does).
 */
export const ITEM_KINDS = [
  { file: 'provider/tours.json', key: 'tours', weight: 14, idBase: 1_000_000 },
  { file: 'provider/hotels.json', key: 'hotels', weight: 9, idBase: 2_000_000 },
  { file: 'provider/restaurants.json', key: 'restaurants', weight: 11, idBase: 3_000_000 },
  { file: 'provider/attractions.json', key: 'events', weight: 7, idBase: 4_000_000 },
  { file: 'provider/providers-drivers.json', key: 'providers', weight: 6, idBase: 5_000_000 },
  { file: 'provider/providers-guides.json', key: 'providers', weight: 6, idBase: 6_000_000 },
  { file: 'provider/providers-agencies.json', key: 'providers', weight: 6, idBase: 7_000_000 },
  { file: 'provider/providers-tours.json', key: 'providers', weight: 7, idBase: 8_000_000 },
] as const;

const SAMPLE_DIR = path.resolve(import.meta.dirname, '../../sample-data');
/** A sample image path, alone or inside HTML (`<img src="/sample-media/…">` in a post). */
const SAMPLE_MEDIA = /\/sample-media\/[^\s"'<>)]+/g;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Record_ = { [key: string]: Json };

/** mulberry32: small, fast, good enough to spread choices. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Splits `total` by the weights, every share rounded down and the rest given to the first kinds. */
export function splitByWeight(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((weight) => Math.floor((total * weight) / sum));
  let rest = total - shares.reduce((a, b) => a + b, 0);
  for (let index = 0; rest > 0; index = (index + 1) % shares.length, rest -= 1) {
    shares[index] = (shares[index] ?? 0) + 1;
  }
  return shares;
}

async function readSample(file: string): Promise<unknown> {
  return JSON.parse(await readFile(path.join(SAMPLE_DIR, file), 'utf8')) as unknown;
}

/** A deep copy of `value` with every sample image path replaced by `image(path)`. */
function withImages(value: Json, image: (samplePath: string) => string): Json {
  if (typeof value === 'string') return value.replace(SAMPLE_MEDIA, (samplePath) => image(samplePath));
  if (Array.isArray(value)) return value.map((entry) => withImages(entry, image));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, withImages(entry, image)]));
  }
  return value;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Generates the dataset (reads the sample data as templates). */
export async function generateDataset(options: DatasetOptions): Promise<Dataset> {
  const next = random(options.seed ?? 1);
  const images = Math.max(1, options.images ?? Math.max(20, Math.round(options.items / 5)));
  const imageUrls = new Set<string>();
  const image = () => {
    const url = `${options.mediaBase}/${Math.floor(next() * images)}.jpg`;
    imageUrls.add(url);
    return url;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const files = new Map<string, unknown>();
  const counts: Record<string, number> = {};

  const shares = splitByWeight(
    options.items,
    ITEM_KINDS.map((kind) => kind.weight),
  );
  const tourRefs: { id: number; title: string }[] = [];
  for (const [index, kind] of ITEM_KINDS.entries()) {
    const templates = unwrapCollection(await readSample(kind.file), kind.key) as Record_[];
    const records: Json[] = [];
    for (let n = 0; n < (shares[index] ?? 0); n += 1) {
      const template = templates[n % templates.length] as Record_;
      const record = withImages(template, image) as Record_;
      const id = kind.idBase + n;
      record.id = id;
      for (const field of ['title', 'name'] as const) {
        if (typeof record[field] === 'string') record[field] = `${record[field]} ${n + 1}`;
      }
      if (typeof record.slug === 'string') record.slug = `${record.slug}-${n + 1}`;
      record.rating = Math.round((3 + next() * 2) * 10) / 10;
      if (kind.key === 'tours') tourRefs.push({ id, title: String(record.title) });
      records.push(record);
    }
    // Envelopes as the sample data has them, so the sync's unwrapping is exercised at size too.
    files.set(kind.file, kind.file === 'provider/hotels.json' ? records : { data: { [kind.key]: records } });
    counts[kind.file] = records.length;
  }

  // The city and the experiences are fixed lists: their images are the pool's too.
  files.set('provider/cities.json', withImages((await readSample('provider/cities.json')) as Json, image));
  const experiences = withImages((await readSample('provider/experiences.json')) as Json, image);
  files.set('provider/experiences.json', experiences);
  counts['provider/experiences.json'] = unwrapCollection(experiences, 'experiences').length;

  const feedbackTemplates = unwrapCollection(await readSample('provider/feedbacks.json'), 'feedbacks') as Record_[];
  const feedbackCount = options.feedbacks ?? Math.round(options.items / 2);
  const feedbacks: Json[] = [];
  for (let n = 0; n < feedbackCount; n += 1) {
    const record = withImages(feedbackTemplates[n % feedbackTemplates.length] as Record_, image) as Record_;
    record.id = 9_000_000 + n;
    record.created_at = new Date(Date.UTC(2026, 10, 1) - n * 3_600_000).toISOString();
    const tour = tourRefs.length ? pick(tourRefs) : null;
    if (tour && record.tour && typeof record.tour === 'object') record.tour = { ...(record.tour as Record_), ...tour };
    feedbacks.push(record);
  }
  files.set('provider/feedbacks.json', { data: { feedbacks, total: feedbacks.length } });
  counts['provider/feedbacks.json'] = feedbacks.length;

  const postTemplates = (await readSample('blog/posts.json')) as Record_[];
  const posts: Json[] = [];
  for (let n = 0; n < options.posts; n += 1) {
    const record = withImages(postTemplates[n % postTemplates.length] as Record_, image) as Record_;
    const date = new Date(Date.UTC(2026, 10, 18, 12) - n * 7 * 3_600_000).toISOString().slice(0, 19);
    record.id = 100_000 + n;
    record.slug = `${String(record.slug)}-${n + 1}`;
    record.date = date;
    record.date_gmt = date;
    record.modified = date;
    // On the blog's own host (the upstream server's, as BLOG_API_URL): the sync keeps a post's link only there.
    record.link = `${new URL(options.mediaBase).origin}/${record.slug}/`;
    const title = record.title as Record_;
    record.title = { ...title, rendered: `${String(title.rendered)} (${n + 1})` };
    posts.push(record);
  }
  files.set('blog/posts.json', posts);
  counts['blog/posts.json'] = posts.length;

  // The blog's pages: the sample's destination, about page and visitor's guide in its three languages, as a city
  // writes them (a few dozen pages at most, whatever the number of items), their links on the blog's host.
  const pages = ((await readSample('blog/pages.json')) as Record_[]).map((template) => {
    const record = withImages(template, image) as Record_;
    record.link = `${new URL(options.mediaBase).origin}${new URL(String(template.link)).pathname}`;
    return record;
  });
  files.set('blog/pages.json', pages);
  counts['blog/pages.json'] = pages.length;

  const show = (await readSample('spotify/episodes.json')) as Record_;
  const episodeTemplates = show.items as Record_[];
  const episodes: Json[] = [];
  for (let n = 0; n < (options.episodes ?? 50); n += 1) {
    const record = withImages(episodeTemplates[n % episodeTemplates.length] as Record_, image) as Record_;
    const id = Array.from({ length: 22 }, () => pick([...BASE62])).join('');
    record.id = id;
    record.uri = `spotify:episode:${id}`;
    record.external_urls = { spotify: `https://open.spotify.com/episode/${id}` };
    record.name = `Ep. ${n + 1} – ${String(record.name).replace(/^Ep\. \d+ – /, '')}`;
    record.release_date = new Date(Date.UTC(2026, 10, 12) - n * 7 * 86_400_000).toISOString().slice(0, 10);
    episodes.push(record);
  }
  files.set('spotify/episodes.json', { ...show, items: episodes, total: episodes.length });
  files.set('spotify/token.json', await readSample('spotify/token.json'));
  counts['spotify/episodes.json'] = episodes.length;

  return { files, counts, imageUrls, images };
}

/**
 * The embedded sample data as it is (same records, ids and texts), with each distinct sample image
 * pointed at its own photo of the pool (`${mediaBase}/${n}.jpg`, n in order of first use, so one
 * sample image used twice is one photo twice): the sample site with real photographs, for
 * `npm run bench:lighthouse -- --real-photos`.
 */
export async function sampleDatasetWithPhotos(mediaBase: string): Promise<Dataset> {
  const files = new Map<string, unknown>();
  const counts: Record<string, number> = {};
  const indices = new Map<string, number>();
  const imageUrls = new Set<string>();
  const image = (samplePath: string) => {
    let index = indices.get(samplePath);
    if (index === undefined) {
      index = indices.size;
      indices.set(samplePath, index);
    }
    const url = `${mediaBase}/${index}.jpg`;
    imageUrls.add(url);
    return url;
  };
  const names = (await readdir(SAMPLE_DIR, { recursive: true }))
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => name.endsWith('.json') && !name.startsWith('media/'))
    .sort();
  for (const name of names) {
    const data = withImages((await readSample(name)) as Json, image);
    files.set(name, data);
    counts[name] = Array.isArray(data) ? data.length : 1;
  }
  return { files, counts, imageUrls, images: indices.size };
}
