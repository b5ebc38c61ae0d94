/**
 * Pure selections for the home page (SPEC section 2, "Home sections"): what each section shows
 * and in which order. No Astro imports, so they can be tested on their own.
 */
import type { Episode, Item, NewsArticle, Testimonial } from '../schemas/index.ts';

/** Carousels render at most this many cards, to keep the home page light. */
export const CAROUSEL_LIMIT = 12;
/** The 'NOTÍCIAS' carousel shows the newest nine articles. */
export const NEWS_LIMIT = 9;
/** Testimonials shown on the home page. */
export const TESTIMONIAL_LIMIT = 3;
/** Recent podcast episodes shown in the grid. */
export const EPISODE_LIMIT = 6;

/** Featured items first (the upstream order otherwise), cut to the carousel limit. */
export function carouselItems(items: readonly Item[], limit: number = CAROUSEL_LIMIT): Item[] {
  const featured = items.filter((item) => item.isFeatured);
  const others = items.filter((item) => !item.isFeatured);
  return [...featured, ...others].slice(0, limit);
}

/** The newest articles first (ISO dates compare as text). */
export function newestNews(news: readonly NewsArticle[], limit: number = NEWS_LIMIT): NewsArticle[] {
  return [...news].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)).slice(0, limit);
}

const byVisitDateDesc = (a: Testimonial, b: Testimonial) => (b.visitDate ?? '').localeCompare(a.visitDate ?? '');

/** Featured testimonials, newest visit first, filled with the newest others when fewer than `limit`. */
export function featuredTestimonials(testimonials: readonly Testimonial[], limit: number = TESTIMONIAL_LIMIT): Testimonial[] {
  const featured = testimonials.filter((entry) => entry.featured).sort(byVisitDateDesc);
  const others = testimonials.filter((entry) => !entry.featured).sort(byVisitDateDesc);
  return [...featured, ...others].slice(0, limit);
}

/** The most recent episodes: by release date, then by episode number. */
export function recentEpisodes(episodes: readonly Episode[], limit: number = EPISODE_LIMIT): Episode[] {
  return [...episodes]
    .sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '') || b.episodeNumber - a.episodeNumber)
    .slice(0, limit);
}

/**
 * The podcast's default link: the show page when the show id is known, else the newest episode
 * that has a Spotify link, else null (the 'Ouvir no Spotify' buttons without a link are hidden).
 */
export function podcastShowLink(showId: string | null, episodes: readonly Episode[]): string | null {
  if (showId && /^[A-Za-z0-9]+$/.test(showId)) return `https://open.spotify.com/show/${showId}`;
  return recentEpisodes(episodes, episodes.length).find((episode) => episode.spotifyUrl)?.spotifyUrl ?? null;
}
