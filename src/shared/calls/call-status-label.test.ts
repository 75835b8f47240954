import { describe, expect, it } from "vitest";
import { callOutcomeKey, callStatusKey } from "./call-status-label";

describe("a call's outcome in words", () => {
  it("calls an incoming call nobody answered missed, and one the customer turned down declined", () => {
    expect(callOutcomeKey({ direction: "inbound", status: "no-answer" })).toBe("history.status.missed");
    expect(callOutcomeKey({ direction: "inbound", status: "busy" })).toBe("history.status.declined");
    expect(callOutcomeKey({ direction: "inbound", status: "completed" })).toBe("history.status.completed");
  });

  it("words an outgoing call by its status", () => {
    expect(callOutcomeKey({ direction: "outbound", status: "no-answer" })).toBe("history.status.no_answer");
    expect(callOutcomeKey({ direction: "outbound", status: "busy" })).toBe("history.status.busy");
    expect(callOutcomeKey({ direction: "outbound", status: "declined" })).toBe("history.status.declined");
    expect(callStatusKey("no-answer")).toBe("history.status.no_answer");
  });
});
