import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  billedMinutes,
  callCost,
  insufficientBalance,
  minutesForBudget,
  timeLeftSeconds,
  timeLimitSeconds,
} from "./billing";
import { parseMoney } from "./money";

const seconds = fc.integer({ min: 0, max: 7 * 24 * 3600 });
const rate = fc.integer({ min: 1, max: 500_000 }); // up to $50/min
const balance = fc.integer({ min: 0, max: 100_000_000 }); // up to $10 000

describe("billedMinutes", () => {
  it("bills every started minute, nothing for 0 s", () => {
    expect(billedMinutes(0)).toBe(0);
    expect(billedMinutes(1)).toBe(1);
    expect(billedMinutes(59)).toBe(1);
    expect(billedMinutes(60)).toBe(1);
    expect(billedMinutes(61)).toBe(2);
    expect(billedMinutes(120)).toBe(2);
    expect(billedMinutes(121)).toBe(3);
  });

  it("refuses negative or fractional seconds", () => {
    expect(() => billedMinutes(-1)).toThrow(RangeError);
    expect(() => billedMinutes(1.5)).toThrow(RangeError);
    expect(() => billedMinutes(Number.NaN)).toThrow(RangeError);
  });
});

describe("callCost", () => {
  it("is ceil(seconds / 60) × rate", () => {
    const r = parseMoney("0.0266");
    expect(callCost(0, r)).toBe(0);
    expect(callCost(1, r)).toBe(266);
    expect(callCost(60, r)).toBe(266);
    expect(callCost(61, r)).toBe(532);
    expect(callCost(3600, parseMoney("0.8180"))).toBe(parseMoney("49.08"));
  });

  it("is never less than the pro-rata cost and never a full minute more", () => {
    fc.assert(
      fc.property(seconds, rate, (s, r) => {
        const cost = callCost(s, r);
        expect(cost * 60).toBeGreaterThanOrEqual(s * r); // cost ≥ s/60 × r
        expect(cost * 60).toBeLessThan(s * r + 60 * r + (s === 0 ? 1 : 0)); // cost < s/60 × r + r
        if (s > 0) expect(cost).toBeGreaterThanOrEqual(r); // minimum one minute
        expect(cost % r).toBe(0);
      }),
    );
  });

  it("never decreases with more talk time", () => {
    fc.assert(
      fc.property(seconds, seconds, rate, (a, b, r) => {
        const [short, long] = a <= b ? [a, b] : [b, a];
        expect(callCost(short, r)).toBeLessThanOrEqual(callCost(long, r));
      }),
    );
  });
});

describe("timeLimitSeconds", () => {
  it("is the whole minutes the balance pays for", () => {
    expect(timeLimitSeconds(parseMoney("1.00"), parseMoney("0.0266"))).toBe(37 * 60);
    expect(timeLimitSeconds(266, 266)).toBe(60);
    expect(timeLimitSeconds(265, 266)).toBe(0); // less than a minute: refuse
    expect(timeLimitSeconds(0, 266)).toBe(0);
    expect(timeLimitSeconds(-500, 266)).toBe(0);
  });

  it("treats a zero rate as no price, not as unlimited", () => {
    expect(timeLimitSeconds(parseMoney("100"), 0)).toBe(0);
    expect(timeLeftSeconds(parseMoney("100"), 0)).toBe(0);
    expect(minutesForBudget(parseMoney("100"), 0)).toBe(0);
    expect(insufficientBalance(parseMoney("100"), 0)).toBe(true);
  });

  it("refuses a negative rate", () => {
    expect(() => timeLimitSeconds(100, -1)).toThrow(RangeError);
    expect(() => insufficientBalance(100, -1)).toThrow(RangeError);
  });

  it("lets no call cost more than the balance, and wastes less than a minute of it", () => {
    fc.assert(
      fc.property(balance, rate, (b, r) => {
        const limit = timeLimitSeconds(b, r);
        expect(limit % 60).toBe(0);
        expect(callCost(limit, r)).toBeLessThanOrEqual(b);
        // One more second would start a minute the balance cannot pay for.
        expect(callCost(limit + 1, r)).toBeGreaterThan(b);
        // Any talk time up to the limit is affordable.
        expect(callCost(Math.max(0, limit - 1), r)).toBeLessThanOrEqual(b);
      }),
    );
  });

  it("is zero exactly when the balance is insufficient", () => {
    fc.assert(
      fc.property(balance, rate, (b, r) => {
        expect(timeLimitSeconds(b, r) === 0).toBe(insufficientBalance(b, r));
      }),
    );
  });

  it("stays exact for huge balances", () => {
    const big = 3 * 300_000_000_000_000 - 1;
    expect(minutesForBudget(big, 3)).toBe(300_000_000_000_000 - 1);
    expect(minutesForBudget(Number.MAX_SAFE_INTEGER, 1)).toBe(Number.MAX_SAFE_INTEGER);
    expect(minutesForBudget(Number.MAX_SAFE_INTEGER - 1, Number.MAX_SAFE_INTEGER)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (b, r) => {
        expect(minutesForBudget(b, r)).toBe(Number(BigInt(b) / BigInt(r)));
      }),
    );
  });
});

describe("timeLeftSeconds", () => {
  it("is balance / rate × 60, floored", () => {
    expect(timeLeftSeconds(parseMoney("1.00"), parseMoney("0.0266"))).toBe(2255); // 37.59… min
    expect(timeLeftSeconds(133, 266)).toBe(30);
    expect(timeLeftSeconds(0, 266)).toBe(0);
  });

  it("is at least the time limit and less than a minute more", () => {
    fc.assert(
      fc.property(balance, rate, (b, r) => {
        const left = timeLeftSeconds(b, r);
        const limit = timeLimitSeconds(b, r);
        expect(left).toBeGreaterThanOrEqual(limit);
        expect(left).toBeLessThan(limit + 60);
        // floor: left seconds cost at most the balance pro rata, one more second would not.
        expect(left * r).toBeLessThanOrEqual(b * 60);
        expect((left + 1) * r).toBeGreaterThan(b * 60);
      }),
    );
  });
});

describe("insufficientBalance", () => {
  it("is balance < rate", () => {
    expect(insufficientBalance(265, 266)).toBe(true);
    expect(insufficientBalance(266, 266)).toBe(false);
    expect(insufficientBalance(0, 266)).toBe(true);
  });
});

describe("minutesForBudget", () => {
  it("counts whole minutes a budget buys", () => {
    expect(minutesForBudget(parseMoney("10"), parseMoney("0.0266"))).toBe(375);
    expect(minutesForBudget(parseMoney("5"), parseMoney("0.8180"))).toBe(6);
    fc.assert(
      fc.property(balance, rate, (b, r) => {
        const minutes = minutesForBudget(b, r);
        expect(minutes * r).toBeLessThanOrEqual(b);
        expect((minutes + 1) * r).toBeGreaterThan(b);
      }),
    );
  });
});
