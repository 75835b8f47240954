import { describe, expect, it } from "vitest";
import { applyDiscount, refusalOf } from "./quote";

/** Money here is written as ten-thousandths: $10 = 100_000. Expected figures worked out by hand. */
describe("applyDiscount", () => {
  it("adds a bonus of P% of the credit and charges the full amount", () => {
    expect(applyDiscount(100_000, { kind: "bonus", percent: 10 })).toEqual({ requested: 100_000, pay: 100_000, credit: 100_000, bonus: 10_000 });
  });

  it("takes a bonus of exact ten-thousandths and rounds what is finer down", () => {
    // 7% of $10.01 = $0.7007 exactly.
    expect(applyDiscount(100_100, { kind: "bonus", percent: 7 }).bonus).toBe(7_007);
    // 13% of $12.37 = $1.6081 exactly; 33% of $0.0003 = $0.000099 → 0.
    expect(applyDiscount(123_700, { kind: "bonus", percent: 13 }).bonus).toBe(16_081);
    expect(applyDiscount(3, { kind: "bonus", percent: 33 }).bonus).toBe(0);
  });

  it("charges (100−P)% rounded to whole cents, half up, and credits the full amount", () => {
    // $25 with 15% off: 21.25 exactly.
    expect(applyDiscount(250_000, { kind: "percent_off", percent: 15 })).toEqual({ requested: 250_000, pay: 212_500, credit: 250_000, bonus: 0 });
    // $9.99 with 33% off: 6.6933 → 6.69.
    expect(applyDiscount(99_900, { kind: "percent_off", percent: 33 }).pay).toBe(66_900);
    // $10.05 with 10% off: 9.045 → 9.05 (half up).
    expect(applyDiscount(100_500, { kind: "percent_off", percent: 10 }).pay).toBe(90_500);
    // $10.01 with 50% off: 5.005 → 5.01; $5.03 with 90% off: 0.503 → 0.50.
    expect(applyDiscount(100_100, { kind: "percent_off", percent: 50 }).pay).toBe(50_100);
    expect(applyDiscount(50_300, { kind: "percent_off", percent: 90 }).pay).toBe(5_000);
  });

  it("without a code charges and credits the amount asked", () => {
    expect(applyDiscount(55_500, null)).toEqual({ requested: 55_500, pay: 55_500, credit: 55_500, bonus: 0 });
  });
});

describe("refusalOf", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  const base = {
    id: "dsc_test",
    code: "SPRING",
    kind: "bonus" as const,
    percent: 10,
    startsAt: new Date("2026-05-01T00:00:00Z"),
    endsAt: new Date("2026-07-01T00:00:00Z"),
    maxRedemptions: 5,
    maxPerCustomer: 1,
    minPurchaseUsd: "10.0000",
    redeemedCount: 0,
    paused: false,
    deletedAt: null,
    createdBy: null,
    createdAt: now,
    updatedAt: now,
  };

  it("accepts a live code within its window, limits and minimum (the minimum itself included)", () => {
    expect(refusalOf(base, 100_000, 0, now)).toBeNull();
  });

  it("gives each reason on its own", () => {
    expect(refusalOf(undefined, 100_000, 0, now)).toBe("not_found");
    expect(refusalOf({ ...base, deletedAt: now }, 100_000, 0, now)).toBe("not_found");
    expect(refusalOf({ ...base, paused: true }, 100_000, 0, now)).toBe("paused");
    expect(refusalOf(base, 100_000, 0, new Date("2026-04-30T23:59:59Z"))).toBe("not_started");
    expect(refusalOf(base, 100_000, 0, new Date("2026-07-01T00:00:00Z"))).toBe("expired");
    expect(refusalOf(base, 99_999, 0, now)).toBe("below_minimum");
    expect(refusalOf({ ...base, redeemedCount: 5 }, 100_000, 0, now)).toBe("used_up");
    expect(refusalOf(base, 100_000, 1, now)).toBe("already_used");
    expect(refusalOf({ ...base, maxRedemptions: null, maxPerCustomer: null, redeemedCount: 1000 }, 100_000, 50, now)).toBeNull();
  });

  it("checks in order: paused before the window, the window before the minimum, the minimum before the limits", () => {
    const everythingWrong = { ...base, paused: true, redeemedCount: 5 };
    const late = new Date("2026-08-01T00:00:00Z");
    expect(refusalOf(everythingWrong, 1, 1, late)).toBe("paused");
    expect(refusalOf({ ...everythingWrong, paused: false }, 1, 1, late)).toBe("expired");
    expect(refusalOf({ ...everythingWrong, paused: false }, 1, 1, now)).toBe("below_minimum");
    expect(refusalOf({ ...everythingWrong, paused: false }, 100_000, 1, now)).toBe("used_up");
  });
});
