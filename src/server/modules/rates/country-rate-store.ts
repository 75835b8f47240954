import { and, eq, inArray, sql } from "drizzle-orm";
import { moneyToDecimal, parseMoney } from "../../../shared/money";
import type { Executor } from "../../db/client";
import { countryRates } from "../../db/schema/rates";
import type { CountryRatePlan, CountryRateValues, StoredCountryRate } from "./country-rate-values";

type CountryRateRow = typeof countryRates.$inferSelect;

/** A country_rates row in Money (drizzle reads numeric as a decimal string). */
export function toStored(row: CountryRateRow): StoredCountryRate {
  return {
    id: row.id,
    version: row.version,
    lastUpdated: row.lastUpdated,
    countryCode: row.countryCode,
    countryName: row.countryName,
    dialCode: row.dialCode,
    band: { cheapest: parseMoney(row.ourCheapestRate), mostExpensive: parseMoney(row.ourMostExpensiveRate) },
    landlineRate: row.landlineRate === null ? null : parseMoney(row.landlineRate),
    mobileRate: row.mobileRate === null ? null : parseMoney(row.mobileRate),
    isPopular: row.isPopular,
    manualOverride: row.manualOverride,
  };
}

function toColumns(values: CountryRateValues) {
  return {
    countryCode: values.countryCode,
    countryName: values.countryName,
    dialCode: values.dialCode,
    ourCheapestRate: moneyToDecimal(values.band.cheapest),
    ourMostExpensiveRate: moneyToDecimal(values.band.mostExpensive),
    landlineRate: values.landlineRate === null ? null : moneyToDecimal(values.landlineRate),
    mobileRate: values.mobileRate === null ? null : moneyToDecimal(values.mobileRate),
    isPopular: values.isPopular,
    manualOverride: values.manualOverride,
  };
}

/**
 * Every stored country. `lock` takes row locks for the rest of the transaction, so
 * an import and an admin's edit cannot interleave and lose one of them.
 */
export async function loadCountryRates(db: Pick<Executor, "select">, options: { lock?: boolean } = {}): Promise<StoredCountryRate[]> {
  const query = db.select().from(countryRates);
  const rows = options.lock ? await query.for("update") : await query;
  return rows.map(toStored);
}

export async function loadCountryRate(db: Pick<Executor, "select">, code: string, options: { lock?: boolean } = {}): Promise<StoredCountryRate | null> {
  const query = db.select().from(countryRates).where(eq(countryRates.countryCode, code));
  const [row] = options.lock ? await query.for("update") : await query;
  return row === undefined ? null : toStored(row);
}

/** Writes a plan: every changed row gets a new version and last_updated. */
export async function applyCountryRatePlan(tx: Executor, plan: CountryRatePlan, now: Date): Promise<void> {
  if (plan.deletes.length > 0) {
    await tx.delete(countryRates).where(inArray(countryRates.id, plan.deletes.map((row) => row.id)));
  }
  if (plan.inserts.length > 0) {
    await tx.insert(countryRates).values(plan.inserts.map((values) => ({ ...toColumns(values), lastUpdated: now })));
  }
  for (const { stored, next } of plan.updates) {
    await tx
      .update(countryRates)
      .set({ ...toColumns(next), lastUpdated: now, version: sql`${countryRates.version} + 1` })
      .where(eq(countryRates.id, stored.id));
  }
}

/**
 * Updates one row only if it still has the version the caller read; null when it
 * was changed meanwhile (the caller answers 409).
 */
export async function updateCountryRateIfVersion(
  tx: Executor,
  id: number,
  version: number,
  values: CountryRateValues,
  now: Date,
): Promise<StoredCountryRate | null> {
  const [row] = await tx
    .update(countryRates)
    .set({ ...toColumns(values), lastUpdated: now, version: version + 1 })
    .where(and(eq(countryRates.id, id), eq(countryRates.version, version)))
    .returning();
  return row === undefined ? null : toStored(row);
}
