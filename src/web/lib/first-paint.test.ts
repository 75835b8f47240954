import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterFirstContentfulPaint, FIRST_PAINT_WAIT_MS } from "./first-paint";

/** A window with paint timing the test controls: `paint()` reports the first contentful paint. */
function paintingWindow(options: { supported?: boolean; alreadyPainted?: boolean } = {}) {
  const entries: { name: string }[] = options.alreadyPainted ? [{ name: "first-contentful-paint" }] : [];
  const observers: ((list: { getEntriesByName(name: string): { name: string }[] }) => void)[] = [];
  let disconnected = 0;
  class Observer {
    static supportedEntryTypes = options.supported === false ? ["mark"] : ["paint", "mark"];
    constructor(private callback: (list: { getEntriesByName(name: string): { name: string }[] }) => void) {}
    observe() {
      observers.push(this.callback);
    }
    disconnect() {
      disconnected++;
      observers.splice(observers.indexOf(this.callback), 1);
    }
  }
  const win = {
    PerformanceObserver: Observer,
    performance: { getEntriesByName: (name: string) => entries.filter((entry) => entry.name === name) },
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (timer: ReturnType<typeof setTimeout>) => clearTimeout(timer),
  };
  return {
    win: win as unknown as Window & typeof globalThis,
    paint(name = "first-contentful-paint") {
      entries.push({ name });
      for (const callback of [...observers]) callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
    },
    disconnected: () => disconnected,
  };
}

describe("afterFirstContentfulPaint", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("waits for the first contentful paint, not for the first paint", async () => {
    const page = paintingWindow();
    let started = false;
    void afterFirstContentfulPaint(page.win).then(() => (started = true));
    page.paint("first-paint");
    await vi.advanceTimersByTimeAsync(10);
    expect(started).toBe(false);
    page.paint();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toBe(true);
    expect(page.disconnected()).toBe(1);
  });

  it("starts at once when the page has already painted", async () => {
    const page = paintingWindow({ alreadyPainted: true });
    let started = false;
    void afterFirstContentfulPaint(page.win).then(() => (started = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toBe(true);
  });

  it("starts at once where the browser reports no paint timing", async () => {
    const page = paintingWindow({ supported: false });
    let started = false;
    void afterFirstContentfulPaint(page.win).then(() => (started = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toBe(true);
  });

  it("starts anyway when no paint is reported in time (a page opened in a background tab)", async () => {
    const page = paintingWindow();
    let started = false;
    void afterFirstContentfulPaint(page.win).then(() => (started = true));
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_WAIT_MS - 1);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toBe(true);
    expect(page.disconnected()).toBe(1);
  });
});
