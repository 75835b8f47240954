import { MONEY_SCALE, parseMoney, type Money } from "../money";

/**
 * The rules for a price an administrator types into the country-rates editor.
 * The server enforces them; the admin page runs the same code to show the error
 * next to the field before anything is sent.
 */
export const MAX_ADMIN_PRICE: Money = 100 * MONEY_SCALE;

export type AdminPriceError = "price_invalid" | "price_out_of_range";
export type AdminBandError = AdminPriceError | "price_range_invalid";

export type AdminPriceCheck = { ok: true; price: Money } | { ok: false; code: AdminPriceError };

// Plain decimal, at most 4 places: "0.25", "1", "0.0266". No sign, no exponent, no thousands separators.
const ADMIN_PRICE = /^\d{1,3}(?:\.\d{1,4})?$/;

/** One per-minute price: a decimal with at most 4 decimals, greater than 0 and at most $100. */
export function checkAdminPrice(text: string): AdminPriceCheck {
  const trimmed = text.trim();
  if (!ADMIN_PRICE.test(trimmed)) return { ok: false, code: "price_invalid" };
  const price = parseMoney(trimmed);
  if (price <= 0 || price > MAX_ADMIN_PRICE) return { ok: false, code: "price_out_of_range" };
  return { ok: true, price };
}

export type AdminBandCheck =
  | { ok: true; cheapest: Money; mostExpensive: Money }
  | { ok: false; code: AdminBandError; field: "cheapest" | "most_expensive" };

/** Both ends of a country's price band, each valid, and the cheapest not above the most expensive. */
export function checkAdminBand(cheapestText: string, mostExpensiveText: string): AdminBandCheck {
  const cheapest = checkAdminPrice(cheapestText);
  if (!cheapest.ok) return { ok: false, code: cheapest.code, field: "cheapest" };
  const mostExpensive = checkAdminPrice(mostExpensiveText);
  if (!mostExpensive.ok) return { ok: false, code: mostExpensive.code, field: "most_expensive" };
  if (cheapest.price > mostExpensive.price) return { ok: false, code: "price_range_invalid", field: "cheapest" };
  return { ok: true, cheapest: cheapest.price, mostExpensive: mostExpensive.price };
}
