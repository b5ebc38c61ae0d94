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
