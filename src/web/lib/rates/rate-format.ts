import { formatUsd, moneyToFixed, type Money } from "../../../shared/money";

/** A price for people (spec: 2 decimals on screen, 4 in dialogs and exact figures). */
export function formatRate(rate: Money, locale: string, decimals: 2 | 4 = 2): string {
  return formatUsd(rate, locale, decimals);
}

/** Whether two prices look the same at the given decimals, so a range collapses to one price. */
export function sameOnScreen(a: Money, b: Money, decimals: 2 | 4 = 2): boolean {
  return moneyToFixed(a, decimals) === moneyToFixed(b, decimals);
}

/** "1 minute", "376 minutes", "376 دقيقة": the language's own plural rules, no translation keys needed. */
export function formatMinutes(minutes: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "unit", unit: "minute", unitDisplay: "long" }).format(minutes);
}
