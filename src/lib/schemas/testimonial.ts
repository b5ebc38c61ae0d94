import { z } from 'astro/zod';
import { RouteIdSchema } from './common.ts';

/** A visitor testimonial, mapped from a provider feedback record. */
export const TestimonialSchema = z.object({
  /** Feedback id, as a string (`/testimonials/{id}`). */
  id: RouteIdSchema,
  /** Visitor name, 'Anônimo' when missing. */
  name: z.string().min(1),
  /** Avatar URL, or null. */
  avatar: z.string().nullable(),
  /** The tour's image or banner, or null. */
  image: z.string().nullable(),
  /** The tour's city and state, as given. */
  location: z.object({ city: z.string(), state: z.string() }),
  /** Rating, an integer on the collection's scale (see ratingScale); null when the feedback has none. */
  rating: z.number().int().nullable(),
  /** The tour title. */
  title: z.string(),
  /** Text of the testimonial; 'Mensagem de áudio' for audio messages. */
  content: z.string(),
  /** True when the visitor sent an audio message. */
  isAudio: z.boolean(),
  /** When the feedback was written (its created_at, not the day of the visit), ISO 8601, or null. */
  writtenDate: z.string().nullable(),
  /** What was visited: 'tours' (feedbacks are about tours) unless the feedback names another type. */
  experience: z.string(),
  /** The id of what it is about (the tour's, by default), or null; linked when the site has its page. */
  experienceId: z.string().nullable(),
  /** Rating of 9 or more. */
  featured: z.boolean(),
  /** True only when the feedback says it was verified. */
  verified: z.boolean(),
  /** How many found it helpful, when the feedback counts it; null otherwise. */
  helpful: z.number().int().nullable(),
  /** Always 'published'. */
  status: z.string(),
  country: z.string(),
});
export type Testimonial = z.infer<typeof TestimonialSchema>;

/**
 * A testimonial's fields that move with no editor's doing: `helpful` goes up each time a reader of the
 * provider's own site marks it useful. Its page shows it, but it is no change by itself
 * (VOLATILE_FIELDS in ./collections.ts). Its `rating` is the visitor's own and does not move.
 */
export const TESTIMONIAL_VOLATILE_FIELDS = ['helpful'] as const satisfies readonly (keyof Testimonial)[];
