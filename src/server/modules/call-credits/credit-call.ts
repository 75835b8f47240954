import { eq } from "drizzle-orm";
import type { CallCreditReason } from "../../../shared/api/call-credits";
import { moneyToDecimal, type Money } from "../../../shared/money";
import type { BusPublisher } from "../../db/bus";
import type { Executor } from "../../db/client";
import { callLogs } from "../../db/schema/calls";
import { postLedgerEntry } from "../credits/ledger";

export interface CallCreditInput {
  callId: string;
  callSid: string;
  userId: string;
  amount: Money;
  reason: CallCreditReason;
  note: string | null;
  /** An admin's email, or "policy". */
  createdBy: string;
}

export type CallCreditOutcome = { credited: true; balance: Money; createdAt: Date; call: typeof callLogs.$inferSelect } | { credited: false };

/**
 * Gives back (part of) a call's cost: one `call_credit` ledger row whose reference is the
 * call's sid, so a call is credited once whoever asks (an admin twice, the policy and an
 * admin, a job run again), and the call's row says how much and why. In the caller's
 * transaction, on the call row the caller locked.
 */
export async function creditCallBack(tx: Executor, bus: BusPublisher, input: CallCreditInput): Promise<CallCreditOutcome> {
  const posted = await postLedgerEntry(
    tx,
    { userId: input.userId, kind: "call_credit", reference: input.callSid, amount: input.amount, note: input.note ?? input.reason, createdBy: input.createdBy },
    bus,
  );
  if (!posted.posted) return { credited: false };
  const createdAt = new Date();
  const [call] = await tx
    .update(callLogs)
    .set({ creditUsd: moneyToDecimal(input.amount), creditReason: input.reason, creditNote: input.note, creditedAt: createdAt })
    .where(eq(callLogs.id, input.callId))
    .returning();
  if (!call) throw new Error(`call ${input.callSid} is not in the call log`);
  return { credited: true, balance: posted.balance, createdAt, call };
}
