import { z } from "zod";
import { LOCALES } from "../i18n/locales";
import { callLogSchema } from "./calls";
import { creditLedgerRowSchema } from "./credit-audit";
import { money4 } from "./credits";
import { defineEndpoint } from "./endpoint";
import { pagedAnswer, pagingQuery } from "./paging";
import { paymentSchema } from "./payments";

/**
 * The back office's customers (/{lang}/users): the list searched, filtered, sorted and paged
 * on the server, one customer's page, and what an admin may do to an account (role, ban,
 * the verification email again). Credit is adjusted through the credit audit's endpoint.
 * Every change writes an audit row in its own transaction (decision 039).
 */
const timestamp = z.iso.datetime({ offset: true });

export const ADMIN_USERS_PAGE_SIZE = 25;
export const USER_SORTS = ["email", "created", "balance", "last_active"] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export const USER_ROLES = ["user", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** A yes/no filter as the address bar writes it. */
export const YES_NO = ["yes", "no"] as const;
export const BAN_REASON_MAX = 500;

/** A balance bound in USD, at most 4 decimals, never negative ("0" and "12.5" alike). */
const balanceBound = z
  .string()
  .trim()
  .regex(/^\d{1,9}(\.\d{1,4})?$/, "an amount in USD with at most 4 decimals");

export const adminUserFilter = z.object({
  /** Part of the email or the name, any case; an empty box is no search. */
  q: z
    .string()
    .max(200)
    .transform((value) => value.normalize("NFKC").trim().toLowerCase() || undefined)
    .optional(),
  role: z.enum(USER_ROLES).optional(),
  verified: z.enum(YES_NO).optional(),
  banned: z.enum(YES_NO).optional(),
  /** Balance at least / at most this many USD (inclusive). */
  balanceMin: balanceBound.optional(),
  balanceMax: balanceBound.optional(),
});
export type AdminUserFilter = z.infer<typeof adminUserFilter>;

/** The list's order, which its CSV follows too. */
const adminUserOrder = {
  sort: z.enum(USER_SORTS).default("created"),
  dir: z.enum(SORT_DIRECTIONS).default("desc"),
};

export const adminUserListQuery = adminUserFilter.extend({
  ...adminUserOrder,
  ...pagingQuery(ADMIN_USERS_PAGE_SIZE).shape,
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuery>;

export const adminUserRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  role: z.enum(USER_ROLES),
  banned: z.boolean(),
  createdAt: timestamp,
  balance: money4,
  /** The latest sign-in or session use; null when the account never signed in. */
  lastActiveAt: timestamp.nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUsers = defineEndpoint({
  method: "GET",
  path: "/api/admin/users",
  access: "admin",
  summary: "Every account, searched by email or name, filtered by role, verification, ban and balance, sorted and paged",
  query: adminUserListQuery,
  response: z.object({
    users: z.array(adminUserRowSchema),
    ...pagedAnswer,
    total: z.number().int(),
  }),
});

export const adminUsersCsvPath = "/api/admin/users/export.csv";

/** The list's accounts as a CSV file: the same filter and order, every page; `lang` names the header's language (else Accept-Language). */
export const adminUsersCsv = defineEndpoint({
  method: "GET",
  path: adminUsersCsvPath,
  access: "admin",
  summary: "Every account under the list's filter and order, as a CSV file named with the day",
  query: adminUserFilter.extend({ ...adminUserOrder, lang: z.enum(LOCALES).optional() }),
  response: z.string(),
});

export const adminUserProfileSchema = adminUserRowSchema.extend({
  banReason: z.string().nullable(),
  bannedAt: timestamp.nullable(),
  /** The account's preferred language, null when unknown. */
  locale: z.string().nullable(),
  deletedAt: timestamp.nullable(),
});
export type AdminUserProfile = z.infer<typeof adminUserProfileSchema>;

export const signInSchema = z.object({
  createdAt: timestamp,
  expiresAt: timestamp,
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type SignIn = z.infer<typeof signInSchema>;

export const userAuditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  /** The admin who did it (null when their account is gone). */
  actorEmail: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: timestamp,
});
export type UserAuditEntry = z.infer<typeof userAuditEntrySchema>;

/** How many of the latest rows each part of a customer's page shows. */
export const USER_DETAIL_ROWS = 10;

export const adminUserDetail = defineEndpoint({
  method: "GET",
  path: "/api/admin/users/:userId",
  access: "admin",
  summary: "One account: profile, balance, latest ledger rows, calls, payments, sign-ins, its support conversation and the audit of admin changes",
  params: z.object({ userId: z.string().min(1).max(64) }),
  response: z.object({
    profile: adminUserProfileSchema,
    ledger: z.array(creditLedgerRowSchema),
    calls: z.array(callLogSchema),
    payments: z.array(paymentSchema),
    signIns: z.array(signInSchema),
    supportConversationId: z.string().nullable(),
    audit: z.array(userAuditEntrySchema),
  }),
});

const userParams = z.object({ userId: z.string().min(1).max(64) });
const changeReason = z.string().trim().min(1).max(BAN_REASON_MAX);

/**
 * 409 `own_admin_role`: an admin cannot take away their own role. 403 `no_longer_admin` (here, on a ban
 * and an unban) when the one asking lost the role or was banned after the request was let in.
 */
export const adminUserRole = defineEndpoint({
  method: "PUT",
  path: "/api/admin/users/:userId/role",
  access: "admin",
  summary: "Grant or remove the admin role, audited",
  params: userParams,
  body: z.object({ role: z.enum(USER_ROLES) }),
  response: z.object({ profile: adminUserProfileSchema }),
});

/** Ends every session and any live call at once. 409 `own_ban`: an admin cannot ban themselves; 403 `no_longer_admin` as for the role. */
export const adminUserBan = defineEndpoint({
  method: "POST",
  path: "/api/admin/users/:userId/ban",
  access: "admin",
  summary: "Ban an account with a reason: its sessions end, a live call is hung up, calls, purchases and sign-in are refused; audited",
  params: userParams,
  body: z.object({ reason: changeReason }),
  response: z.object({ profile: adminUserProfileSchema, sessionsEnded: z.number().int(), callsEnded: z.number().int() }),
});

export const adminUserUnban = defineEndpoint({
  method: "POST",
  path: "/api/admin/users/:userId/unban",
  access: "admin",
  summary: "Lift a ban with a reason, audited",
  params: userParams,
  body: z.object({ reason: changeReason }),
  response: z.object({ profile: adminUserProfileSchema }),
});

/** 409 `already_verified` when the address is confirmed already. */
export const adminUserVerificationEmail = defineEndpoint({
  method: "POST",
  path: "/api/admin/users/:userId/verification-email",
  access: "admin",
  summary: "Send the verification email again, audited",
  params: userParams,
  response: z.object({ sent: z.literal(true) }),
});
