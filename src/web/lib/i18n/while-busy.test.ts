import { describe, expect, it } from "vitest";
import { ApiError } from "../api-client";
import { retryWhileBusy } from "./while-busy";

/** A call that fails with each error in turn, then answers "strings". */
function failing(...errors: ApiError[]) {
  let calls = 0;
  return {
    call: async () => {
      const error = errors[calls];
      calls += 1;
      if (error) throw error;
      return "strings";
    },
    calls: () => calls,
  };
}

describe("retryWhileBusy", () => {
  it("asks again after the wait the server names, and answers what the later try got", async () => {
    const waits: number[] = [];
    const server = failing(new ApiError(429, "rate_limited", "Too many requests.", undefined, 4), new ApiError(503, "service_unavailable", "Down.", undefined, 30));
    expect(await retryWhileBusy(server.call, 4, async (seconds) => void waits.push(seconds))).toBe("strings");
    // 30 s asked, 10 s at most.
    expect(waits).toEqual([4, 10]);
    expect(server.calls()).toBe(3);
  });

  it("doubles its wait when none is named, for a server out of reach too", async () => {
    const waits: number[] = [];
    const unreachable = new ApiError(0, "network_error", "Could not reach the server.");
    const server = failing(unreachable, unreachable, unreachable);
    expect(await retryWhileBusy(server.call, 4, async (seconds) => void waits.push(seconds))).toBe("strings");
    expect(waits).toEqual([1, 2, 4]);
  });

  it("gives up after its tries, and never retries a refusal that waiting does not change", async () => {
    const busy = new ApiError(429, "rate_limited", "Too many requests.", undefined, 1);
    const server = failing(busy, busy, busy);
    await expect(retryWhileBusy(server.call, 3, async () => undefined)).rejects.toBe(busy);
    expect(server.calls()).toBe(3);

    const refused = new ApiError(400, "validation_failed", "Bad language.");
    const once = failing(refused);
    await expect(retryWhileBusy(once.call, 3, async () => undefined)).rejects.toBe(refused);
    expect(once.calls()).toBe(1);
  });
});
