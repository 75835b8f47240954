import type { z } from "zod";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  adminCountryRatesList,
  adminCountryRateUpdate,
  adminRateImportCommit,
  adminRateImportPreview,
  adminRatesAudit,
  adminRatesExport,
  type AdminRateSort,
} from "../../../shared/api/admin-rates";
import type { Locale } from "../../../shared/i18n/locales";
import { callApi } from "../../lib/api-client";

/** Every admin rates query lives under this key; the public rates pages under ["rates"]. */
const ADMIN_RATES_KEY = ["admin", "rates"] as const;

export interface CountryRatesParams {
  q: string;
  /** The admin's language: the server searches and sorts names in it. */
  lang: Locale;
  sort: AdminRateSort;
  dir: "asc" | "desc";
  page: number;
  pageSize: number;
}

export function useAdminCountryRates(params: CountryRatesParams) {
  return useQuery({
    queryKey: [...ADMIN_RATES_KEY, "countries", params],
    queryFn: ({ signal }) => callApi(adminCountryRatesList, { query: { ...params, q: params.q.trim() || undefined }, signal }),
    // Keep the current page on screen while the next sort, search or page loads.
    placeholderData: keepPreviousData,
  });
}

export function useRatesAudit(page: number) {
  return useQuery({
    queryKey: [...ADMIN_RATES_KEY, "audit", page],
    queryFn: ({ signal }) => callApi(adminRatesAudit, { query: { page, pageSize: 10 }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** After any change: the admin table, the audit trail and every public price view are stale. */
function useInvalidateRates() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ADMIN_RATES_KEY }), queryClient.invalidateQueries({ queryKey: ["rates"] })]);
}

export type CountryRateUpdate = z.input<NonNullable<typeof adminCountryRateUpdate.body>>;

export function useUpdateCountryRate() {
  const invalidate = useInvalidateRates();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: CountryRateUpdate }) => callApi(adminCountryRateUpdate, { params: { code }, body }),
    // Also after a 409: the table then shows the version someone else saved.
    onSettled: invalidate,
  });
}

export function useImportPreview() {
  return useMutation({ mutationFn: (csv: string) => callApi(adminRateImportPreview, { body: { csv } }) });
}

export function useImportCommit() {
  const invalidate = useInvalidateRates();
  return useMutation({ mutationFn: (csv: string) => callApi(adminRateImportCommit, { body: { csv } }), onSettled: invalidate });
}

/** A plain link downloads the CSV with the session cookie; no script needed. */
export function exportHref(kind: "countries" | "deck"): string {
  return `${adminRatesExport.path}?kind=${kind}`;
}
