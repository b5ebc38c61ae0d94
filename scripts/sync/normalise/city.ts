import { z } from 'astro/zod';
import { distinctPhotos } from '../../../src/lib/gallery.ts';
import type { City } from '../../../src/lib/schemas/index.ts';
import { fold } from '../../../src/lib/text.ts';
import type { RecordContext } from './context.ts';
import { checkedField, firstText, LenientText, lenient, lenientList, RawKey, RawNumber } from './fields.ts';
import { checkedVisitorLink } from './own-links.ts';
import { socialUrl } from './social.ts';
import { imageUrl, plainEmail, plausiblePhone, webUrl } from './values.ts';

const RawAgency = z.looseObject({
  name: LenientText,
  address: LenientText,
  lat: RawNumber.catch(undefined),
  lng: RawNumber.catch(undefined),
  phone_number: LenientText,
  phone: LenientText,
  email: LenientText,
  site: LenientText,
  instagram: LenientText,
  facebook: LenientText,
  youtube: LenientText,
  tiktok: LenientText,
  linkedin: LenientText,
  observations: LenientText,
});

/** A city record as the city data API sends it. */
export const RawCitySchema = z.looseObject({
  // The city has no page: an odd id is left out (noted) rather than cost the city its agency and photos.
  id: lenient(RawKey),
  name: LenientText,
  state: LenientText,
  region: LenientText,
  country: LenientText,
  tourist_support_agency: lenient(RawAgency),
  gallery: lenientList(z.looseObject({ large: z.string(), thumb: z.string() })),
});
type RawCity = z.output<typeof RawCitySchema>;

/** The city the site is about, from the city data API's record; the configured name fills the gaps. */
/** A coordinate within its range, else null (the map falls back to the city's name). */
const coordinate = (value: number | undefined, limit: number) =>
  value !== undefined && Number.isFinite(value) && Math.abs(value) <= limit ? value : null;

export function toCity(raw: RawCity, configured: { name: string; state: string }, context: RecordContext): City {
  const agency = raw.tourist_support_agency;
  const image = (value: string) => imageUrl(value, context.baseUrl);
  return {
    id: raw.id ?? 'city',
    name: raw.name ?? configured.name,
    state: raw.state ?? configured.state,
    region: raw.region ?? '',
    country: raw.country ?? 'BR',
    agency: {
      name: firstText(agency?.name),
      address: firstText(agency?.address),
      lat: coordinate(agency?.lat, 90),
      lng: coordinate(agency?.lng, 180),
      phone: checkedField(
        firstText(agency?.phone_number, agency?.phone),
        { label: 'agency.phone', kind: 'phone' },
        plausiblePhone,
        context,
      ),
      email: checkedField(agency?.email, { label: 'agency.email', kind: 'email' }, plainEmail, context),
      site: checkedVisitorLink(
        checkedField(agency?.site, { label: 'agency.site', kind: 'url' }, webUrl, context),
        'agency.site',
        context,
      ),
      instagram: checkedVisitorLink(socialUrl('instagram', agency?.instagram), 'agency.instagram', context, 'instagram'),
      facebook: checkedVisitorLink(socialUrl('facebook', agency?.facebook), 'agency.facebook', context, 'facebook'),
      youtube: checkedVisitorLink(socialUrl('youtube', agency?.youtube), 'agency.youtube', context, 'youtube'),
      tiktok: checkedVisitorLink(socialUrl('tiktok', agency?.tiktok), 'agency.tiktok', context, 'tiktok'),
      linkedin: checkedVisitorLink(socialUrl('linkedin', agency?.linkedin), 'agency.linkedin', context, 'linkedin'),
      observations: firstText(agency?.observations),
    },
    gallery: distinctPhotos(
      raw.gallery.flatMap((entry) => {
        const large = image(entry.large);
        const thumb = image(entry.thumb);
        return large && thumb ? [{ large, thumb }] : [];
      }),
    ),
    isFallback: false,
  };
}

/** The 27 federative units of Brazil, by code: the city data API may write a state either way. */
const STATES: Record<string, string> = {
  AC: 'Acre',
  AL: 'Alagoas',
  AP: 'Amapá',
  AM: 'Amazonas',
  BA: 'Bahia',
  CE: 'Ceará',
  DF: 'Distrito Federal',
  ES: 'Espírito Santo',
  GO: 'Goiás',
  MA: 'Maranhão',
  MT: 'Mato Grosso',
  MS: 'Mato Grosso do Sul',
  MG: 'Minas Gerais',
  PA: 'Pará',
  PB: 'Paraíba',
  PR: 'Paraná',
  PE: 'Pernambuco',
  PI: 'Piauí',
  RJ: 'Rio de Janeiro',
  RN: 'Rio Grande do Norte',
  RS: 'Rio Grande do Sul',
  RO: 'Rondônia',
  RR: 'Roraima',
  SC: 'Santa Catarina',
  SP: 'São Paulo',
  SE: 'Sergipe',
  TO: 'Tocantins',
};
const STATE_CODES = new Map(Object.entries(STATES).map(([code, name]) => [fold(name), fold(code)]));

/** A state as compared: folded (`fold`), a state's name as its code ('Mato Grosso' → 'mt'). */
const stateKey = (state: string) => STATE_CODES.get(fold(state)) ?? fold(state);

/**
 * True when a city of the city data API's answer is the configured one: the same name and the same state,
 * compared without accents, case or extra spaces (`fold`), a state's name equal to its code ('Mato
 * Grosso', 'MT'). A city without a state (the city data API left it out) is matched by its name.
 */
export function isConfiguredCity(
  city: { name?: string | undefined; state?: string | undefined },
  configured: { name: string; state: string },
): boolean {
  return (
    city.name !== undefined &&
    fold(city.name) === fold(configured.name) &&
    (!city.state?.trim() || stateKey(city.state) === stateKey(configured.state))
  );
}

/**
 * The configured city among the city data API's answer: the one with that name and state, else the one
 * with that name, else the first (which the sync then checks with `isConfiguredCity`).
 */
export function pickCity<T extends { name?: string | undefined; state?: string | undefined }>(
  cities: T[],
  name: string,
  state?: string,
): T | undefined {
  return (
    (state === undefined ? undefined : cities.find((city) => isConfiguredCity(city, { name, state }))) ??
    cities.find((city) => city.name !== undefined && fold(city.name) === fold(name)) ??
    cities[0]
  );
}
