import type { Dispute, Refund } from "../../../shared/api/admin-payments";
import { moneyToDecimal, parseMoney } from "../../../shared/money";
import type { paymentDisputes, paymentRefunds } from "../../db/schema/refunds";

/** Numeric columns come back as the engine writes them; the wire wants exactly 4 decimals. */
export const money4 = (value: string) => moneyToDecimal(parseMoney(value));

export function toRefund(row: typeof paymentRefunds.$inferSelect, creator: { id: string; email: string } | null): Refund {
  return {
    id: row.id,
    paymentId: row.paymentId,
    amount: money4(row.amountUsd),
    creditRemoved: money4(row.creditRemovedUsd),
    reason: row.reason,
    status: row.status,
    providerRefundId: row.providerRefundId,
    failureReason: row.failureReason,
    createdBy: row.createdBy !== null && creator ? creator : null,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export function toDispute(row: typeof paymentDisputes.$inferSelect): Dispute {
  return {
    id: row.id,
    amount: money4(row.amountUsd),
    creditRemoved: money4(row.creditRemovedUsd),
    reason: row.reason,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
