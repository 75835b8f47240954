import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import type { CallCutOff, LiveEventMap } from "../../../shared/api/live-events";
import { MAX_CALL_SECONDS } from "../../../shared/calls/call-length";
import { parseMoney, type Money } from "../../../shared/money";
import { onLiveEvent } from "../../lib/live-events";
import { useLocale } from "../../lib/use-locale";
import type { VoiceCall } from "../../lib/voice/voice-device";
import { callErrorMessage, refusalMessage } from "./call-errors";
import { meterCall, type CallMeter } from "./call-meter";
import { showCompletedToasts } from "./call-outcome-toasts";

export type CallPhase = "connecting" | "ringing" | "connected";

export interface CallStart {
  to: string;
  /** The quoted rate; replaced by the rate the server froze once it says so. */
  rate: Money;
  balance: Money;
  /** The seconds the server's quote said the gate will allow (replaced by what the server says of the call itself). */
  limitSeconds: number | null;
}

export interface ActiveCallView {
  direction: "outbound" | "inbound";
  to: string | null;
  from: string | null;
  phase: CallPhase;
  talkSeconds: number;
  rate: Money;
  startingBalance: Money;
  /** Outbound calls: cost so far and time left; null for incoming calls (free). */
  meter: CallMeter | null;
  muted: boolean;
}

interface Active {
  handle: VoiceCall;
  direction: "outbound" | "inbound";
  to: string | null;
  from: string | null;
  sid: string | null;
  phase: CallPhase;
  answeredAt: number | null;
  rate: Money;
  startingBalance: Money;
  /** The seconds the carrier lets the call run, as the server last said (call.status, call.limit); null until it says. */
  limitSeconds: number | null;
  /** The server has told this call's limit (until then it is the quote's). */
  limitHeard: boolean;
  muted: boolean;
}

type StatusEvent = LiveEventMap["call.status"];

/**
 * The call in progress and what the server says about it. The device drives the
 * screen (ringing, connected, ended); the server's `call.status` events are the truth
 * for the outcome and the bill: the completed toast, the cost, the refusals.
 */
export function useCall(balance: Money | undefined) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [active, setActive] = useState<Active | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [ratingFor, setRatingFor] = useState<string | null>(null);
  const [balanceSpent, setBalanceSpent] = useState(false);
  const activeRef = useRef<Active | null>(null);
  /** The sid and direction of the last call that ended on the device, for the server's final event that follows. */
  const lastCall = useRef<{ sid: string | null; to: string | null; direction: "outbound" | "inbound" } | null>(null);
  const outcomeShown = useRef(false);
  /** The running meter ended the last call: its limit was spent (the balance's, or the longest call's). */
  const endedByMeter = useRef<CallCutOff | null>(null);
  const lastBalance = useRef<Money | undefined>(balance);

  const update = useCallback((change: (current: Active) => Active | null) => {
    const current = activeRef.current;
    if (!current) return;
    const next = change(current);
    activeRef.current = next;
    setActive(next);
  }, []);

  /**
   * One message per call's end. The device's error comes first and is shown unless the
   * server already spoke; the server's outcome (a refusal's reason) replaces it: the
   * carrier only knows "declined" where the gate knows "insufficient balance".
   */
  const showOutcome = useCallback((message: string, fromServer = false) => {
    if (outcomeShown.current && !fromServer) return;
    outcomeShown.current = true;
    notify.error(message, { id: "call-outcome" });
  }, []);

  const follow = useCallback(
    (handle: VoiceCall, record: Active) => {
      activeRef.current = record;
      setActive(record);
      setBalanceSpent(false);
      outcomeShown.current = false;
      endedByMeter.current = null;
      handle.on("ringing", () => update((current) => (current.handle === handle && current.phase === "connecting" ? { ...current, phase: "ringing" } : current)));
      handle.on("accept", () => {
        setNow(Date.now());
        update((current) => (current.handle === handle ? { ...current, phase: "connected", answeredAt: current.answeredAt ?? Date.now() } : current));
      });
      handle.on("error", (error) => showOutcome(error.reason === "insufficient_balance" || error.reason === "call_in_progress" ? refusalMessage(t, error.reason) : callErrorMessage(t, error.code)));
      handle.on("disconnect", () => {
        const current = activeRef.current;
        if (current?.handle !== handle) return;
        const sid = handle.callSid() ?? current.sid;
        lastCall.current = { sid, to: current.to, direction: current.direction };
        const quality = handle.stats();
        // The calls API's schemas stay out of the first load: fetched with the first call's end.
        if (sid) void import("./calls-api").then(({ reportMeasuredQuality }) => reportMeasuredQuality(sid, quality));
        activeRef.current = null;
        setActive(null);
      });
    },
    [showOutcome, t, update],
  );

  const start = useCallback(
    (handle: VoiceCall, call: CallStart) =>
      follow(handle, { handle, direction: "outbound", to: call.to, from: null, sid: null, phase: "connecting", answeredAt: null, rate: call.rate, startingBalance: call.balance, limitSeconds: call.limitSeconds, limitHeard: false, muted: false }),
    [follow],
  );

  const answer = useCallback(
    async (handle: VoiceCall) => {
      follow(handle, { handle, direction: "inbound", to: null, from: handle.from, sid: handle.callSid(), phase: "connecting", answeredAt: null, rate: 0, startingBalance: 0, limitSeconds: null, limitHeard: false, muted: false });
      await handle.accept();
    },
    [follow],
  );

  // The server's view of the call.
  useEffect(
    () =>
      onLiveEvent("call.status", (event: StatusEvent) => {
        const current = activeRef.current;
        const mine = (sid: string | null, to: string | null) => sid === event.callSid || (sid === null && to !== null && to === event.toNumber);
        if (current && mine(current.handle.callSid() ?? current.sid, current.to)) {
          handleLive(event, current);
          return;
        }
        const last = lastCall.current;
        if (last && mine(last.sid, last.to)) settle(event, last.direction);
      }),
    // handleLive and settle read only refs, stable callbacks, t and locale.
    [t, locale],
  );

  // Credit added during the call raised its limit on the server (the carrier follows it).
  useEffect(
    () =>
      onLiveEvent("call.limit", (event) => {
        const current = activeRef.current;
        if (current && (current.handle.callSid() ?? current.sid) === event.callSid) {
          update((record) => ({ ...record, limitSeconds: Math.max(record.limitSeconds ?? 0, event.timeLimitSeconds), limitHeard: true }));
        }
      }),
    [],
  );

  function handleLive(event: StatusEvent, current: Active) {
    update((record) => ({
      ...record,
      sid: event.callSid,
      rate: event.ratePerMin ? parseMoney(event.ratePerMin) : record.rate,
      // The server's limit replaces the quote's (the balance may have moved since); after that it only rises.
      limitSeconds: event.timeLimitSeconds === null ? record.limitSeconds : record.limitHeard ? Math.max(record.limitSeconds ?? 0, event.timeLimitSeconds) : event.timeLimitSeconds,
      limitHeard: record.limitHeard || event.timeLimitSeconds !== null,
    }));
    if (event.status === "initiated") {
      // The spec: the server took the call (nothing charged yet); the clock starts only when it is answered.
      notify(t("call_section.initiated"), { id: "call-progress", duration: 2000 });
      update((record) => ({ ...record, answeredAt: null }));
    } else if (event.status === "ringing") update((record) => (record.phase === "connecting" ? { ...record, phase: "ringing" } : record));
    else if (event.status === "answered") {
      setNow(Date.now());
      update((record) => ({ ...record, phase: "connected", answeredAt: record.answeredAt ?? Date.now() }));
    } else {
      lastCall.current = { sid: event.callSid, to: current.to, direction: current.direction };
      settle(event, current.direction);
      current.handle.disconnect();
    }
  }

  function settle(event: StatusEvent, direction: "outbound" | "inbound") {
    if (event.status === "completed") {
      lastCall.current = null;
      // The server knows when the carrier cut the call at its limit; the meter knows when it ended the call itself for that.
      showCompletedToasts(t, locale, event.talkDurationSeconds, event.costUsd, direction === "inbound", event.cutOff ?? endedByMeter.current);
      if (direction === "outbound" && event.talkDurationSeconds > 0) setRatingFor(event.callSid);
    } else if (event.status === "busy") showOutcome(t("call_section.error.busy"), true);
    else if (event.status === "declined") showOutcome(t("call_section.error.declined"), true);
    else if (event.status === "no-answer") showOutcome(t("call_section.error.no_answer"), true);
    // A failure the device already explained (its own code) keeps that message; a refusal's reason replaces it.
    else if (event.status === "failed") showOutcome(event.reason ? refusalMessage(t, event.reason) : t("call_section.call_failed"), event.reason !== null);
  }

  // The clock ticks while a call is answered.
  const answered = active?.answeredAt != null;
  useEffect(() => {
    if (!answered) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [answered]);

  // A top-up during the call raises the starting balance (the server settles only at the end, so any rise is new money).
  useEffect(() => {
    const previous = lastBalance.current;
    lastBalance.current = balance;
    if (balance === undefined || previous === undefined || balance <= previous) return;
    update((record) => (record.direction === "outbound" ? { ...record, startingBalance: record.startingBalance + (balance - previous) } : record));
  }, [balance, update]);

  const talkSeconds = active?.answeredAt != null ? Math.max(0, Math.floor((now - active.answeredAt) / 1000)) : 0;
  const meter = active && active.direction === "outbound" ? meterCall(talkSeconds, active.rate, active.startingBalance, active.limitSeconds) : null;
  const spent = Boolean(meter?.spent && active?.answeredAt != null);

  // The spec: the call ends itself when the balance is spent.
  useEffect(() => {
    const current = activeRef.current;
    if (!spent || !current) return;
    const longest = (current.limitSeconds ?? 0) >= MAX_CALL_SECONDS;
    endedByMeter.current = longest ? "longest_call" : "balance";
    // The longest call's end is told by the completed toast that follows; a spent balance also by the notice under the dialler.
    if (!longest) {
      setBalanceSpent(true);
      notify.warning(t("call_section.auto_ended.title"), { description: t("call_section.auto_ended.description"), id: "call-outcome" });
    }
    outcomeShown.current = true;
    current.handle.disconnect();
  }, [spent, t]);

  const view: ActiveCallView | null = active
    ? { direction: active.direction, to: active.to, from: active.from, phase: active.phase, talkSeconds, rate: active.rate, startingBalance: active.startingBalance, meter, muted: active.muted }
    : null;

  const hangUp = useCallback(() => activeRef.current?.handle.disconnect(), []);
  const toggleMute = useCallback(() => {
    const current = activeRef.current;
    if (!current) return;
    current.handle.mute(!current.muted);
    update((record) => ({ ...record, muted: !record.muted }));
  }, [update]);
  const sendDigit = useCallback(
    (digit: string) => {
      activeRef.current?.handle.sendDigits(digit).catch(() => notify.error(t("call_section.dtmf_failed")));
    },
    [t],
  );
  const closeRating = useCallback(() => setRatingFor(null), []);

  return { view, start, answer, hangUp, toggleMute, sendDigit, ratingFor, closeRating, balanceSpent };
}
