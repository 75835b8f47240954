import type { CreditLedgerRow } from "../../../shared/api/credit-audit";
import { writeCsv } from "../../../shared/csv/write-csv";
import { DEFAULT_LOCALE, type Locale } from "../../../shared/i18n/locales";
import type { Executor } from "../../db/client";
import { loadStrings } from "../i18n/service";

const COLUMNS = ["time", "email", "kind", "reference", "amount", "balance_after", "note", "created_by"] as const;

/**
 * The ledger as CSV: the header row in the admin's language (from the translations table),
 * kinds as their codes (what reconciliation scripts match on), times in UTC ISO form and
 * amounts as exact decimals with a point. Written by the one CSV writer, which escapes cells
 * a spreadsheet would run as formulas (a note starting with "=") and leaves a negative amount
 * a number.
 */
export async function creditLedgerCsv(db: Executor, rows: readonly CreditLedgerRow[], locale: Locale): Promise<string> {
  const filter = { prefixes: ["credit_audit.csv."], exclude: false };
  const english = await loadStrings(db, DEFAULT_LOCALE, filter);
  const strings = locale === DEFAULT_LOCALE ? english : { ...english, ...(await loadStrings(db, locale, filter)) };
  const header = COLUMNS.map((column) => strings[`credit_audit.csv.${column}`] ?? column);
  const body = rows.map((row) => [row.createdAt, row.email, row.kind, row.reference, row.amount, row.balanceAfter, row.note ?? "", row.createdBy ?? ""]);
  return writeCsv([header, ...body]);
}
