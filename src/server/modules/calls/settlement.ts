import { and, eq, inArray, sql } from "drizzle-orm";
import type { CallStatus } from "../../../shared/api/calls";
import { billedMinutes, callCost } from "../../../shared/billing";
import { moneyToDecimal, parseMoney } from "../../../shared/money";
import { afterCommit } from "../../db/after-commit";
import type { Executor } from "../../db/client";
import { callLogs } from "../../db/schema/calls";
import { countEndedCall } from "../admin/dashboard/daily-summary";
import { reviewSettledCall } from "../call-credits/auto-credit";
import { postLedgerEntry } from "../credits/ledger";
import { isFinal, LIVE_CALL_STATUSES, type CallLogRow } from "./call-status";
import type { CallsDeps } from "./deps";

export interface Settlement {
  /** One of the final statuses. */
  status: CallStatus;
  /** Talk seconds of the dialled leg, as the carrier counted them (completed only; 0 otherwise). */
  talkSeconds: number;
  endedAt: Date;
  /** What settled it, for the log. */
  source: "status" | "reconcile";
}

/**
 * Ends a call and bills it, once: the call log (ended_at, duration, billed minutes,
 * cost, cost_calculated_by 'server') and the ledger row (kind call, reference = the
 * call sid, amount = -cost) in the caller's transaction, on a call row the caller
 * has locked (lockCall). A call already final is answered as it is: a second
 * `completed`, or `completed` after `busy`, changes nothing, and the ledger's
 * unique (kind, reference) would refuse a second charge anyway.
 *
 * cost = ceil(talk seconds / 60) × the rate frozen at the gate; 0 when the call was
 * never answered (busy, no answer, failed, cancelled, or completed with 0 s) and for
 * incoming calls. Talk time beyond the gate's time limit is never billed: the limit
 * is what the balance paid for, so the balance cannot go below zero. The log says
 * "call settled" after the caller's transaction commits (db/after-commit.ts).
 */
export async function settleCall(deps: Pick<CallsDeps, "bus" | "log" | "metrics">, tx: Executor, call: CallLogRow, settlement: Settlement): Promise<CallLogRow> {
  if (isFinal(call.status)) return call;
  if (!isFinal(settlement.status)) throw new Error(`settling call ${call.callSid} with a status that is not final: ${settlement.status}`);
  const talkSeconds = settlement.status === "completed" ? Math.max(0, Math.floor(settlement.talkSeconds)) : 0;
  const charged = call.direction === "outbound";
  let billedSeconds = charged ? talkSeconds : 0;
  if (charged && billedSeconds > call.timeLimitSeconds) {
    deps.log.warn(
      { callSid: call.callSid, talkSeconds, timeLimitSeconds: call.timeLimitSeconds, source: settlement.source },
      "the carrier reported more talk time than the call's time limit; billing the limit",
    );
    billedSeconds = call.timeLimitSeconds;
  }
  const cost = callCost(billedSeconds, parseMoney(call.ratePerMin));
  // Talk time means it was answered, even if the answered event never came.
  const answeredAt = call.answeredAt ?? (talkSeconds > 0 ? new Date(settlement.endedAt.getTime() - talkSeconds * 1000) : null);

  const [settled] = await tx
    .update(callLogs)
    .set({
      status: settlement.status,
      answeredAt,
      endedAt: settlement.endedAt,
      durationSeconds: talkSeconds,
      billedMinutes: billedMinutes(billedSeconds),
      costUsd: moneyToDecimal(cost),
      costCalculatedBy: "server",
    })
    .where(and(eq(callLogs.id, call.id), inArray(callLogs.status, LIVE_CALL_STATUSES)))
    .returning();
  if (!settled) throw new Error(`call ${call.callSid} changed under its row lock`);

  if (cost > 0) {
    const posted = await postLedgerEntry(
      tx,
      { userId: call.userId, kind: "call", reference: call.callSid, amount: -cost, note: `Call to ${call.toNumber}`, createdBy: "server" },
      deps.bus,
    );
    if (posted.posted && posted.balance < 0) {
      const balance = moneyToDecimal(posted.balance);
      afterCommit(tx, () => deps.log.error({ callSid: call.callSid, balance }, "a call took a balance below zero"));
    }
  }
  // The policy may give a broken call's cost back (call-credits/auto-credit.ts): at once, or once the carrier has measured it.
  const reviewed = cost > 0 ? await reviewSettledCall(tx, deps.bus, settled) : settled;
  // The dashboard's daily figures count it with this transaction, or not at all (decision 043). Last, because
  // the summary's row is shared by the day's calls to the same place: its lock is then held only until commit.
  await countEndedCall(tx, settled.id);
  // Said once it is true: a transaction that fails after this point settled nothing.
  afterCommit(tx, () =>
    deps.log.info(
      { callSid: call.callSid, status: settlement.status, talkSeconds, billedMinutes: settled.billedMinutes, costUsd: settled.costUsd, source: settlement.source },
      "call settled",
    ),
  );
  afterCommit(tx, () => deps.metrics.settled(call, settled, settlement.source));
  return reviewed;
}

/** Calls still live past their time limit plus a margin: their final status was lost (or the server stopped mid-call). */
export function overdueCondition(marginSeconds: number) {
  return and(
    inArray(callLogs.status, LIVE_CALL_STATUSES),
    sql`${callLogs.startedAt} + make_interval(secs => ${callLogs.timeLimitSeconds} + ${marginSeconds}) < now()`,
  );
}
