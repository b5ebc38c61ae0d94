import { z } from 'astro/zod';
import { type Env, readSiteUrl } from '../config.ts';
import { isRouteSafeId } from '../route-id.ts';
import { type LinkNetwork, visitorLink } from '../visitor-links.ts';

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

/** This build's SITE_URL, read when a snapshot is read (the environment of the build or of the sync). */
const siteUrl = () => readSiteUrl((globalThis as { process?: { env?: Env } }).process?.env ?? {});

/**
 * A link a visitor follows to another site (a provider's site, a social profile of `network`): null
 * when the one rule of visitor links refuses it (src/lib/visitor-links.ts). The sync leaves such a
 * link out with a note; read here too, a snapshot kept from before the rule publishes none either.
 */
export const visitorLinkSchema = (network?: LinkNetwork) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? visitorLink(value, { siteUrl: siteUrl(), network }) : value),
    z.string().nullable(),
  );

/** Social network links; a missing network is null and shown disabled. Each goes to its own network only. */
export const SocialLinksSchema = z.object({
  instagram: visitorLinkSchema('instagram'),
  facebook: visitorLinkSchema('facebook'),
  youtube: visitorLinkSchema('youtube'),
  tiktok: visitorLinkSchema('tiktok'),
  linkedin: visitorLinkSchema('linkedin'),
  whatsapp: visitorLinkSchema('whatsapp'),
});
export type SocialLinks = z.infer<typeof SocialLinksSchema>;
