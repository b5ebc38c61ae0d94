/**
 * Values an earlier version of the portal wrote into the snapshot in another shape, read in the
 * current one: a last good snapshot kept while a source is down, or put back after a refused update,
 * must still build, and lose none of its entries to a change of format.
 */
import { wallClock } from './format.ts';

/** An event date as the snapshot stored it before it kept the day apart from the time: a UTC instant. */
const FORMER_EVENT_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * An event date in the current shape: a former UTC instant becomes the day alone when it was the
 * noon in the city that stood for a day without a time, else the city's clock with its offset
 * ('2027-04-16T20:00:00-04:00'); anything else as it is (the schema judges it).
 */
export function currentEventDate(value: unknown): unknown {
  if (typeof value !== 'string' || !FORMER_EVENT_INSTANT.test(value)) return value;
  const { wall, offset } = wallClock(new Date(value));
  if (wall.endsWith('T12:00:00')) return wall.slice(0, 10);
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${wall}${offset < 0 ? '-' : '+'}${hours}:${minutes}`;
}
