import { cutText, plainText } from "../../../shared/text/plain-text";

/** Where in a file an entry came from: a CSV line, or the n-th card of a vCard file (1-based). */
export interface ImportSource {
  kind: "line" | "card";
  number: number;
}

/**
 * One number a file offers, with the name it goes by, before any rule is applied; or a
 * part of the file that offers none (`problem`), which the report lists as refused.
 */
export interface ImportRow {
  source: ImportSource;
  name: string;
  number: string;
  /** The country the row itself names for a number written without its country code (a CSV column). */
  country?: string;
  problem?: "unreadable" | "missing_number";
}

/** The longest a file's text is repeated in a report: enough to recognise it, never a whole field. */
const REPORTED_TEXT_LENGTH = 120;

/** A file's name or number as a report shows it: plain (no controls or direction overrides) and cut short. */
export function reportedText(text: string): string {
  return cutText(plainText(text), REPORTED_TEXT_LENGTH);
}
