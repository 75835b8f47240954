import { stringify } from "csv-stringify/browser/esm/sync";

export interface WriteCsvOptions {
  /** CRLF by default (RFC 4180). */
  lineEnding?: "\r\n" | "\n";
}

/**
 * A cell a spreadsheet would run as a formula, possibly behind quotes we added
 * before; a leading line feed too, since a reader may turn a carriage return into one.
 */
const FORMULA = /^'*[=+\-@\t\r\n]/;
const ESCAPED_FORMULA = /^'+[=+\-@\t\r\n]/;
/**
 * Cells that start like a formula but are data a spreadsheet should read as a number,
 * with no room for a formula in them: a plain negative number ("-1.2500", a ledger's
 * debit) and a phone number in E.164 form ("+447700900123": a plus, then 1 to 15
 * ASCII digits, the first not 0). Anything more ("+1+cmd|…", "+44 (0)…", 16 digits) is escaped.
 */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;
const E164_NUMBER = /^\+[1-9]\d{0,14}$/;

/**
 * OWASP's advice against CSV injection: a cell that starts with =, +, -, @, tab or
 * carriage return is written as text with a leading single quote, except a plain
 * negative number and an E.164 phone number, which stay numbers. A cell that
 * already starts with quotes before such a character gets one more, so
 * unescapeFormula can always give back what was written. Decisions 007 and 030.
 */
export function escapeFormula(cell: string): string {
  return FORMULA.test(cell) && !NEGATIVE_NUMBER.test(cell) && !E164_NUMBER.test(cell) ? `'${cell}` : cell;
}

/** Undoes escapeFormula, so a file we exported reads back as the values it held. */
export function unescapeFormula(cell: string): string {
  return ESCAPED_FORMULA.test(cell) ? cell.slice(1) : cell;
}

/**
 * The one CSV writer of every export: RFC 4180 quoting (a field with a comma,
 * quote or line break, and one with space at either end, which a reader would
 * trim), a line end after every row, and formula cells escaped.
 */
export function writeCsv(rows: readonly (readonly string[])[], options: WriteCsvOptions = {}): string {
  return stringify(rows as string[][], {
    record_delimiter: options.lineEnding ?? "\r\n",
    quote_record_delimiter: true,
    quoted_match: /^\s|\s$/,
    cast: { string: escapeFormula },
    eof: true,
  });
}
