import { z } from 'astro/zod';
import { formatDate, formatDuration, truncate } from '../../../src/lib/format.ts';
import type { Episode } from '../../../src/lib/schemas/index.ts';
import { sliceWhole } from '../../../src/lib/text.ts';
import { cityZone, type RecordContext } from './context.ts';
import { checkedField, LenientLongText, LenientText, lenient, lenientList, noteField, RawId, withinScale } from './fields.ts';
import { calendarDate, imageUrl, latestDate, NOT_A_DATE, webUrl } from './values.ts';

const EPISODE_DESCRIPTION_LENGTH = 150;
const SHORT_TITLE_LENGTH = 20;
const GRADIENTS = [
  'linear-gradient(135deg, #ff6b35 0%, #e55a2b 100%)',
  'linear-gradient(135deg, #2c5f2d 0%, #4a7c59 100%)',
  'linear-gradient(135deg, #008080 0%, #2c5f2d 100%)',
  'linear-gradient(135deg, #ff8a65 0%, #ff6b35 100%)',
];
const ICONS = ['mic', 'map', 'leaf', 'utensils'];

/** An episode of the Spotify Web API `shows/{id}/episodes` answer. */
export const RawEpisodeSchema = z.looseObject({
  id: RawId,
  name: LenientText,
  description: LenientLongText,
  duration_ms: z.unknown().optional(),
  release_date: lenient(z.string()),
  external_urls: lenient(z.looseObject({ spotify: z.string().optional() })),
  images: lenientList(z.looseObject({ url: z.string() })),
  audio_preview_url: lenient(z.string()),
});
type RawEpisode = z.output<typeof RawEpisodeSchema>;

/**
 * An episode's address as a link to Spotify: https on open.spotify.com or another host under
 * spotify.com, on the default port; null for anything else, and the page links to the show instead
 * (PodcastSection's `listenHref`), as for an episode without a link.
 */
export function spotifyUrl(value: string): string | null {
  const url = webUrl(value);
  if (!url) return null;
  const { protocol, hostname, port } = new URL(url);
  return protocol === 'https:' && port === '' && hostname.endsWith('.spotify.com') ? url : null;
}

/** Longest episode we believe: a day. */
const MAX_DURATION_MS = 24 * 3600_000;

/** '2026-03' and '2026' (month or year precision) are completed to the first day; noon in the city's time zone, so the day shown is the release day. */
function releaseDate(value: string | undefined, context: RecordContext): string | null {
  if (!value) return null;
  const completed = /^\d{4}$/.test(value) ? `${value}-01-01` : /^\d{4}-\d{2}$/.test(value) ? `${value}-01` : value;
  return calendarDate(completed, { zone: cityZone(context), latest: latestDate(context.now) });
}

/** An episode; `context.index` is its position in the list, newest first, and `context.total` the list size. */
export function toEpisode(raw: RawEpisode, context: RecordContext): Episode {
  const { index, total } = context;
  const title = raw.name ?? 'Episódio';
  const publishedAt = releaseDate(raw.release_date, context);
  if (raw.release_date && !publishedAt) noteField(context, 'release_date', raw.release_date, 'not-date', NOT_A_DATE);
  const durationMs = Math.round(
    withinScale(raw.duration_ms, { label: 'duration_ms', min: 0, max: MAX_DURATION_MS, fallback: 0 }, context),
  );
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
    shortTitle: sliceWhole(title.toUpperCase(), SHORT_TITLE_LENGTH).trim(),
    spotifyUrl: checkedField(
      raw.external_urls?.spotify,
      { label: 'external_urls.spotify', kind: 'spotify' },
      spotifyUrl,
      context,
    ),
    episodeNumber: Math.max(1, total - index),
    imageUrl: raw.images[0]?.url ? imageUrl(raw.images[0].url, context.baseUrl) : null,
    audioPreviewUrl: raw.audio_preview_url ? webUrl(raw.audio_preview_url) : null,
    spotifyId: raw.id,
  };
}
