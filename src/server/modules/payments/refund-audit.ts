import type { Executor } from "../../db/client";
import { auditLog } from "../../db/schema/audit";

export const REFUND_AUDIT_ACTION = "payment.refund";

/** One audit row for a refund's outcome, in the transaction that records it (before/after: the payment's and refund's figures). */
export async function recordRefundAudit(tx: Executor, record: { actorUserId: string | null; paymentId: string; before: unknown; after: unknown }): Promise<void> {
  await tx.insert(auditLog).values({ actorUserId: record.actorUserId, action: REFUND_AUDIT_ACTION, subjectType: "payment", subjectId: record.paymentId, before: record.before, after: record.after });
}
