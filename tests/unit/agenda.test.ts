/**
 * The agenda's groups (src/lib/events/agenda.ts) on given days of the city's calendar: this weekend's
 * events first (an event that spans the weekend counts), then each month in order, then the undated;
 * what is over left out.
 */
import { describe, expect, it } from 'vitest';
import { agendaGroups, monthName, weekendOf } from '../../src/lib/events/agenda.ts';

/** Noon in Cuiabá (-04:00) on `day`: the city's day whatever the machine's zone. */
const noonIn = (day: string) => new Date(`${day}T16:00:00Z`);

const event = (id: string, startDate: string | null, endDate: string | null = null) => ({ id, startDate, endDate });
const shape = (groups: ReturnType<typeof agendaGroups<ReturnType<typeof event>>>) =>
  groups.map((group) => [group.title, group.events.map((entry) => entry.id)]);

describe('weekendOf', () => {
  it.each([
    // Wednesday 25 November 2026: the coming Saturday and Sunday.
    ['2026-11-25', '2026-11-28', '2026-11-29'],
    ['2026-11-27', '2026-11-28', '2026-11-29'],
    // A Saturday: that day and the next.
    ['2026-11-28', '2026-11-28', '2026-11-29'],
    // A Sunday: that day alone.
    ['2026-11-29', '2026-11-29', '2026-11-29'],
    // A Monday: the next weekend, across a month's end.
    ['2026-11-30', '2026-12-05', '2026-12-06'],
    ['2026-12-31', '2027-01-02', '2027-01-03'],
  ])('on %s is %s to %s', (today, first, last) => {
    expect(weekendOf(today)).toEqual({ first, last });
  });
});

describe('agendaGroups', () => {
  const events = [
    event('over', '2026-11-01', '2026-11-20'),
    event('undated-a', null),
    event('natal', '2026-12-01', '2026-12-31'),
    event('umutina', '2027-04-16', '2027-04-18'),
    event('evening', '2026-11-28T19:00:00-04:00'),
    event('spring', '2026-10-15', '2026-12-05'),
    event('undated-b', null),
    event('fair', '2026-12-05T09:00:00-04:00', '2026-12-06T18:00:00-04:00'),
  ];

  it('on a Wednesday: the weekend ahead, the months in order, the undated last, what is over left out', () => {
    expect(shape(agendaGroups(events, noonIn('2026-11-25')))).toEqual([
      // 'spring' spans the weekend of 28-29 November; 'evening' is on its Saturday. Each event is in one group.
      ['Este fim de semana', ['spring', 'evening']],
      ['dezembro de 2026', ['natal', 'fair']],
      ['abril de 2027', ['umutina']],
      ['Data a confirmar', ['undated-a', 'undated-b']],
    ]);
  });

  it('on a Monday: the next weekend, across a month, and the months after it', () => {
    const groups = agendaGroups(events, noonIn('2026-11-30'));
    expect(shape(groups)).toEqual([
      ['Este fim de semana', ['spring', 'natal', 'fair']],
      ['abril de 2027', ['umutina']],
      ['Data a confirmar', ['undated-a', 'undated-b']],
    ]);
    expect(groups.map((group) => group.id)).toEqual(['este-fim-de-semana', 'mes-2027-04', 'data-a-confirmar']);
  });

  it("puts an event under way since an earlier month in today's month", () => {
    // On Tuesday 1 December: 'spring' (since October) is on until the 5th, before the weekend of the 5th and 6th.
    const groups = agendaGroups(
      [event('spring', '2026-10-15', '2026-12-04'), event('natal', '2026-12-10')],
      noonIn('2026-12-01'),
    );
    expect(shape(groups)).toEqual([['dezembro de 2026', ['spring', 'natal']]]);
  });

  it('has no weekend group when nothing is on that weekend, and no empty group', () => {
    const groups = agendaGroups([event('umutina', '2027-04-16', '2027-04-18')], noonIn('2026-11-25'));
    expect(shape(groups)).toEqual([['abril de 2027', ['umutina']]]);
    expect(agendaGroups([event('over', '2026-11-01')], noonIn('2026-11-25'))).toEqual([]);
  });

  it("reads today in the city's time zone: late on Sunday night in Cuiabá is still Sunday", () => {
    // 03:30 UTC on Monday 30 November is 23:30 on Sunday 29 November in Cuiabá.
    const groups = agendaGroups([event('sunday', '2026-11-29')], new Date('2026-11-30T03:30:00Z'));
    expect(shape(groups)).toEqual([['Este fim de semana', ['sunday']]]);
  });
});

it.each([
  ['2026-12', 'dezembro de 2026'],
  ['2027-03', 'março de 2027'],
])('names the month %s %j', (month, name) => {
  expect(monthName(month)).toBe(name);
});
