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
  /** Rating, integer, 5 when missing. */
  rating: z.number().int(),
  /** The tour title. */
  title: z.string(),
  /** Text of the testimonial; 'Mensagem de áudio' for audio messages. */
  content: z.string(),
  /** True when the visitor sent an audio message. */
  isAudio: z.boolean(),
  /** Visit date (the feedback's created_at), ISO 8601, or null. */
  visitDate: z.string().nullable(),
  /** Always 'tours' for now (see SPEC section 3). */
  experience: z.string(),
  /** The tour id, or null. */
  experienceId: z.string().nullable(),
  /** Rating of 9 or more. */
  featured: z.boolean(),
  /** Always true. */
  verified: z.boolean(),
  /** Always 0. */
  helpful: z.number().int(),
  /** Always 'published'. */
  status: z.string(),
  country: z.string(),
});
export type Testimonial = z.infer<typeof TestimonialSchema>;
