import type { CallLog, CallStatus } from "../../shared/api/calls";
import { formatUsd, parseMoney } from "../../shared/money";
import { formatPhoneNumber } from "./phone-format";

/** The number a row is about: who was called, or who rang on an incoming call. */
export function rowNumber(call: Pick<CallLog, "direction" | "toNumber" | "fromNumber">): string | null {
  const number = call.direction === "inbound" ? call.fromNumber : call.toNumber;
  return number ? formatPhoneNumber(number) : null;
}

/** Talk time as a clock ("0:00", "4:05", "1:02:03") in the reader's digits. */
export function formatDuration(seconds: number, locale: string): string {
  const two = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  const one = new Intl.NumberFormat(locale, { useGrouping: false });
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return hours > 0 ? `${one.format(hours)}:${two.format(minutes)}:${two.format(rest)}` : `${one.format(minutes)}:${two.format(rest)}`;
}

/** A call's start in the reader's language and time zone. */
export function formatStart(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** A call's start as its day and its time apart, for a narrow column that shows them on two lines. */
export function formatStartParts(iso: string, locale: string): { day: string; time: string } {
  const date = new Date(iso);
  return { day: new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(date), time: new Intl.DateTimeFormat(locale, { timeStyle: "short" }).format(date) };
}

/** History shows the exact billed figures: the rate and the cost at 4 decimals, as the ledger holds them. */
export function formatExact(decimal: string, locale: string): string {
  return formatUsd(parseMoney(decimal), locale, 4);
}

/** Calls that can still change (their row refreshes with `call.status` events). */
export const LIVE_STATUSES: readonly CallStatus[] = ["initiated", "ringing", "answered"];

/** A finished call that connected: the only kind worth a quality rating. */
export function canRate(call: Pick<CallLog, "status" | "answeredAt">): boolean {
  return call.answeredAt !== null && !LIVE_STATUSES.includes(call.status);
}
