import { and, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import type { CallRefusal } from "../../../shared/api/calls";
import { moneyToDecimal } from "../../../shared/money";
import { carrierRateToDecimal } from "../../../shared/rates/pricing";
import { afterCommit } from "../../db/after-commit";
import type { Executor } from "../../db/client";
import { callerIdOf } from "../../providers/telephony/carrier";
import { user } from "../../db/schema/auth";
import { callLogs } from "../../db/schema/calls";
import type { WebhookResult } from "../../webhooks/webhook";
import { countEndedCall } from "../admin/dashboard/daily-summary";
import { lockBalance } from "../credits/ledger";
import { spendingAllowance } from "../profile/spending";
import type { Quote } from "../rates/quote";
import { LIVE_CALL_STATUSES, publishCallStatus } from "./call-status";
import type { CallsDeps } from "./deps";
import { grantStillLive } from "./call-grant";
import { dialledNumberOf } from "./dialled-number";
import { reconcileCallJob, RECONCILE_MARGIN_SECONDS } from "./reconcile";
import { callTimeLimit, MIN_CALL_SECONDS } from "./time-limit";
import { dialTwiml, rejectTwiml, STATUS_WEBHOOK_PATH, TWIML_CONTENT_TYPE } from "./twiml";

/** The voice webhook's form: the device's leg, who placed it, and what it dialled. */
export const voicePayload = z.object({
  CallSid: z.string().min(1).max(64),
  From: z.string().max(200),
  To: z.string().max(64).default(""),
  AccountSid: z.string().max(64).optional(),
  Direction: z.string().max(32).optional(),
  /** The call grant the device got with its voice token (call-grant.ts), forwarded by the carrier as a call parameter. */
  Grant: z.string().max(300).optional(),
});
export type VoicePayload = z.infer<typeof voicePayload>;


const CLIENT_IDENTITY = /^client:(.+)$/;

const twiml = (body: string): WebhookResult => ({ reply: { contentType: TWIML_CONTENT_TYPE, body } });

/**
 * The gate: every call a device places asks here first, and only a yes reaches the
 * network. Who is calling (the token's identity, `client:<userId>`, from a sign-in still live:
 * the call grant, call-grant.ts), whether the number
 * may be called and at what price (quoteNumber, the one pricing entry point), one live
 * call per account, a balance worth a minute at least, and no more than today's spending
 * limit leaves (the time limit is cut to it, profile/spending.ts). The price, the carrier's price,
 * the prefix, the margin and the time limit are frozen on the call log here: whatever
 * happens to the rates later, this call is billed at them. Runs in the webhook's
 * transaction, so the call log, its reconcile job and the event commit with the claim.
 */
export async function gateCall(deps: CallsDeps, tx: Executor, payload: VoicePayload): Promise<WebhookResult> {
  const userId = CLIENT_IDENTITY.exec(payload.From)?.[1];
  const [caller] = userId ? await tx.select({ id: user.id }).from(user).where(and(eq(user.id, userId), isNull(user.deletedAt))) : [];
  if (!caller) {
    // No account to record the refusal on, nor anyone to tell.
    deps.log.warn({ callSid: payload.CallSid, from: payload.From.slice(0, 80), reason: "unknown_caller" }, "call refused");
    return twiml(rejectTwiml());
  }

  const quote = deps.rates.quote(payload.To);
  const knownQuote = quote.ok ? quote : null;
  // First the balance row's lock, then the live-call check and the balance: see lockBalance.
  const balance = await lockBalance(tx, caller.id);
  // The account was deleted or banned while this call was on its way (deletion and a ban take the same lock first).
  const standing = await standingOf(tx, caller.id);
  if (standing === "deleted") return refuse(deps, tx, caller.id, payload, "unknown_caller", knownQuote);
  if (standing === "banned") return refuse(deps, tx, caller.id, payload, "account_banned", knownQuote);
  // A token outliving its sign-in (signed out, a new password, every session ended) places nothing.
  if (!(await grantStillLive(tx, deps.grantSecret, payload.Grant, caller.id))) return refuse(deps, tx, caller.id, payload, "unknown_caller", knownQuote);
  if (!quote.ok) return refuse(deps, tx, caller.id, payload, quote.reason, null);
  const live = await tx
    .select({ id: callLogs.id })
    .from(callLogs)
    .where(and(eq(callLogs.userId, caller.id), eq(callLogs.direction, "outbound"), inArray(callLogs.status, LIVE_CALL_STATUSES)))
    .limit(1);
  if (live.length > 0) return refuse(deps, tx, caller.id, payload, "call_in_progress", quote);

  // What the call may spend: the balance, or what today's spending limit leaves when that is less.
  const allowance = await spendingAllowance(tx, caller.id, balance);
  const limit = callTimeLimit(allowance.amount, quote.rate);
  if (limit < MIN_CALL_SECONDS) {
    const reason = callTimeLimit(balance, quote.rate) < MIN_CALL_SECONDS ? "insufficient_balance" : "daily_limit_reached";
    return refuse(deps, tx, caller.id, payload, reason, quote);
  }

  // A second call placed at the same moment fails the one-live-call index here (ON CONFLICT DO NOTHING waits for the first to commit).
  const [call] = await tx
    .insert(callLogs)
    .values({
      userId: caller.id,
      callSid: payload.CallSid,
      direction: "outbound",
      toNumber: quote.e164,
      fromNumber: callerIdOf(deps.carrier),
      countryCode: quote.countryCode,
      ratePerMin: moneyToDecimal(quote.rate),
      carrierRate: carrierRateToDecimal(quote.carrierRate),
      ratePrefix: quote.prefix,
      marginBp: quote.marginBp,
      timeLimitSeconds: limit,
      carrier: deps.carrier.name,
      status: "initiated",
    })
    .onConflictDoNothing()
    .returning();
  if (!call) return refuse(deps, tx, caller.id, payload, "call_in_progress", quote);

  await deps.jobs.enqueue(tx, reconcileCallJob, { callSid: call.callSid }, { delaySeconds: limit + RECONCILE_MARGIN_SECONDS });
  await publishCallStatus(deps.bus, tx, call);
  deps.log.info({ callSid: call.callSid, rate: call.ratePerMin, timeLimitSeconds: limit }, "call allowed");
  afterCommit(tx, () => deps.metrics.started(call.carrier));
  return twiml(
    dialTwiml({
      e164: quote.e164,
      timeLimitSeconds: limit,
      callerId: callerIdOf(deps.carrier),
      statusCallbackUrl: `${deps.publicUrl}${STATUS_WEBHOOK_PATH}`,
    }),
  );
}

/** Whether the account may call: gone (deleted), banned by an admin (decision 039), or in good standing. */
async function standingOf(tx: Executor, userId: string): Promise<"deleted" | "banned" | "ok"> {
  const [row] = await tx.select({ deletedAt: user.deletedAt, banned: user.banned }).from(user).where(eq(user.id, userId));
  if (!row || row.deletedAt !== null) return "deleted";
  return row.banned ? "banned" : "ok";
}

/** A refused call: recorded as failed with its reason (it shows in history), told to the browser, and rejected. */
async function refuse(deps: CallsDeps, tx: Executor, userId: string, payload: VoicePayload, reason: CallRefusal, quote: Quote | null): Promise<WebhookResult> {
  const now = new Date();
  const [call] = await tx
    .insert(callLogs)
    .values({
      userId,
      callSid: payload.CallSid,
      direction: "outbound",
      toNumber: quote?.e164 ?? dialledNumberOf(payload.To),
      fromNumber: callerIdOf(deps.carrier),
      countryCode: quote?.countryCode ?? "",
      ratePerMin: quote ? moneyToDecimal(quote.rate) : "0",
      carrierRate: quote ? carrierRateToDecimal(quote.carrierRate) : null,
      ratePrefix: quote?.prefix ?? null,
      marginBp: quote?.marginBp ?? null,
      timeLimitSeconds: 0,
      carrier: deps.carrier.name,
      status: "failed",
      refusalReason: reason,
      startedAt: now,
      endedAt: now,
    })
    .onConflictDoNothing({ target: callLogs.callSid })
    .returning();
  // A sid we already logged (a carrier retrying with a new delivery): nothing more to record or tell.
  if (call) {
    await publishCallStatus(deps.bus, tx, call);
    // A refusal is final as it is written: the dashboard's outcomes count it (decision 043), last, as the settlement does.
    await countEndedCall(tx, call.id);
  }
  deps.log.info({ callSid: payload.CallSid, reason }, "call refused");
  return twiml(rejectTwiml());
}
