import { readCsvRecords } from "../csv/read-csv";
import { unescapeFormula, writeCsv } from "../csv/write-csv";
import { carrierRateToDecimal, parseCarrierRate, type CarrierRate } from "./pricing";

/**
 * The carrier rate deck (data/provider-voice-rates.csv): one row per destination
 * group, priced per minute, matched by E.164 digit prefixes.
 *
 * Parsing never throws: an admin uploads this file, so every bad line is reported
 * with its line number and reason and the good lines still load. Deciding whether
 * a partly rejected deck may replace the live one is the importer's call.
 */
export interface DeckRow {
  /** ISO 3166-1 alpha-2, upper case; "ZZ" is satellite / non-geographic. */
  iso: string;
  /** The carrier's country name, kept as written (it is the carrier's, not ours). */
  country: string;
  /** "Standard", "Mobile", "Mobile - Orange", "Premium Services", regional names… */
  lineType: string;
  /** Integer hundred-thousandths of a USD per minute: 0.04700 → 4700. */
  carrierRate: CarrierRate;
  /** E.164 digit prefixes (no "+"), in file order, unique over the whole deck. */
  prefixes: string[];
}

export interface RejectedLine {
  /** 1-based line of the file where the record starts. */
  line: number;
  reason: string;
}

export interface ParsedDeck {
  rows: DeckRow[];
  rejected: RejectedLine[];
}

export const DECK_COLUMNS = ["iso", "country", "line_type", "usd_per_min", "destination_prefixes"] as const;

// Line kinds live in their own module, without the CSV code, so the browser can classify a number without it.
export { lineKind, type LineKind } from "./line-kind";

const ISO = /^[A-Z]{2}$/;
const PREFIX = /^[1-9]\d{0,14}$/;
const SIGNED_NUMBER = /^-\s*\d/;

/** Parses the deck CSV text (with or without a BOM, LF or CRLF, header line optional). */
export function parseDeck(text: string): ParsedDeck {
  const rows: DeckRow[] = [];
  const rejected: RejectedLine[] = [];
  const prefixOwner = new Map<string, number>();

  const records = readCsvRecords(text.startsWith("\uFEFF") ? text.slice(1) : text);
  let first = true;
  for (const record of records) {
    if (record.error !== undefined) {
      rejected.push({ line: record.line, reason: record.error });
      first = false;
      continue;
    }
    const fields = record.fields;
    if (fields.length === 1 && fields[0]?.trim() === "") continue; // blank line
    if (first) {
      first = false;
      if (fields[0]?.trim().toLowerCase() === DECK_COLUMNS[0]) {
        const header = fields.map((field) => field.trim().toLowerCase());
        if (header.join(",") !== DECK_COLUMNS.join(",")) {
          // Columns in another order would be read as the wrong values on every line.
          rejected.push({ line: record.line, reason: `unexpected header; expected ${DECK_COLUMNS.join(",")}` });
          return { rows: [], rejected };
        }
        continue;
      }
    }
    const result = toRow(fields, prefixOwner);
    if (typeof result === "string") {
      rejected.push({ line: record.line, reason: result });
      continue;
    }
    for (const prefix of result.prefixes) prefixOwner.set(prefix, record.line);
    rows.push(result);
  }
  return { rows, rejected };
}

function toRow(fields: readonly string[], prefixOwner: ReadonlyMap<string, number>): DeckRow | string {
  if (fields.length !== DECK_COLUMNS.length) {
    return `expected ${DECK_COLUMNS.length} columns, found ${fields.length}`;
  }
  // PostgreSQL cannot store NUL in text; the line is refused here rather than failing the whole import later.
  if (fields.some((field) => field.includes("\u0000"))) return "contains a NUL character";
  const [isoField = "", countryField = "", lineTypeField = "", priceField = "", prefixField = ""] = fields;
  const iso = isoField.trim().toUpperCase();
  if (!ISO.test(iso)) return `iso must be two letters, got ${JSON.stringify(isoField)}`;
  const country = unescapeFormula(countryField.trim()).trim();
  if (country === "") return "country is empty";
  const lineType = unescapeFormula(lineTypeField.trim()).trim();
  if (lineType === "") return "line_type is empty";

  const priceText = priceField.trim();
  if (SIGNED_NUMBER.test(priceText)) return `negative price ${JSON.stringify(priceText)}`;
  const carrierRate = parseCarrierRate(priceText);
  if (carrierRate === null) return `price is not a decimal with at most 5 places: ${JSON.stringify(priceText)}`;
  // A zero price is a data error far more often than a gift, and would make calls free.
  if (carrierRate === 0) return "price must be greater than zero";

  const parts = prefixField.trim().split(/\s+/).filter((part) => part !== "");
  if (parts.length === 0) return "no destination prefixes";
  const prefixes: string[] = [];
  const seen = new Set<string>();
  for (const prefix of parts) {
    if (!PREFIX.test(prefix)) return `prefix ${JSON.stringify(prefix)} is not 1-15 digits starting 1-9`;
    const owner = prefixOwner.get(prefix);
    if (owner !== undefined) return `duplicate prefix ${prefix} (first on line ${owner})`;
    if (seen.has(prefix)) continue; // repeated inside one row: harmless, keep one
    seen.add(prefix);
    prefixes.push(prefix);
  }
  return { iso, country, lineType, carrierRate, prefixes };
}

export interface SerializeOptions {
  /** CRLF by default: RFC 4180, and what the carrier's file uses, so an export diffs cleanly against it. */
  lineEnding?: "\r\n" | "\n";
}

/**
 * Writes rows back as deck CSV (header, one line per row, final line end), quoting
 * only where needed; a name a spreadsheet would run as a formula is written with a
 * leading quote, which parseDeck removes again.
 */
export function serializeDeck(rows: readonly DeckRow[], options: SerializeOptions = {}): string {
  return writeCsv(
    [[...DECK_COLUMNS], ...rows.map((row) => [row.iso, row.country, row.lineType, carrierRateToDecimal(row.carrierRate), row.prefixes.join(" ")])],
    { lineEnding: options.lineEnding ?? "\r\n" },
  );
}
