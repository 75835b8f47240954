import { afterEach, describe, expect, it, vi } from "vitest";
import { AdjustableCarrierClock, MAX_ADVANCE_SECONDS, realCarrierClock } from "./carrier-clock";

describe("the carrier's clock", () => {
  afterEach(() => vi.useRealTimers());

  it("reads the real time unless a test moves it", () => {
    vi.useFakeTimers({ now: new Date("2026-03-01T12:00:00Z"), toFake: ["Date"] });
    const adjustable = new AdjustableCarrierClock();
    expect(realCarrierClock.now()).toBe(Date.parse("2026-03-01T12:00:00Z"));
    expect(adjustable.now()).toBe(Date.parse("2026-03-01T12:00:00Z"));
  });

  it("moves forward by whole seconds and keeps running with real time from there", () => {
    vi.useFakeTimers({ now: new Date("2026-03-01T12:00:00Z"), toFake: ["Date"] });
    const clock = new AdjustableCarrierClock();
    clock.advance(60);
    clock.advance(5);
    expect(clock.now()).toBe(Date.parse("2026-03-01T12:01:05Z"));
    vi.setSystemTime(new Date("2026-03-01T12:00:02.500Z"));
    expect(clock.now()).toBe(Date.parse("2026-03-01T12:01:07.500Z"));
    // The real clock is not moved with it.
    expect(realCarrierClock.now()).toBe(Date.parse("2026-03-01T12:00:02.500Z"));
  });

  it("never moves back, by a fraction or by more than a day", () => {
    const clock = new AdjustableCarrierClock();
    for (const seconds of [0, -1, 1.5, Number.NaN, MAX_ADVANCE_SECONDS + 1]) expect(() => clock.advance(seconds)).toThrow(RangeError);
    clock.advance(MAX_ADVANCE_SECONDS);
    expect(clock.now()).toBeGreaterThanOrEqual(Date.now() + MAX_ADVANCE_SECONDS * 1000);
  });
});
