/**
 * The city's time zone and its offsets: one reading of the clock for the sync, the pages and the
 * browser. CITY_TIME_ZONE is checked, as every setting, by src/lib/config.ts when an entry point starts;
 * this module only names the zone as Intl spells it and reads its offset, and imports nothing, so the
 * browser's copy of src/lib/format.ts carries no more than it uses.
 */

/** The time zone of a city that sets no CITY_TIME_ZONE: Barra do Bugres's (Mato Grosso has no daylight saving). */
export const DEFAULT_TIME_ZONE = 'America/Cuiaba';

/** The zone Intl reads `name` as ('america/cuiaba' → 'America/Cuiaba', 'US/Eastern' → 'America/New_York'), or null when it knows none. */
export function resolvedZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * CITY_TIME_ZONE for a module that reads it while it loads (src/lib/format.ts TIME_ZONE): as Intl
 * spells it, the default when unset. It refuses nothing: a name Intl does not know is returned as
 * written, to fail where it is used; the start-up has refused it already (src/lib/config.ts).
 */
export function cityTimeZone(env: Readonly<Record<string, string | undefined>>): string {
  const value = env.CITY_TIME_ZONE?.trim();
  if (!value) return DEFAULT_TIME_ZONE;
  return resolvedZone(value) ?? value;
}

/** 'GMT-04:00' (Intl's longOffset), or 'GMT' for UTC itself, as minutes east of UTC. */
export function gmtOffsetMinutes(name: string): number {
  const [, sign = '+', hours = '0', minutes = '0'] = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name) ?? [];
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

const offsetNames = new Map<string, Intl.DateTimeFormat>();

/**
 * Minutes east of UTC of the time zone `zone` at `instant`, as Intl reads it: the one offset of the
 * site, which the pages (src/lib/format.ts wallClock) and the sync (scripts/sync/normalise/values.ts
 * offsetMinutes) both take, so a date the sync writes is the date a page shows, daylight saving included.
 */
export function zoneOffset(zone: string, instant: number | Date): number {
  let format = offsetNames.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetNames.set(zone, format);
  }
  return gmtOffsetMinutes(format.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? '');
}

/**
 * What Brazilians call the time of each Brazilian zone (IANA name, as Intl spells it): the state's
 * or region's name, or 'horário de Brasília' for the zones that keep Brasília's time (the whole
 * Northeast, Pará, Amapá, Tocantins). A zone not named here is written by its offset (zoneLabel).
 */
const ZONE_NAMES: Readonly<Record<string, string>> = {
  'America/Sao_Paulo': 'horário de Brasília',
  'America/Bahia': 'horário de Brasília',
  'America/Fortaleza': 'horário de Brasília',
  'America/Recife': 'horário de Brasília',
  'America/Maceio': 'horário de Brasília',
  'America/Belem': 'horário de Brasília',
  'America/Santarem': 'horário de Brasília',
  'America/Araguaina': 'horário de Brasília',
  'America/Cuiaba': 'horário de Mato Grosso',
  'America/Campo_Grande': 'horário de Mato Grosso do Sul',
  'America/Manaus': 'horário do Amazonas',
  'America/Porto_Velho': 'horário de Rondônia',
  'America/Boa_Vista': 'horário de Roraima',
  'America/Rio_Branco': 'horário do Acre',
  // The west of Amazonas keeps Acre's time.
  'America/Eirunepe': 'horário do Acre',
  'America/Noronha': 'horário de Fernando de Noronha',
};

/** The Portuguese name of a zone's time ('horário de Mato Grosso' for America/Cuiaba), or null when none is known. */
function zoneName(zone: string): string | null {
  return ZONE_NAMES[resolvedZone(zone) ?? zone] ?? null;
}

/** An offset in minutes east of UTC as a reader writes it, with a true minus sign: 'UTC−4', 'UTC+5:30', 'UTC'. */
function offsetLabel(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `UTC${minutes < 0 ? '\u2212' : '+'}${hours}${rest === 0 ? '' : `:${String(rest).padStart(2, '0')}`}`;
}

/**
 * How a time of day says its zone (an event's '19h, horário de Mato Grosso'): the zone's Portuguese
 * name (zoneName), else its offset at `instant` ('UTC−4'), so a visitor from another state or
 * country knows which clock it is on.
 */
export function zoneLabel(zone: string, instant: number | Date): { name: string; isOffset: boolean } {
  const name = zoneName(zone);
  return name ? { name, isOffset: false } : { name: offsetLabel(zoneOffset(zone, instant)), isOffset: true };
}
