import { eq } from "drizzle-orm";
import { callCreditPolicySchema, DEFAULT_CALL_CREDIT_POLICY, type CallCreditPolicy, type CarrierQuality } from "../../../shared/api/call-credits";
import type { Executor } from "../../db/client";
import { auditLog } from "../../db/schema/audit";
import { appSettings } from "../../db/schema/settings";

/** app_settings key of the automatic call credit policy (off until an admin turns it on). */
export const CALL_CREDIT_POLICY_KEY = "call_credit_policy";
export const CALL_CREDIT_POLICY_ACTION = "call_credit_policy.update";

/**
 * The policy as stored; the default (off) when none was saved. Read in the settlement's own
 * transaction, so every instance applies the policy committed last, with no cache to keep in step.
 */
export async function readCallCreditPolicy(db: Pick<Executor, "select">): Promise<CallCreditPolicy> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, CALL_CREDIT_POLICY_KEY));
  if (!row) return DEFAULT_CALL_CREDIT_POLICY;
  // A row written by an older release with fields since renamed is read as off rather than guessed at.
  const parsed = callCreditPolicySchema.safeParse(row.value);
  return parsed.success ? parsed.data : DEFAULT_CALL_CREDIT_POLICY;
}

/** Saves the policy and its audit row (before and after) in one transaction. */
export async function saveCallCreditPolicy(db: Executor, actorUserId: string, policy: CallCreditPolicy): Promise<CallCreditPolicy> {
  return db.transaction(async (tx) => {
    const before = await readCallCreditPolicy(tx);
    await tx
      .insert(appSettings)
      .values({ key: CALL_CREDIT_POLICY_KEY, value: policy })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: policy, updatedAt: new Date() } });
    await tx.insert(auditLog).values({ actorUserId, action: CALL_CREDIT_POLICY_ACTION, subjectType: "app_setting", subjectId: CALL_CREDIT_POLICY_KEY, before, after: policy });
    return policy;
  });
}

/** Whether the policy credits an answered call this short as it settles. */
export function isShortCall(policy: CallCreditPolicy, talkSeconds: number): boolean {
  return policy.enabled && policy.shortCallSeconds !== null && talkSeconds > 0 && talkSeconds < policy.shortCallSeconds;
}

/** Whether the policy looks at the carrier's measurement at all (then a job asks for it after settlement). */
export function judgesQuality(policy: CallCreditPolicy): boolean {
  return policy.enabled && (policy.maxPacketLossPercent !== null || policy.maxJitterMs !== null);
}

/** Whether what the carrier measured breaks one of the policy's thresholds. */
export function isPoorQuality(policy: CallCreditPolicy, quality: CarrierQuality): boolean {
  if (!judgesQuality(policy)) return false;
  const lossy = policy.maxPacketLossPercent !== null && quality.packetLossPercent > policy.maxPacketLossPercent;
  const jittery = policy.maxJitterMs !== null && quality.jitterMs > policy.maxJitterMs;
  return lossy || jittery;
}
