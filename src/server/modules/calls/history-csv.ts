import type { CallLog } from "../../../shared/api/calls";
import { callOutcomeKey } from "../../../shared/calls/call-status-label";
import { countryName } from "../../../shared/countries/countries";
import { writeCsv } from "../../../shared/csv/write-csv";
import { DEFAULT_LOCALE, type Locale } from "../../../shared/i18n/locales";
import type { Executor } from "../../db/client";
import { loadStrings } from "../i18n/service";

const COLUMNS = ["started", "direction", "number", "country", "status", "duration_seconds", "billed_minutes", "rate", "cost", "rating", "call_sid"] as const;

/**
 * The CSV of a customer's calls in their language: the header row, directions, statuses and
 * country names translated (from the translations table, so an admin's edit shows here too);
 * times in UTC ISO form and amounts as exact decimals with a point, so any spreadsheet reads
 * them as numbers. Written by the one CSV writer, which escapes cells a spreadsheet would run.
 */
export async function callHistoryCsv(db: Executor, calls: readonly CallLog[], locale: Locale): Promise<string> {
  const strings = await csvStrings(db, locale, ["history.csv.", "history.status.", "history.direction."]);
  const say = (key: string) => strings(`history.${key}`);
  const header = COLUMNS.map((column) => say(`csv.${column}`));
  const rows = calls.map((call) => [
    call.startedAt,
    say(`direction.${call.direction}`),
    (call.direction === "inbound" ? call.fromNumber : call.toNumber) ?? "",
    call.countryCode ? countryName(call.countryCode, locale) : "",
    strings(callOutcomeKey(call)),
    String(call.durationSeconds),
    String(call.billedMinutes),
    call.ratePerMin,
    call.costUsd,
    call.qualityRating === null ? "" : String(call.qualityRating),
    call.callSid,
  ]);
  return writeCsv([header, ...rows]);
}

/**
 * The strings of a CSV under the given prefixes in the reader's language, English where a
 * key is not translated, the key itself where even English lacks it. Shared with the back
 * office's call export, which words directions and statuses as the history does.
 */
export async function csvStrings(db: Executor, locale: Locale, prefixes: string[]): Promise<(key: string) => string> {
  const filter = { prefixes, exclude: false };
  const english = await loadStrings(db, DEFAULT_LOCALE, filter);
  const strings = locale === DEFAULT_LOCALE ? english : { ...english, ...(await loadStrings(db, locale, filter)) };
  return (key) => strings[key] ?? key;
}
