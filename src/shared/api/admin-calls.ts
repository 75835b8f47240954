import { z } from "zod";
import { filterDay } from "./filter-day";
import { canonicalEmail } from "../accounts/canonical-email";
import { LOCALES } from "../i18n/locales";
import { carrierQualitySchema } from "./call-credits";
import { CALL_STATUSES, callLogSchema, CALL_REFUSALS } from "./calls";
import { LEDGER_KINDS, money4 } from "./credits";
import { defineEndpoint } from "./endpoint";
import { pagedAnswer, pagingQuery } from "./paging";

/**
 * The back office's view of every customer's calls: the list with totals over the filter
 * (what was billed, what the carrier is estimated to cost, the margin between them), one
 * call with the carrier's status events and its ledger row, and the CSV of the filter.
 */
const timestamp = z.iso.datetime({ offset: true });

export const CALL_DIRECTIONS = ["outbound", "inbound"] as const;
export const QUALITY_GRADES = ["good", "fair", "poor"] as const;

/** The carrier's per-minute price frozen on the call, 5 decimals as the rate deck writes it. */
const carrierRate5 = z.string().regex(/^\d+\.\d{5}$/);

/**
 * What the admin filters by. The email part is made canonical as accounts are stored
 * (so "Anna@" finds anna@…); the number part keeps digits and "+" only, as numbers are
 * stored in E.164 ("+44 7106-123" finds +447106123456). Both match anywhere in the value.
 */
export const adminCallFilter = z.object({
  /** Calls started on or after this day (YYYY-MM-DD, UTC). */
  from: filterDay.optional(),
  /** Calls started on or before this day (YYYY-MM-DD, UTC). */
  to: filterDay.optional(),
  status: z.enum(CALL_STATUSES).optional(),
  direction: z.enum(CALL_DIRECTIONS).optional(),
  /** ISO 3166-1 alpha-2, either case. */
  country: z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, "a two-letter country code"))
    .optional(),
  /** Empty once made canonical (only spaces typed): no email filter. */
  email: z
    .string()
    .max(254)
    .transform((value) => canonicalEmail(value) || undefined)
    .optional(),
  number: z
    .string()
    .max(40)
    .transform((value) => value.replace(/[^\d+]/g, "") || undefined)
    .optional(),
});
export type AdminCallFilter = z.infer<typeof adminCallFilter>;

export const ADMIN_CALLS_PAGE_SIZE = 25;

/**
 * A call as the back office sees it: the customer's own view plus whose it is, why the gate
 * refused it, and the carrier's side frozen at the gate. `carrierCostUsd` is the billed
 * minutes at the carrier's rate (rounded half up to the ten-thousandth) and `marginUsd` the
 * cost billed minus that; both null when the call has no carrier rate (incoming, or refused
 * before a price was found).
 */
export const adminCallSchema = callLogSchema.extend({
  userEmail: z.string(),
  refusalReason: z.enum(CALL_REFUSALS).nullable(),
  carrierRate: carrierRate5.nullable(),
  marginBp: z.number().int().nullable(),
  carrierCostUsd: money4.nullable(),
  marginUsd: money4.nullable(),
  qualityGrade: z.enum(QUALITY_GRADES).nullable(),
  /** The media as the carrier measured it (the automatic credit's evidence), once it has said. */
  carrierQuality: carrierQualitySchema.nullable(),
});
export type AdminCall = z.infer<typeof adminCallSchema>;

export const adminCallTotalsSchema = z.object({
  calls: z.number().int(),
  talkSeconds: z.number().int(),
  billedMinutes: z.number().int(),
  /** The sum of what the calls cost their customers. */
  revenueUsd: money4,
  /** The sum of the calls' carrier costs (billed minutes × frozen carrier rate). */
  carrierCostUsd: money4,
  marginUsd: money4,
});
export type AdminCallTotals = z.infer<typeof adminCallTotalsSchema>;

export const adminCalls = defineEndpoint({
  method: "GET",
  path: "/api/admin/calls",
  access: "admin",
  summary: "Every customer's calls, newest first, filtered and paged, with revenue, carrier cost and margin over the filter",
  query: adminCallFilter.extend(pagingQuery(ADMIN_CALLS_PAGE_SIZE).shape),
  response: z.object({
    calls: z.array(adminCallSchema),
    ...pagedAnswer,
    totals: adminCallTotalsSchema,
  }),
});

export const adminCallsCsvPath = "/api/admin/calls/export.csv";

export const adminCallsCsv = defineEndpoint({
  method: "GET",
  path: adminCallsCsvPath,
  access: "admin",
  summary: "Every customer's calls under the filter, as a CSV file named with the day",
  /** `lang` names the language of the header row, directions, statuses and countries (else Accept-Language). */
  query: adminCallFilter.extend({ lang: z.enum(LOCALES).optional() }),
  response: z.string(),
});

/** One status event the carrier sent about the call, as received (its word stored as our status: in-progress is answered). */
export const callStatusUpdateSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  talkDurationSeconds: z.number().int().nullable(),
  receivedAt: timestamp,
});
export type CallStatusUpdate = z.infer<typeof callStatusUpdateSchema>;

/** The ledger row that charged the call (kind call, reference = call sid), once it is settled. */
export const callLedgerRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  amount: money4,
  balanceAfter: money4,
  createdAt: timestamp,
});

export const adminCallDetail = defineEndpoint({
  method: "GET",
  path: "/api/admin/calls/:callSid",
  access: "admin",
  summary: "One call of any customer, with the carrier's status events in the order received and its ledger row",
  params: z.object({ callSid: z.string().min(1).max(64) }),
  response: z.object({
    call: adminCallSchema,
    statusUpdates: z.array(callStatusUpdateSchema),
    ledgerEntry: callLedgerRowSchema.nullable(),
  }),
});
