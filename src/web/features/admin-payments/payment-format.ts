import type { PaymentStatus } from "../../../shared/api/payments";
import type { PaymentPeriod } from "../../../shared/api/admin-payments";
import { formatUsd, parseMoney } from "../../../shared/money";

/** Dollars and cents in the reader's language ("$12.50", "١٢٫٥٠ US$"). */
export function usd(decimal: string, locale: string): string {
  return formatUsd(parseMoney(decimal), locale, 2);
}

export function formatWhen(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** A period's first day as its name: "Mar 2, 2026" (day or week) or "March 2026" (month); the server's days are UTC. */
export function formatPeriod(start: string, period: PaymentPeriod, locale: string): string {
  const date = new Date(`${start}T00:00:00Z`);
  const options: Intl.DateTimeFormatOptions = period === "month" ? { month: "long", year: "numeric", timeZone: "UTC" } : { dateStyle: "medium", timeZone: "UTC" };
  return new Intl.DateTimeFormat(locale, options).format(date);
}

export const STATUS_TONE: Record<PaymentStatus, string> = {
  pending: "bg-amber-50 text-amber-800 ring-amber-200",
  succeeded: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  failed: "bg-red-50 text-red-800 ring-red-200",
  cancelled: "bg-white text-slate-700 ring-slate-300",
  refunded: "bg-slate-100 text-slate-800 ring-slate-300",
  partially_refunded: "bg-sky-50 text-sky-800 ring-sky-200",
};
