import { z } from "zod";
import { CALL_DIRECTIONS } from "./admin-calls";
import { CALL_REFUSALS, CALL_STATUSES } from "./calls";
import { money4 } from "./credits";
import { defineEndpoint } from "./endpoint";
import { filterDay } from "./filter-day";
import { PAYMENT_STATUSES } from "./payments";

/**
 * The back office's dashboard: the business's figures for a period of whole UTC days beside
 * the period of the same length just before it, what they were made of day by day and by
 * destination, and the latest calls, payments and open support threads (decision 038).
 */
export const DASHBOARD_PERIODS = ["today", "7d", "30d", "custom"] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** The longest custom period, in days: a year and a leap day. */
export const DASHBOARD_MAX_DAYS = 366;
/** How many rows each latest list and each top-destinations chart shows. */
export const DASHBOARD_LIST_SIZE = 8;
export const DASHBOARD_TOP_DESTINATIONS = 8;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00.000Z`) / DAY_MS;

export const adminDashboardQuery = z
  .object({
    period: z.enum(DASHBOARD_PERIODS).default("7d"),
    /** A custom period's first and last day (YYYY-MM-DD, UTC), both included. */
    from: filterDay.optional(),
    to: filterDay.optional(),
  })
  .refine((query) => query.period !== "custom" || (query.from !== undefined && query.to !== undefined), {
    message: "a custom period needs both days",
    path: ["from"],
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: "the first day must not be after the last", path: ["to"] })
  .refine((query) => !query.from || !query.to || dayNumber(query.to) - dayNumber(query.from) < DASHBOARD_MAX_DAYS, {
    message: `at most ${DASHBOARD_MAX_DAYS} days`,
    path: ["to"],
  });
export type AdminDashboardQuery = z.infer<typeof adminDashboardQuery>;

const timestamp = z.iso.datetime({ offset: true });
const day = z.iso.date();

/** The figures of one period: counts, money (USD, 4 decimals) and shares (0-1, null when nothing to divide). */
export const dashboardFiguresSchema = z.object({
  signUps: z.number().int(),
  activeCustomers: z.number().int(),
  callsPlaced: z.number().int(),
  callsAnswered: z.number().int(),
  answerRate: z.number().nullable(),
  billedMinutes: z.number().int(),
  revenue: money4,
  carrierCost: money4,
  margin: money4,
  creditSold: money4,
  purchases: z.number().int(),
  refunds: money4,
  /** Given back for broken calls, on the day it was credited (decision 041), and why. */
  creditedBack: money4,
  creditedBackBy: z.object({ manual: money4, shortCall: money4, poorQuality: money4 }),
  averageRating: z.number().nullable(),
  ratedCalls: z.number().int(),
  /** Calls whose device measured their media, graded by the call's worst figure (shared/calls/quality-grade.ts). */
  quality: z.object({
    measuredCalls: z.number().int(),
    good: z.number().int(),
    fair: z.number().int(),
    poor: z.number().int(),
    averageRttMs: z.number().nullable(),
    averageJitterMs: z.number().nullable(),
    averagePacketLoss: z.number().nullable(),
  }),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

export const dashboardDaySchema = z.object({
  day,
  callsPlaced: z.number().int(),
  callsAnswered: z.number().int(),
  billedMinutes: z.number().int(),
  revenue: money4,
  margin: money4,
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const dashboardDestinationSchema = z.object({
  /** ISO 3166-1 alpha-2, "" when the number had no country. */
  countryCode: z.string(),
  billedMinutes: z.number().int(),
  revenue: money4,
  margin: money4,
});
export type DashboardDestination = z.infer<typeof dashboardDestinationSchema>;

/** How the period's calls ended: a final status, still live, or refused at the gate for a reason. */
export const DASHBOARD_OUTCOMES = ["completed", "busy", "declined", "no-answer", "failed", "canceled", "live"] as const;
export const dashboardOutcomeSchema = z.object({
  outcome: z.union([z.enum(DASHBOARD_OUTCOMES), z.literal("refused")]),
  refusalReason: z.enum(CALL_REFUSALS).nullable(),
  calls: z.number().int(),
});
export type DashboardOutcome = z.infer<typeof dashboardOutcomeSchema>;

export const adminDashboard = defineEndpoint({
  method: "GET",
  path: "/api/admin/dashboard",
  access: "admin",
  summary: "The back office's figures for a period beside the one before, with charts' data and the latest activity",
  query: adminDashboardQuery,
  response: z.object({
    period: z.object({ from: day, to: day, days: z.number().int(), previousFrom: day, previousTo: day }),
    current: dashboardFiguresSchema,
    previous: dashboardFiguresSchema,
    /** What customers hold in unused credit now (the sum of every balance): not a period's figure. */
    outstandingBalance: money4,
    daily: z.array(dashboardDaySchema),
    topByMinutes: z.array(dashboardDestinationSchema),
    topByMargin: z.array(dashboardDestinationSchema),
    outcomes: z.array(dashboardOutcomeSchema),
    latestCalls: z.array(
      z.object({
        callSid: z.string(),
        email: z.string(),
        /** An incoming call's number is its caller's (`fromNumber`); `toNumber` is then the customer's browser. */
        direction: z.enum(CALL_DIRECTIONS),
        toNumber: z.string(),
        fromNumber: z.string().nullable(),
        countryCode: z.string(),
        status: z.enum(CALL_STATUSES),
        startedAt: timestamp,
        durationSeconds: z.number().int(),
        cost: money4,
      }),
    ),
    latestPayments: z.array(z.object({ id: z.string(), email: z.string(), amount: money4, status: z.enum(PAYMENT_STATUSES), createdAt: timestamp })),
    openSupport: z.array(
      z.object({ id: z.string(), reference: z.string(), who: z.string(), subject: z.string().nullable(), lastMessageAt: timestamp, unread: z.number().int() }),
    ),
    generatedAt: timestamp,
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboard.response>;
