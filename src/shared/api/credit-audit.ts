import { z } from "zod";
import { filterDay } from "./filter-day";
import { emailField } from "../accounts/canonical-email";
import { LOCALES } from "../i18n/locales";
import { LEDGER_KINDS, money4 } from "./credits";
import { defineEndpoint } from "./endpoint";
import { pagedAnswer, pagingQuery } from "./paging";

/**
 * The admin credit audit (/{lang}/credit-audit): every customer's ledger, the
 * reconciliation of each balance against its ledger, manual adjustments and the
 * ledger as CSV. Money travels as exact decimal strings with 4 decimals.
 */
const timestamp = z.iso.datetime({ offset: true });

export const CREDIT_LEDGER_PAGE_SIZE = 25;
export const CREDIT_ACCOUNTS_PAGE_SIZE = 25;
/** The most one adjustment may move either way (the same bound as `npm run credits:grant`). */
export const MAX_ADJUSTMENT_USD = "10000";
export const ADJUSTMENT_REASON_MAX = 500;

/** The ledger filter, shared by the list and the CSV. Days are UTC and inclusive. */
export const creditLedgerFilter = z.object({
  /** Part of the customer's email, any case. */
  email: z.string().trim().toLowerCase().max(254).optional(),
  kind: z.enum(LEDGER_KINDS).optional(),
  from: filterDay.optional(),
  to: filterDay.optional(),
  /** A payment id, call sid or adjustment id, exactly. */
  reference: z.string().trim().max(200).optional(),
});
export type CreditLedgerFilter = z.infer<typeof creditLedgerFilter>;

export const creditLedgerRowSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  email: z.string(),
  kind: z.enum(LEDGER_KINDS),
  reference: z.string(),
  amount: money4,
  balanceAfter: money4,
  note: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: timestamp,
});
export type CreditLedgerRow = z.infer<typeof creditLedgerRowSchema>;

export const adminCreditLedger = defineEndpoint({
  method: "GET",
  path: "/api/admin/credit-audit/ledger",
  access: "admin",
  summary: "Every customer's ledger rows, newest first, filtered and paged",
  query: creditLedgerFilter.extend(pagingQuery(CREDIT_LEDGER_PAGE_SIZE).shape),
  response: z.object({
    entries: z.array(creditLedgerRowSchema),
    ...pagedAnswer,
    total: z.number().int(),
  }),
});

/**
 * One account's reconciliation: its balance against the sum of its ledger rows and
 * against the balance after its last row. `drifted` when either differs.
 */
export const creditAccountSchema = z.object({
  userId: z.string(),
  email: z.string(),
  balance: money4,
  ledgerSum: money4,
  /** The balance after the account's last ledger row; null when it has none. */
  lastBalanceAfter: money4.nullable(),
  entries: z.number().int(),
  /** balance − ledgerSum. */
  difference: money4,
  drifted: z.boolean(),
});
export type CreditAccount = z.infer<typeof creditAccountSchema>;

export const creditAuditSummarySchema = z.object({
  accounts: z.number().int(),
  totalBalance: money4,
  totalLedger: money4,
  driftedAccounts: z.number().int(),
});
export type CreditAuditSummary = z.infer<typeof creditAuditSummarySchema>;

export const adminCreditAccounts = defineEndpoint({
  method: "GET",
  path: "/api/admin/credit-audit/accounts",
  access: "admin",
  summary: "Per-customer reconciliation of balance against ledger (drifted accounts first), paged, with the summary over all accounts",
  query: z.object({
    /** "drifted" lists only the accounts whose balance does not match their ledger. */
    only: z.enum(["drifted"]).optional(),
    ...pagingQuery(CREDIT_ACCOUNTS_PAGE_SIZE).shape,
  }),
  response: z.object({
    accounts: z.array(creditAccountSchema),
    ...pagedAnswer,
    summary: creditAuditSummarySchema,
  }),
});

/** A signed amount in USD with at most 4 decimals ("2.5", "-0.1250"). */
export const adjustmentAmount = z
  .string()
  .trim()
  .regex(/^[-+]?\d{1,9}(\.\d{1,4})?$/, "a signed amount in USD with at most 4 decimals");

export const adjustmentBody = z.object({
  email: emailField,
  amount: adjustmentAmount,
  reason: z.string().trim().min(1).max(ADJUSTMENT_REASON_MAX),
});
export type AdjustmentBody = z.input<typeof adjustmentBody>;

/**
 * Adds or takes off credit by hand: one admin_adjustment ledger row and one audit row,
 * in one transaction. 404 account_not_found; 400 adjustment_amount_invalid (zero, or
 * beyond MAX_ADJUSTMENT_USD); 409 adjustment_below_zero (the balance may not go below
 * zero, nor below what live calls may still cost).
 */
export const adminCreditAdjust = defineEndpoint({
  method: "POST",
  path: "/api/admin/credit-audit/adjustments",
  access: "admin",
  summary: "Adjust a customer's credit by hand (admin_adjustment), audited",
  body: adjustmentBody,
  response: z.object({ entry: creditLedgerRowSchema, balanceBefore: money4, balance: money4 }),
});

export const creditLedgerCsvPath = "/api/admin/credit-audit/ledger.csv";
export const creditLedgerCsvQuery = creditLedgerFilter.extend({ lang: z.enum(LOCALES).optional() });

export const adminCreditLedgerCsv = defineEndpoint({
  method: "GET",
  path: creditLedgerCsvPath,
  access: "admin",
  summary: "The ledger under the same filter as a CSV file (header row; formula cells escaped)",
  query: creditLedgerCsvQuery,
  response: z.string(),
});
