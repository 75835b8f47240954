import { moneyToDecimal } from "../../../shared/money";
import { writeCsv } from "../../../shared/csv/write-csv";
import { serializeDeck } from "../../../shared/rates/deck";
import type { Executor } from "../../db/client";
import { loadCountryRates } from "./country-rate-store";
import { loadDeckRows } from "./deck-store";

const COUNTRY_COLUMNS = [
  "country_code",
  "country_name",
  "dial_code",
  "our_cheapest_rate",
  "our_most_expensive_rate",
  "landline_rate",
  "mobile_rate",
  "is_popular",
  "manual_override",
  "last_updated",
] as const;

/** The country rates table as CSV (RFC 4180, CRLF, formula cells escaped), sorted by code. */
export async function exportCountryRatesCsv(db: Pick<Executor, "select">): Promise<string> {
  const rows = (await loadCountryRates(db)).sort((a, b) => a.countryCode.localeCompare(b.countryCode));
  return writeCsv([
    [...COUNTRY_COLUMNS],
    ...rows.map((row) => [
      row.countryCode,
      row.countryName,
      row.dialCode,
      moneyToDecimal(row.band.cheapest),
      moneyToDecimal(row.band.mostExpensive),
      row.landlineRate === null ? "" : moneyToDecimal(row.landlineRate),
      row.mobileRate === null ? "" : moneyToDecimal(row.mobileRate),
      String(row.isPopular),
      String(row.manualOverride),
      row.lastUpdated.toISOString(),
    ]),
  ]);
}

/** The live deck in the carrier's format, so an export can be edited and imported back. */
export async function exportDeckCsv(db: Pick<Executor, "select">): Promise<string> {
  return serializeDeck(await loadDeckRows(db));
}
