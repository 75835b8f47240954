import { z } from "zod";
import { money4 } from "./credits";
import { defineEndpoint } from "./endpoint";

/**
 * Giving back what a broken call cost: an admin credits a call fully or partly with a reason,
 * or the policy credits it when it settles (too short once answered) or once the carrier has
 * measured its media (too much packet loss or jitter). One `call_credit` ledger row per call.
 */
export const CALL_CREDIT_REASONS = ["manual", "short_call", "poor_quality"] as const;
export type CallCreditReason = (typeof CALL_CREDIT_REASONS)[number];

/**
 * The media as the carrier measured it on its side (never the browser's own report, which a
 * customer could change): the share of the caller's packets that never arrived and the
 * interarrival jitter (RFC 3550), the worst of the carrier's measured directions.
 */
export const carrierQualitySchema = z.object({
  packetLossPercent: z.number().min(0).max(100),
  jitterMs: z.number().min(0),
});
export type CarrierQuality = z.infer<typeof carrierQualitySchema>;

/** Off by default; each rule applies only when its threshold is set. */
export const callCreditPolicySchema = z
  .object({
    enabled: z.boolean(),
    /** Answered calls that lasted fewer seconds than this are credited in full as they settle. */
    shortCallSeconds: z.number().int().min(1).max(600).nullable(),
    /** Calls whose measured packet loss was above this share are credited in full. */
    maxPacketLossPercent: z.number().min(0.1).max(100).nullable(),
    /** Calls whose measured jitter was above this are credited in full. */
    maxJitterMs: z.number().int().min(1).max(2000).nullable(),
  })
  .strict();
export type CallCreditPolicy = z.infer<typeof callCreditPolicySchema>;

export const DEFAULT_CALL_CREDIT_POLICY: CallCreditPolicy = { enabled: false, shortCallSeconds: null, maxPacketLossPercent: null, maxJitterMs: null };

export const callCreditPolicy = defineEndpoint({
  method: "GET",
  path: "/api/admin/call-credit-policy",
  access: "admin",
  summary: "The policy that credits broken calls back automatically",
  response: z.object({ policy: callCreditPolicySchema }),
});

export const saveCallCreditPolicy = defineEndpoint({
  method: "PUT",
  path: "/api/admin/call-credit-policy",
  access: "admin",
  summary: "Changes the automatic call credit policy (audited)",
  body: callCreditPolicySchema,
  response: z.object({ policy: callCreditPolicySchema }),
});

/** What a call's credit was: shown to the admin on the call and to the customer in their history. */
export const callCreditSchema = z.object({
  amountUsd: money4,
  reason: z.enum(CALL_CREDIT_REASONS),
  note: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CallCredit = z.infer<typeof callCreditSchema>;

export const CALL_CREDIT_NOTE_MAX = 500;

export const creditCall = defineEndpoint({
  method: "POST",
  path: "/api/admin/calls/:callSid/credit",
  access: "admin",
  summary: "Credits a settled call back to its customer, fully or partly, with a reason: once per call (audited)",
  params: z.object({ callSid: z.string().min(1).max(64) }),
  body: z.object({
    /** USD, at most the call's cost. */
    amount: z.string().trim().min(1).max(20),
    reason: z.string().trim().min(3).max(CALL_CREDIT_NOTE_MAX),
  }),
  response: z.object({ credit: callCreditSchema, balance: money4 }),
});
