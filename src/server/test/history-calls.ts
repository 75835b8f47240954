import { randomBytes } from "node:crypto";
import type { Executor } from "../db/client";
import { callLogs } from "../db/schema/calls";
import { countEndedCall } from "../modules/admin/dashboard/daily-summary";

export type CallRowInput = Partial<typeof callLogs.$inferInsert>;

/**
 * Writes a call log straight into the table, as the gate and the status webhook would
 * have left it (the dashboard's daily summary included): a finished, answered two-minute call to
 * Jamaica unless told otherwise.
 * For tests of what reads call logs (history, export, ratings), not of how calls are made.
 */
export async function insertCall(db: Executor, userId: string, overrides: CallRowInput = {}) {
  const startedAt = overrides.startedAt ?? new Date("2026-03-10T12:00:00.000Z");
  const [row] = await db
    .insert(callLogs)
    .values({
      userId,
      callSid: `CA${randomBytes(16).toString("hex")}`,
      direction: "outbound",
      toNumber: "+18762101234",
      countryCode: "JM",
      ratePerMin: "0.2500",
      carrierRate: "0.12500",
      ratePrefix: "1876",
      marginBp: 10_000,
      timeLimitSeconds: 3600,
      carrier: "local",
      status: "completed",
      startedAt,
      answeredAt: new Date(startedAt.getTime() + 5_000),
      endedAt: new Date(startedAt.getTime() + 95_000),
      durationSeconds: 90,
      billedMinutes: 2,
      costUsd: "0.5000",
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("no call log written");
  // As the settlement (or the gate's refusal) would have: an ended outgoing call is in the dashboard's daily summary.
  await countEndedCall(db, row.id);
  return row;
}
