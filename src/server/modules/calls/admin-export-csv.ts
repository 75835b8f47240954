import type { AdminCall } from "../../../shared/api/admin-calls";
import { countryName } from "../../../shared/countries/countries";
import { writeCsv } from "../../../shared/csv/write-csv";
import type { Locale } from "../../../shared/i18n/locales";
import type { Executor } from "../../db/client";
import { callOutcomeKey } from "../../../shared/calls/call-status-label";
import { csvStrings } from "./history-csv";

const COLUMNS = [
  "started",
  "customer",
  "direction",
  "number",
  "country",
  "status",
  "duration_seconds",
  "billed_minutes",
  "rate",
  "cost",
  "carrier_rate",
  "carrier_cost",
  "margin",
  "rtt_ms",
  "jitter_ms",
  "packet_loss",
  "mos",
  "rating",
  "call_sid",
] as const;

const figure = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));

/**
 * The back office's CSV of every customer's calls in the reader's language: its own header
 * row, directions and statuses worded as the customer's history words them, country names
 * from CLDR. Times in UTC ISO form and amounts as exact decimals with a point, so a
 * spreadsheet reads them as numbers; written by the one CSV writer, which escapes cells a
 * spreadsheet would run (a refused call keeps whatever was typed as its number).
 */
export async function adminCallsCsv(db: Executor, calls: readonly AdminCall[], locale: Locale): Promise<string> {
  const say = await csvStrings(db, locale, ["admin_calls.csv.", "history.status.", "history.direction."]);
  const header = COLUMNS.map((column) => say(`admin_calls.csv.${column}`));
  const rows = calls.map((call) => [
    call.startedAt,
    call.userEmail,
    say(`history.direction.${call.direction}`),
    (call.direction === "inbound" ? call.fromNumber : call.toNumber) ?? "",
    call.countryCode ? countryName(call.countryCode, locale) : "",
    say(callOutcomeKey(call)),
    String(call.durationSeconds),
    String(call.billedMinutes),
    call.ratePerMin,
    call.costUsd,
    call.carrierRate ?? "",
    call.carrierCostUsd ?? "",
    call.marginUsd ?? "",
    figure(call.quality?.rttMs),
    figure(call.quality?.jitterMs),
    figure(call.quality?.packetLoss),
    figure(call.quality?.mos),
    figure(call.qualityRating),
    call.callSid,
  ]);
  return writeCsv([header, ...rows]);
}
