import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { CarrierQuality } from "../../../../shared/api/call-credits";
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
    async move(callSid: string, from: readonly LocalCallPhase[], to: LocalCallPhase, set: { answeredAt?: Date; endedAt?: Date; finalStatus?: string; talkSeconds?: number; mediaQuality?: CarrierQuality | null } = {}): Promise<boolean> {
      const moved = await db
        .update(localCarrierCalls)
        .set({ phase: to, heartbeatAt: new Date(), ...set })
        .where(and(eq(localCarrierCalls.callSid, callSid), inArray(localCarrierCalls.phase, [...from])))
        .returning({ callSid: localCarrierCalls.callSid });
      return moved.length > 0;
    },

    /** The instance holding these calls is alive: the ones still live are touched and returned (the others ended elsewhere). */
    async heartbeat(callSids: readonly string[]): Promise<Set<string>> {
      if (callSids.length === 0) return new Set();
      const touched = await db
        .update(localCarrierCalls)
        .set({ heartbeatAt: sql`now()` })
        .where(and(inArray(localCarrierCalls.callSid, [...callSids]), sql`${localCarrierCalls.phase} <> 'ended'`))
        .returning({ callSid: localCarrierCalls.callSid });
      return new Set(touched.map((row) => row.callSid));
    },

    /** Live calls nobody has touched for `staleMs` by the database's clock, or since `since`: the instance holding them died. */
    async untouched(staleMs: number, since: Date | null = null): Promise<string[]> {
      const stale = sql`${localCarrierCalls.heartbeatAt} < now() - make_interval(secs => ${staleMs / 1000})`;
      const rows = await db
        .select({ callSid: localCarrierCalls.callSid })
        .from(localCarrierCalls)
        .where(and(sql`${localCarrierCalls.phase} <> 'ended'`, since ? or(stale, lt(localCarrierCalls.heartbeatAt, since)) : stale))
        .limit(1000);
      return rows.map((row) => row.callSid);
    },

    /** Forgets calls that ended before `before`: the reconcile job asks about a call within hours of its end, never days. */
    async prune(before: Date): Promise<void> {
      await db.delete(localCarrierCalls).where(and(eq(localCarrierCalls.phase, "ended"), lt(localCarrierCalls.endedAt, before)));
    },
  };
}

export type CallStore = ReturnType<typeof callStore>;
