import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { parseMoney } from "../../../shared/money";
import type { EventBus } from "../../db/bus";
import type { Database } from "../../db/client";
import { callLogs } from "../../db/schema/calls";
import type { JobQueue } from "../../jobs/job-queue";
import type { Carrier } from "../../providers/telephony/carrier";
import { callQualityCreditJob } from "./auto-credit";
import { creditCallBack } from "./credit-call";
import { isPoorQuality, readCallCreditPolicy } from "./policy";

/** Twilio's summary comes within ten minutes of the call's end: ask every two minutes, for about half an hour. */
export const QUALITY_ASK_EVERY_SECONDS = 120;
export const QUALITY_ASK_AT_MOST = 15;

interface QualityDeps {
  db: Database;
  bus: EventBus;
  carrier: Pick<Carrier, "callQuality">;
  log: Pick<FastifyBaseLogger, "info" | "warn">;
}

/**
 * The carrier's measurement of a settled call: stored on the call (carrier_quality) and, when it
 * breaks the policy's thresholds as the policy stands now, the call is credited in full. Running
 * twice credits once (the ledger's unique call_credit reference); a call an admin already
 * credited is left as it is.
 */
export function handleCallQualityCredits(jobs: JobQueue, deps: QualityDeps): void {
  jobs.handle(callQualityCreditJob, {
    retry: { retries: 5, delaySeconds: 30, maxDelaySeconds: 10 * 60 },
    timeoutSeconds: 60,
    describe: (data) => `call quality credit → ${data.callSid}`,
    async run({ callSid, asked = 0 }) {
      const quality = await deps.carrier.callQuality(callSid);
      if (quality === "pending") {
        if (asked + 1 >= QUALITY_ASK_AT_MOST) {
          deps.log.warn({ callSid }, "the carrier never measured the call's quality; no automatic credit");
          return;
        }
        await jobs.enqueue(deps.db, callQualityCreditJob, { callSid, asked: asked + 1 }, { delaySeconds: QUALITY_ASK_EVERY_SECONDS });
        return;
      }
      if (quality === null) return;
      await deps.db.transaction(async (tx) => {
        const [call] = await tx.select().from(callLogs).where(eq(callLogs.callSid, callSid)).for("update");
        if (!call) return;
        await tx.update(callLogs).set({ carrierQuality: quality }).where(eq(callLogs.id, call.id));
        const policy = await readCallCreditPolicy(tx);
        const cost = parseMoney(call.costUsd);
        if (call.creditUsd !== null || cost <= 0 || !isPoorQuality(policy, quality)) return;
        const outcome = await creditCallBack(tx, deps.bus, { callId: call.id, callSid, userId: call.userId, amount: cost, reason: "poor_quality", note: null, createdBy: "policy" });
        if (outcome.credited) deps.log.info({ callSid, quality }, "call credited back for poor quality");
      });
    },
  });
}
