import { z } from 'astro/zod';
import { formatDate, formatDuration, truncate } from '../format.ts';
import type { Episode } from '../schemas/index.ts';
import { LenientText, lenient, lenientList, RawNumber, RawText, safeUrl } from './fields.ts';

export const EPISODE_DESCRIPTION_LENGTH = 150;
export const SHORT_TITLE_LENGTH = 20;
const GRADIENTS = [
  'linear-gradient(135deg, #ff6b35 0%, #e55a2b 100%)',
  'linear-gradient(135deg, #2c5f2d 0%, #4a7c59 100%)',
  'linear-gradient(135deg, #008080 0%, #2c5f2d 100%)',
  'linear-gradient(135deg, #ff8a65 0%, #ff6b35 100%)',
];
const ICONS = ['mic', 'map', 'leaf', 'utensils'];

/** An episode of the Spotify Web API `shows/{id}/episodes` answer. */
export const RawEpisodeSchema = z.looseObject({
  id: z.string().trim().min(1),
  name: RawText,
  description: LenientText,
  duration_ms: RawNumber,
  release_date: lenient(z.string()),
  external_urls: lenient(z.looseObject({ spotify: z.string().optional() })),
  images: lenientList(z.looseObject({ url: z.string() })),
  audio_preview_url: lenient(z.string()),
});
export type RawEpisode = z.output<typeof RawEpisodeSchema>;

/** '2026-03' and '2026' (month or year precision) are completed to the first day. */
function releaseDate(value: string | undefined): string | null {
  if (!value) return null;
  const completed = /^\d{4}$/.test(value) ? `${value}-01-01` : /^\d{4}-\d{2}$/.test(value) ? `${value}-01` : value;
  // Noon in Brazil, so the day shown is the release day whatever the zone.
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(completed) ? `${completed}T12:00:00-04:00` : completed);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** An episode; `index` is its position in the list, newest first, and `total` the list size. */
export function toEpisode(raw: RawEpisode, index: number, total: number): Episode {
  const title = raw.name ?? 'Episódio';
  const publishedAt = releaseDate(raw.release_date);
  const durationMs = Math.max(0, Math.round(raw.duration_ms ?? 0));
  return {
    id: raw.id,
    title,
    description: truncate(raw.description ?? '', EPISODE_DESCRIPTION_LENGTH),
    duration: formatDuration(durationMs),
    durationMs,
    date: formatDate(publishedAt),
    publishedAt,
    gradient: GRADIENTS[index % GRADIENTS.length] as string,
    icon: ICONS[index % ICONS.length] as string,
    shortTitle: title.toUpperCase().slice(0, SHORT_TITLE_LENGTH).trim(),
    spotifyUrl: safeUrl(raw.external_urls?.spotify),
    episodeNumber: Math.max(1, total - index),
    imageUrl: safeUrl(raw.images[0]?.url),
    audioPreviewUrl: safeUrl(raw.audio_preview_url),
    spotifyId: raw.id,
  };
}
