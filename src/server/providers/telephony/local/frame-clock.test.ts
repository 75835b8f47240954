import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startFrameClock } from "./frame-clock";

describe("the frame clock", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("sends one frame every 20 ms, by the clock, with no drift over a minute", () => {
    const sent: { index: number; at: number }[] = [];
    const clock = startFrameClock({ frameMs: 20, now: () => Date.now(), onFrame: (index) => sent.push({ index, at: Date.now() }) });
    const start = Date.now();
    vi.advanceTimersByTime(60_000);
    clock.stop();
    // Frames 0 to 3000: one at the start and one at each 20 ms mark up to and including 60 s.
    expect(sent).toHaveLength(3001);
    expect(sent.map((frame) => frame.index)).toEqual(Array.from({ length: 3001 }, (_, index) => index));
    // Every frame leaves at its own slot: frame n at start + 20n.
    expect(sent.every((frame) => frame.at - start === frame.index * 20)).toBe(true);
  });

  it("catches up after late timers without drifting", () => {
    let now = 0;
    const sent: number[] = [];
    const clock = startFrameClock({ frameMs: 20, now: () => now, onFrame: (index) => sent.push(index) });
    // Each wake-up comes 7 ms late: the frames due meanwhile still all go out, in order.
    for (let step = 0; step < 100; step += 1) {
      now += 27;
      vi.advanceTimersByTime(27);
    }
    clock.stop();
    expect(sent).toEqual(Array.from({ length: Math.floor(2700 / 20) + 1 }, (_, index) => index));
  });

  it("skips the frames of a long stall instead of bursting them", () => {
    let now = 0;
    const sent: number[] = [];
    const clock = startFrameClock({ frameMs: 20, now: () => now, onFrame: (index) => sent.push(index), maxBurst: 5 });
    now = 1000; // The process was busy for a second.
    vi.advanceTimersByTime(20);
    clock.stop();
    expect(sent[0]).toBe(0);
    expect(sent.slice(1)).toEqual([50]);
  });

  it("sends nothing once stopped", () => {
    const sent: number[] = [];
    const clock = startFrameClock({ frameMs: 20, now: () => Date.now(), onFrame: (index) => sent.push(index) });
    vi.advanceTimersByTime(100);
    clock.stop();
    const count = sent.length;
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(count);
  });
});
