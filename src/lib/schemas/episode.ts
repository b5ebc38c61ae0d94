import { z } from 'astro/zod';
import { RouteIdSchema } from './common.ts';

/** A podcast episode of the show, mapped from the Spotify Web API. */
export const EpisodeSchema = z.object({
  /** Spotify episode id (a page address: it is part of the embed URL). */
  id: RouteIdSchema,
  /** Episode title. */
  title: z.string().min(1),
  /** Plain-text description cut to 150 characters. */
  description: z.string(),
  /** Duration as text: '1h 05min', '12min 30s' or '45s'. */
  duration: z.string(),
  /** Duration in milliseconds. */
  durationMs: z.number().int().nonnegative(),
  /** Release date as dd/mm/yyyy, or 'Data não informada'. */
  date: z.string(),
  /** Release date, ISO 8601, or null. */
  publishedAt: z.string().nullable(),
  /** CSS gradient used when there is no image. */
  gradient: z.string(),
  /** Topic icon name. */
  icon: z.string(),
  /** Title upper-cased, at most 20 characters. */
  shortTitle: z.string().max(20),
  /** Episode link on Spotify, or null (the show link is used instead). */
  spotifyUrl: z.string().nullable(),
  /** 1 for the oldest episode. */
  episodeNumber: z.number().int().positive(),
  /** Cover URL, or null. */
  imageUrl: z.string().nullable(),
  /** 30 s preview MP3, or null. */
  audioPreviewUrl: z.string().nullable(),
  /** Same as id; kept for the embed URL. */
  spotifyId: z.string(),
});
export type Episode = z.infer<typeof EpisodeSchema>;
