import type { FastifyInstance } from "fastify";
import { countryRateDetail, countryRatesList, publicCountryRates, rateLookup } from "../../../shared/api/rates";
import { countrySlugToCode } from "../../../shared/countries/countries";
import { moneyToDecimal } from "../../../shared/money";
import { AppError, notFound } from "../../http/app-error";
import { registerEndpoint } from "../../http/endpoint";
import type { RatesCatalog } from "./catalog";
import { marginPercentage } from "./margin";
import { presentCountryDetail, presentPublicCountry, presentQuote } from "./presenters";
import { quoteNumber, REFUSAL_MESSAGES } from "./quote";

/** The public and customer rates API, answered from the in-memory catalog. */
export function registerRatesRoutes(app: FastifyInstance, catalog: RatesCatalog): void {
  registerEndpoint(app, publicCountryRates, async () => ({ countries: catalog.current().sortedCountries.map(presentPublicCountry) }));

  registerEndpoint(app, countryRateDetail, async ({ params }) => {
    const snapshot = catalog.current();
    // The country page's slug ("uk") or an ISO code, in any case.
    const code = countrySlugToCode(params.code);
    const row = code === null ? undefined : snapshot.countries.get(code);
    if (code === null || row === undefined) throw notFound(`We have no rates for the country ${params.code.toUpperCase()}`);
    return presentCountryDetail(row, snapshot.lines.get(code) ?? []);
  });

  registerEndpoint(app, countryRatesList, async () => {
    const snapshot = catalog.current();
    return {
      countries: snapshot.sortedCountries.map((row) => ({ ...presentPublicCountry(row), last_updated: row.lastUpdated.toISOString() })),
      marginPercentage: marginPercentage(snapshot.marginBp),
    };
  });

  // The hot path (every dial asks it): presentQuote builds exactly the contract's shape
  // (typed, and checked against the schema in the tests), so the response skips a second
  // zod parse and is written with JSON.stringify. The body is still validated by zod.
  registerEndpoint(
    app,
    rateLookup,
    async ({ body }) => {
      const snapshot = catalog.current();
      const quote = quoteNumber(snapshot, body.number);
      if (!quote.ok) throw new AppError(422, quote.reason, REFUSAL_MESSAGES[quote.reason]);
      return presentQuote(quote, moneyToDecimal(snapshot.fallbackRate));
    },
    { serialize: (payload) => JSON.stringify(payload) },
  );
}
