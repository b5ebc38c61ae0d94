import { z } from 'astro/zod';
import { isRouteSafeId } from '../route-id.ts';

/** The id of an entry that has a page: `/tour/{id}`, `/news/{id}`... (see isRouteSafeId). */
export const RouteIdSchema = z.string().refine(isRouteSafeId, "not a page address (letters, digits, '-' and '_', at most 64)");

/** A gallery photo: used only when the upstream gave both sizes. */
export const GalleryImageSchema = z.object({
  /** Full-size image URL (absolute http(s) or site-relative). */
  large: z.string().min(1),
  /** Thumbnail URL. */
  thumb: z.string().min(1),
});
export type GalleryImage = z.infer<typeof GalleryImageSchema>;

/** Social network links; a missing network is null and shown disabled. */
export const SocialLinksSchema = z.object({
  instagram: z.string().nullable(),
  facebook: z.string().nullable(),
  youtube: z.string().nullable(),
  tiktok: z.string().nullable(),
  linkedin: z.string().nullable(),
  whatsapp: z.string().nullable(),
});
export type SocialLinks = z.infer<typeof SocialLinksSchema>;
