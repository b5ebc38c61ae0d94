/**
 * Values an earlier version of the portal wrote into the snapshot in another shape, read in the
 * current one: a last good snapshot kept while a source is down, or put back after a refused update,
 * must still build, and lose none of its entries to a change of format.
 */
import { TIME_ZONE } from './format.ts';

/** An event date as the snapshot stored it before it kept the day apart from the time: a UTC instant. */
const FORMER_EVENT_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const cityClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
});

/**
 * An event date in the current shape: a former UTC instant becomes the day alone when it was the
 * noon in the city that stood for a day without a time, else the city's clock with its offset
 * ('2027-04-16T20:00:00-04:00'); anything else as it is (the schema judges it).
 */
export function currentEventDate(value: unknown): unknown {
  if (typeof value !== 'string' || !FORMER_EVENT_INSTANT.test(value)) return value;
  const parts = Object.fromEntries(cityClock.formatToParts(new Date(value)).map((part) => [part.type, part.value]));
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  const time = `${parts.hour}:${parts.minute}:${parts.second}`;
  if (time === '12:00:00') return day;
  const offset = (parts.timeZoneName ?? 'GMT').replace(/^GMT$/, 'GMT+00:00').slice(3);
  return `${day}T${time}${offset}`;
}
