import { z } from "zod";
import { displayNameField } from "../accounts/display-name-field";
import { LOCALES } from "../i18n/locales";
import { callLogSchema } from "./calls";
import { LEDGER_KINDS, money4 } from "./credits";
import { defineEndpoint } from "./endpoint";
import { paymentSchema } from "./payments";
import { SPENDING_AMOUNT_PATTERN } from "../accounts/spending";

const timestamp = z.iso.datetime({ offset: true });

/** A customer's own spending controls; null: not set. */
export const spendingSettingsSchema = z.object({
  /** The most a day's calls (UTC) may cost. */
  dailyLimit: money4.nullable(),
  /** An email when the balance falls under this. */
  lowBalanceAlert: money4.nullable(),
  /** What today's calls (UTC) have cost so far. */
  spentToday: money4,
});
export type SpendingSettings = z.infer<typeof spendingSettingsSchema>;

export const profileSchema = z.object({
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** The preferred language: emails are written in it and the web app switches to it at sign-in. Null: not chosen. */
  locale: z.enum(LOCALES).nullable(),
  balance: money4,
  memberSince: timestamp,
  spending: spendingSettingsSchema,
});
export type Profile = z.infer<typeof profileSchema>;

export const getProfile = defineEndpoint({
  method: "GET",
  path: "/api/profile",
  access: "user",
  summary: "The signed-in customer's profile: name, language, balance, member since and spending settings",
  response: profileSchema,
});

/** Name and preferred language; either may be left out. The name follows the one display-name rule. */
export const updateProfile = defineEndpoint({
  method: "PATCH",
  path: "/api/profile",
  access: "user",
  summary: "Change the display name and/or the preferred language",
  body: z.object({
    name: displayNameField.pipe(z.string().min(1)).optional(),
    locale: z.enum(LOCALES).optional(),
  }),
  response: profileSchema,
});

/** An amount a customer types for a spending control: USD, at most 4 decimals, above 0; null clears it. */
const spendingAmount = z.string().trim().regex(SPENDING_AMOUNT_PATTERN, "an amount in USD above 0 with at most 4 decimals").nullable();

/**
 * Both spending controls at once (what the form shows is what is saved). 400
 * `spending_amount_invalid` for zero or more than the highest amount allowed.
 */
export const updateSpending = defineEndpoint({
  method: "PUT",
  path: "/api/profile/spending",
  access: "user",
  summary: "Set or clear the daily spending limit and the low-balance email amount",
  body: z.object({ dailyLimit: spendingAmount, lowBalanceAlert: spendingAmount }),
  response: spendingSettingsSchema,
});

const exportedLedgerEntry = z.object({
  kind: z.enum(LEDGER_KINDS),
  reference: z.string(),
  amount: money4,
  balanceAfter: money4,
  note: z.string().nullable(),
  createdAt: timestamp,
});

/**
 * Everything the service keeps about the signed-in person, as one JSON file. Sections
 * the service gains later (contacts, support messages) are added by their modules
 * (src/server/modules/profile/export-sections.ts).
 */
export const dataExportSchema = z.object({
  exportedAt: timestamp,
  profile: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    locale: z.enum(LOCALES).nullable(),
    memberSince: timestamp,
    balance: money4,
    spending: spendingSettingsSchema.omit({ spentToday: true }),
  }),
  calls: z.array(callLogSchema),
  payments: z.array(paymentSchema),
  ledger: z.array(exportedLedgerEntry),
  /** Further sections by name (contacts, support messages), each an array of plain records. */
  more: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const DATA_EXPORT_PATH = "/api/profile/export";

export const exportMyData = defineEndpoint({
  method: "GET",
  path: DATA_EXPORT_PATH,
  access: "user",
  summary: "Download everything kept about the signed-in person as one JSON file",
  response: dataExportSchema,
});

/**
 * Deletes the signed-in account. `confirmation` must be the account's email address as
 * typed (400 `deletion_not_confirmed` otherwise); 409 `deletion_call_in_progress` while a
 * call is live, 409 `last_admin` for the last administrator. Every session ends; name, email
 * and sign-in methods are removed; money records are kept under an anonymous name (decision 037).
 */
export const deleteAccount = defineEndpoint({
  method: "POST",
  path: "/api/profile/delete",
  access: "user",
  summary: "Delete the signed-in account (typed confirmation; refused during a live call)",
  body: z.object({ confirmation: z.string().max(320) }),
  response: z.object({ status: z.literal("deleted") }),
});
