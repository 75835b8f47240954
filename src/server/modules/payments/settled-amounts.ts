import { chargedNothing } from "../../../shared/payments/charged";
import type { payments } from "../../db/schema/payments";
import { money4 } from "./admin-payment-rows";

type PaymentAmounts = Pick<typeof payments.$inferSelect, "status" | "amountUsd" | "creditUsd" | "bonusUsd">;

const NOTHING = money4("0");

/**
 * What a payment moved, as the back office shows and exports it: its row keeps what the checkout
 * asked for and would have credited, but a checkout that was declined, expired or cancelled took no
 * money and added no credit, so a column summed by a reconciliation must read zero for it.
 */
export function settledAmounts(payment: PaymentAmounts): { paid: string; credit: string; bonus: string } {
  if (chargedNothing(payment.status)) return { paid: NOTHING, credit: NOTHING, bonus: NOTHING };
  return { paid: money4(payment.amountUsd), credit: money4(payment.creditUsd), bonus: money4(payment.bonusUsd) };
}
