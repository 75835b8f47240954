import type { z } from "zod";
import type { AdminCountryRate } from "../../../shared/api/admin-rates";
import type { countryRateDetail, PublicCountryRate, rateLookup } from "../../../shared/api/rates";
import { moneyToDecimal, type Money } from "../../../shared/money";
import { carrierRateToDecimal } from "../../../shared/rates/pricing";
import type { Band, StoredCountryRate } from "./country-rate-values";
import { marginPercentage } from "./margin";
import type { Quote } from "./quote";
import type { ShownPrices } from "./shown-prices";

const optionalRate = (rate: Money | null) => (rate === null ? null : moneyToDecimal(rate));

/**
 * Wire shapes of the rates API: exact 4-decimal strings, never floats. Every public
 * price is a ShownPrices figure, i.e. what quoteNumber charges (shown-prices.ts).
 */
export function presentPublicCountry(row: StoredCountryRate, prices: ShownPrices): PublicCountryRate {
  return {
    country_name: row.countryName,
    country_code: row.countryCode,
    dial_code: row.dialCode,
    our_cheapest_rate: moneyToDecimal(prices.cheapest),
    our_most_expensive_rate: moneyToDecimal(prices.mostExpensive),
    is_popular: row.isPopular,
  };
}

export function presentCountryDetail(row: StoredCountryRate, prices: ShownPrices): z.infer<(typeof countryRateDetail)["response"]> {
  return {
    country: {
      ...presentPublicCountry(row, prices),
      landline_rate: optionalRate(prices.landline),
      mobile_rate: optionalRate(prices.mobile),
      last_updated: row.lastUpdated.toISOString(),
    },
    lines: prices.lines.map((line) => ({ line_type: line.lineType, line_kind: line.lineKind, rate: moneyToDecimal(line.rate) })),
  };
}

/**
 * The admin's row: the stored values (under manual override, the admin's band) and
 * what numbers of the country are charged now (null when none is callable).
 */
export function presentAdminCountry(row: StoredCountryRate, prices: ShownPrices | undefined): AdminCountryRate {
  return {
    id: row.id,
    country_name: row.countryName,
    country_code: row.countryCode,
    dial_code: row.dialCode,
    our_cheapest_rate: moneyToDecimal(row.band.cheapest),
    our_most_expensive_rate: moneyToDecimal(row.band.mostExpensive),
    is_popular: row.isPopular,
    landline_rate: optionalRate(row.landlineRate),
    mobile_rate: optionalRate(row.mobileRate),
    manual_override: row.manualOverride,
    last_updated: row.lastUpdated.toISOString(),
    version: row.version,
    charged_cheapest_rate: prices === undefined ? null : moneyToDecimal(prices.cheapest),
    charged_most_expensive_rate: prices === undefined ? null : moneyToDecimal(prices.mostExpensive),
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
