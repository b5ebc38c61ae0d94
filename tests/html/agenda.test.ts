/**
 * The agenda and 'Adicionar à agenda' in the static build (docs/product.md, Events): /agenda groups the
 * events still to come on the build's day by month, in order, after this weekend's and before the
 * undated; every dated event has its `.ics` file with its own DTSTART, and a Google Calendar link with
 * the same dates on its page and in the agenda. The expectations are worked out here from the build's
 * manifest (its day, its snapshot), never written down: the sample's events pass into the past as the
 * calendar moves on, and what is upcoming changes with them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TIME_ZONE } from '../../src/lib/format.ts';
import { byRole, DIST, jsonLd, one, page, source, textOf } from '../support/dist-pages.ts';

interface SnapshotEvent {
  id: string;
  title: string;
  startDate: string | null;
  endDate: string | null;
  isListed?: boolean;
}

const manifest = JSON.parse(readFileSync(path.join(DIST, 'build-manifest.json'), 'utf8')) as {
  builtAt: string;
  snapshotDir: string;
};
/** The snapshot the build was made from (its folder as the build named it, from the project's root). */
const SNAPSHOT = path.resolve(import.meta.dirname, '../..', manifest.snapshotDir);
const EVENTS = (JSON.parse(readFileSync(path.join(SNAPSHOT, 'events.json'), 'utf8')) as SnapshotEvent[]).filter(
  (event) => event.isListed !== false,
);
const DATED = EVENTS.filter((event) => event.startDate !== null);
const UNDATED = EVENTS.filter((event) => event.startDate === null);

const MONTHS = 'janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro'.split(' ');
/** '2026-12' → 'dezembro de 2026'. */
const monthTitle = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} de ${month.slice(0, 4)}`;
const addDays = (day: string, days: number) => {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
};
/** The wall clock of the city at an instant, as '2026-12-27T19:00:00'. */
const cityClock = (instant: number) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: TIME_ZONE, dateStyle: 'short', timeStyle: 'medium' })
    .format(instant)
    .replace(' ', 'T');

/** The build's day in the city, and the weekend the agenda calls 'Este fim de semana'. */
const TODAY = cityClock(Date.parse(manifest.builtAt)).slice(0, 10);
const weekday = new Date(`${TODAY}T00:00:00Z`).getUTCDay();
const SATURDAY = weekday === 0 ? addDays(TODAY, -1) : addDays(TODAY, 6 - weekday);
const WEEKEND = { first: weekday === 0 ? TODAY : SATURDAY, last: addDays(SATURDAY, 1) };

const firstDay = (event: SnapshotEvent) => (event.startDate ?? '').slice(0, 10);
const lastDay = (event: SnapshotEvent) => (event.endDate ?? event.startDate ?? '').slice(0, 10);
const UPCOMING = DATED.filter((event) => lastDay(event) >= TODAY).sort((a, b) =>
  (a.startDate ?? '').localeCompare(b.startDate ?? ''),
);

/** The dates Google's link and the `.ics` file must give an event, worked out from its snapshot dates. */
function expectedDates(event: SnapshotEvent) {
  const start = event.startDate ?? '';
  if (start.length === 10) {
    const after = addDays(lastDay(event), 1).replace(/-/g, '');
    return {
      google: `${start.replace(/-/g, '')}/${after}`,
      dtstart: `DTSTART;VALUE=DATE:${start.replace(/-/g, '')}`,
      dtend: `DTEND;VALUE=DATE:${after}`,
    };
  }
  const utc = (instant: number) => `${new Date(instant).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
  const startAt = Date.parse(start);
  const endAt = !event.endDate
    ? startAt
    : event.endDate.length === 10
      ? null // a timed start with a day-only end: the end's instant depends on the zone's offset that day
      : Date.parse(event.endDate);
  return {
    google: endAt === null ? null : `${cityClock(startAt)}/${cityClock(endAt)}`.replace(/[-:]/g, ''),
    dtstart: `DTSTART:${utc(startAt)}`,
    dtend: endAt === null ? null : `DTEND:${utc(endAt)}`,
  };
}

/** The properties of an `.ics` file, folding undone. */
const icsLines = (text: string) =>
  text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);

const main = () => one(page('/agenda'), 'main', /.*/);
const sectionOf = (heading: Element) => heading.closest('section') as Element;
const eventLinks = (scope: Element) =>
  byRole(scope, 'heading', { level: 3 }).map((heading) => heading.querySelector('a')?.getAttribute('href'));
const googleDates = (href: string | null | undefined) => new URL(href ?? '').searchParams.get('dates');

describe('/agenda', () => {
  it('groups the events to come by month, in order, after the weekend and before the undated', () => {
    const headings = byRole(main(), 'heading', { level: 2 }).map(textOf);
    const onWeekend = UPCOMING.filter((event) => firstDay(event) <= WEEKEND.last && lastDay(event) >= WEEKEND.first);
    // Each event in one group: the weekend's, else its month's (an event under way since an earlier month in the current one).
    const monthOf = (event: SnapshotEvent) => ([firstDay(event), TODAY].sort()[1] ?? TODAY).slice(0, 7);
    const inMonths = UPCOMING.filter((event) => !onWeekend.includes(event));
    const months = [...new Set(inMonths.map(monthOf))].sort();
    expect(headings).toEqual([
      ...(onWeekend.length > 0 ? ['Este fim de semana'] : []),
      ...months.map(monthTitle),
      ...(UNDATED.length > 0 ? ['Data a confirmar'] : []),
    ]);
    for (const month of months) {
      const heading = one(main(), 'heading', monthTitle(month), { level: 2 });
      expect(eventLinks(sectionOf(heading)), month).toEqual(
        inMonths.filter((event) => monthOf(event) === month).map((event) => `/event/${event.id}`),
      );
    }
    if (onWeekend.length > 0) {
      const weekend = sectionOf(one(main(), 'heading', 'Este fim de semana', { level: 2 }));
      expect(eventLinks(weekend)).toEqual(onWeekend.map((event) => `/event/${event.id}`));
    }
    if (UNDATED.length > 0) {
      const undated = sectionOf(one(main(), 'heading', 'Data a confirmar', { level: 2 }));
      expect(eventLinks(undated)).toEqual(UNDATED.map((event) => `/event/${event.id}`));
      expect(undated.querySelectorAll('a[data-calendar]')).toHaveLength(0);
    }
    if (headings.length === 0) expect(textOf(main())).toContain('Nenhum evento programado');
  });

  it('leaves out the events already over', () => {
    const linked = new Set(eventLinks(main()));
    const over = DATED.filter((event) => lastDay(event) < TODAY);
    for (const event of over) expect(linked.has(`/event/${event.id}`), event.title).toBe(false);
    expect(linked.size).toBe(UPCOMING.length + UNDATED.length);
  });

  it("gives each entry its dates and 'Adicionar à agenda' with the dates of its .ics file", () => {
    for (const event of UPCOMING) {
      const entry = main().querySelector(`li[data-id="${event.id}"]`) as Element;
      expect(entry.querySelector('time')?.getAttribute('datetime'), event.title).toBe(event.startDate);
      const { google } = expectedDates(event);
      if (google) expect(googleDates(entry.querySelector('a[data-calendar="google"]')?.getAttribute('href'))).toBe(google);
      expect(entry.querySelector('a[data-calendar="ics"]')?.getAttribute('href')).toBe(`/event/${event.id}.ics`);
    }
  });

  it('is linked from the events list and listed in the sitemap', () => {
    expect(one(page('/all-events'), 'link', 'Ver agenda por mês').getAttribute('href')).toBe('/agenda');
    expect(source('/sitemap-0.xml')).toMatch(/\/agenda<\/loc>/);
  });
});

describe("every dated event's calendar entry", () => {
  it('the sample has dated events to check', () => {
    expect(DATED.length).toBeGreaterThan(0);
  });

  it.each(DATED.map((event) => [event.id, event] as const))('event %s has an .ics file with its own dates', (id, event) => {
    const lines = icsLines(source(`/event/${id}.ics`));
    const { dtstart, dtend } = expectedDates(event);
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines.filter((line) => line.startsWith('DTSTART'))).toEqual([dtstart]);
    if (dtend) expect(lines.filter((line) => line.startsWith('DTEND'))).toEqual([dtend]);
    const canonical = page(`/event/${id}`).querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '';
    expect(lines).toContain(`UID:event-${id}@${new URL(canonical).host}`);
    expect(lines).toContain(`URL:${canonical}`);
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
  });

  it.each(DATED.map((event) => [event.id, event] as const))(
    "event %s's page offers the Google link with the same dates, and its JSON-LD keeps its own start",
    (id, event) => {
      const document = page(`/event/${id}`);
      const box = one(document, 'region', 'Adicionar à agenda');
      const google = new URL(box.querySelector('a[data-calendar="google"]')?.getAttribute('href') ?? '');
      expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
      expect(google.searchParams.get('action')).toBe('TEMPLATE');
      expect(google.searchParams.get('ctz')).toBe(TIME_ZONE);
      expect(google.searchParams.get('text')).toBe(event.title);
      const { google: dates } = expectedDates(event);
      if (dates) expect(google.searchParams.get('dates')).toBe(dates);
      expect(box.querySelector('a[data-calendar="google"]')?.getAttribute('rel')).toBe('noopener noreferrer');
      expect(box.querySelector('a[data-calendar="ics"]')?.getAttribute('href')).toBe(`/event/${id}.ics`);
      const ld = jsonLd(document).find((block) => block['@type'] === 'Event');
      expect(ld?.startDate).toBe(event.startDate);
      expect(ld?.endDate).toBe(event.endDate ?? undefined);
    },
  );

  it('an undated event has no calendar file nor link, and no start in its JSON-LD', () => {
    expect(UNDATED.length).toBeGreaterThan(0);
    for (const event of UNDATED) {
      const document = page(`/event/${event.id}`);
      expect(document.querySelectorAll('a[data-calendar]'), event.title).toHaveLength(0);
      expect(() => source(`/event/${event.id}.ics`)).toThrow(/has no/);
      expect(jsonLd(document).find((block) => block['@type'] === 'Event')).not.toHaveProperty('startDate');
    }
  });
});
