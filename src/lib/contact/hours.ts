/**
 * The tourist office's opening hours, as a city configures them (OFFICE_HOURS): one row per group of
 * days, ';' between rows, each days then hours or 'fechado' —
 * 'seg-sex 08:00-18:00; sáb 08:00-12:00; dom fechado'. Days are the Portuguese abbreviations
 * (seg ter qua qui sex sáb dom), a range ('seg-sex') or a list ('sáb,dom'). No row is made up:
 * with none configured, /contato shows no hours at all. A row the parser cannot read fails the
 * build, as a misspelt setting should, rather than publish wrong hours.
 */

/** schema.org's day names, Monday first, with the Portuguese abbreviation and name of each. */
const DAYS = [
  { code: 'seg', name: 'Segunda', schema: 'Monday' },
  { code: 'ter', name: 'Terça', schema: 'Tuesday' },
  { code: 'qua', name: 'Quarta', schema: 'Wednesday' },
  { code: 'qui', name: 'Quinta', schema: 'Thursday' },
  { code: 'sex', name: 'Sexta', schema: 'Friday' },
  { code: 'sab', name: 'Sábado', schema: 'Saturday' },
  { code: 'dom', name: 'Domingo', schema: 'Sunday' },
] as const;

/** One row of opening hours: its days, and its hours (null when closed). */
export interface OfficeHours {
  /** What the visitor reads: 'Segunda a sexta: 8h às 18h', 'Domingo: fechado'. */
  label: string;
  /** schema.org day names ('Monday'), for the page's structured data. */
  days: string[];
  /** 'HH:MM', or null on a closed row. */
  opens: string | null;
  closes: string | null;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
const dayIndex = (code: string) => DAYS.findIndex((day) => day.code === fold(code).slice(0, 3));

/** The days a row names, in order: 'seg-sex' → Monday…Friday; 'sáb,dom' → Saturday, Sunday. */
function daysOf(text: string, row: string): number[] {
  return text.split(',').flatMap((part) => {
    const [from = '', to] = part.split('-').map((day) => day.trim());
    const [start, end] = [dayIndex(from), to === undefined ? dayIndex(from) : dayIndex(to)];
    if (start < 0 || end < start)
      throw new Error(`OFFICE_HOURS: "${row}" names days it cannot read (seg ter qua qui sex sáb dom, e.g. seg-sex).`);
    return Array.from({ length: end - start + 1 }, (_, offset) => start + offset);
  });
}

/** '08:00' → '8h', '08:30' → '8h30'. */
const hour = (time: string) => {
  const [h = '', m = ''] = time.split(':');
  return `${Number(h)}h${m === '00' ? '' : m}`;
};

/** 'Segunda a sexta', 'Sábado', 'Sábado e domingo', 'Segunda, quarta e sexta'. */
function daysLabel(days: number[]): string {
  const names = days.map((index, position) => {
    const name = DAYS[index]?.name ?? '';
    return position === 0 ? name : name.toLowerCase();
  });
  const isRun = days.length > 2 && days.every((day, position) => position === 0 || day === (days[position - 1] ?? 0) + 1);
  if (isRun) return `${names[0]} a ${names.at(-1)}`;
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} e ${names.at(-1)}` : (names[0] ?? '');
}

/** OFFICE_HOURS as rows, in the order configured; none when it is unset. */
export function readOfficeHours(value: string | null): OfficeHours[] {
  return (value ?? '')
    .split(';')
    .map((row) => row.trim())
    .filter(Boolean)
    .map((row) => {
      const match = /^(.+?)\s+(?:(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})|(fechado))$/i.exec(row);
      if (!match) throw new Error(`OFFICE_HOURS: "${row}" is not days then hours (seg-sex 08:00-18:00) or 'fechado'.`);
      const [, daysText = '', opens, closes] = match;
      const days = daysOf(daysText, row);
      const [from, to] = [opens?.padStart(5, '0') ?? null, closes?.padStart(5, '0') ?? null];
      if (from && to && !(from < to && to <= '24:00')) throw new Error(`OFFICE_HOURS: "${row}" closes before it opens.`);
      return {
        label: `${daysLabel(days)}: ${from && to ? `${hour(from)} às ${hour(to)}` : 'fechado'}`,
        days: days.map((index) => DAYS[index]?.schema ?? ''),
        opens: from,
        closes: to,
      };
    });
}
