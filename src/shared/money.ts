/**
 * Money is an integer count of ten-thousandths of a US dollar (1 = $0.0001).
 * Floats never carry money: parse decimal strings at the edge, do integer
 * arithmetic inside, and format only for display.
 */
export type Money = number;

export const MONEY_SCALE = 10_000;

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Parses a decimal string ("12.5", "0.0266") into Money; more than 4 decimals is an error, not a rounding. */
export function parseMoney(text: string): Money {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new RangeError(`not a decimal amount: ${JSON.stringify(text)}`);
  const [, sign, whole, fraction = ""] = match;
  if (fraction.length > 4 && /[^0]/.test(fraction.slice(4))) {
    throw new RangeError(`more than 4 decimals: ${text}`);
  }
  const value = Number(whole) * MONEY_SCALE + Number(fraction.slice(0, 4).padEnd(4, "0"));
  if (!Number.isSafeInteger(value)) throw new RangeError(`amount out of range: ${text}`);
  return sign ? -value : value;
}

/** The exact decimal string of an amount with 4 decimals, as stored in numeric(14,4). */
export function moneyToDecimal(amount: Money): string {
  assertMoney(amount);
  const sign = amount < 0 ? "-" : "";
  const abs = Math.abs(amount);
  const whole = Math.floor(abs / MONEY_SCALE);
  const fraction = String(abs % MONEY_SCALE).padStart(4, "0");
  return `${sign}${whole}.${fraction}`;
}

/** Rounds half away from zero to the given number of decimals (0-4) and returns a decimal string. */
export function moneyToFixed(amount: Money, decimals: 0 | 1 | 2 | 3 | 4): string {
  assertMoney(amount);
  const step = 10 ** (4 - decimals);
  const sign = amount < 0 ? -1 : 1;
  const rounded = sign * Math.floor((Math.abs(amount) + step / 2) / step) * step;
  const text = moneyToDecimal(rounded);
  return decimals === 4 ? text : text.slice(0, text.length - (4 - decimals) - (decimals === 0 ? 1 : 0));
}

const LEFT_TO_RIGHT_MARK = "\u200e";
const RIGHT_TO_LEFT_MARK = "\u200f";
const LEFT_TO_RIGHT_ISOLATE = "\u2066";
const POP_DIRECTIONAL_ISOLATE = "\u2069";

// Building a number format is costly next to using one, and a price table formats hundreds of prices.
const usdFormats = new Map<string, Intl.NumberFormat>();
function usdFormat(locale: string, decimals: number): Intl.NumberFormat {
  const key = `${locale} ${decimals}`;
  let format = usdFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency: "USD", minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    usdFormats.set(key, format);
  }
  return format;
}

/**
 * Formats for people: "$1.23" in the given locale; decimals per the spec (2 on screen, 4 in dialogs, 3 in toasts).
 * In right-to-left text the "$" of Arabic's "0.05 US$" is a neutral between "US" and the Arabic that
 * follows, so it drifts to the far side ("$US 0.05"); a left-to-right mark after it keeps "US$" together.
 */
export function formatUsd(amount: Money, locale: string, decimals: 0 | 1 | 2 | 3 | 4 = 2): string {
  const value = Number(moneyToFixed(amount, decimals));
  const text = usdFormat(locale, decimals).format(value);
  if (!/^ar\b/i.test(locale)) return text;
  const kept = text.replace(/\$/g, `$${LEFT_TO_RIGHT_MARK}`);
  // ICU keeps a negative's minus with its number by a left-to-right mark, which also pulls "US$" after it onto the
  // number's right: "-2.50 US$" where a positive reads "US$ 2.50". An isolate keeps the minus with the number alone.
  return value < 0 ? kept.replace(/^[\u200e\u200f]*-([^\s\u00a0]+)/, `${RIGHT_TO_LEFT_MARK}${LEFT_TO_RIGHT_ISOLATE}-$1${POP_DIRECTIONAL_ISOLATE}`) : kept;
}

export function assertMoney(amount: Money): void {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`money must be a safe integer, got ${amount}`);
}
