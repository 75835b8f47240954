import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { parseMoney } from "../../../shared/money";
import type { BusPublisher } from "../../db/bus";
import type { Database } from "../../db/client";
import { callLogs } from "../../db/schema/calls";
import { lockBalance } from "../credits/ledger";
import { spendingAllowance } from "../profile/spending";
import { publishUserEvent } from "../events/user-events";
import { LIVE_CALL_STATUSES } from "./call-status";
import { callTimeLimit } from "./time-limit";

/**
 * Credit added during a call pays for more of it (the spec's credits-updated): the call's
 * time limit becomes what the balance now pays for at the call's frozen rate, by the same
 * function the gate used, capped as the gate caps it. It only ever rises. The call log is
 * locked first, then the balance (the ledger's lock order), so settlement, which bills at
 * most this limit, sees either the old limit or the new one with the credit behind it.
 *
 * Only a carrier that can lengthen a call it is running asks for this (the local carrier);
 * Twilio's Dial timeLimit cannot change once dialled, so there the limit stays and the
 * browser, which shows the server's limit, never promises talk the carrier will cut.
 * Answers the new limit, or null when the call is not live or the limit did not rise.
 */
export async function extendLiveCallLimit(db: Database, bus: BusPublisher, callSid: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [call] = await tx
      .select()
      .from(callLogs)
      .where(and(eq(callLogs.callSid, callSid), eq(callLogs.direction, "outbound"), inArray(callLogs.status, [...LIVE_CALL_STATUSES])))
      .for("update");
    if (!call) return null;
    // The call has not been billed yet (settlement comes at its end), so the whole balance is there for it.
    const balance = await lockBalance(tx, call.userId);
    // Never past today's spending limit: the gate's own allowance, so a top-up cannot buy around it.
    const allowance = await spendingAllowance(tx, call.userId, balance);
    const limit = callTimeLimit(allowance.amount, parseMoney(call.ratePerMin));
    if (limit <= call.timeLimitSeconds) return null;
    const [raised] = await tx
      .update(callLogs)
      .set({ timeLimitSeconds: limit })
      .where(and(eq(callLogs.callSid, callSid), gt(sql`${limit}::integer`, callLogs.timeLimitSeconds)))
      .returning({ callSid: callLogs.callSid });
    if (!raised) return null;
    await publishUserEvent(bus, tx, call.userId, "call.limit", { callSid, timeLimitSeconds: limit });
    return limit;
  });
}
