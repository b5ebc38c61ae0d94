/**
 * The configuration contract of docs/configuration.md, read in one place: every setting (an environment
 * variable, or a line of `.env`) is read here as people write it, or refused in one line. Pages read
 * only the public part (SiteConfig); the upstream addresses and secrets (UpstreamSettings) go to the
 * sync (scripts/sync/config.ts) and nowhere else.
 *
 * Read as written: an address without `https://` gets it, `mailto:` comes off an e-mail, a Spotify show
 * link gives its id, a time zone is spelt as Intl spells it; each such reading is a notice the start-up
 * prints (src/lib/load-settings.ts). Anything else that cannot be read throws a SettingError: one line, in
 * Portuguese then English, naming the variable, its value and an example. Nothing is read silently wrong.
 */
import { HOST_NAMES, type HostName, hostNamed } from '../integrations/hosts.ts';
import { type OfficeHours, OfficeHoursError, readOfficeHours } from './contact/hours.ts';
import { isTranslatedLanguage } from './i18n/languages.ts';
import { codeSpan, withoutAccents } from './text.ts';
import { DEFAULT_TIME_ZONE, resolvedZone } from './time-zone.ts';

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
  /** Logo: an https URL, or a path of the site ('/logo.svg'). */
  logoPath: string;
  /** Canonical origin, for sitemap, canonical links and Open Graph. */
  siteUrl: string;
  /** The external blog, where a news article's full text is; null when unset. */
  blogUrl: string | null;
  /** External booking site; tours link to `{bookingUrl}/tour/{slug}`; null hides the button. */
  bookingUrl: string | null;
  /** The podcast's Spotify show id (public: it is part of the show's address), or null. */
  podcastShowId: string | null;
  /** The city's time zone (IANA, as Intl names it), in which every date is read and shown (TIME_ZONE, src/lib/format.ts): 'America/Cuiaba' for Barra do Bugres. */
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
  /**
   * The slugs of the blog's pages the portal shows at fixed addresses (DESTINATION_PAGE_SLUG, ABOUT_PAGE_SLUG,
   * GUIDE_PAGE_SLUG; src/lib/visitor-guide/placement.ts): /destination, /about and the visitor's guide at /guia.
   */
  pageSlugs: PageSlugs;
}

/** The slugs of the blog's pages shown at /destination, /about and /guia (SiteConfig.pageSlugs). */
export interface PageSlugs {
  destination: string;
  about: string;
  guide: string;
}

/** The pages' slugs when none is configured: the words an editor of a Brazilian city would use. */
export const DEFAULT_PAGE_SLUGS: PageSlugs = { destination: 'destino', about: 'sobre', guide: 'guia' };

/** One supporter of the portal, as configured: its name and, when given, its site. */
interface Sponsor {
  name: string;
  url: string | null;
}

/** A licence: its name and, when given, the address of its text. */
export interface DataLicense {
  name: string;
  url: string | null;
}

/** The upstreams the sync reads, with their credentials: never on a page. */
interface UpstreamSettings {
  /** PROVIDER_API_URL and PROVIDER_API_TOKEN: the city's data provider; null reads the sample data. */
  cityApiUrl: string | null;
  cityApiToken: string | null;
  /** BLOG_API_URL: WordPress's REST root; null reads the sample news. */
  blogApiUrl: string | null;
  /** SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET: the podcast's credentials (the show is SiteConfig.podcastShowId). */
  spotifyClientId: string | null;
  spotifyClientSecret: string | null;
  /** SPOTIFY_ACCOUNTS_URL and SPOTIFY_API_URL: Spotify's hosts, overridden by the tests; null for Spotify's own. */
  spotifyAccountsUrl: string | null;
  spotifyApiUrl: string | null;
}

/** Every setting of a build, read (readSettings). */
export interface Settings {
  site: SiteConfig;
  upstreams: UpstreamSettings;
  /** DEPLOY_HOST: the static host the build is for (src/integrations/hosts.ts). */
  deployHost: HostName;
  /** One line per setting read otherwise than written ('https://' added…), for the log. */
  notices: string[];
}

const DEFAULT_SITE_URL = 'https://turismo.example.com.br';

/** A build for a real site: its canonical address is configured (the sample and the tests keep DEFAULT_SITE_URL). */
export const isProductionBuild = (config: Pick<SiteConfig, 'siteUrl'>): boolean => config.siteUrl !== DEFAULT_SITE_URL;

/** The open data's licence when DATA_LICENSE is unset: attribution only, in Portuguese. */
export const DEFAULT_DATA_LICENSE: DataLicense = {
  name: 'CC BY 4.0',
  url: 'https://creativecommons.org/licenses/by/4.0/deed.pt-br',
};

/** The examples a refusal gives, one per variable: what a city would write. */
const EXAMPLES: Record<string, string> = {
  SITE_URL: 'https://turismo.barradobugres.mt.gov.br',
  BLOG_URL: 'https://blog.barradobugres.mt.gov.br',
  BOOKING_URL: 'https://reservas.barradobugres.mt.gov.br',
  TRANSPARENCY_URL: 'https://transparencia.barradobugres.mt.gov.br',
  OMBUDSMAN_URL: 'https://ouvidoria.barradobugres.mt.gov.br',
  LOGO_PATH: '/logo.svg',
  PROVIDER_API_URL: 'https://api.provedor.com.br/v1',
  BLOG_API_URL: 'https://blog.barradobugres.mt.gov.br/wp-json',
  SPOTIFY_ACCOUNTS_URL: 'https://accounts.spotify.com',
  SPOTIFY_API_URL: 'https://api.spotify.com/v1',
  CITY_TIME_ZONE: DEFAULT_TIME_ZONE,
  SPONSORS: 'Prefeitura Municipal de Barra do Bugres|https://www.barradobugres.mt.gov.br; Sebrae MT',
  DATA_LICENSE: 'CC0 1.0|https://creativecommons.org/publicdomain/zero/1.0/deed.pt-br',
  PRIVACY_OFFICER_EMAIL: 'encarregado@barradobugres.mt.gov.br',
  OFFICE_HOURS: 'Segunda a sexta: 7h às 13h; sábado: 8h às 12h; domingo e feriados: fechado',
  VLIBRAS: 'true',
  DESTINATION_PAGE_SLUG: 'destino',
  ABOUT_PAGE_SLUG: 'sobre',
  GUIDE_PAGE_SLUG: 'guia-do-visitante',
  DEPLOY_HOST: 'github-pages',
};

/** Where in a list setting: 'entrada 2' / 'entry 2'. */
interface Place {
  pt: string;
  en: string;
}
const entryPlace = (position: number): Place => ({ pt: `entrada ${position}`, en: `entry ${position}` });

/** A value as a refusal or a notice quotes it: on one line (JSON escapes), at most 120 characters, no credentials of an address. */
function quoted(value: string): string {
  const text = value.replace(/(\/\/)[^/@\s]*@/, '$1***@');
  return JSON.stringify(text.length > 120 ? `${text.slice(0, 119)}…` : text);
}

const where = (variable: string, place?: Place) => `${variable}${place ? `, ${place.pt} / ${place.en}` : ''}`;

/**
 * A setting that cannot be read. Its message is the one line the start-up prints: the variable (and
 * the entry of a list), its value, what is wrong in Portuguese and in English, and an example.
 */
export class SettingError extends Error {
  readonly variable: string;
  constructor(
    variable: string,
    value: string,
    pt: string,
    en: string,
    options: { place?: Place | undefined; example?: string } = {},
  ) {
    const example = options.example ?? `${variable}=${JSON.stringify(EXAMPLES[variable] ?? '')}`;
    super(
      `Configuração inválida / invalid setting: ${where(variable, options.place)} (${quoted(value)}): ${pt} / ${en}. Exemplo / example: ${example}`,
    );
    this.name = 'SettingError';
    this.variable = variable;
  }
}

/** The job summary's section for a setting that cannot be read: what stopped, the setting's line, what to do. */
export function refusalSummary(line: string): string {
  return [
    '### A atualização parou: uma configuração não pôde ser lida',
    '',
    codeSpan(line),
    '',
    'O site continua como estava. Corrija a variável em Settings → Secrets and variables → Actions ' +
      '(o exemplo acima mostra como escrevê-la) e rode a atualização de novo.',
    '',
    '',
  ].join('\n');
}

/** The notice of a setting read otherwise than written, for the log. */
const notice = (variable: string, value: string, pt: string, en: string, place?: Place) =>
  `Configuração lida / setting read: ${where(variable, place)} (${quoted(value)}): ${pt} / ${en}.`;

/** A trimmed value, or null when unset or blank. */
function readVar(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

/** Options of webAddress: which variable (and entry) it is, and where notices go. */
interface AddressOptions {
  variable: string;
  notices: string[];
  place?: Place | undefined;
}

/**
 * A web address as people write it: 'https://x' or 'http://x' as written, 'x.gov.br' or '//x.gov.br'
 * with 'https://' added (and a notice); null when empty. Another scheme (javascript:, mailto:, ftp:),
 * a space, or no domain ('turismo') is refused.
 */
function webAddress(text: string | null | undefined, options: AddressOptions): string | null {
  const value = text?.trim();
  if (!value) return null;
  const { variable, place } = options;
  const refuse = (pt: string, en: string): never => {
    throw new SettingError(variable, value, pt, en, { place });
  };
  if (/\s/.test(value)) refuse('um endereço não tem espaços', 'an address has no spaces');
  let address = value;
  if (value.startsWith('//')) address = `https:${value}`;
  else if (!/^https?:\/\//i.test(value)) {
    // A scheme, but not 'host:port' ('turismo.gov.br:8080').
    if (/^[a-z][a-z\d+.-]*:(?!\d)/i.test(value))
      refuse('só endereços http(s), começando por https://', 'only http(s) addresses, starting with https://');
    address = `https://${value}`;
  }
  let host = '';
  try {
    host = new URL(address).hostname;
  } catch {
    refuse('não é um endereço da web', 'is not a web address');
  }
  if (!(host.includes('.') || host === 'localhost' || host.startsWith('[')))
    refuse(
      'o endereço não tem domínio (como turismo.cidade.mt.gov.br)',
      'the address has no domain (such as turismo.cidade.mt.gov.br)',
    );
  if (address !== value)
    options.notices.push(
      notice(variable, value, `lido como ${address} (https:// acrescentado)`, `read as ${address} (https:// added)`, place),
    );
  return address;
}

const withoutTrailingSlash = (url: string | null) => url?.replace(/\/+$/, '') ?? null;

/** SITE_URL read as an address, without its trailing slash; DEFAULT_SITE_URL when unset: the portal's own address. */
export function readSiteUrl(env: Env, notices: string[] = []): string {
  return withoutTrailingSlash(webAddress(env.SITE_URL, { variable: 'SITE_URL', notices })) ?? DEFAULT_SITE_URL;
}

/**
 * LOGO_PATH: a path of the site ('/logo.svg'; 'logo.svg' reads as '/logo.svg') or an https address
 * ('www.cidade.mt.gov.br/logo.png' gets 'https://'). An http:// logo is refused: the pages are https and
 * the app icons are drawn from it (src/lib/app-icons.ts readLogo).
 */
function readLogoPath(env: Env, notices: string[]): string {
  const value = readVar(env, 'LOGO_PATH');
  if (!value) return '/logo.svg';
  if (/^http:\/\//i.test(value))
    throw new SettingError('LOGO_PATH', value, 'o logotipo precisa de https://', 'the logo needs https://');
  // A domain first ('www.cidade.mt.gov.br/logo.png'), or an address: the logo is on another site.
  if (/^(?:[a-z][a-z\d+.-]*:|\/\/|[^/\s]+\.[^/\s]+\/)/i.test(value)) {
    const address = webAddress(value, { variable: 'LOGO_PATH', notices }) ?? '';
    if (!/^https:\/\//i.test(address))
      throw new SettingError('LOGO_PATH', value, 'o logotipo precisa de https://', 'the logo needs https://');
    return address;
  }
  if (value.startsWith('/')) return value;
  notices.push(notice('LOGO_PATH', value, `lido como /${value}, em public/`, `read as /${value}, in public/`));
  return `/${value}`;
}

/** The Intl time zones by their lower-case name, for the name a refused one meant (memoised: the list is long). */
let knownZones: Map<string, string> | null = null;
function zonesByFoldedName(): Map<string, string> {
  knownZones ??= new Map(['UTC', ...Intl.supportedValuesOf('timeZone')].map((zone) => [zone.toLowerCase(), zone]));
  return knownZones;
}

/** What a city may have meant by an abbreviation, which names an offset rather than a place's clock. */
const ZONES_OF_ABBREVIATIONS: Record<string, string> = {
  BRT: 'America/Sao_Paulo',
  BRST: 'America/Sao_Paulo',
  AMT: 'America/Cuiaba',
  ACT: 'America/Rio_Branco',
  FNT: 'America/Noronha',
  EST: 'America/New_York',
  EDT: 'America/New_York',
  CST: 'America/Chicago',
  MST: 'America/Denver',
  PST: 'America/Los_Angeles',
};

/**
 * CITY_TIME_ZONE: an IANA zone of a place, 'Região/Cidade' ('America/Cuiaba'), or UTC; any case, and an
 * older name Intl knows ('Brazil/West'), read as Intl spells it. The pages and the sync then read the
 * same clock (src/lib/time-zone.ts zoneOffset). Refused, with the name meant where it can be told: an accent
 * or a space ('America/Cuiabá', 'America/Sao Paulo'), an abbreviation ('EST', 'BRT': an offset, not a
 * city's rules of daylight saving), a fixed offset ('-03:00', 'Etc/GMT+3', whose sign is reversed).
 */
function readTimeZone(env: Env, notices: string[]): string {
  const value = readVar(env, 'CITY_TIME_ZONE');
  if (!value) return DEFAULT_TIME_ZONE;
  const resolved = resolvedZone(value);
  const isPlace = resolved === 'UTC' || (value.includes('/') && !/^Etc\//i.test(resolved ?? 'Etc/'));
  if (resolved && isPlace) {
    if (resolved !== value) notices.push(notice('CITY_TIME_ZONE', value, `lido como ${resolved}`, `read as ${resolved}`));
    return resolved;
  }
  const spelt = withoutAccents(value).replace(/\s+/g, '_');
  const meant = zonesByFoldedName().get(spelt.toLowerCase()) ?? ZONES_OF_ABBREVIATIONS[value.toUpperCase()] ?? null;
  const example = `CITY_TIME_ZONE=${JSON.stringify(meant ?? DEFAULT_TIME_ZONE)}`;
  if (meant && spelt !== value) {
    const changes = [
      withoutAccents(value) !== value && ['sem acento', 'without the accent'],
      /\s/.test(value) && ['com _ no lugar de espaços', 'with _ for spaces'],
    ].filter((change) => change !== false);
    throw new SettingError(
      'CITY_TIME_ZONE',
      value,
      `não é um fuso horário; escreva ${changes.map(([pt]) => pt).join(' e ')}: ${meant}`,
      `is not a time zone; write it ${changes.map(([, en]) => en).join(' and ')}: ${meant}`,
      { example },
    );
  }
  if (meant)
    throw new SettingError(
      'CITY_TIME_ZONE',
      value,
      `é uma abreviação, não o fuso de um lugar; use Região/Cidade, como ${meant}`,
      `is an abbreviation, not the time zone of a place; use Region/City, such as ${meant}`,
      { example },
    );
  throw new SettingError(
    'CITY_TIME_ZONE',
    value,
    'não é um fuso horário IANA de um lugar (Região/Cidade, como America/Cuiaba ou America/Sao_Paulo)',
    'is not the IANA time zone of a place (Region/City, such as America/Cuiaba or America/Sao_Paulo)',
    { example },
  );
}

/** The parts of one 'name|https://…' entry: a name, and at most one address. */
function nameAndAddress(entry: string, variable: string, notices: string[], place?: Place): { name: string; url: string | null } {
  const parts = entry.split('|').map((part) => part.trim());
  const refuse = (pt: string, en: string): never => {
    throw new SettingError(variable, entry, pt, en, { place });
  };
  if (parts.length > 2)
    refuse('tem mais de um "|"; escreva nome ou nome|https://site', 'has more than one "|"; write name or name|https://site');
  const [name = '', site] = parts;
  if (!name) refuse('não tem nome antes do "|"', 'has no name before the "|"');
  if (site === '') refuse('não tem endereço depois do "|"', 'has no address after the "|"');
  return { name, url: webAddress(site, { variable, notices, place }) };
}

/**
 * SPONSORS: supporters separated by ';', each a name or 'name|https://site'
 * ('Prefeitura Municipal de Barra do Bugres|https://www.barradobugres.mt.gov.br; Sebrae MT'). A blank
 * entry (a ';' at the end) is no sponsor; an entry without a name, with two '|', or whose site is not
 * an address is refused with its position.
 */
function readSponsors(value: string | null, notices: string[] = []): Sponsor[] {
  return (value ?? '')
    .split(';')
    .map((entry, index) => ({ entry: entry.trim(), place: entryPlace(index + 1) }))
    .filter(({ entry }) => entry)
    .map(({ entry, place }) => nameAndAddress(entry, 'SPONSORS', notices, place));
}

/**
 * DATA_LICENSE: a name, or 'name|https://…' ('CC0 1.0|https://creativecommons.org/publicdomain/zero/1.0/deed.pt-br');
 * unset, DEFAULT_DATA_LICENSE. A licence without a name, with two '|', or whose address is not one is refused.
 */
export function readDataLicense(value: string | null, notices: string[] = []): DataLicense {
  return value ? nameAndAddress(value, 'DATA_LICENSE', notices) : DEFAULT_DATA_LICENSE;
}

/**
 * PRIVACY_OFFICER_NAME and PRIVACY_OFFICER_EMAIL, both or neither: half an officer names nobody to write
 * to. The e-mail may be written as a link ('mailto:dpo@…'): the address is what /privacidade links to.
 */
function readPrivacyOfficer(env: Env, notices: string[]): SiteConfig['privacyOfficer'] {
  const name = readVar(env, 'PRIVACY_OFFICER_NAME');
  const written = readVar(env, 'PRIVACY_OFFICER_EMAIL');
  if (!name && !written) return null;
  const both = 'PRIVACY_OFFICER_NAME="Ana Souza" PRIVACY_OFFICER_EMAIL="encarregado@barradobugres.mt.gov.br"';
  if (!name || !written) {
    const [missing, given] = name ? ['PRIVACY_OFFICER_EMAIL', name] : ['PRIVACY_OFFICER_NAME', written ?? ''];
    throw new SettingError(
      missing,
      '',
      `falta, e vai junto com ${name ? 'PRIVACY_OFFICER_NAME' : 'PRIVACY_OFFICER_EMAIL'} ("${given}"): defina os dois, ou nenhum`,
      `is missing, and goes with ${name ? 'PRIVACY_OFFICER_NAME' : 'PRIVACY_OFFICER_EMAIL'} ("${given}"): set both, or neither`,
      { example: both },
    );
  }
  const email = written.replace(/^mailto:\s*/i, '');
  if (!/^[^\s@:/?]+@[^\s@:/?]+\.[^\s@:/?]+$/.test(email))
    throw new SettingError('PRIVACY_OFFICER_EMAIL', written, 'não é um endereço de e-mail', 'is not an e-mail address');
  if (email !== written)
    notices.push(
      notice('PRIVACY_OFFICER_EMAIL', written, `lido como ${email} (sem "mailto:")`, `read as ${email} (without "mailto:")`),
    );
  return { name, email };
}

/** A yes/no variable: unset or blank is `fallback`; a value that is neither is refused. */
function readFlag(env: Env, name: string, fallback = false): boolean {
  const value = readVar(env, name);
  if (value === null) return fallback;
  if (['true', '1', 'yes', 'sim', 'on'].includes(value.toLowerCase())) return true;
  if (['false', '0', 'no', 'não', 'nao', 'off'].includes(value.toLowerCase())) return false;
  throw new SettingError(
    name,
    value,
    'não é sim nem não (true, false, sim, não)',
    'is neither yes nor no (true, false, sim, não)',
    {
      example: `${name}=${JSON.stringify(EXAMPLES[name] ?? 'true')}`,
    },
  );
}

/** OFFICE_HOURS read (src/lib/contact/hours.ts), its refusal as a setting's: the row, what is wrong, an example. */
function readHours(env: Env): OfficeHours[] {
  try {
    return readOfficeHours(readVar(env, 'OFFICE_HOURS'));
  } catch (error) {
    if (!(error instanceof OfficeHoursError)) throw error;
    throw new SettingError('OFFICE_HOURS', error.text, error.pt, error.en, {
      place: { pt: `linha ${error.row}`, en: `row ${error.row}` },
    });
  }
}

/**
 * SPOTIFY_SHOW_ID: the show's id, or its link as Spotify shares it
 * ('https://open.spotify.com/show/4rOoJ6Egrf8K2IrywzwOMk?si=…', 'spotify:show:4rOo…'), read as its id.
 */
function readShowId(env: Env, notices: string[]): string | null {
  const value = readVar(env, 'SPOTIFY_SHOW_ID');
  const id =
    value && /^(?:(?:https?:\/\/)?open\.spotify\.com\/(?:intl-[a-z-]+\/)?show\/|spotify:show:)([A-Za-z0-9]+)/i.exec(value)?.[1];
  if (!value || !id) return value;
  notices.push(notice('SPOTIFY_SHOW_ID', value, `lido como ${id}`, `read as ${id}`));
  return id;
}

/** The variable of each page slug (SiteConfig.pageSlugs). */
const PAGE_SLUG_VARIABLES: Record<keyof PageSlugs, string> = {
  destination: 'DESTINATION_PAGE_SLUG',
  about: 'ABOUT_PAGE_SLUG',
  guide: 'GUIDE_PAGE_SLUG',
};

/**
 * One page slug as WordPress writes it in a page's address ('guia', 'guia-do-visitante'): the last part of
 * an address or a path ('https://blog.cidade.mt.gov.br/guia/', '/guia/') and capitals are read as the slug,
 * with a notice; a %-escaped slug as its letters ('%c3%a1gua' is 'água'). Refused: spaces or other signs,
 * which no slug has.
 */
function readPageSlug(env: Env, key: keyof PageSlugs, notices: string[]): string {
  const variable = PAGE_SLUG_VARIABLES[key];
  const value = readVar(env, variable);
  if (!value) return DEFAULT_PAGE_SLUGS[key];
  let slug = value;
  if (/[/:]/.test(slug))
    slug =
      slug
        .split(/[/?#]/)
        .filter((part) => part && !/:$/.test(part))
        .at(-1) ?? '';
  try {
    slug = decodeURIComponent(slug);
  } catch {
    // A malformed %-escape stays as written, and is refused below.
  }
  slug = slug.toLocaleLowerCase('pt-BR');
  if (!/^[\p{Ll}\p{Lo}\p{N}_-]{1,200}$/u.test(slug))
    throw new SettingError(
      variable,
      value,
      'não é o slug de uma página (letras, números e hífens, como aparece no endereço da página no WordPress)',
      "is not a page's slug (letters, digits and hyphens, as in the page's address in WordPress)",
    );
  if (slug !== value) notices.push(notice(variable, value, `lido como o slug ${slug}`, `read as the slug ${slug}`));
  return slug;
}

/**
 * The three page slugs (readPageSlug): each a different page, and the guide's not one of its translations'
 * ('es', 'en': the guide's children with those slugs are its versions in those languages).
 */
function readPageSlugs(env: Env, notices: string[]): PageSlugs {
  const slugs: PageSlugs = {
    destination: readPageSlug(env, 'destination', notices),
    about: readPageSlug(env, 'about', notices),
    guide: readPageSlug(env, 'guide', notices),
  };
  const keys = Object.keys(slugs) as (keyof PageSlugs)[];
  for (const [index, key] of keys.entries()) {
    const other = keys.slice(index + 1).find((next) => slugs[next] === slugs[key]);
    if (other)
      throw new SettingError(
        PAGE_SLUG_VARIABLES[other],
        slugs[other],
        `é o mesmo slug de ${PAGE_SLUG_VARIABLES[key]}: cada um é uma página diferente`,
        `is the same slug as ${PAGE_SLUG_VARIABLES[key]}: each is a different page`,
      );
  }
  if (isTranslatedLanguage(slugs.guide))
    throw new SettingError(
      'GUIDE_PAGE_SLUG',
      slugs.guide,
      'é o slug de uma tradução do guia, não do guia',
      "is the slug of one of the guide's translations, not of the guide",
    );
  return slugs;
}

/** The public settings (SiteConfig); `notices` receives a line per setting read otherwise than written. Throws a SettingError. */
export function readSiteConfig(env: Env, notices: string[] = []): SiteConfig {
  const cityName = readVar(env, 'CITY_NAME') ?? 'Barra do Bugres';
  const address = (variable: string) => withoutTrailingSlash(webAddress(env[variable], { variable, notices }));
  return {
    cityName,
    cityState: readVar(env, 'CITY_STATE') ?? 'MT',
    businessName: readVar(env, 'BUSINESS_NAME') ?? `Turismo ${cityName}`,
    shortName: readVar(env, 'SHORT_NAME') ?? cityName,
    logoPath: readLogoPath(env, notices),
    siteUrl: readSiteUrl(env, notices),
    blogUrl: address('BLOG_URL'),
    bookingUrl: address('BOOKING_URL'),
    podcastShowId: readShowId(env, notices),
    timeZone: readTimeZone(env, notices),
    sponsors: readSponsors(readVar(env, 'SPONSORS'), notices),
    dataLicense: readDataLicense(readVar(env, 'DATA_LICENSE'), notices),
    cityBody: readVar(env, 'CITY_BODY'),
    privacyOfficer: readPrivacyOfficer(env, notices),
    officeHours: readHours(env),
    transparencyUrl: webAddress(env.TRANSPARENCY_URL, { variable: 'TRANSPARENCY_URL', notices }),
    ombudsmanUrl: webAddress(env.OMBUDSMAN_URL, { variable: 'OMBUDSMAN_URL', notices }),
    vlibras: readFlag(env, 'VLIBRAS'),
    pageSlugs: readPageSlugs(env, notices),
  };
}

/** The sync's upstreams and credentials (UpstreamSettings); addresses read as webAddress reads them. Throws a SettingError. */
export function readUpstreamSettings(env: Env, notices: string[] = []): UpstreamSettings {
  const address = (variable: string) => webAddress(env[variable], { variable, notices });
  return {
    cityApiUrl: address('PROVIDER_API_URL'),
    cityApiToken: readVar(env, 'PROVIDER_API_TOKEN'),
    blogApiUrl: address('BLOG_API_URL'),
    spotifyClientId: readVar(env, 'SPOTIFY_CLIENT_ID'),
    spotifyClientSecret: readVar(env, 'SPOTIFY_CLIENT_SECRET'),
    spotifyAccountsUrl: address('SPOTIFY_ACCOUNTS_URL'),
    spotifyApiUrl: address('SPOTIFY_API_URL'),
  };
}

/** DEPLOY_HOST, one of src/integrations/hosts.ts's names; unset, GitHub Pages. */
function readDeployHost(env: Env): HostName {
  try {
    return hostNamed(env.DEPLOY_HOST);
  } catch {
    throw new SettingError(
      'DEPLOY_HOST',
      env.DEPLOY_HOST ?? '',
      `não é um dos hospedeiros conhecidos (${HOST_NAMES.join(', ')})`,
      `is not one of the known hosts (${HOST_NAMES.join(', ')})`,
    );
  }
}

/**
 * Every setting of the configuration contract, read at once, as each entry point does when it starts
 * (src/lib/load-settings.ts): the first setting that cannot be read throws its SettingError.
 */
export function readSettings(env: Env): Settings {
  const notices: string[] = [];
  const site = readSiteConfig(env, notices);
  const upstreams = readUpstreamSettings(env, notices);
  return { site, upstreams, deployHost: readDeployHost(env), notices };
}
