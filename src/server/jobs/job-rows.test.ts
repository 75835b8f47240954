import { describe, expect, it } from "vitest";
import { backoffSeconds } from "./job-rows";

describe("the wait before a failed job's next try", () => {
  const reconcile = { retries: 10, delaySeconds: 30, maxDelaySeconds: 15 * 60 };

  it("doubles from the first delay, with up to as much again as jitter", () => {
    expect([1, 2, 3].map((attempt) => backoffSeconds(reconcile, attempt, () => 0))).toEqual([30, 60, 120]);
    expect([1, 2, 3].map((attempt) => backoffSeconds(reconcile, attempt, () => 0.999999))).toEqual([60, 120, 240]);
  });

  it("never waits longer than the policy's longest delay, however many runs failed", () => {
    // 30 s · 2^5 = 960 s is past the 15 minutes.
    expect(backoffSeconds(reconcile, 6, () => 0)).toBe(900);
    expect(backoffSeconds(reconcile, 40, () => 0.999999)).toBe(900);
  });
});
