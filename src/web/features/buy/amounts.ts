import { parseLocaleAmount } from "../../../shared/i18n/locale-number";
import { moneyToFixed, parseMoney, type Money } from "../../../shared/money";

/** The packages the page offers, in whole dollars (Money). */
export const PACKAGES: readonly Money[] = [5, 10, 25, 50, 100].map((dollars) => parseMoney(String(dollars)));

/** The package chosen when the page opens. */
export const DEFAULT_PACKAGE: Money = parseMoney("10");

/** One cent: a card is charged whole cents. */
const CENT: Money = 100;

export type CustomAmount = { ok: true; value: Money } | { ok: false; error: "empty" | "invalid" | "cents" | "range" };

/**
 * A typed amount as the reader's language writes it ("12,50" in Swedish, "١٢٫٥٠" in
 * Arabic), in whole cents and within the server's bounds. Never clamped: an amount
 * outside is refused with the bounds.
 */
export function readCustomAmount(text: string, locale: string, bounds: { min: Money; max: Money } | undefined): CustomAmount {
  if (text.trim() === "") return { ok: false, error: "empty" };
  const parsed = parseLocaleAmount(text, locale);
  if (!parsed.ok) return { ok: false, error: parsed.reason === "negative" ? "range" : "invalid" };
  if (parsed.value % CENT !== 0) return { ok: false, error: "cents" };
  if (bounds && (parsed.value < bounds.min || parsed.value > bounds.max)) return { ok: false, error: "range" };
  return { ok: true, value: parsed.value };
}

/** The amount as the checkout and the quote take it ("10.00", "12.50"). */
export function checkoutAmountOf(amount: Money): string {
  return moneyToFixed(amount, 2);
}

/** Whether a package is within the configured bounds (a package outside them is not offered). */
export function packageAllowed(amount: Money, bounds: { min: Money; max: Money } | undefined): boolean {
  return !bounds || (amount >= bounds.min && amount <= bounds.max);
}
