import { asc, count, desc, ilike, or, type AnyColumn, type SQL } from "drizzle-orm";
import type { AdminRateSort } from "../../../shared/api/admin-rates";
import { moneyToDecimal } from "../../../shared/money";
import { serializeDeck } from "../../../shared/rates/deck";
import type { Executor } from "../../db/client";
import { countryRates } from "../../db/schema/rates";
import type { StoredCountryRate } from "./country-rate-values";
import { loadCountryRates, toStored } from "./country-rate-store";
import { loadDeckRows } from "./deck-store";

export interface CountryRateQuery {
  q?: string | undefined;
  sort: AdminRateSort;
  dir: "asc" | "desc";
  page: number;
  pageSize: number;
}

const SORT_COLUMNS: Readonly<Record<AdminRateSort, AnyColumn>> = {
  name: countryRates.countryName,
  code: countryRates.countryCode,
  cheapest: countryRates.ourCheapestRate,
  most_expensive: countryRates.ourMostExpensiveRate,
  last_updated: countryRates.lastUpdated,
};

// LIKE treats % and _ as wildcards; an admin searching "1_8" means the characters.
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Search matches the name or dial code anywhere, the ISO code from its start ("+1876", "876", "jam", "JM"). */
function searchFilter(q: string | undefined): SQL | undefined {
  const text = q?.trim() ?? "";
  if (text === "") return undefined;
  const pattern = escapeLike(text);
  const dialDigits = text.replace(/^\+/, "");
  return or(
    ilike(countryRates.countryName, `%${pattern}%`),
    ilike(countryRates.countryCode, `${pattern}%`),
    ilike(countryRates.dialCode, `%${escapeLike(dialDigits)}%`),
  );
}

export async function listCountryRates(db: Pick<Executor, "select">, query: CountryRateQuery): Promise<{ rows: StoredCountryRate[]; total: number }> {
  const where = searchFilter(query.q);
  const order = query.dir === "asc" ? asc : desc;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(countryRates)
      .where(where)
      // The code breaks ties so paging is stable when many prices are equal.
      .orderBy(order(SORT_COLUMNS[query.sort]), asc(countryRates.countryCode))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(countryRates).where(where),
  ]);
  return { rows: rows.map(toStored), total: totals?.total ?? 0 };
}

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

function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The country rates table as CSV (RFC 4180, CRLF), sorted by code. */
export async function exportCountryRatesCsv(db: Pick<Executor, "select">): Promise<string> {
  const rows = (await loadCountryRates(db)).sort((a, b) => a.countryCode.localeCompare(b.countryCode));
  const lines = [COUNTRY_COLUMNS.join(",")];
  for (const row of rows) {
    lines.push(
      [
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
      ]
        .map(csvField)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** The live deck in the carrier's format, so an export can be edited and imported back. */
export async function exportDeckCsv(db: Pick<Executor, "select">): Promise<string> {
  return serializeDeck(await loadDeckRows(db));
}
