import { describe, expect, it } from "vitest";
import type { LocalCallPhase } from "../../../db/schema/local-carrier";
import type { CarrierContext } from "./carrier-context";
import type { CallStore } from "./call-store";
import { LiveCall } from "./live-call";
import { FAR_END_TIMINGS } from "./test-numbers";

/** A call's transitions against a store that answers slowly, so an answer and a hang-up overlap. */
function slowCall() {
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
  } as unknown as CarrierContext;
  const call = new LiveCall(context, `CA${"a".repeat(32)}`, "user-1", "outbound", "+442079460123", "ringing", () => undefined);
  call.leg = { callSid: `CA${"b".repeat(32)}`, number: "+442079460123", callerId: null, statusCallback: "http://localhost:3000/webhooks/telephony/status", timeLimitSeconds: 60 };
  return { call, posted, phase: () => phase };
}

describe("a live call's transitions", () => {
  it("completes a call hung up while its answer is being recorded, instead of losing it", async () => {
    const { call, posted, phase } = slowCall();
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
