import { countryName } from "../../../shared/countries/countries";
import type { Money } from "../../../shared/money";
import type { CountryRateSummary } from "../../../shared/rates/country-summary";

/**
 * What a country_rates row holds, in Money, and how a new deck turns the current
 * rows into the next ones. Pure: the database code reads and writes these shapes.
 */
export interface Band {
  cheapest: Money;
  mostExpensive: Money;
}

export interface CountryRateValues {
  countryCode: string;
  /** English; the web translates by code. */
  countryName: string;
  dialCode: string;
  band: Band;
  landlineRate: Money | null;
  mobileRate: Money | null;
  isPopular: boolean;
  manualOverride: boolean;
}

export interface StoredCountryRate extends CountryRateValues {
  id: number;
  version: number;
  lastUpdated: Date;
}

/**
 * Clamps a deck-derived rate into an admin's band: under manual override the
 * band is both what is shown and what any number of the country is charged.
 */
export function clampToBand(rate: Money, band: Band): Money {
  return Math.min(Math.max(rate, band.cheapest), band.mostExpensive);
}

/**
 * A country's row as the deck prices it. The mobile rate is the dearest mobile
 * row (an "up to" price), so a country page never promises less than a call costs.
 */
export function derivedValues(summary: CountryRateSummary, isPopular: boolean): CountryRateValues {
  return {
    countryCode: summary.code,
    countryName: countryName(summary.code, "en"),
    dialCode: summary.dialCode,
    band: { cheapest: summary.cheapestRate, mostExpensive: summary.mostExpensiveRate },
    landlineRate: summary.landlineRate,
    mobileRate: summary.mobileRate?.mostExpensive ?? null,
    isPopular,
    manualOverride: false,
  };
}

/** The row under an admin's band: the band as set, the per-line rates clamped into it. */
export function overriddenValues(derived: CountryRateValues, band: Band): CountryRateValues {
  return {
    ...derived,
    band,
    landlineRate: derived.landlineRate === null ? null : clampToBand(derived.landlineRate, band),
    mobileRate: derived.mobileRate === null ? null : clampToBand(derived.mobileRate, band),
    manualOverride: true,
  };
}

export function sameValues(a: CountryRateValues, b: CountryRateValues): boolean {
  return (
    a.countryName === b.countryName &&
    a.dialCode === b.dialCode &&
    a.band.cheapest === b.band.cheapest &&
    a.band.mostExpensive === b.band.mostExpensive &&
    a.landlineRate === b.landlineRate &&
    a.mobileRate === b.mobileRate &&
    a.isPopular === b.isPopular &&
    a.manualOverride === b.manualOverride
  );
}

export interface CountryRatePlan {
  inserts: CountryRateValues[];
  updates: { stored: StoredCountryRate; next: CountryRateValues }[];
  /** Countries the new deck no longer prices; their numbers would be refused (no_rate), so they leave the list. */
  deletes: StoredCountryRate[];
  /** Overridden countries whose deck price differs from the admin's band. */
  keptOverrides: { stored: StoredCountryRate; deck: Band }[];
  unchanged: number;
}

/**
 * What a deck's summaries do to the stored rows: new countries are added (popular
 * by the default list), priced ones re-derived, overridden ones keep their band
 * (only their line rates follow the deck, clamped), unpriced ones are removed.
 * The popular flag is the admin's and is always kept.
 */
export function planCountryRates(
  summaries: readonly CountryRateSummary[],
  stored: readonly StoredCountryRate[],
  defaultPopular: ReadonlySet<string>,
): CountryRatePlan {
  const byCode = new Map(stored.map((row) => [row.countryCode, row]));
  const plan: CountryRatePlan = { inserts: [], updates: [], deletes: [], keptOverrides: [], unchanged: 0 };
  for (const summary of summaries) {
    const current = byCode.get(summary.code);
    byCode.delete(summary.code);
    if (current === undefined) {
      plan.inserts.push(derivedValues(summary, defaultPopular.has(summary.code)));
      continue;
    }
    const derived = derivedValues(summary, current.isPopular);
    const next = current.manualOverride ? overriddenValues(derived, current.band) : derived;
    if (current.manualOverride && (derived.band.cheapest !== current.band.cheapest || derived.band.mostExpensive !== current.band.mostExpensive)) {
      plan.keptOverrides.push({ stored: current, deck: derived.band });
    }
    if (sameValues(current, next)) plan.unchanged += 1;
    else plan.updates.push({ stored: current, next });
  }
  plan.deletes = [...byCode.values()];
  return plan;
}
