import { CsvError, parse } from "csv-parse/browser/esm/sync";

export interface CsvRecord {
  /** 1-based line of the text where the record starts. */
  line: number;
  fields: string[];
  /** Why the record could not be read; its fields are then empty. */
  error?: string;
}

/** csv-parse's errors in the words our import reports have always used. */
const REASONS: Partial<Record<string, string>> = {
  INVALID_OPENING_QUOTE: "stray quote inside a field",
  CSV_INVALID_CLOSING_QUOTE: "text after a closing quote",
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: "text after a closing quote",
  CSV_QUOTE_NOT_CLOSED: "unterminated quoted field",
};

const utf8 = new TextEncoder();

/**
 * csv-parse is restarted after each malformed record, at a fixed cost (about a
 * tenth of a millisecond, mostly building its error); past this many a file is not
 * CSV worth listing line by line, and reading stops with a record that says so.
 */
export const MAX_MALFORMED_RECORDS = 100;

/**
 * RFC 4180 records read by csv-parse: fields separated by commas, optionally
 * double-quoted (a quoted field may hold commas, line breaks and doubled quotes),
 * space around fields and quotes ignored, LF, CRLF or CR line ends, every line
 * kept (a blank line is a record of one empty field). Line ends are made LF first,
 * inside quoted fields too, so every line break counts as one line whichever the
 * file used. csv-parse stops at the first malformed record; that record is reported
 * with its line and reading resumes on the next line (after an unterminated quote,
 * the line after the record's first), so one typo cannot hide the rows after it, up
 * to MAX_MALFORMED_RECORDS malformed records.
 */
export function readCsvRecords(input: string): CsvRecord[] {
  // Bytes, not a string: the browser build would convert a string with a slower Buffer stand-in, and a
  // restart after an error reads on from a view into the same bytes, copying nothing.
  const bytes = utf8.encode(input.replace(/\r\n?/g, "\n"));
  const records: CsvRecord[] = [];
  let offset = 0;
  let firstLine = 1; // the line of bytes[offset]
  let malformed = 0;
  while (offset < bytes.length) {
    let nextLine = firstLine;
    try {
      parse(bytes.subarray(offset), {
        relax_column_count: true,
        trim: true,
        record_delimiter: "\n",
        on_record: (fields: string[], context: { lines: number }) => {
          records.push({ line: nextLine, fields });
          nextLine = firstLine + context.lines;
          return null;
        },
      });
      return records;
    } catch (error) {
      if (!(error instanceof CsvError)) throw error;
      records.push({ line: nextLine, fields: [], error: REASONS[error.code] ?? error.message });
      malformed += 1;
      const errorLine = firstLine + ((error as CsvError & { lines?: number }).lines ?? 1) - 1;
      const resumeLine = error.code === "CSV_QUOTE_NOT_CLOSED" ? nextLine + 1 : errorLine + 1;
      offset = offsetOfLine(bytes, offset, firstLine, resumeLine);
      firstLine = resumeLine;
      if (malformed === MAX_MALFORMED_RECORDS && offset < bytes.length) {
        records.push({ line: firstLine, fields: [], error: `not read: more than ${MAX_MALFORMED_RECORDS} lines before this one are not valid CSV` });
        return records;
      }
    }
  }
  return records;
}

const LINE_FEED = 0x0a;

/** Where line `target` starts, counting line feeds from `offset` (on line `line`); the end past the last line. */
function offsetOfLine(bytes: Uint8Array, offset: number, line: number, target: number): number {
  let at = offset;
  for (let current = line; current < target; current++) {
    const lineEnd = bytes.indexOf(LINE_FEED, at);
    if (lineEnd < 0) return bytes.length;
    at = lineEnd + 1;
  }
  return at;
}
