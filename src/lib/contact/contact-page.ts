/** Pure helpers of the contact page (SPEC section 2, Contact page). */
import { mapsSearchUrl } from '../embeds.ts';
import type { City } from '../schemas/index.ts';

/** SPEC: fixed opening hours. `spec` is the schema.org form. */
export const OPENING_HOURS = [
  {
    label: 'Segunda a sexta: 8h às 18h',
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    opens: '08:00',
    closes: '18:00',
  },
  { label: 'Sábado: 8h às 12h', days: ['Saturday'], opens: '08:00', closes: '12:00' },
  { label: 'Domingo: fechado', days: [], opens: null, closes: null },
] as const;

/** What the map shows and searches: the agency's coordinates, else the city and state. */
export function mapQuery(city: Pick<City, 'name' | 'state' | 'agency'>): string {
  const { lat, lng } = city.agency;
  if (lat !== null && lng !== null) return `${lat},${lng}`;
  return [city.name, city.state].filter(Boolean).join(' - ');
}

/** The 'Como chegar' link: the maps service's search URL (opened in a new tab, nothing embedded). */
export function directionsUrl(city: Pick<City, 'name' | 'state' | 'agency'>): string {
  return mapsSearchUrl(mapQuery(city));
}

/** The address shown on the map placeholder: the agency's, else '{city} - {state}'. */
export function mapAddress(city: Pick<City, 'name' | 'state' | 'agency'>): string {
  return city.agency.address ?? [city.name, city.state].filter(Boolean).join(' - ');
}

/** A site address with a scheme, for links ('www.x.com.br' → 'https://www.x.com.br'). */
export function siteHref(site: string): string {
  return /^https?:\/\//i.test(site) ? site : `https://${site}`;
}

/** The site address without the scheme and trailing slash, for display. */
export function siteLabel(site: string): string {
  return site.replace(/^https?:\/\//i, '').replace(/\/+$/, '');
}
