import { z } from 'astro/zod';
import { RouteIdSchema } from './common.ts';

/** An experience (a theme such as 'Pesca Esportiva') that tours and providers offer. */
export const ExperienceSchema = z.object({
  /** Upstream id, or a slug of the name when the upstream gives none; a page address (`/experience/{id}`). */
  id: RouteIdSchema,
  /** Name as given upstream; this is what the experience filter matches. */
  title: z.string().min(1),
  /** The name without the prefix 'Experiência de/em/no'. */
  category: z.string().min(1),
  /** Subtitle, or null. */
  subtitle: z.string().nullable(),
  /** Sanitised HTML description; 'Descubra {x} em {city} e região' when missing. */
  descriptionHtml: z.string(),
  /** Plain-text description cut to 100 characters for the hover text. */
  excerpt: z.string(),
  /** Image URL, or null. */
  image: z.string().nullable(),
  /** Provider contact, or null. */
  provider: z
    .object({
      name: z.string().nullable(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
    })
    .nullable(),
});
export type Experience = z.infer<typeof ExperienceSchema>;
