import { z } from 'astro/zod';
import { GalleryImageSchema, visitorLinkSchema } from './common.ts';

/** The city's tourist support agency; every field may be missing (shown with its fallback text). */
const AgencySchema = z.object({
  /** Agency name. */
  name: z.string().nullable(),
  /** Street address, plain text. */
  address: z.string().nullable(),
  /** Latitude, for the map. */
  lat: z.number().nullable(),
  /** Longitude, for the map. */
  lng: z.number().nullable(),
  /** Phone number as given upstream. */
  phone: z.string().nullable(),
  /** E-mail address. */
  email: z.string().nullable(),
  /** Web site URL. */
  site: visitorLinkSchema(),
  instagram: visitorLinkSchema('instagram'),
  facebook: visitorLinkSchema('facebook'),
  youtube: visitorLinkSchema('youtube'),
  tiktok: visitorLinkSchema('tiktok'),
  linkedin: visitorLinkSchema('linkedin'),
  /** Free-text observations, plain text. */
  observations: z.string().nullable(),
});
export type Agency = z.infer<typeof AgencySchema>;

/** The configured city, or the fallback city (id '0') when the provider does not know it. */
export const CitySchema = z.object({
  /** Provider id; '0' for the fallback city. */
  id: z.string().min(1),
  /** City name, e.g. 'Barra do Bugres'. */
  name: z.string().min(1),
  /** State code, e.g. 'MT'. */
  state: z.string(),
  /** Region name; empty when unknown. */
  region: z.string(),
  /** Country code, 'BR' by default. */
  country: z.string(),
  /** Tourist support agency shown in the footer and on /contato. */
  agency: AgencySchema,
  /** Hero slideshow photos. */
  gallery: z.array(GalleryImageSchema),
  /** True when the provider had no such city and the configured fallback is used. */
  isFallback: z.boolean(),
});
export type City = z.infer<typeof CitySchema>;

/** docs/product.md: id 0, the configured name and state, empty region, country BR, no agency data. */
export function fallbackCity(configured: { name: string; state: string }): City {
  return {
    id: '0',
    name: configured.name,
    state: configured.state,
    region: '',
    country: 'BR',
    agency: {
      name: null,
      address: null,
      lat: null,
      lng: null,
      phone: null,
      email: null,
      site: null,
      instagram: null,
      facebook: null,
      youtube: null,
      tiktok: null,
      linkedin: null,
      observations: null,
    },
    gallery: [],
    isFallback: true,
  };
}
