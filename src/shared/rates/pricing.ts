import { assertMoney, MONEY_SCALE, type Money } from "../money";

/**
 * Carrier prices arrive with 5 decimals ("0.04700"), one more than Money holds,
 * so they are kept as integer hundred-thousandths of a USD (1 = $0.00001) until
 * the margin is applied. Floats never touch a price.
 */
export type CarrierRate = number;

export const CARRIER_RATE_SCALE = 100_000;

/** The spec's margin: user rate = carrier rate × 1.9. Basis points, so 9000 = 90%. */
export const DEFAULT_MARGIN_BP = 9000;

/** The spec's fallback per-minute rate ($0.05) for a client whose lookup failed. The server never uses it. */
export const FALLBACK_RATE: Money = 500;

const BP_SCALE = 10_000;
// 10 000 (basis points) × 10 (hundred-thousandths → ten-thousandths of a USD).
const RATE_DIVISOR = BigInt(BP_SCALE) * BigInt(CARRIER_RATE_SCALE / MONEY_SCALE);
// A margin above 100 000% is a typo in a setting, not a price.
const MAX_MARGIN_BP = 10_000_000;
const CARRIER_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Parses a non-negative decimal with at most 5 decimals ("0.047", "0.04700", "10.005")
 * into hundred-thousandths. Returns null rather than rounding when the text carries
 * more precision, a sign, or anything that is not a plain decimal.
 */
export function parseCarrierRate(text: string): CarrierRate | null {
  const match = CARRIER_DECIMAL.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? "0";
  const fraction = match[2] ?? "";
  if (fraction.length > 5 && /[^0]/.test(fraction.slice(5))) return null;
  const value = Number(whole) * CARRIER_RATE_SCALE + Number(fraction.slice(0, 5).padEnd(5, "0"));
  return Number.isSafeInteger(value) ? value : null;
}

/** The exact 5-decimal string of a carrier rate, as written in the deck CSV ("0.04700"). */
export function carrierRateToDecimal(rate: CarrierRate): string {
  assertCarrierRate(rate);
  const whole = Math.floor(rate / CARRIER_RATE_SCALE);
  const fraction = String(rate % CARRIER_RATE_SCALE).padStart(5, "0");
  return `${whole}.${fraction}`;
}

/**
 * The customer's per-minute rate: carrier × (1 + margin), rounded half-up to 4 decimals.
 *
 * In integers: carrier [1e-5 USD] × (10000 + bp) / 10000 gives 1e-5 USD; one more /10 gives
 * Money (1e-4 USD), so the divisor is 100 000 and the rounding is `floor((n + d/2) / d)`.
 * 0.014 × 1.9 = 0.0266 exactly: 1400 × 19000 = 26 600 000 → 266.
 * BigInt keeps it exact even if a product ever leaves the safe-integer range.
 *
 * A negative margin would sell below cost, which a setting should never do: RangeError.
 */
export function customerRate(carrierRate: CarrierRate, marginBasisPoints: number = DEFAULT_MARGIN_BP): Money {
  assertCarrierRate(carrierRate);
  assertMarginBp(marginBasisPoints);
  const numerator = BigInt(carrierRate) * BigInt(BP_SCALE + marginBasisPoints);
  const rate = Number((numerator + RATE_DIVISOR / 2n) / RATE_DIVISOR);
  assertMoney(rate);
  return rate;
}

export function assertCarrierRate(rate: CarrierRate): void {
  if (!Number.isSafeInteger(rate) || rate < 0) {
    throw new RangeError(`carrier rate must be a non-negative integer of 1e-5 USD, got ${rate}`);
  }
}

export function assertMarginBp(marginBasisPoints: number): void {
  if (!Number.isSafeInteger(marginBasisPoints) || marginBasisPoints < 0 || marginBasisPoints > MAX_MARGIN_BP) {
    throw new RangeError(`margin must be whole basis points between 0 and ${MAX_MARGIN_BP}, got ${marginBasisPoints}`);
  }
}
