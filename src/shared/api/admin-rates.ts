import { z } from "zod";
import { LOCALES } from "../i18n/locales";
import { defineEndpoint } from "./endpoint";
import { rate4 } from "./rates";

/**
 * The admin country-rates page (/{lang}/country-rates): list, edit, import a
 * carrier deck, export, audit. Prices are exact decimal strings with 4 decimals.
 * Typed prices are sent as the admin wrote them and checked by the server with
 * checkAdminPrice (src/shared/rates/admin-price.ts), so an error names the rule.
 */
const timestamp = z.iso.datetime({ offset: true });

/**
 * The spec's admin country_rates row (under manual override, our_* are the admin's
 * band), plus the version the editor sends back and what the country's numbers are
 * charged now: the cheapest and dearest quote of its ordinary numbers, null when
 * no number of it can be called.
 */
export const adminCountryRateSchema = z.object({
  id: z.number().int(),
  country_name: z.string(),
  country_code: z.string(),
  dial_code: z.string(),
  our_cheapest_rate: rate4,
  our_most_expensive_rate: rate4,
  landline_rate: rate4.nullable(),
  mobile_rate: rate4.nullable(),
  is_popular: z.boolean(),
  manual_override: z.boolean(),
  last_updated: timestamp,
  version: z.number().int(),
  charged_cheapest_rate: rate4.nullable(),
  charged_most_expensive_rate: rate4.nullable(),
});
export type AdminCountryRate = z.infer<typeof adminCountryRateSchema>;

export const ADMIN_RATE_SORTS = ["name", "code", "cheapest", "most_expensive", "last_updated"] as const;
export type AdminRateSort = (typeof ADMIN_RATE_SORTS)[number];
export const ADMIN_RATES_MAX_PAGE_SIZE = 100;

export const adminCountryRatesList = defineEndpoint({
  method: "GET",
  path: "/api/admin/rates/countries",
  access: "admin",
  summary: "Country rates for the admin table: search by name, code or dial code; sort; pages",
  query: z.object({
    /** A name (in `lang` or English), an ISO code, or a dial code matched from its start ("+44", "44"). */
    q: z.string().trim().max(100).optional(),
    /** The admin's language, for searching and sorting names. */
    lang: z.enum(LOCALES).optional(),
    sort: z.enum(ADMIN_RATE_SORTS).default("name"),
    dir: z.enum(["asc", "desc"]).default("asc"),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(ADMIN_RATES_MAX_PAGE_SIZE).default(25),
  }),
  response: z.object({
    countries: z.array(adminCountryRateSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    marginPercentage: z.number(),
  }),
});

/**
 * Edits one country. Setting prices turns manual_override on (an admin price is an
 * override by definition); turning manual_override off restores the deck-derived
 * prices. `version` must be the one the editor read: a stale one answers 409 conflict.
 * Bad prices answer 400 price_invalid, price_out_of_range, price_range_invalid or price_requires_override.
 */
export const adminCountryRateUpdate = defineEndpoint({
  method: "PATCH",
  path: "/api/admin/rates/countries/:code",
  access: "admin",
  summary: "Change one country's price band, popular flag or manual override",
  params: z.object({ code: z.string().regex(/^[A-Za-z]{2}$/) }),
  body: z.object({
    version: z.number().int().min(1),
    our_cheapest_rate: z.string().max(32).optional(),
    our_most_expensive_rate: z.string().max(32).optional(),
    is_popular: z.boolean().optional(),
    manual_override: z.boolean().optional(),
  }),
  response: z.object({ country: adminCountryRateSchema }),
});

const bandSchema = z.object({ cheapest: rate4, mostExpensive: rate4 });

/** What an import would do (preview) or did (commit). */
export const rateImportReportSchema = z.object({
  /** Deck rows and priced countries in the uploaded file. */
  deckRows: z.number().int(),
  countries: z.number().int(),
  added: z.array(z.object({ code: z.string(), name: z.string(), after: bandSchema })),
  removed: z.array(z.object({ code: z.string(), name: z.string(), before: bandSchema, manualOverride: z.boolean() })),
  repriced: z.array(z.object({ code: z.string(), name: z.string(), before: bandSchema, after: bandSchema })),
  /** Countries whose admin price stays although the deck would price them differently. */
  keptOverrides: z.array(z.object({ code: z.string(), name: z.string(), band: bandSchema, deck: bandSchema })),
  unchanged: z.number().int(),
  /** Lines of the file that were not read, with the reason; any rejected line blocks the commit. */
  rejected: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  canCommit: z.boolean(),
});
export type RateImportReport = z.infer<typeof rateImportReportSchema>;

/** Room for a full carrier price list (ours is 125 kB); the rest of the API keeps the small global body limit. */
export const RATE_IMPORT_MAX_CSV_CHARS = 5 * 1024 * 1024;
const importBody = z.object({ csv: z.string().min(1).max(RATE_IMPORT_MAX_CSV_CHARS) });

export const adminRateImportPreview = defineEndpoint({
  method: "POST",
  path: "/api/admin/rates/import/preview",
  access: "admin",
  summary: "Read a rate deck CSV and report what importing it would change, and which lines it rejects",
  body: importBody,
  response: rateImportReportSchema,
});

/**
 * Replaces the deck and re-derives every country not under manual override, all
 * in one transaction. Refused with 422 deck_rejected_rows when any line is
 * rejected (a missing row would let its numbers fall to a shorter, cheaper
 * prefix), and 422 deck_empty when the file holds no rows.
 */
export const adminRateImportCommit = defineEndpoint({
  method: "POST",
  path: "/api/admin/rates/import",
  access: "admin",
  summary: "Import a rate deck CSV (all or nothing)",
  body: importBody,
  response: rateImportReportSchema.extend({ committed: z.literal(true) }),
});

export const RATE_EXPORT_KINDS = ["countries", "deck"] as const;

/** A CSV download (text/csv): the country rates table, or the carrier deck as imported. */
export const adminRatesExport = defineEndpoint({
  method: "GET",
  path: "/api/admin/rates/export",
  access: "admin",
  summary: "Download the country rates or the rate deck as CSV",
  query: z.object({ kind: z.enum(RATE_EXPORT_KINDS).default("countries") }),
  response: z.string(),
});

export const rateAuditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  /** Null when the change came from the command line (npm run rates:import) or the user was deleted. */
  actor: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: timestamp,
});
export type RateAuditEntry = z.infer<typeof rateAuditEntrySchema>;

export const adminRatesAudit = defineEndpoint({
  method: "GET",
  path: "/api/admin/rates/audit",
  access: "admin",
  summary: "Who changed which rates, when, from what to what (newest first)",
  query: z.object({
    code: z.string().regex(/^[A-Za-z]{2}$/).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
  response: z.object({ entries: z.array(rateAuditEntrySchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
});
