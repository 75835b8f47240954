import { LIST_PREFIX } from "../../components/list-page/list-strings";
import { useStrings } from "../../lib/i18n/use-strings";
import { formatExact } from "../../lib/call-log-format";

/** This page's strings, the history's (whose statuses, directions and quality words it shares) and every list's. */
export const ADMIN_CALLS_PREFIXES = ["admin_calls.", "history.", LIST_PREFIX] as const;

export function useAdminCallsStrings(): boolean {
  return useStrings(ADMIN_CALLS_PREFIXES);
}

/** An exact 4-decimal amount, or a dash for a figure the call does not have (no carrier rate). */
export function formatOptionalExact(decimal: string | null, locale: string): string {
  return decimal === null ? "—" : formatExact(decimal, locale);
}

/**
 * The carrier's per-minute rate, at the 5 decimals the rate deck gives it. Only shown, never
 * computed with: the exact text is read by Intl, which prints 5 decimals of it unchanged.
 */
export function formatCarrierRate(decimal: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency: "USD", minimumFractionDigits: 5, maximumFractionDigits: 5 }).format(Number(decimal));
}

/** A margin in basis points as a percentage ("9000" → "90%"). */
export function formatMarkup(basisPoints: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(basisPoints / 10_000);
}

/** A moment in the reader's language and time zone, to the second (the carrier's events come seconds apart). */
export function formatMoment(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "medium" }).format(new Date(iso));
}
