import type { z } from "zod";
import type { AdminCountryRate } from "../../../shared/api/admin-rates";
import type { countryRateDetail, PublicCountryRate, rateLookup } from "../../../shared/api/rates";
import { moneyToDecimal } from "../../../shared/money";
import { carrierRateToDecimal } from "../../../shared/rates/pricing";
import type { Band, StoredCountryRate } from "./country-rate-values";
import { marginPercentage } from "./margin";
import type { Quote } from "./quote";
import type { CountryLine } from "./snapshot";

/** Wire shapes of the rates API: exact 4-decimal strings, never floats. */
export function presentPublicCountry(row: StoredCountryRate): PublicCountryRate {
  return {
    country_name: row.countryName,
    country_code: row.countryCode,
    dial_code: row.dialCode,
    our_cheapest_rate: moneyToDecimal(row.band.cheapest),
    our_most_expensive_rate: moneyToDecimal(row.band.mostExpensive),
    is_popular: row.isPopular,
  };
}

export function presentCountryDetail(row: StoredCountryRate, lines: readonly CountryLine[]): z.infer<(typeof countryRateDetail)["response"]> {
  return {
    country: {
      ...presentPublicCountry(row),
      landline_rate: row.landlineRate === null ? null : moneyToDecimal(row.landlineRate),
      mobile_rate: row.mobileRate === null ? null : moneyToDecimal(row.mobileRate),
      last_updated: row.lastUpdated.toISOString(),
    },
    lines: lines.map((line) => ({ line_type: line.lineType, line_kind: line.lineKind, rate: moneyToDecimal(line.rate) })),
  };
}

export function presentAdminCountry(row: StoredCountryRate): AdminCountryRate {
  return {
    id: row.id,
    ...presentPublicCountry(row),
    landline_rate: row.landlineRate === null ? null : moneyToDecimal(row.landlineRate),
    mobile_rate: row.mobileRate === null ? null : moneyToDecimal(row.mobileRate),
    manual_override: row.manualOverride,
    last_updated: row.lastUpdated.toISOString(),
    version: row.version,
  };
}

export function presentBand(band: Band): { cheapest: string; mostExpensive: string } {
  return { cheapest: moneyToDecimal(band.cheapest), mostExpensive: moneyToDecimal(band.mostExpensive) };
}

export type LookupResponse = z.infer<(typeof rateLookup)["response"]>;

export function presentQuote(quote: Quote, fallbackRate: string): LookupResponse {
  return {
    e164: quote.e164,
    twilioRate: carrierRateToDecimal(quote.carrierRate),
    marginPercentage: marginPercentage(quote.marginBp),
    country: quote.countryName,
    countryCode: quote.countryCode,
    rate: moneyToDecimal(quote.rate),
    fallbackRate,
    lineType: quote.lineType,
    lineKind: quote.lineKind,
  };
}
