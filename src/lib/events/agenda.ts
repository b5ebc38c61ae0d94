/**
 * The agenda (/agenda, docs/product.md): the events still to come grouped as a visitor plans a trip,
 * by the city's calendar on the build's day (src/lib/format.ts, cityDay): this weekend's first, then
 * every month's, then those without a date. Events already over are left out.
 */

import { DATE_TO_BE_CONFIRMED, upcomingEvents } from '../facts.ts';
import { cityDay } from '../format.ts';
import type { Item } from '../schemas/index.ts';
import { dayAfter } from './calendar.ts';

type Dated = Pick<Item, 'startDate' | 'endDate'>;

/** One heading of the agenda and its events, soonest first. */
interface AgendaGroup<T> {
  /** The section's anchor: 'este-fim-de-semana', 'mes-2026-12', 'data-a-confirmar'. */
  id: string;
  /** 'Este fim de semana', 'dezembro de 2026', 'Data a confirmar'. */
  title: string;
  events: T[];
}

/** The title of the weekend's group. */
const WEEKEND_TITLE = 'Este fim de semana';

/**
 * The weekend a visitor means on `today` ('YYYY-MM-DD' in the city): the coming Saturday and Sunday;
 * on a Saturday that day and the next, on a Sunday that day alone.
 */
export function weekendOf(today: string): { first: string; last: string } {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  if (weekday === 0) return { first: today, last: today };
  let saturday = today;
  for (let day = weekday; day < 6; day += 1) saturday = dayAfter(saturday);
  return { first: saturday, last: dayAfter(saturday) };
}

const monthTitle = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'dezembro de 2026' for '2026-12'. */
export function monthName(month: string): string {
  const [year = 1970, number = 1] = month.split('-').map(Number);
  return monthTitle.format(new Date(Date.UTC(year, number - 1, 1)));
}

const firstDay = (event: Dated) => (event.startDate ?? '').slice(0, 10);
const lastDay = (event: Dated) => (event.endDate ?? event.startDate ?? '').slice(0, 10);

/**
 * The agenda's groups on `now`, each event in one:
 * - 'Este fim de semana', when an event is on that weekend (weekendOf), an event that spans it included;
 * - each month from now on, in order ('dezembro de 2026'), with the other events to come in it: an
 *   event under way since an earlier month is in the current one;
 * - 'Data a confirmar', the events without a date, in the upstream's order.
 * No group is empty.
 */
export function agendaGroups<T extends Dated>(events: readonly T[], now: Date): AgendaGroup<T>[] {
  const today = cityDay(now);
  const upcoming = upcomingEvents(events, now);
  const weekend = weekendOf(today);
  const groups: AgendaGroup<T>[] = [];
  const thisWeekend = upcoming.filter((event) => firstDay(event) <= weekend.last && lastDay(event) >= weekend.first);
  if (thisWeekend.length > 0) groups.push({ id: 'este-fim-de-semana', title: WEEKEND_TITLE, events: thisWeekend });
  const months = new Map<string, T[]>();
  for (const event of upcoming) {
    if (thisWeekend.includes(event)) continue;
    const isUnderWay = firstDay(event) < today;
    const month = (isUnderWay ? today : firstDay(event)).slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), event]);
  }
  for (const [month, inMonth] of [...months].sort(([a], [b]) => a.localeCompare(b))) {
    groups.push({ id: `mes-${month}`, title: monthName(month), events: inMonth });
  }
  const undated = events.filter((event) => event.startDate === null);
  if (undated.length > 0) groups.push({ id: 'data-a-confirmar', title: DATE_TO_BE_CONFIRMED, events: undated });
  return groups;
}
