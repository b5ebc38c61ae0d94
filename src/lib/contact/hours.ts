/**
 * The tourist office's opening hours, as a Brazilian city writes them (OFFICE_HOURS): rows separated
 * by ';' (or a new line), each some days then their hours or 'fechado' —
 * 'Segunda a sexta: 7h às 13h; sábado 8h às 12h e 14h às 18h; domingo e feriados: fechado'.
 *
 * - Days: full names or abbreviations, with or without accents and '-feira' ('segunda-feira', 'seg',
 *   'sáb', '2ª' to '6ª'), ranges ('segunda a sexta', 'seg-sex', 'seg até sex'), lists ('seg, qua e sex',
 *   'sáb/dom'), 'feriados', 'todos os dias' and 'dias úteis'.
 * - Hours: '7h às 13h', '07:00-13:00', '7h30 a 11h30', 'das 8h às 12h', several periods a day joined
 *   by 'e' or ',' ('8h às 12h e 14h às 18h'), or 'fechado'.
 *
 * A row is read whole or not at all: whatever it cannot read (an unknown day, hours without an end, a
 * day in two rows) throws an OfficeHoursError naming the row, which src/lib/config.ts turns into the
 * one-line refusal of the setting. No row is made up: with none configured, /contato shows no hours.
 */
import { fold } from '../text.ts';

/** The days of the week, Monday first: the name the visitor reads, its folded full name, and schema.org's name. */
const WEEK = [
  { name: 'Segunda', full: 'segunda', schema: 'Monday' },
  { name: 'Terça', full: 'terca', schema: 'Tuesday' },
  { name: 'Quarta', full: 'quarta', schema: 'Wednesday' },
  { name: 'Quinta', full: 'quinta', schema: 'Thursday' },
  { name: 'Sexta', full: 'sexta', schema: 'Friday' },
  { name: 'Sábado', full: 'sabado', schema: 'Saturday' },
  { name: 'Domingo', full: 'domingo', schema: 'Sunday' },
] as const;

/** Public holidays, after the week: schema.org's PublicHolidays, the day type that stands for any of them. */
const HOLIDAYS = 7;
const HOLIDAYS_SCHEMA = 'PublicHolidays';

/** Phrases that name several days at once. */
const DAY_PHRASES: Record<string, number[]> = {
  'todos os dias': [0, 1, 2, 3, 4, 5, 6],
  diariamente: [0, 1, 2, 3, 4, 5, 6],
  'dias uteis': [0, 1, 2, 3, 4],
};

/** One opening period of a day: 'HH:MM' to 'HH:MM' ('24:00' for midnight at the end). */
interface OfficePeriod {
  opens: string;
  closes: string;
}

/** One row of opening hours: its days, and its periods (none when closed). */
export interface OfficeHours {
  /** What the visitor reads: 'Segunda a sexta: 8h às 12h e 14h às 18h', 'Domingo e feriados: fechado'. */
  label: string;
  /** schema.org day names ('Monday'; 'PublicHolidays' for 'feriados'), for the page's structured data. */
  days: string[];
  /** The periods it is open, in the order of the day; none on a closed row. */
  periods: OfficePeriod[];
}

/** A row of OFFICE_HOURS that cannot be read: which row (from 1), as written, and why in Portuguese and English. */
export class OfficeHoursError extends Error {
  readonly row: number;
  readonly text: string;
  readonly pt: string;
  readonly en: string;
  constructor(row: number, text: string, pt: string, en: string) {
    super(`OFFICE_HOURS, row ${row} ("${text}"): ${en}`);
    this.name = 'OfficeHoursError';
    this.row = row;
    this.text = text;
    this.pt = pt;
    this.en = en;
  }
}

/** Why a row cannot be read, before readOfficeHours knows which row it is. */
class RowProblem extends Error {
  readonly pt: string;
  readonly en: string;
  constructor(pt: string, en: string) {
    super(en);
    this.pt = pt;
    this.en = en;
  }
}
const refuse = (pt: string, en: string): never => {
  throw new RowProblem(pt, en);
};

const DAY_NAMES = 'seg, ter, qua, qui, sex, sáb, dom, feriados';

/** The day a word names (a full name or an abbreviation of at least three letters), HOLIDAYS, or null. */
function dayOf(word: string): number | null {
  const text = word.replace(/\.$/, '');
  if (/^feriados?$/.test(text)) return HOLIDAYS;
  if (text.length < 3) return null;
  const index = WEEK.findIndex((day) => day.full.startsWith(text));
  return index < 0 ? null : index;
}

/** The days one item of a row names: a day, a range 'seg a sex' / 'seg-sex', or a phrase ('todos os dias'). */
function daysOfItem(item: string): number[] {
  const phrase = DAY_PHRASES[item];
  if (phrase) return phrase;
  const ends = item.split(/\s*(?:-|\ba\b|\bate\b)\s*/);
  if (ends.length > 2 || ends.some((end) => !end))
    refuse(`"${item}" não é um dia nem um intervalo de dias`, `"${item}" is neither a day nor a range of days`);
  const [first, last] = ends.map((end) => {
    const day = dayOf(end);
    if (day === null) refuse(`"${end}" não é um dia (${DAY_NAMES})`, `"${end}" is not a day (${DAY_NAMES})`);
    return day as number;
  }) as [number, number | undefined];
  if (last === undefined) return [first];
  if (first === HOLIDAYS || last === HOLIDAYS)
    refuse('"feriados" não entra num intervalo de dias', '"feriados" cannot be part of a range of days');
  if (last <= first)
    refuse(
      `"${item}" vai para trás na semana; escreva cada parte numa linha, separadas por ";"`,
      `"${item}" runs backwards through the week; write each part as a row of its own, separated by ";"`,
    );
  return Array.from({ length: last - first + 1 }, (_, offset) => first + offset);
}

/** The days a row names, in the order of the week, holidays last. */
function daysOf(text: string): number[] {
  const items = text.split(/\s*(?:,|\/|\be\b)\s*/);
  if (items.some((item) => !item)) refuse('a lista de dias tem uma parte vazia', 'the list of days has an empty part');
  return [...new Set(items.flatMap(daysOfItem))].sort((a, b) => a - b);
}

/** A time as written ('7h', '07:00', '7h30', '7:30h', '13hs'): 'HH:MM', or null when it is none. */
const TIME = /^(\d{1,2})(?:\s*[:h]\s*(\d{2}))?\s*(?:h|hs|hrs?|horas?)?(?:\s*min)?$/;
function timeOf(text: string, isClosing: boolean): string | null {
  const match = TIME.exec(text);
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2] ?? 0)];
  if (minutes > 59 || hours > 24 || (hours === 24 && (minutes > 0 || !isClosing))) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

const HOURS_EXAMPLE = '7h às 13h, 07:00-13:00, 8h às 12h e 14h às 18h';

/** The periods of a row's hours ('8h as 12h e 14h as 18h', folded), in order and apart. */
function periodsOf(text: string): OfficePeriod[] {
  const periods = text.split(/\s*(?:,|\be\b|\/|\+)\s*/).map((part) => {
    const period = part.replace(/^(?:das|da|de)\s+/, '');
    const ends = period.split(/\s*(?:-|\bas\b|\ba\b|\bate\b)\s*/);
    const [opens, closes] = ends.length === 2 ? [timeOf(ends[0] ?? '', false), timeOf(ends[1] ?? '', true)] : [null, null];
    if (opens && closes) return { opens, closes };
    if (dayOf(period.split(/[\s:]/)[0] ?? '') !== null)
      refuse(`"${part}" começa com um dia: separe as linhas com ";"`, `"${part}" starts with a day: separate the rows with ";"`);
    return refuse(
      `"${part}" não é um horário de abertura e fechamento (${HOURS_EXAMPLE})`,
      `"${part}" is not an opening and a closing time (${HOURS_EXAMPLE})`,
    );
  });
  periods.forEach(({ opens, closes }, index) => {
    const previous = periods[index - 1];
    if (opens >= closes)
      refuse(`fecha (${hour(closes)}) antes de abrir (${hour(opens)})`, `closes (${closes}) before it opens (${opens})`);
    if (previous && opens < previous.closes)
      refuse(
        `o período das ${hour(opens)} começa antes do fim do anterior (${hour(previous.closes)})`,
        `the period from ${opens} starts before the previous one ends (${previous.closes})`,
      );
  });
  return periods;
}

/** '08:00' → '8h', '08:30' → '8h30'. */
function hour(time: string): string {
  const [h = '', m = ''] = time.split(':');
  return `${Number(h)}h${m === '00' ? '' : m}`;
}

const LIST = new Intl.ListFormat('pt-BR', { type: 'conjunction' });

/** 'Segunda a sexta', 'Sábado e domingo', 'Segunda, quarta e sexta', 'Segunda a quarta e sexta', 'Todos os dias e feriados'. */
function daysLabel(days: number[]): string {
  const week = days.filter((day) => day !== HOLIDAYS);
  const parts: string[] = [];
  if (week.length === WEEK.length) parts.push('todos os dias');
  else {
    // Runs of three days or more read as a range ('segunda a quarta'), shorter ones day by day.
    let start = 0;
    week.forEach((day, index) => {
      if (week[index + 1] === day + 1) return;
      const run = week.slice(start, index + 1).map((each) => WEEK[each]?.name.toLowerCase() ?? '');
      parts.push(...(run.length > 2 ? [`${run[0]} a ${run.at(-1)}`] : run));
      start = index + 1;
    });
  }
  if (days.includes(HOLIDAYS)) parts.push('feriados');
  const label = LIST.format(parts);
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** A row read: its days and periods. */
function readRow(row: string): { days: number[]; periods: OfficePeriod[] } {
  // Folded ('Sábado' → 'sabado', 'às' → 'as'), dashes made one, '-feira' dropped ('segunda-feira' → 'segunda'),
  // and the ordinal days ('2ª a 6ª') named.
  const text = fold(row)
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[-\s]feiras?\b/g, '')
    .replace(/(?<![\d:])([2-6])[ªa](?![\p{L}\d])/gu, (_, day: string) => WEEK[Number(day) - 2]?.full ?? day);
  const start = /\d|\bfechad[oa]s?\b/.exec(text)?.index;
  if (start === undefined)
    refuse(`não diz o horário (${HOURS_EXAMPLE}) nem "fechado"`, `gives no hours (${HOURS_EXAMPLE}) nor "fechado"`);
  const daysText = text
    .slice(0, start)
    .replace(/^(?:de|aos|nos)\s+/, '')
    .replace(/(?:[\s:,.-]|\b(?:das|de|da)\b)+$/, '');
  if (!daysText) refuse('não diz os dias (por exemplo "Segunda a sexta")', 'names no days (for example "Segunda a sexta")');
  const days = daysOf(daysText);
  const hoursText = text.slice(start).replace(/[\s.]+$/, '');
  return { days, periods: /^fechad[oa]s?$/.test(hoursText) ? [] : periodsOf(hoursText) };
}

/** OFFICE_HOURS as rows, in the order configured; none when it is unset. Throws an OfficeHoursError on a row it cannot read. */
export function readOfficeHours(value: string | null): OfficeHours[] {
  const seen = new Map<number, number>();
  return (value ?? '')
    .split(/[;\n]/)
    .map((row, index) => ({ row: row.trim(), position: index + 1 }))
    .filter(({ row }) => row)
    .map(({ row, position }) => {
      let read: ReturnType<typeof readRow>;
      try {
        read = readRow(row);
      } catch (error) {
        if (error instanceof RowProblem) throw new OfficeHoursError(position, row, error.pt, error.en);
        throw error;
      }
      for (const day of read.days) {
        const earlier = seen.get(day);
        const name = day === HOLIDAYS ? 'feriados' : (WEEK[day]?.name.toLowerCase() ?? '');
        if (earlier !== undefined)
          throw new OfficeHoursError(
            position,
            row,
            `${name} já está na linha ${earlier}`,
            `${day === HOLIDAYS ? HOLIDAYS_SCHEMA : WEEK[day]?.schema} is already in row ${earlier}`,
          );
        seen.set(day, position);
      }
      const hours = read.periods.map(({ opens, closes }) => `${hour(opens)} às ${hour(closes)}`);
      return {
        label: `${daysLabel(read.days)}: ${hours.length ? LIST.format(hours) : 'fechado'}`,
        days: read.days.map((day) => (day === HOLIDAYS ? HOLIDAYS_SCHEMA : (WEEK[day]?.schema ?? ''))),
        periods: read.periods,
      };
    });
}
