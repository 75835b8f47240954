import { useQuery } from "@tanstack/react-query";
import { countryRateDetailRoute, publicCountryRatesRoute, rateLookupRoute } from "../../../shared/api/routes";
import { callApi } from "../api-client";
import { toRatedCountries } from "./rated-countries";

/** Prices change only when an admin imports a deck or edits a country; a few minutes of staleness is fine. */
const STALE_MS = 5 * 60_000;

const selectCountries = (data: { countries: Parameters<typeof toRatedCountries>[0] }) => toRatedCountries(data.countries);

/** Every callable country with its price range (the spec's get_public_country_rates). */
export function usePublicRates() {
  return useQuery({
    queryKey: ["rates", "public"],
    queryFn: ({ signal }) => callApi(publicCountryRatesRoute, { signal }),
    // A stable function, so the joined list keeps its identity between renders.
    select: selectCountries,
    staleTime: STALE_MS,
  });
}

/** One country's prices by line type; `code` is an ISO code ("GB"). */
export function useCountryRateDetail(code: string | null) {
  return useQuery({
    queryKey: ["rates", "country", code],
    queryFn: ({ signal }) => callApi(countryRateDetailRoute, { params: { code: code ?? "" }, signal }),
    enabled: code !== null,
    staleTime: STALE_MS,
  });
}

/** The price of one number; refusals reject with ApiError 422 and a code from RATE_REFUSAL_CODES. */
export function lookupRate(number: string) {
  return callApi(rateLookupRoute, { body: { number } });
}
