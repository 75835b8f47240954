import { describe, expect, it } from "vitest";
import { parseMoney } from "../../../shared/money";
import { INITIAL_CALL_STATE, callReducer, type CallEvent, type CallRecord, type CallState, type StatusEvent } from "./call-state";

const SID = `CA${"a".repeat(32)}`;
const TO = "+12025550123";
const RATE = parseMoney("0.0266");

const outbound: CallEvent = { type: "started", call: { key: 1, direction: "outbound", to: TO, from: null, sid: null, rate: RATE, balance: parseMoney("5.0000"), limitSeconds: 600 } };
const inbound: CallEvent = { type: "started", call: { key: 1, direction: "inbound", to: null, from: "+14155550100", sid: SID, rate: 0, balance: 0, limitSeconds: null } };
const server = (status: StatusEvent["status"], overrides: Partial<StatusEvent> = {}, at = 5000): CallEvent => ({
  type: "server_status",
  at,
  status: { callSid: SID, status, talkDurationSeconds: 0, toNumber: TO, ratePerMin: "0.0266", timeLimitSeconds: 600, costUsd: null, reason: null, cutOff: null, ...overrides },
});
const ringing: CallEvent = { type: "device_ringing", key: 1, sid: SID };
const accepted = (at = 2000): CallEvent => ({ type: "device_accepted", key: 1, sid: SID, at });
const disconnected: CallEvent = { type: "device_disconnected", key: 1, sid: SID };
const hungUp: CallEvent = { type: "hung_up", key: 1 };
const completed = (talkDurationSeconds: number, overrides: Partial<StatusEvent> = {}) => server("completed", { talkDurationSeconds, costUsd: "0.0266", ...overrides });

const run = (events: CallEvent[], from: CallState = INITIAL_CALL_STATE) => events.reduce(callReducer, from);

type Expected = Partial<Pick<CallRecord, "stage" | "answeredAt" | "outcome" | "sid" | "deviceEnded" | "endedByMeter" | "limitSeconds" | "rate">> & {
  notice?: string | null;
  ratingFor?: string | null;
  balanceSpent?: boolean;
};

/** Each row: the events in the order they arrive, and the state they leave. */
const lifecycle: [string, CallEvent[], Expected][] = [
  ["a dialled call starts connecting", [outbound], { stage: "connecting", answeredAt: null, outcome: null, notice: null }],
  ["the server took the call: said once, nothing answered yet", [outbound, server("initiated")], { stage: "connecting", sid: SID, answeredAt: null, notice: "initiated" }],
  ["the server says it rings", [outbound, server("initiated"), server("ringing")], { stage: "ringing" }],
  ["the device says it rings", [outbound, ringing], { stage: "ringing", sid: SID }],
  ["answered: the clock starts at the answer", [outbound, ringing, accepted(2000)], { stage: "connected", answeredAt: 2000 }],
  ["the server's answer alone connects it too", [outbound, server("ringing"), server("answered", {}, 3000)], { stage: "connected", answeredAt: 3000 }],
  [
    "completed: the bill is told and the rating asked",
    [outbound, accepted(), disconnected, completed(60)],
    { stage: "ended", outcome: "completed", deviceEnded: true, notice: "completed", ratingFor: SID },
  ],
  ["completed before the device's end: ended, the line still to close", [outbound, accepted(), completed(60)], { stage: "ended", outcome: "completed", deviceEnded: false }],
  ["an unanswered completed call asks no rating", [outbound, disconnected, completed(0)], { outcome: "completed", ratingFor: null }],
  ["an incoming call asks no rating", [inbound, accepted(), disconnected, completed(60)], { outcome: "completed", notice: "completed", ratingFor: null }],
  ["busy", [outbound, server("busy")], { stage: "ended", outcome: "busy", answeredAt: null, notice: "unanswered" }],
  ["no answer", [outbound, server("ringing"), server("no-answer")], { stage: "ended", outcome: "no-answer", notice: "unanswered" }],
  ["declined", [outbound, server("declined")], { stage: "ended", outcome: "declined", notice: "unanswered" }],
  ["failed, refused by the gate", [outbound, server("failed", { reason: "insufficient_balance" })], { stage: "ended", outcome: "failed", notice: "unanswered" }],
  ["the caller gives up while it rings", [outbound, ringing, hungUp], { stage: "ended", answeredAt: null, deviceEnded: false, outcome: null }],
  ["the caller's line closes", [outbound, ringing, hungUp, disconnected], { stage: "ended", deviceEnded: true }],
  ["the server says canceled: ended without a message", [outbound, hungUp, disconnected, server("canceled")], { stage: "ended", outcome: "canceled", notice: null }],
  ["the meter spends the balance: ended, told, flagged", [outbound, accepted(), { type: "limit_spent" }], { stage: "ended", endedByMeter: "balance", balanceSpent: true, notice: "balance_spent" }],
  ["the meter ends the longest call without its own notice", [{ ...outbound, call: { ...outbound.call, limitSeconds: 4 * 60 * 60 } } as CallEvent, accepted(), { type: "limit_spent" }], { endedByMeter: "longest_call", balanceSpent: false, notice: null }],
  ["the meter ends nothing before the answer", [outbound, { type: "limit_spent" }], { stage: "connecting", balanceSpent: false }],
  ["the server's rate and limit replace the quote's", [outbound, server("initiated", { ratePerMin: "0.0300", timeLimitSeconds: 300 })], { rate: parseMoney("0.0300"), limitSeconds: 300 }],
  ["after the server's limit, it only rises", [outbound, server("initiated", { timeLimitSeconds: 300 }), server("ringing", { timeLimitSeconds: 120 })], { limitSeconds: 300 }],
  ["credit during the call raises the limit", [outbound, server("initiated", { timeLimitSeconds: 300 }), { type: "limit_raised", callSid: SID, timeLimitSeconds: 900 }], { limitSeconds: 900 }],
];

/** Twice, late or out of order: the call stays where the first word put it. */
const outOfOrder: [string, CallEvent[], Expected][] = [
  ["a late ringing after the answer", [outbound, accepted(2000), server("ringing"), ringing], { stage: "connected", answeredAt: 2000 }],
  ["a late initiated after the answer does not restart the clock", [outbound, accepted(2000), server("initiated")], { stage: "connected", answeredAt: 2000, notice: null }],
  ["a second answer keeps the first time", [outbound, accepted(2000), server("answered", {}, 9000)], { stage: "connected", answeredAt: 2000 }],
  ["ended twice: the first outcome stands", [outbound, accepted(), completed(60), completed(90, { costUsd: "0.0532" })], { outcome: "completed", notice: "completed" }],
  ["completed, then a stray busy", [outbound, accepted(), disconnected, completed(60), server("busy")], { outcome: "completed", notice: "completed" }],
  ["the device's end twice", [outbound, accepted(), disconnected, disconnected], { stage: "ended", deviceEnded: true }],
  ["a hang-up while connecting, then the carrier's late news", [outbound, hungUp, ringing, accepted(), server("ringing"), server("answered")], { stage: "ended", answeredAt: null, outcome: null }],
  ["a hang-up twice", [outbound, hungUp, hungUp], { stage: "ended" }],
  ["an answer after the server's busy", [outbound, server("busy"), accepted()], { stage: "ended", outcome: "busy", answeredAt: null }],
  ["the meter after the call ended", [outbound, accepted(), disconnected, { type: "limit_spent" }], { endedByMeter: null, balanceSpent: false }],
];

function expectState(state: CallState, expected: Expected) {
  const { notice, ratingFor, balanceSpent, ...call } = expected;
  expect(state.call).toMatchObject(call);
  if (notice !== undefined) expect(state.notice?.kind ?? null).toBe(notice);
  if (ratingFor !== undefined) expect(state.ratingFor).toBe(ratingFor);
  if (balanceSpent !== undefined) expect(state.balanceSpent).toBe(balanceSpent);
}

describe("a call's life", () => {
  it.each(lifecycle)("%s", (_name, events, expected) => expectState(run(events), expected));
});

describe("a call's events that come twice, late or out of order", () => {
  it.each(outOfOrder)("%s", (_name, events, expected) => expectState(run(events), expected));

  const order = ["connecting", "ringing", "connected", "ended"];
  it.each([...lifecycle, ...outOfOrder])("never moves back: %s", (_name, events) => {
    let state = INITIAL_CALL_STATE;
    for (const event of events) {
      const next = callReducer(state, event);
      if (state.call && next.call?.key === state.call.key) {
        expect(order.indexOf(next.call.stage)).toBeGreaterThanOrEqual(order.indexOf(state.call.stage));
        if (state.call.answeredAt !== null) expect(next.call.answeredAt).toBe(state.call.answeredAt);
        if (state.call.outcome !== null) expect(next.call.outcome).toBe(state.call.outcome);
      }
      state = next;
    }
  });
});

describe("a call's end heard again", () => {
  it.each([
    ["completed twice", [outbound, accepted(), disconnected, completed(60)], completed(90, { costUsd: "0.0532" })],
    ["busy after completed", [outbound, accepted(), completed(60)], server("busy")],
    ["busy twice", [outbound, server("busy")], server("busy")],
  ] as [string, CallEvent[], CallEvent][])("changes nothing: %s", (_name, events, again) => {
    const settled = run(events);
    expect(callReducer(settled, again)).toBe(settled);
  });
});

describe("what a call's end says", () => {
  it("tells the device's reason, then the server's refusal in its place", () => {
    const deviceError: CallEvent = { type: "device_error", key: 1, error: { code: 31603, message: "declined" } };
    const afterDevice = run([outbound, deviceError, disconnected]);
    expect(afterDevice.notice).toMatchObject({ kind: "device_error", error: { code: 31603 } });
    const refused = callReducer(afterDevice, server("failed", { reason: "call_in_progress" }));
    expect(refused.notice).toMatchObject({ kind: "unanswered", status: "failed", reason: "call_in_progress" });
    expect(refused.notice?.id).toBeGreaterThan(afterDevice.notice?.id ?? 0);
  });

  it("keeps the device's reason over a failure the server gives no reason for", () => {
    const told = run([outbound, { type: "device_error", key: 1, error: { code: 31486, message: "busy" } }, disconnected]);
    expect(callReducer(told, server("failed"))).toMatchObject({ notice: told.notice, call: { outcome: "failed" } });
  });

  it("says nothing of the device's error after the meter ended the call", () => {
    const ended = run([outbound, accepted(), { type: "limit_spent" }]);
    expect(callReducer(ended, { type: "device_error", key: 1, error: { code: 31005, message: "gone" } }).notice).toBe(ended.notice);
  });

  it("bills a call the meter ended with the meter's reason when the server gives none", () => {
    const state = run([outbound, accepted(), { type: "limit_spent" }, disconnected, completed(60)]);
    expect(state.notice).toMatchObject({ kind: "completed", status: { talkDurationSeconds: 60 }, cutOff: "balance", inbound: false });
  });
});

describe("the call the events are about", () => {
  it("ignores an earlier call's device events and the server's news of another call", () => {
    const second = run([outbound, { ...outbound, call: { ...outbound.call, key: 2 } } as CallEvent]);
    expect(run([ringing, accepted(), disconnected], second).call).toMatchObject({ key: 2, stage: "connecting", deviceEnded: false });
    expect(callReducer(second, server("busy", { callSid: `CA${"f".repeat(32)}`, toNumber: "+447400123456" })).call?.stage).toBe("connecting");
  });

  it("knows the call by its number until the server names its sid, then by the sid", () => {
    const named = run([outbound, server("initiated")]);
    expect(named.call?.sid).toBe(SID);
    expect(callReducer(named, server("busy", { callSid: `CA${"f".repeat(32)}` })).call?.stage).toBe("connecting");
  });

  it("raises the starting balance of a dialled call with credit added, not an incoming one's", () => {
    expect(run([outbound, accepted(), { type: "credit_added", amount: 266 }]).call?.startingBalance).toBe(parseMoney("5.0000") + 266);
    expect(run([inbound, accepted(), { type: "credit_added", amount: 266 }]).call?.startingBalance).toBe(0);
  });

  it("mutes only the call on screen, and closes the rating", () => {
    expect(run([outbound, { type: "muted", key: 1, muted: true }]).call?.muted).toBe(true);
    expect(run([outbound, hungUp, { type: "muted", key: 1, muted: true }]).call?.muted).toBe(false);
    expect(run([outbound, accepted(), disconnected, completed(60), { type: "rating_closed" }]).ratingFor).toBeNull();
  });

  it("starts a new call with the balance flag cleared", () => {
    const spent = run([outbound, accepted(), { type: "limit_spent" }]);
    expect(spent.balanceSpent).toBe(true);
    expect(callReducer(spent, { ...outbound, call: { ...outbound.call, key: 2 } } as CallEvent)).toMatchObject({ balanceSpent: false, call: { key: 2, stage: "connecting" } });
  });
});
