import { z } from "zod";
import { defineEndpoint } from "./endpoint";

/**
 * Prices travel as exact decimal strings: customer rates with 4 decimals ("0.0266"),
 * carrier rates with 5 ("0.01400"). Parse them with parseMoney, never parseFloat.
 */
export const rate4 = z.string().regex(/^\d+\.\d{4}$/);
const rate5 = z.string().regex(/^\d+\.\d{5}$/);
const countryCode = z.string().regex(/^[A-Z]{2}$/);

/** The spec's get_public_country_rates row. */
export const publicCountryRateSchema = z.object({
  country_name: z.string(),
  country_code: countryCode,
  dial_code: z.string(),
  our_cheapest_rate: rate4,
  our_most_expensive_rate: rate4,
  is_popular: z.boolean(),
});
export type PublicCountryRate = z.infer<typeof publicCountryRateSchema>;

export const lineKindSchema = z.enum(["landline", "mobile", "premium", "personal", "special", "toll_free", "satellite", "other"]);

export const publicCountryRates = defineEndpoint({
  method: "GET",
  path: "/api/rates/countries",
  access: "public",
  summary: "Every country's customer price range (get_public_country_rates)",
  response: z.object({ countries: z.array(publicCountryRateSchema) }),
});

export const countryRateDetail = defineEndpoint({
  method: "GET",
  path: "/api/rates/countries/:code",
  access: "public",
  summary: "One country's prices, with landline and mobile where the deck tells them apart",
  params: z.object({ code: z.string().regex(/^[A-Za-z]{2}$/) }),
  response: z.object({
    country: publicCountryRateSchema.extend({
      landline_rate: rate4.nullable(),
      mobile_rate: rate4.nullable(),
      last_updated: z.iso.datetime({ offset: true }),
    }),
    /** The callable line types of this country and their customer rate per minute. */
    lines: z.array(z.object({ line_type: z.string(), line_kind: lineKindSchema, rate: rate4 })),
  }),
});

/** The spec's country-rates-api list (signed-in). */
export const countryRatesList = defineEndpoint({
  method: "GET",
  path: "/api/rates",
  access: "user",
  summary: "Every country's prices for a signed-in customer",
  response: z.object({
    countries: z.array(publicCountryRateSchema.extend({ last_updated: z.iso.datetime({ offset: true }) })),
    marginPercentage: z.number(),
  }),
});

/**
 * The spec's country-rates-api lookup: the price of one number, by the longest
 * matching prefix over the whole deck. Refusals are 422 with code
 * invalid_number, emergency_blocked, premium_blocked, personal_blocked or no_rate.
 */
export const rateLookup = defineEndpoint({
  method: "POST",
  path: "/api/rates/lookup",
  access: "public",
  summary: "The per-minute price of a phone number",
  body: z.object({ number: z.string().trim().min(1).max(40) }),
  response: z.object({
    e164: z.string(),
    twilioRate: rate5,
    marginPercentage: z.number(),
    country: z.string(),
    countryCode: countryCode,
    rate: rate4,
    fallbackRate: rate4,
    lineType: z.string(),
    lineKind: lineKindSchema,
  }),
});

export { RATE_REFUSAL_CODES } from "./refusals";
