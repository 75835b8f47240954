import { moneyToDecimal, parseMoney, type Money } from "../../../shared/money";
import type { CallCredit } from "../../../shared/api/call-credits";
import type { EventBus } from "../../db/bus";
import type { Database } from "../../db/client";
import { auditLog } from "../../db/schema/audit";
import { AppError } from "../../http/app-error";
import { isFinal, lockCall } from "../calls/call-status";
import { creditCallBack } from "./credit-call";

export const CALL_CREDIT_ACTION = "call.credit";

export interface Admin {
  userId: string;
  email: string;
}

/**
 * An admin gives back all or part of what a settled call cost, with a reason: one
 * `call_credit` ledger row (once per call, whoever credited it first) and an audit row,
 * in one transaction on the locked call. Refused, with nothing written, for a call still
 * live, one that cost nothing, an amount above its cost, and a call already credited.
 */
export async function creditCallByAdmin(db: Database, bus: EventBus, admin: Admin, callSid: string, body: { amount: string; reason: string }): Promise<{ credit: CallCredit; balance: string }> {
  const amount = creditAmountOf(body.amount);
  return db.transaction(async (tx) => {
    const call = await lockCall(tx, callSid);
    if (!call) throw new AppError(404, "call_not_found", `No call has the sid ${callSid}.`);
    if (!isFinal(call.status)) throw new AppError(409, "call_not_settled", "The call is still live: it can be credited once it has ended and been billed.");
    const cost = parseMoney(call.costUsd);
    if (cost <= 0) throw new AppError(409, "call_not_charged", "The call cost nothing, so there is nothing to give back.");
    if (call.creditUsd !== null) throw new AppError(409, "call_already_credited", `The call was already credited ${call.creditUsd} USD; a call is credited once.`);
    if (amount > cost) {
      throw new AppError(400, "credit_above_cost", `The credit may be at most what the call cost: ${moneyToDecimal(cost)} USD.`, [{ path: "cost", message: moneyToDecimal(cost) }]);
    }
    const outcome = await creditCallBack(tx, bus, { callId: call.id, callSid, userId: call.userId, amount, reason: "manual", note: body.reason, createdBy: admin.email });
    if (!outcome.credited) throw new AppError(409, "call_already_credited", "The call was already credited; a call is credited once.");
    await tx.insert(auditLog).values({
      actorUserId: admin.userId,
      action: CALL_CREDIT_ACTION,
      subjectType: "call",
      subjectId: callSid,
      before: { costUsd: call.costUsd, creditUsd: null },
      after: { creditUsd: moneyToDecimal(amount), reason: body.reason, customer: call.userId },
    });
    return {
      credit: { amountUsd: moneyToDecimal(amount), reason: "manual", note: body.reason, createdAt: outcome.createdAt.toISOString() },
      balance: moneyToDecimal(outcome.balance),
    };
  });
}

/** The amount as typed (a dot decimal in USD), positive, at most 4 decimals; else a 400 that says so. */
function creditAmountOf(text: string): Money {
  let amount: Money;
  try {
    amount = parseMoney(text);
  } catch {
    throw new AppError(400, "credit_amount_invalid", `Not an amount in USD with at most 4 decimals: ${text}`);
  }
  if (amount <= 0) throw new AppError(400, "credit_amount_invalid", "The credit must be more than zero.");
  return amount;
}
