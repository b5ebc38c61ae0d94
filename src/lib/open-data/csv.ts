/**
 * The open data files' two formats (the /dados page, docs/product.md): CSV for spreadsheets and JSON
 * for programs, written from the same rows. Pure, so its rules are table-tested without a build.
 *
 * CSV as RFC 4180 writes it (a header row, CRLF line ends, a field quoted when it holds the
 * separator, a quote or a line break, a quote doubled inside it), with the choices a Brazilian
 * spreadsheet needs:
 * - `;` between fields: Excel in pt-BR splits a file opened with a double click on the list
 *   separator of the system's region, which is `;` where the decimal separator is the comma; a `,`
 *   file opens there as one column. LibreOffice asks, and offers `;` too.
 * - UTF-8 with a byte order mark: without it Excel reads the file in the system's ANSI code page
 *   (Windows-1252) and 'Açaí' becomes 'AÃ§aÃ­'; LibreOffice, pandas and R read the mark as UTF-8's.
 * - A text that begins with `=`, `+`, `-`, `@`, a tab or a carriage return gets an apostrophe in
 *   front, so a spreadsheet shows it instead of running it as a formula (CSV injection); the JSON
 *   keeps every text as it is.
 */

/** A cell: a text, a number, yes or no, a list of texts, or nothing (not given: an empty field, JSON null). */
export type Cell = string | number | boolean | readonly string[] | null;

/** Between the fields of a CSV row. */
export const CSV_SEPARATOR = ';';
/** Between the values of a list in one CSV field ('Pesca esportiva | Ecoturismo'). */
export const LIST_SEPARATOR = ' | ';
/** What a CSV field says for yes and no. */
export const YES_NO = { yes: 'sim', no: 'não' } as const;

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

/** A text a spreadsheet would run as a formula, made plain text by an apostrophe in front ('=SOMA(A1)' → "'=SOMA(A1)"). */
export function withoutFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * One CSV field: a number as it is, with a dot for the decimals (4.5; never a thousands separator),
 * yes and no as 'sim' and 'não', a list joined with ' | ', nothing as an empty field; texts kept from
 * formulas, and quoted when they must be.
 */
export function csvField(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? YES_NO.yes : YES_NO.no;
  const text = withoutFormula(typeof cell === 'string' ? cell : cell.join(LIST_SEPARATOR));
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV file: the byte order mark, the header row, then one row per entry, each line ending in CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const line = (cells: readonly Cell[]) => `${cells.map(csvField).join(CSV_SEPARATOR)}\r\n`;
  return BOM + line(header) + rows.map(line).join('');
}

/** The same rows as JSON: a list of objects keyed by the columns' names, lists as lists, nothing as null. */
export function toJson(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return JSON.stringify(rows.map((cells) => Object.fromEntries(header.map((key, index) => [key, cells[index] ?? null]))));
}
