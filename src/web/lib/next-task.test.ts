import { afterEach, describe, expect, it, vi } from "vitest";
import { nextTask } from "./next-task";

describe("nextTask", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldToBrowser = vi.fn(() => Promise.resolve());
    await nextTask({ yield: yieldToBrowser });
    expect(yieldToBrowser).toHaveBeenCalledOnce();
  });

  it("otherwise waits for a timer task, not only for the microtasks already queued", async () => {
    vi.useFakeTimers();
    let resumed = false;
    const waiting = nextTask({}).then(() => {
      resumed = true;
    });
    // Microtasks alone do not let it resume: it is a new task.
    await Promise.resolve();
    await Promise.resolve();
    expect(resumed).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    await waiting;
    expect(resumed).toBe(true);
  });
});
