/**
 * The ticks of a chart's money axis. Left to itself, recharts divides the data's range into even parts
 * (0, 0.0075, 0.015, 0.0225, 0.03), which shown to the cent repeat ($0.00 $0.01 $0.02 $0.02 $0.03).
 * These ticks are whole cents, a step of 1, 2 or 5 (or 25) times a power of ten apart, from a multiple of
 * the step at or below the smallest value (and zero) to one at or above the largest: each reads as a
 * different amount to the cent, in any language.
 */

/** Values in dollars, as the charts draw them; about `count` ticks, in dollars, smallest first. */
export function moneyTicks(values: readonly number[], count = 5): number[] {
  // Through ten-thousandths (the app's unit of money), so 0.03 is 3 cents and not 3.0000000000000004.
  const amounts = values.filter(Number.isFinite).map((value) => Math.round(value * 10_000));
  const lowest = Math.floor(Math.min(0, ...amounts) / 100);
  const highest = Math.ceil(Math.max(0, ...amounts) / 100);
  const step = niceCents(Math.max(highest - lowest, 1) / Math.max(count - 1, 1));
  const first = Math.floor(lowest / step) * step;
  const last = Math.max(Math.ceil(highest / step) * step, first + step);
  const ticks: number[] = [];
  // `+ 0` turns -0 into 0, which would otherwise read "-$0.00".
  for (let cents = first; cents <= last; cents += step) ticks.push(cents / 100 + 0);
  return ticks;
}

/** The smallest step of whole cents in 1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500… at least `cents`. */
function niceCents(cents: number): number {
  for (let power = 1; ; power *= 10) {
    for (const factor of power === 1 ? [1, 2, 5] : [1, 2, 2.5, 5]) {
      if (factor * power >= cents) return factor * power;
    }
  }
}
