import type { FastifyInstance } from "fastify";
import { countryRateDetail, countryRatesList, publicCountryRates, rateLookup } from "../../../shared/api/rates";
import { countrySlugToCode } from "../../../shared/countries/countries";
import { AppError, notFound } from "../../http/app-error";
import { registerEndpoint } from "../../http/endpoint";
import type { RatesCatalog } from "./catalog";
import type { StoredCountryRate } from "./country-rate-values";
import type { ShownPrices } from "./shown-prices";
import type { RatesSnapshot } from "./snapshot";
import { marginPercentage } from "./margin";
import { presentCountryDetail, presentPublicCountry } from "./presenters";
import { createLookupAnswers } from "./lookup-answers";
import { REFUSAL_MESSAGES } from "./quote";

/** A row presented with the prices its numbers are charged; none when no number of it is callable. */
function priced<T>(snapshot: RatesSnapshot, row: StoredCountryRate, present: (row: StoredCountryRate, prices: ShownPrices) => T): T[] {
  const prices = snapshot.prices.get(row.countryCode);
  return prices === undefined ? [] : [present(row, prices)];
}

/** The public and customer rates API, answered from the in-memory catalog. */
export function registerRatesRoutes(app: FastifyInstance, catalog: RatesCatalog): void {
  registerEndpoint(app, publicCountryRates, async () => {
    const snapshot = catalog.current();
    return { countries: snapshot.sortedCountries.flatMap((row) => priced(snapshot, row, presentPublicCountry)) };
  });

  registerEndpoint(app, countryRateDetail, async ({ params }) => {
    const snapshot = catalog.current();
    // The country page's slug ("uk") or an ISO code, in any case.
    const code = countrySlugToCode(params.code);
    const row = code === null ? undefined : snapshot.countries.get(code);
    const prices = code === null ? undefined : snapshot.prices.get(code);
    if (row === undefined || prices === undefined) throw notFound(`We have no rates for the country ${params.code.toUpperCase()}`);
    return presentCountryDetail(row, prices);
  });

  registerEndpoint(app, countryRatesList, async () => {
    const snapshot = catalog.current();
    return {
      countries: snapshot.sortedCountries.flatMap((row) =>
        priced(snapshot, row, (stored, prices) => ({ ...presentPublicCountry(stored, prices), last_updated: stored.lastUpdated.toISOString() })),
      ),
      marginPercentage: marginPercentage(snapshot.marginBp),
    };
  });

  // The hot path (every dial asks it): answers are remembered per rates snapshot and
  // sent as ready JSON (see lookup-answers.ts). The body is still validated by zod.
  const answers = createLookupAnswers();
  registerEndpoint(app, rateLookup, async ({ body }) => {
    const answer = answers.answer(catalog.current(), body.number);
    if (!answer.ok) throw new AppError(422, answer.reason, REFUSAL_MESSAGES[answer.reason]);
    return answer.json;
  });
}
