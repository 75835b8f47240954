import { describe, expect, it } from "vitest";
import { printedProgress, stillRunning } from "./startup-progress";

function recorder(json: boolean) {
  const lines: string[] = [];
  let clock = 0;
  const progress = printedProgress({ json, write: (line) => lines.push(line), now: () => clock });
  return { lines, progress, advance: (ms: number) => (clock += ms) };
}

describe("start-up progress", () => {
  it("says what starts before it runs and how long it took when it is done", async () => {
    const { lines, progress, advance } = recorder(false);
    const result = await progress.step("Creating the embedded database", async () => {
      expect(lines).toEqual(["Creating the embedded database…"]);
      advance(2_640);
      return 42;
    });
    expect(result).toBe(42);
    expect(lines).toEqual(["Creating the embedded database…", "Created the embedded database in 2.6 s."]);
  });

  it("writes JSON log entries in production", async () => {
    const { lines, progress, advance } = recorder(true);
    await progress.step("Loading the rate deck", async () => advance(1_000));
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      { level: 30, time: expect.any(Number), msg: "Loading the rate deck…" },
      { level: 30, time: expect.any(Number), msg: "Loaded the rate deck in 1.0 s." },
    ]);
  });

  it("says a step whose verb it does not know is done, plainly", async () => {
    const { lines, progress, advance } = recorder(false);
    await progress.step("Warming the caches", async () => advance(300));
    expect(lines).toEqual(["Warming the caches…", "Warming the caches: done in 0.3 s."]);
  });

  it("says nothing is done when the step fails", async () => {
    const { lines, progress } = recorder(false);
    await expect(progress.step("Starting the job queue", () => Promise.reject(new Error("no database")))).rejects.toThrow("no database");
    expect(lines).toEqual(["Starting the job queue…"]);
  });
});

describe("stillRunning", () => {
  it("tells work in progress from work done", async () => {
    let finish = () => {};
    const work = new Promise<void>((resolve) => (finish = resolve));
    expect(await stillRunning(work)).toBe(true);
    finish();
    await work;
    expect(await stillRunning(work)).toBe(false);
    expect(await stillRunning(Promise.reject(new Error("failed build")).catch(() => undefined))).toBe(false);
  });
});
