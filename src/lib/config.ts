/**
 * The configuration contract of docs/architecture.md. Pages read only the public part; the upstream
 * addresses and secrets are read by the sync (scripts/sync/config.ts) and go nowhere else.
 */
import { type OfficeHours, readOfficeHours } from './contact/hours.ts';
import { DEFAULT_TIME_ZONE } from './format.ts';

export type Env = Readonly<Record<string, string | undefined>>;

/** What pages may know: nothing here is secret. */
export interface SiteConfig {
  /** City the portal is about, e.g. 'Barra do Bugres'. */
  cityName: string;
  /** Its state code, e.g. 'MT'. */
  cityState: string;
  /** Brand shown in the header and titles. */
  businessName: string;
  /** Name under the home-screen icon of the installed site (web app manifest `short_name`). */
  shortName: string;
  /** Logo URL or site path. */
  logoPath: string;
  /** Canonical origin, for sitemap, canonical links and Open Graph. */
  siteUrl: string;
  /** The external blog, for 'Ver mais notícias' and full articles; null when unset. */
  blogUrl: string | null;
  /** External booking site; tours link to `{bookingUrl}/tour/{slug}`; null hides the button. */
  bookingUrl: string | null;
  /** The podcast's Spotify show id (public: it is part of the show's address), or null. */
  podcastShowId: string | null;
  /** The city's time zone (IANA), in which every date is read and shown (TIME_ZONE, src/lib/format.ts): 'America/Cuiaba' for Barra do Bugres. */
  timeZone: string;
  /** Who supports the portal, for the footer's 'Apoio' (SPONSORS); none configured, no 'Apoio' at all. */
  sponsors: Sponsor[];
  /** The licence of the open data on /dados (DATA_LICENSE, readDataLicense); CC BY 4.0 when not configured. */
  dataLicense: DataLicense;
  /** The public body that runs the portal, the controller of /privacidade (CITY_BODY); null when not configured. */
  cityBody: string | null;
  /** The LGPD's encarregado (docs/public-body.md) (PRIVACY_OFFICER_NAME, PRIVACY_OFFICER_EMAIL): both, or null. */
  privacyOfficer: { name: string; email: string } | null;
  /** The tourist office's opening hours (OFFICE_HOURS, src/lib/contact/hours.ts); none when not configured. */
  officeHours: OfficeHours[];
  /** The city's transparency portal (TRANSPARENCY_URL) and ombudsman (OMBUDSMAN_URL), linked from every page's footer; null when unset. */
  transparencyUrl: string | null;
  ombudsmanUrl: string | null;
  /**
   * The government's sign-language widget (VLIBRAS=true; off by default): a 'Libras' button in the header loads
   * it when pressed, and the content security policy then allows its hosts (src/lib/vlibras.ts).
   */
  vlibras: boolean;
}

/** One supporter of the portal, as configured: its name and, when given, its site. */
export interface Sponsor {
  name: string;
  url: string | null;
}

export const DEFAULT_SITE_URL = 'https://turismo.example.com.br';

/** `zone` when Intl knows it as an IANA time zone; a misspelt CITY_TIME_ZONE fails the build, not its clock. */
function timeZoneOf(zone: string): string {
  try {
    new Intl.DateTimeFormat('pt-BR', { timeZone: zone });
  } catch {
    throw new Error(`CITY_TIME_ZONE "${zone}" is not a time zone (for example America/Cuiaba, America/Sao_Paulo).`);
  }
  return zone;
}

/** A trimmed value, or null when unset or blank. */
export function readVar(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

/**
 * SPONSORS: supporters separated by ';', each a name or 'name|https://site'
 * ('Prefeitura Municipal de Barra do Bugres|https://www.barradobugres.mt.gov.br; Sebrae MT').
 * A site that is not an http(s) address fails the build, as a misspelt setting should.
 */
export function readSponsors(value: string | null): Sponsor[] {
  return (value ?? '')
    .split(';')
    .map((entry) => entry.split('|').map((part) => part.trim()))
    .filter(([name]) => name)
    .map(([name = '', url]) => ({ name, url: checkedAddress(url, `SPONSORS: the site of "${name}"`) }));
}

/** `url` when it is an http(s) address, null when empty; anything else fails the build, naming what it is. */
function checkedAddress(url: string | null | undefined, what: string): string | null {
  if (url && !/^https?:\/\/[^\s/]+/i.test(url)) throw new Error(`${what} is not an http(s) address: ${url}`);
  return url || null;
}

/** A licence: its name and, when given, the address of its text. */
export interface DataLicense {
  name: string;
  url: string | null;
}

/** The open data's licence when DATA_LICENSE is unset: attribution only, in Portuguese. */
export const DEFAULT_DATA_LICENSE: DataLicense = {
  name: 'CC BY 4.0',
  url: 'https://creativecommons.org/licenses/by/4.0/deed.pt-br',
};

/**
 * DATA_LICENSE: a name, or 'name|https://…' ('CC0 1.0|https://creativecommons.org/publicdomain/zero/1.0/deed.pt-br');
 * unset, DEFAULT_DATA_LICENSE. A licence without a name, or an address that is not http(s), fails the build.
 */
export function readDataLicense(value: string | null): DataLicense {
  if (!value) return DEFAULT_DATA_LICENSE;
  const [name = '', url = ''] = value.split('|').map((part) => part.trim());
  if (!name) throw new Error(`DATA_LICENSE names no licence: ${value}`);
  return { name, url: checkedAddress(url, `DATA_LICENSE: the address of "${name}"`) };
}

/** An http(s) address from a variable, or null when unset; anything else fails the build, naming the variable. */
const webAddress = (env: Env, name: string): string | null => checkedAddress(readVar(env, name), name);

/** PRIVACY_OFFICER_NAME and PRIVACY_OFFICER_EMAIL, both or neither: half an officer names nobody to write to. */
function privacyOfficer(env: Env): SiteConfig['privacyOfficer'] {
  const [name, email] = [readVar(env, 'PRIVACY_OFFICER_NAME'), readVar(env, 'PRIVACY_OFFICER_EMAIL')];
  if (!name && !email) return null;
  if (!name || !email) throw new Error('PRIVACY_OFFICER_NAME and PRIVACY_OFFICER_EMAIL go together: set both, or neither.');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`PRIVACY_OFFICER_EMAIL is not an e-mail address: ${email}`);
  return { name, email };
}

/** A yes/no variable: unset or blank is `fallback`; a value that is neither fails the build, naming the variable. */
export function readFlag(env: Env, name: string, fallback = false): boolean {
  const value = readVar(env, name)?.toLowerCase();
  if (value === undefined) return fallback;
  if (['true', '1', 'yes', 'sim'].includes(value)) return true;
  if (['false', '0', 'no', 'não', 'nao'].includes(value)) return false;
  throw new Error(`${name} is neither true nor false: ${env[name]}`);
}

const withoutTrailingSlash = (url: string | null) => url?.replace(/\/+$/, '') ?? null;

/** SITE_URL without its trailing slash, DEFAULT_SITE_URL when unset: the portal's own address. */
export const readSiteUrl = (env: Env): string => withoutTrailingSlash(readVar(env, 'SITE_URL')) ?? DEFAULT_SITE_URL;

export function readSiteConfig(env: Env): SiteConfig {
  const cityName = readVar(env, 'CITY_NAME') ?? 'Barra do Bugres';
  return {
    cityName,
    cityState: readVar(env, 'CITY_STATE') ?? 'MT',
    businessName: readVar(env, 'BUSINESS_NAME') ?? `Turismo ${cityName}`,
    shortName: readVar(env, 'SHORT_NAME') ?? cityName,
    logoPath: readVar(env, 'LOGO_PATH') ?? '/logo.svg',
    siteUrl: readSiteUrl(env),
    blogUrl: withoutTrailingSlash(readVar(env, 'BLOG_URL')),
    bookingUrl: withoutTrailingSlash(readVar(env, 'BOOKING_URL')),
    podcastShowId: readVar(env, 'SPOTIFY_SHOW_ID'),
    timeZone: timeZoneOf(readVar(env, 'CITY_TIME_ZONE') ?? DEFAULT_TIME_ZONE),
    sponsors: readSponsors(readVar(env, 'SPONSORS')),
    dataLicense: readDataLicense(readVar(env, 'DATA_LICENSE')),
    cityBody: readVar(env, 'CITY_BODY'),
    privacyOfficer: privacyOfficer(env),
    officeHours: readOfficeHours(readVar(env, 'OFFICE_HOURS')),
    transparencyUrl: webAddress(env, 'TRANSPARENCY_URL'),
    ombudsmanUrl: webAddress(env, 'OMBUDSMAN_URL'),
    vlibras: readFlag(env, 'VLIBRAS'),
  };
}
