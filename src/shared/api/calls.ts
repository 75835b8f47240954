import { z } from "zod";
import { callCreditSchema } from "./call-credits";
import { filterDay } from "./filter-day";
import { LOCALES } from "../i18n/locales";
import { money4 } from "./credits";
import { defineEndpoint } from "./endpoint";
import { pagedAnswer, pagingQuery } from "./paging";
import { rate4 } from "./rates";

/**
 * Calls: the voice token the browser's device registers with, the customer's call
 * history, and the two things the browser may write about a call (its quality
 * rating and the device's media statistics). Cost, duration and status are written
 * only by the server, from the carrier's signed status events.
 */
const timestamp = z.iso.datetime({ offset: true });

/** Which carrier the device talks to: Twilio when it is configured, else the local carrier inside the server. */
export const CARRIERS = ["twilio", "local"] as const;
export type CarrierName = (typeof CARRIERS)[number];

/**
 * A call's status, in the order a call moves through them. A status never moves a call
 * back: a later event with a lower rank is stored (call_status_updates) but changes nothing.
 * The final ones (completed, busy, declined, no-answer, failed, canceled) share the top rank.
 * `declined`: the callee refused the call (SIP 603), which Twilio's status words call busy.
 */
export const CALL_STATUSES = ["initiated", "ringing", "answered", "completed", "busy", "declined", "no-answer", "failed", "canceled"] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export const FINAL_CALL_STATUSES: readonly CallStatus[] = ["completed", "busy", "declined", "no-answer", "failed", "canceled"];

/** The spec's generate-voice-token answer, plus what the device needs to pick its SDK and refresh in time. */
export const voiceToken = defineEndpoint({
  method: "POST",
  path: "/api/voice/token",
  access: "user",
  summary: "A voice access token for the browser's device (identity = the user's id, 1 h), and the call grant its calls carry",
  response: z.object({
    token: z.string(),
    identity: z.string(),
    /** Sent with every call the device places (the `Grant` call parameter): the gate lets a call through only while the sign-in it names is live. */
    grant: z.string(),
    carrier: z.enum(CARRIERS),
    expiresAt: timestamp,
  }),
});

/**
 * What a call to a number would be, for the confirm dialog: the number as the carrier will
 * dial it, the customer's rate, their balance, and the seconds the call may run, worked out
 * by the function the gate gives the carrier its limit with (the balance's whole minutes,
 * at most the longest call, at most what today's spending limit leaves). `timeLimitSeconds` 0: the balance (or the limit) buys less than a minute and
 * the gate would refuse. `longestCall`: the limit is the cap, not the balance. Refusals are
 * 422 with the rate lookup's codes.
 */
export const callQuote = defineEndpoint({
  method: "POST",
  path: "/api/calls/quote",
  access: "user",
  summary: "The rate, balance and time limit a call to this number would get now",
  body: z.object({ number: z.string().trim().min(1).max(40) }),
  response: z.object({
    e164: z.string(),
    countryCode: z.string(),
    rate: rate4,
    balance: money4,
    timeLimitSeconds: z.number().int().nonnegative(),
    longestCall: z.boolean(),
    /**
     * The customer's daily spending limit, when set: what today's calls (UTC) have cost, and
     * whether the limit, not the balance, is what bounds this call (`timeLimitSeconds` 0 with
     * `capsCall`: the gate would refuse, daily_limit_reached).
     */
    dailyLimit: z.object({ limit: money4, spentToday: money4, capsCall: z.boolean() }).nullable(),
  }),
});

/** What the device measured about a call's media (getStats on the local carrier, `sample` events on Twilio). */
export const callQualitySchema = z.object({
  /** Round-trip time, milliseconds: average over the call. */
  rttMs: z.number().nonnegative().max(60_000).nullable(),
  /** Jitter, milliseconds: average over the call. */
  jitterMs: z.number().nonnegative().max(60_000).nullable(),
  /** Packets lost as a fraction of packets expected, 0-1. */
  packetLoss: z.number().min(0).max(1).nullable(),
  /** Mean opinion score when the SDK gives one (Twilio), 1-5. */
  mos: z.number().min(1).max(5).nullable(),
  packetsSent: z.number().int().nonnegative().nullable(),
  packetsReceived: z.number().int().nonnegative().nullable(),
});
export type CallQuality = z.infer<typeof callQualitySchema>;

export const callLogSchema = z.object({
  id: z.string(),
  callSid: z.string(),
  /** outbound: the customer dialled; inbound: someone rang the customer (never charged). */
  direction: z.enum(["outbound", "inbound"]),
  toNumber: z.string(),
  /** Who rang the customer, on an inbound call (E.164 when the carrier gave a number); history calls them back. */
  fromNumber: z.string().nullable().optional(),
  countryCode: z.string(),
  ratePerMin: rate4,
  status: z.enum(CALL_STATUSES),
  startedAt: timestamp,
  answeredAt: timestamp.nullable(),
  endedAt: timestamp.nullable(),
  durationSeconds: z.number().int().nonnegative(),
  billedMinutes: z.number().int().nonnegative(),
  costUsd: money4,
  qualityRating: z.number().int().min(1).max(5).nullable(),
  quality: callQualitySchema.nullable(),
  /** What was given back of the cost, and why (null when nothing was). */
  credit: callCreditSchema.nullable(),
});
export type CallLog = z.infer<typeof callLogSchema>;

const historyFilter = z.object({
  /** Calls started on or after this day (YYYY-MM-DD, UTC). */
  from: filterDay.optional(),
  /** Calls started on or before this day (YYYY-MM-DD, UTC). */
  to: filterDay.optional(),
  status: z.enum(CALL_STATUSES).optional(),
});

export const CALL_HISTORY_PAGE_SIZE = 20;

export const callHistory = defineEndpoint({
  method: "GET",
  path: "/api/calls",
  access: "user",
  summary: "The signed-in customer's calls, newest first, filtered and paged, with totals over the filter",
  query: historyFilter.extend(pagingQuery(CALL_HISTORY_PAGE_SIZE).shape),
  response: z.object({
    calls: z.array(callLogSchema),
    ...pagedAnswer,
    totals: z.object({ calls: z.number().int(), talkSeconds: z.number().int(), billedMinutes: z.number().int(), costUsd: money4 }),
  }),
});

/** The same filter as a CSV file (text/csv; cells that look like formulas are escaped). */
export const callHistoryCsvPath = "/api/calls/export.csv";
/** `lang` names the language of the header row, statuses and country names (else the browser's Accept-Language). */
export const callHistoryCsvQuery = historyFilter.extend({ lang: z.enum(LOCALES).optional() });

export const callHistoryCsv = defineEndpoint({
  method: "GET",
  path: callHistoryCsvPath,
  access: "user",
  summary: "The signed-in customer's calls under the history filter, as a CSV file named with the day",
  query: callHistoryCsvQuery,
  response: z.string(),
});

export const rateCall = defineEndpoint({
  method: "PUT",
  path: "/api/calls/:callSid/rating",
  access: "user",
  summary: "The customer's quality rating of their own finished call (1-5)",
  params: z.object({ callSid: z.string().min(1).max(64) }),
  body: z.object({ rating: z.number().int().min(1).max(5) }),
  response: z.object({ call: callLogSchema }),
});

export const reportCallQuality = defineEndpoint({
  method: "PUT",
  path: "/api/calls/:callSid/quality",
  access: "user",
  summary: "The device's media statistics for the customer's own call",
  params: z.object({ callSid: z.string().min(1).max(64) }),
  body: callQualitySchema,
  response: z.object({ call: callLogSchema }),
});

/** One call of the signed-in customer by its carrier sid (the device learns the sid when it connects). */
export const callBySid = defineEndpoint({
  method: "GET",
  path: "/api/calls/:callSid",
  access: "user",
  summary: "One of the customer's calls",
  params: z.object({ callSid: z.string().min(1).max(64) }),
  response: z.object({ call: callLogSchema }),
});

export { CALL_REFUSALS, type CallRefusal } from "./refusals";
