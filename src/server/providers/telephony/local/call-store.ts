import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { localCarrierCalls, type LocalCallPhase } from "../../../db/schema/local-carrier";

export type StoredLocalCall = typeof localCarrierCalls.$inferSelect;

/** The local carrier's calls table (schema/local-carrier.ts): phases move forward only. */
export function callStore(db: Executor) {
  return {
    async create(call: { callSid: string; userId: string; direction: "outbound" | "inbound"; remoteNumber: string; phase: LocalCallPhase; finalStatus?: string; endedAt?: Date }): Promise<void> {
      await db.insert(localCarrierCalls).values(call);
    },

    async find(callSid: string): Promise<StoredLocalCall | null> {
      const [row] = await db.select().from(localCarrierCalls).where(eq(localCarrierCalls.callSid, callSid));
      return row ?? null;
    },

    /** Moves a call from one of `from` to `to`; false when it was no longer in any of them (someone else moved it first). */
    async move(callSid: string, from: readonly LocalCallPhase[], to: LocalCallPhase, set: { answeredAt?: Date; endedAt?: Date; finalStatus?: string; talkSeconds?: number } = {}): Promise<boolean> {
      const moved = await db
        .update(localCarrierCalls)
        .set({ phase: to, heartbeatAt: new Date(), ...set })
        .where(and(eq(localCarrierCalls.callSid, callSid), inArray(localCarrierCalls.phase, [...from])))
        .returning({ callSid: localCarrierCalls.callSid });
      return moved.length > 0;
    },

    /** The instance holding these calls is alive. */
    async heartbeat(callSids: readonly string[]): Promise<void> {
      if (callSids.length === 0) return;
      await db
        .update(localCarrierCalls)
        .set({ heartbeatAt: sql`now()` })
        .where(and(inArray(localCarrierCalls.callSid, [...callSids]), sql`${localCarrierCalls.phase} <> 'ended'`));
    },

    /** Forgets calls that ended before `before`: the reconcile job asks about a call within hours of its end, never days. */
    async prune(before: Date): Promise<void> {
      await db.delete(localCarrierCalls).where(and(eq(localCarrierCalls.phase, "ended"), lt(localCarrierCalls.endedAt, before)));
    },
  };
}

export type CallStore = ReturnType<typeof callStore>;
