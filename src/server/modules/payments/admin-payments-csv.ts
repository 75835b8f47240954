import { writeCsv } from "../../../shared/csv/write-csv";
import type { Locale } from "../../../shared/i18n/locales";
import type { Executor } from "../../db/client";
import type { payments } from "../../db/schema/payments";
import { csvStrings } from "../calls/history-csv";
import { money4 } from "./admin-payment-rows";
import { settledAmounts } from "./settled-amounts";

const COLUMNS = ["created", "customer", "provider", "status", "paid", "credit", "bonus", "refunded", "discount_code", "completed", "failure_reason", "id"] as const;

type PaymentRow = { payment: typeof payments.$inferSelect; email: string };

/**
 * The back office's payments as CSV: the header row in the admin's language, provider and
 * status as their codes (what a reconciliation script matches on), times in UTC ISO form,
 * amounts as exact decimals with a point (nothing paid or credited for a checkout that charged
 * nothing: settled-amounts.ts). Written by the one CSV writer, which escapes cells a
 * spreadsheet would run as formulas (a provider's failure text starting with "=").
 */
export async function adminPaymentsCsv(db: Executor, rows: readonly PaymentRow[], locale: Locale): Promise<string> {
  const say = await csvStrings(db, locale, ["admin_payments.csv."]);
  const header = COLUMNS.map((column) => say(`admin_payments.csv.${column}`));
  const body = rows.map(({ payment, email }) => {
    const { paid, credit, bonus } = settledAmounts(payment);
    return [
      payment.createdAt.toISOString(),
      email,
      payment.provider,
      payment.status,
      paid,
      credit,
      bonus,
      money4(payment.refundedUsd),
      payment.discountCode ?? "",
      payment.completedAt?.toISOString() ?? "",
      payment.failureReason ?? "",
      payment.id,
    ];
  });
  return writeCsv([header, ...body]);
}
