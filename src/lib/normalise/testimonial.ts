import { z } from 'astro/zod';
import type { Testimonial } from '../schemas/index.ts';
import { firstText, LenientText, lenient, RawId, RawNumber, safeUrl } from './fields.ts';

export const FEATURED_RATING = 9;
export const AUDIO_MESSAGE_TEXT = 'Mensagem de áudio';

/** A feedback record of the provider's /feedbacks. */
export const RawFeedbackSchema = z.looseObject({
  id: RawId,
  description: LenientText,
  rating: RawNumber,
  created_at: lenient(z.string()),
  type: LenientText,
  audio_url: LenientText,
  audio: LenientText,
  user: lenient(z.looseObject({ name: LenientText, avatar: LenientText })),
  tour: lenient(
    z.looseObject({
      id: RawId.optional().catch(undefined),
      title: LenientText,
      image: LenientText,
      banner: LenientText,
      location: lenient(z.looseObject({ city: LenientText, state: LenientText })),
    }),
  ),
});
export type RawFeedback = z.output<typeof RawFeedbackSchema>;

const AUDIO_FILE = /^\S+\.(?:mp3|m4a|ogg|oga|opus|wav|aac)(?:\?\S*)?$/i;

function isAudioMessage(raw: RawFeedback): boolean {
  return raw.type?.toLowerCase() === 'audio' || Boolean(raw.audio_url ?? raw.audio) || AUDIO_FILE.test(raw.description ?? '');
}

/** SPEC section 3's mapping of a feedback to a testimonial. Visitor e-mails are never published. */
export function toTestimonial(raw: RawFeedback): Testimonial {
  const rating = Math.round(raw.rating ?? 5);
  const isAudio = isAudioMessage(raw);
  const visitDate =
    raw.created_at && !Number.isNaN(new Date(raw.created_at).getTime()) ? new Date(raw.created_at).toISOString() : null;
  return {
    id: raw.id,
    name: firstText(raw.user?.name) ?? 'Anônimo',
    avatar: safeUrl(raw.user?.avatar),
    image: safeUrl(raw.tour?.image) ?? safeUrl(raw.tour?.banner),
    location: { city: raw.tour?.location?.city ?? '', state: raw.tour?.location?.state ?? '' },
    rating,
    title: raw.tour?.title ?? '',
    content: isAudio ? AUDIO_MESSAGE_TEXT : (raw.description ?? ''),
    isAudio,
    visitDate,
    experience: 'tours',
    experienceId: raw.tour?.id ?? null,
    featured: rating >= FEATURED_RATING,
    verified: true,
    helpful: 0,
    status: 'published',
    country: 'BR',
  };
}
