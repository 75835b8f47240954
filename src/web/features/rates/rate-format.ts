import { directionOf, toSupportedLocale } from "../../../shared/i18n/locales";
import { formatUsd, moneyToFixed, type Money } from "../../../shared/money";

const LEFT_TO_RIGHT_MARK = "\u200e";

/**
 * A price for people (spec: 2 decimals on screen, 4 in dialogs and exact figures).
 * In right-to-left text the "$" of Arabic's "0.05 US$" is a neutral between
 * "US" and the Arabic that follows, so it drifts to the far side ("$US 0.05");
 * a left-to-right mark after it keeps "US$" together.
 */
export function formatRate(rate: Money, locale: string, decimals: 2 | 4 = 2): string {
  const text = formatUsd(rate, locale, decimals);
  const supported = toSupportedLocale(locale);
  return supported && directionOf(supported) === "rtl" ? text.replace(/\$/g, () => `$${LEFT_TO_RIGHT_MARK}`) : text;
}

/** Whether two prices look the same at the given decimals, so a range collapses to one price. */
export function sameOnScreen(a: Money, b: Money, decimals: 2 | 4 = 2): boolean {
  return moneyToFixed(a, decimals) === moneyToFixed(b, decimals);
}
