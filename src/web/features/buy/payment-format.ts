import type { PaymentProviderName, PaymentStatus } from "../../../shared/api/payments";
import { formatUsd, parseMoney } from "../../../shared/money";

/** A payment's date and time in the reader's language and time zone. */
export function formatPaymentDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** An amount from the API ("10.0000") as people read money: 2 decimals. */
export function formatAmount(decimal: string, locale: string): string {
  return formatUsd(parseMoney(decimal), locale, 2);
}

/** The translation key of a payment's status. */
export const statusKey = (status: PaymentStatus) => `buy.status.${status}`;

/** The translation key of how the payment was made. */
export const providerKey = (provider: PaymentProviderName) => `buy.provider.${provider}`;

/** Status badge colours: settled green, failed red, waiting amber, money given back slate, cancelled grey. */
export const STATUS_STYLE: Record<PaymentStatus, string> = {
  succeeded: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  pending: "bg-amber-50 text-amber-900 ring-amber-200",
  failed: "bg-red-50 text-red-800 ring-red-200",
  cancelled: "bg-white text-slate-700 ring-slate-300",
  refunded: "bg-slate-100 text-slate-800 ring-slate-300",
  partially_refunded: "bg-slate-100 text-slate-800 ring-slate-300",
};

/** Payments that have a receipt: money was taken (refunds keep their receipt). */
export const HAS_RECEIPT: readonly PaymentStatus[] = ["succeeded", "refunded", "partially_refunded"];
