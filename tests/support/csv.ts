/**
 * A CSV reader for the tests of the open data files (src/lib/open-data/csv.ts writes them), that reads
 * as a spreadsheet does rather than as RFC 4180 would have it: a leading byte order mark is dropped; a
 * quote opens a quoted field only at the field's start, where a quoted field may hold the separator,
 * quotes (doubled) and line breaks; a quote anywhere else is a character, and what follows a closing
 * quote up to the separator is added to the field, and a quote never closed holds the rest of the
 * file (Excel, LibreOffice Calc and Python's csv read so, where a strict reader would refuse the
 * file); records end in CRLF or LF.
 *
 * `separator` is the one the reader was set to, which need not be the file's: a spreadsheet in a comma
 * locale reads the `;` files with `,`. `hasQuotes: false` reads as a tool that knows no quotes does
 * (a line is a row, every separator splits). Written here rather than taken from a library: no CSV
 * parser is a dependency of the project.
 */

/** A field as read, and whether it was in quotes (a text) or bare (a number, an empty cell, a header name). */
export interface CsvField {
  text: string;
  isQuoted: boolean;
}

/** How a reader reads the file. */
export interface CsvReader {
  separator?: string;
  hasQuotes?: boolean;
}

/** The records of `text` as a spreadsheet set to `separator` reads them, each field with whether it was quoted. */
export function readCsv(text: string, { separator = ';', hasQuotes = true }: CsvReader = {}): CsvField[][] {
  const records: CsvField[][] = [];
  let record: CsvField[] = [];
  let field = '';
  let isQuoted = false;
  let isInQuotes = false;
  let at = text.startsWith('\uFEFF') ? 1 : 0;
  const endField = () => {
    record.push({ text: field, isQuoted });
    field = '';
    isQuoted = false;
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  while (at < text.length) {
    const char = text[at] as string;
    if (isInQuotes) {
      if (char === '"' && text[at + 1] === '"') {
        field += '"';
        at += 2;
        continue;
      }
      if (char === '"') isInQuotes = false;
      else field += char;
      at += 1;
      continue;
    }
    if (hasQuotes && char === '"' && field === '' && !isQuoted) {
      isQuoted = true;
      isInQuotes = true;
    } else if (char === separator) endField();
    else if (char === '\r' && text[at + 1] === '\n') {
      endRecord();
      at += 1;
    } else if (char === '\n') endRecord();
    else field += char;
    at += 1;
  }
  // A file ends with its last record's line break; text after it is one more record. A quote never
  // closed (the file read with another separator) holds the rest of the file, as in a spreadsheet.
  if (field !== '' || isQuoted || record.length > 0) endRecord();
  return records;
}

/** The records of `text` as texts (readCsv). */
export function parseCsv(text: string, reader: CsvReader = {}): string[][] {
  return readCsv(text, reader).map((record) => record.map((field) => field.text));
}

/** A number as a spreadsheet reads one: no formula even with a sign in front ('-5', '4.5'). */
const PLAIN_NUMBER = /^ *[+-]?\d+(?:\.\d+)? *$/;

/**
 * Whether a spreadsheet would run the cell as a formula: it starts with `=`, `+`, `-` or `@`, after
 * any spaces (a reader that trims them) and quotes (one that strips them), and is not a plain number.
 */
export function runsAsFormula(cell: string): boolean {
  return /^[ "]*[=+\-@]/.test(cell) && !PLAIN_NUMBER.test(cell);
}

/** Every way a spreadsheet or a tool may read the `;` files: with their separator, a comma's, a tab's; honouring quotes or not. */
export const READERS: readonly Required<CsvReader>[] = [';', ',', '\t'].flatMap((separator) => [
  { separator, hasQuotes: true },
  { separator, hasQuotes: false },
]);

/** The cells of `text` that some reader of READERS would run as a formula, with how it read them; none when the file is safe. */
export function formulaCells(text: string): { reader: string; cell: string }[] {
  return READERS.flatMap(({ separator, hasQuotes }) =>
    parseCsv(text, { separator, hasQuotes })
      .flat()
      .filter(runsAsFormula)
      .map((cell) => ({ reader: `${JSON.stringify(separator)}${hasQuotes ? '' : ', no quotes'}`, cell })),
  );
}
