import { describe, expect, it, vi } from "vitest";
import type { LocalCallPhase } from "../../../db/schema/local-carrier";
import { AdjustableCarrierClock, type CarrierClock } from "./carrier-clock";
import type { CarrierContext } from "./carrier-context";
import type { CallStore } from "./call-store";
import { LiveCall } from "./live-call";
import { FAR_END_TIMINGS } from "./test-numbers";

/** A call's transitions against a store that answers slowly, so an answer and a hang-up overlap. */
function slowCall(clock: CarrierClock = new AdjustableCarrierClock(), direction: "outbound" | "inbound" = "outbound") {
  let phase: LocalCallPhase = "ringing";
  const posted: string[] = [];
  const store = {
    async move(_callSid: string, from: readonly LocalCallPhase[], to: LocalCallPhase) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (!from.includes(phase)) return false;
      phase = to;
      return true;
    },
  } as unknown as CallStore;
  const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };
  const context = {
    store,
    log: quiet,
    accountSid: `AC${"0".repeat(32)}`,
    timings: FAR_END_TIMINGS,
    webhooks: {
      async post(_url: string, form: Record<string, string>) {
        posted.push(`${form.CallStatus}${form.CallDuration === undefined ? "" : `:${form.CallDuration}`}`);
        return { statusCode: 200, body: "" };
      },
    },
    // The device is told through the database, which this test has none of: tellDevice logs and goes on.
    db: { transaction: () => Promise.reject(new Error("no database here")) },
    bus: {},
    clock,
    incomingLimitSeconds: 3600,
  } as unknown as CarrierContext;
  // An incoming call is recorded in the history rather than posted as a dialled leg: the same list here.
  const recordInbound = async (_call: LiveCall, status: string, talkSeconds: number) => void posted.push(`${status === "answered" ? "in-progress" : status}:${talkSeconds}`);
  const call = new LiveCall(context, `CA${"a".repeat(32)}`, "user-1", direction, "+442079460123", "ringing", () => undefined, recordInbound);
  if (direction === "inbound") return { call, posted, phase: () => phase };
  call.leg = { callSid: `CA${"b".repeat(32)}`, number: "+442079460123", callerId: null, statusCallback: "http://localhost:3000/webhooks/telephony/status", timeLimitSeconds: 60 };
  return { call, posted, phase: () => phase };
}

describe("a live call's transitions", () => {
  it("completes a call hung up while its answer is being recorded, instead of losing it", async () => {
    // On a clock that does not move, the call talks for no time at all, which bills as the shortest call: one second.
    const { call, posted, phase } = slowCall(stillClock());
    const [answered, ended] = await Promise.all([call.answered(), call.end("completed")]);
    expect(answered).toBe(true);
    expect(ended).toBe(true);
    expect(phase()).toBe("ended");
    expect(posted).toEqual(["in-progress", "completed:1"]);
  });

  it("ends a call once, whoever ends it", async () => {
    const { call, posted } = slowCall();
    const results = await Promise.all([call.end("canceled"), call.end("canceled"), call.end("completed")]);
    expect(results).toEqual([true, false, false]);
    expect(posted).toEqual(["canceled:0"]);
    expect(await call.answered()).toBe(false);
  });
});

/** A carrier clock that moves only when told: what a test itself takes, however slow the machine, is not talk. */
function stillClock() {
  let now = Date.UTC(2026, 0, 1);
  return { now: () => now, advance: (seconds: number) => void (now += seconds * 1000) };
}

describe("a live call on the carrier's clock", () => {
  /** An answered call with a one-minute limit on a clock the test moves (one that also runs with real time, unless given another). */
  async function answeredCall(clock: CarrierClock & { advance(seconds: number): void } = new AdjustableCarrierClock()) {
    const slow = slowCall(clock);
    expect(await slow.call.answered()).toBe(true);
    slow.call.enforceLimit();
    return { ...slow, clock };
  }

  it("ends a call the clock moved past its limit at exactly the limit, before the move is done", async () => {
    const { call, posted, phase, clock } = await answeredCall();
    clock.advance(61);
    await call.clockMoved();
    expect(phase()).toBe("ended");
    expect(posted).toEqual(["in-progress", "completed:60"]);
  });

  it("lets a call the clock moved short of its limit talk on, and bills the talk the clock measured", async () => {
    const { call, posted, phase, clock } = await answeredCall(stillClock());
    clock.advance(30);
    await call.clockMoved();
    expect(phase()).toBe("answered");
    expect(call.talkSeconds()).toBe(30);
    clock.advance(25);
    await call.clockMoved();
    expect(phase()).toBe("answered");
    expect(await call.end("completed")).toBe(true);
    expect(posted).toEqual(["in-progress", "completed:55"]);
  });

  it("ends a free incoming call the clock moved past the carrier's own cap at exactly the cap", async () => {
    const clock = stillClock();
    const { call, posted, phase } = slowCall(clock, "inbound");
    expect(await call.answered()).toBe(true);
    call.enforceLimit();
    clock.advance(3599);
    await call.clockMoved();
    expect(phase()).toBe("answered");
    clock.advance(2);
    await call.clockMoved();
    expect(phase()).toBe("ended");
    expect(posted).toEqual(["in-progress:0", "completed:3600"]);
  });

  it("re-arms the limit after a move, so the rest of the minute runs out in real time", async () => {
    const { call, posted, phase, clock } = await answeredCall();
    // Two real seconds left: a slow machine's pause between the answer and the check is not the limit.
    clock.advance(58);
    await call.clockMoved();
    expect(phase()).toBe("answered");
    await vi.waitFor(() => expect(phase()).toBe("ended"), { timeout: 3500 });
    expect(posted).toEqual(["in-progress", "completed:60"]);
  });
});
