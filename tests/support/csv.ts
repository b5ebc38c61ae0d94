/**
 * A small RFC 4180 reader for the tests of the open data files (src/lib/open-data/csv.ts writes them):
 * fields separated by `separator`, a quoted field may hold the separator, quotes (doubled) and line
 * breaks, records end in CRLF (or LF). A leading byte order mark is dropped, as spreadsheets do.
 * Written here rather than taken from a library: no CSV parser is a dependency of the project.
 */
export function parseCsv(text: string, separator = ';'): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let isQuoted = false;
  let at = text.startsWith('\uFEFF') ? 1 : 0;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  while (at < text.length) {
    const char = text[at] as string;
    if (isQuoted) {
      if (char === '"' && text[at + 1] === '"') {
        field += '"';
        at += 2;
        continue;
      }
      if (char === '"') {
        isQuoted = false;
        const next = text[at + 1];
        if (next !== undefined && next !== separator && next !== '\r' && next !== '\n') {
          throw new Error(`text after a quoted field, at ${at + 1}`);
        }
      } else field += char;
      at += 1;
      continue;
    }
    if (char === '"' && field === '') isQuoted = true;
    else if (char === '"') throw new Error(`a quote inside an unquoted field, at ${at}`);
    else if (char === separator) endField();
    else if (char === '\r' && text[at + 1] === '\n') {
      endRecord();
      at += 1;
    } else if (char === '\n') endRecord();
    else field += char;
    at += 1;
  }
  if (isQuoted) throw new Error('a quoted field is not closed at the end of the file');
  // A file ends with its last record's line break; text after it is one more record.
  if (field !== '' || record.length > 0) endRecord();
  return records;
}
