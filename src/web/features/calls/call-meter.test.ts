import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callCost } from "../../../shared/billing";
import { formatClock, meterCall } from "./call-meter";

describe("meterCall: timer, running cost and time left from billing.ts", () => {
  const rate = 266; // $0.0266 a minute

  it("charges every started minute", () => {
    expect(meterCall(0, rate, 10_000).cost).toBe(0);
    expect(meterCall(1, rate, 10_000).cost).toBe(266);
    expect(meterCall(60, rate, 10_000).cost).toBe(266);
    expect(meterCall(61, rate, 10_000)).toMatchObject({ cost: 532, billedMinutes: 2 });
  });

  it("counts down the whole minutes the starting balance pays for", () => {
    // $0.10 buys 3 whole minutes at $0.0266 (3 × 266 = 798 ≤ 1000 < 1064).
    expect(meterCall(0, rate, 1000).timeLeft).toBe(180);
    expect(meterCall(70, rate, 1000).timeLeft).toBe(110);
    expect(meterCall(179, rate, 1000).spent).toBe(false);
    expect(meterCall(180, rate, 1000)).toMatchObject({ timeLeft: 0, spent: true });
  });

  it("is spent at once when the balance buys no minute at all", () => {
    expect(meterCall(0, rate, 265)).toMatchObject({ timeLeft: 0, spent: true });
  });

  it("never lets the running cost pass the starting balance before the call must end", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 100_000 }), (r, balance, seconds) => {
        const meter = meterCall(seconds, r, balance);
        if (!meter.spent) expect(callCost(seconds, r)).toBeLessThanOrEqual(balance);
        expect(meter.cost).toBe(callCost(seconds, r));
      }),
    );
  });

  it("formats the clock", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(65)).toBe("1:05");
    expect(formatClock(3723)).toBe("1:02:03");
  });
});
