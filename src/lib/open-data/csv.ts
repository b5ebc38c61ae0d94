/**
 * The open data files' two formats (the /dados page, docs/product.md): CSV for spreadsheets and JSON
 * for programs, written from the same rows. Pure, so its rules are table-tested without a build.
 *
 * CSV as RFC 4180 writes it (a header row, CRLF line ends, a quote doubled inside a quoted field),
 * with the choices a Brazilian spreadsheet needs:
 * - `;` between fields: Excel in pt-BR splits a file opened with a double click on the list
 *   separator of the system's region, which is `;` where the decimal separator is the comma; a `,`
 *   file opens there as one column. LibreOffice asks, and offers `;` too.
 * - UTF-8 with a byte order mark: without it Excel reads the file in the system's ANSI code page
 *   (Windows-1252) and 'Açaí' becomes 'AÃ§aÃ­'. LibreOffice, pandas, R's readr and a browser's
 *   TextDecoder drop the mark; a program that reads the bytes as plain UTF-8 sees it before `id`
 *   (Python's `utf-8-sig` drops it), which /dados says, and the JSON beside it has none.
 * - Every text in quotes, numbers, empty cells and the header's names bare: the id, a CNPJ, a phone number or an
 *   address's CEP is text ('1e5' is not 100000, '01234567000189' keeps its zero) in every reader
 *   that keeps a quoted field as text (LibreOffice's 'Formatar campos entre aspas como texto', any
 *   program); Excel still reads the digits of a quoted field as a number, which /dados says.
 * - No formula: a spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (CSV injection).
 *   A text that starts with one, or with a tab or a carriage return, gets an apostrophe in front.
 *   So does every part of it after a `,`, a `;`, a tab or a line break (spaces and quotes between
 *   count for nothing), since a reader set to another separator (`,` in most of the world, a tab)
 *   splits the field there, and one that ignores quotes starts a row at a line break: either would
 *   make that part a cell of its own ('Festa do Peixe,=cmd|…' read with `,`). The JSON keeps every
 *   text as it is.
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
/** A formula's first character, at the start of a cell or of any part a reader may make a cell of (withoutFormula). */
const FORMULA_AFTER_SEPARATOR = /(^|[,;\t\r\n])([ "]*)(?=[=+\-@])/g;
/** What also makes Excel read on as a formula at a cell's very start (OWASP's CSV injection list). */
const CONTROL_START = /^[\t\r]/;

/**
 * A text no spreadsheet runs as a formula, in whichever separator it reads the file: an apostrophe
 * before a formula's first character at the start and after each separator a reader may split on
 * ('=SOMA(A1)' → "'=SOMA(A1)", 'Festa,=cmd' → "Festa,'=cmd"), and before a leading tab or carriage
 * return.
 */
export function withoutFormula(text: string): string {
  const parts = text.replace(FORMULA_AFTER_SEPARATOR, "$1$2'");
  return CONTROL_START.test(parts) ? `'${parts}` : parts;
}

/**
 * One CSV field: a number as it is, with a dot for the decimals (4.5; never a thousands separator),
 * nothing as an empty field; a text (yes and no as 'sim' and 'não', a list joined with ' | ') kept
 * from formulas and always in quotes.
 */
export function csvField(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text =
    typeof cell === 'boolean' ? (cell ? YES_NO.yes : YES_NO.no) : typeof cell === 'string' ? cell : cell.join(LIST_SEPARATOR);
  return `"${withoutFormula(text).replaceAll('"', '""')}"`;
}

/** A column's name: lower case letters, digits and `_` (the dictionary's keys, src/lib/open-data/columns.ts). */
const COLUMN_NAME = /^[a-z][a-z0-9_]*$/;

/**
 * A whole CSV file: the byte order mark, the header row, then one row per entry, each line ending in
 * CRLF. The names of the header are bare: nothing in them needs quotes, and a reader that keeps the
 * mark reads `\ufeffid` rather than `\ufeff"id"` (a quote after the mark no longer opens a field).
 */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const odd = header.find((name) => !COLUMN_NAME.test(name));
  if (odd !== undefined) throw new Error(`A column of the open data is named ${JSON.stringify(odd)}: only a-z, 0-9 and _`);
  const line = (cells: readonly Cell[]) => `${cells.map(csvField).join(CSV_SEPARATOR)}\r\n`;
  return `${BOM}${header.join(CSV_SEPARATOR)}\r\n${rows.map(line).join('')}`;
}

/** The same rows as JSON: a list of objects keyed by the columns' names, lists as lists, nothing as null. */
export function toJson(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return JSON.stringify(rows.map((cells) => Object.fromEntries(header.map((key, index) => [key, cells[index] ?? null]))));
}
