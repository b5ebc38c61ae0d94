import { z } from 'astro/zod';
import type { Testimonial } from '../../../src/lib/schemas/index.ts';
import { cityZone, type RecordContext } from './context.ts';
import { firstText, LenientLongText, LenientText, lenient, noteField, RawBoolean, RawId, RawKey, withinScale } from './fields.ts';
import { calendarDate, imageUrl, latestDate, NOT_A_DATE } from './values.ts';

const FEATURED_RATING = 9;
/** Feedbacks are rated 0–10 (featured from 9); a missing or out-of-scale rating is left out. */
export const RATING_SCALE = { label: 'rating', min: 0, max: 10, fallback: null };
/** People who found a feedback helpful: a count, when the upstream keeps one. */
const HELPFUL_SCALE = { label: 'helpful', min: 0, max: 10_000_000, fallback: null, isInteger: true };
/** Experience types a feedback may name (its `experience` or `type` of visit); anything else is a tour's. */
const EXPERIENCE_TYPES = new Set(['tours', 'restaurants', 'accommodations', 'events', 'agencies']);
const AUDIO_MESSAGE_TEXT = 'Mensagem de áudio';

/** A feedback record of the city data API's /feedbacks. */
export const RawFeedbackSchema = z.looseObject({
  id: RawId,
  description: LenientLongText,
  rating: z.unknown().optional(),
  created_at: lenient(z.string()),
  experience: LenientText,
  verified: RawBoolean,
  helpful: z.unknown().optional(),
  type: LenientText,
  audio_url: LenientText,
  audio: LenientText,
  user: lenient(z.looseObject({ name: LenientText, avatar: LenientText })),
  tour: lenient(
    z.looseObject({
      id: RawKey.optional().catch(undefined),
      title: LenientText,
      image: LenientText,
      banner: LenientText,
      location: lenient(z.looseObject({ city: LenientText, state: LenientText })),
    }),
  ),
});
type RawFeedback = z.output<typeof RawFeedbackSchema>;

const AUDIO_FILE = /^\S+\.(?:mp3|m4a|ogg|oga|opus|wav|aac)(?:\?\S*)?$/i;

function isAudioMessage(raw: RawFeedback): boolean {
  return raw.type?.toLowerCase() === 'audio' || Boolean(raw.audio_url ?? raw.audio) || AUDIO_FILE.test(raw.description ?? '');
}

/** A feedback as a testimonial (docs/product.md, *Testimonials portal and testimonial*). Visitor e-mails are never published. */
export function toTestimonial(raw: RawFeedback, context: RecordContext): Testimonial {
  const scaled = withinScale(raw.rating, RATING_SCALE, context);
  const rating = scaled === null ? null : Math.round(scaled);
  const experience = raw.experience?.toLowerCase();
  const isAudio = isAudioMessage(raw);
  const writtenDate = raw.created_at
    ? calendarDate(raw.created_at, { zone: cityZone(context), latest: latestDate(context.now) })
    : null;
  if (raw.created_at && !writtenDate) noteField(context, 'created_at', raw.created_at, 'not-date', NOT_A_DATE);
  const image = (value: string | undefined) => (value ? imageUrl(value, context.baseUrl) : null);
  return {
    id: raw.id,
    name: firstText(raw.user?.name) ?? 'Anônimo',
    avatar: image(raw.user?.avatar),
    image: image(raw.tour?.image) ?? image(raw.tour?.banner),
    location: { city: raw.tour?.location?.city ?? '', state: raw.tour?.location?.state ?? '' },
    rating,
    title: raw.tour?.title ?? '',
    content: isAudio ? AUDIO_MESSAGE_TEXT : (raw.description ?? ''),
    isAudio,
    writtenDate,
    experience: experience && EXPERIENCE_TYPES.has(experience) ? experience : 'tours',
    experienceId: raw.tour?.id ?? null,
    featured: rating !== null && rating >= FEATURED_RATING,
    verified: raw.verified ?? false,
    helpful: withinScale(raw.helpful, HELPFUL_SCALE, context),
    status: 'published',
    country: 'BR',
  };
}
