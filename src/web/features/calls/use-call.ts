import { useCallback, useEffect, useReducer, useRef } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { notify } from "../../lib/notify";
import { type Money } from "../../../shared/money";
import { onLiveEvent } from "../../lib/live-events";
import { useLocale } from "../../lib/use-locale";
import type { VoiceCall } from "../../lib/voice/voice-device";
import { meterCall, type CallMeter } from "./call-meter";
import { liveCallUi } from "./live-call-ui-loader";
import { INITIAL_CALL_STATE, callReducer, isLive, type CallBegun, type CallPhase } from "./call-state";

export type { CallPhase } from "./call-state";

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

/**
 * The call in progress and what the server says about it. Its life is the reducer's
 * (call-state.ts): the device's events and the server's `call.status` events move it,
 * the server's being the truth for the outcome and the bill. Here it is wired to the
 * device's call object, the live events and the clock, and what it says is shown.
 */
export function useCall(balance: Money | undefined) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [state, dispatch] = useReducer(callReducer, INITIAL_CALL_STATE);
  /** The device's call object of the current call (by its key); the state holds what is shown. */
  const line = useRef<{ key: number; handle: VoiceCall } | null>(null);
  const keys = useRef(0);
  /** The state as last rendered, for the device's listeners (which outlive renders). */
  const latest = useRef(state);
  const shownNotice = useRef(0);
  const lastBalance = useRef<Money | undefined>(balance);
  const { call } = state;

  useEffect(() => {
    latest.current = state;
  });

  const follow = useCallback((handle: VoiceCall, begun: Omit<CallBegun, "key">) => {
    const key = ++keys.current;
    line.current = { key, handle };
    dispatch({ type: "started", call: { ...begun, key } });
    handle.on("ringing", () => dispatch({ type: "device_ringing", key, sid: handle.callSid() }));
    handle.on("accept", () => dispatch({ type: "device_accepted", key, sid: handle.callSid(), at: Date.now() }));
    handle.on("error", (error) => dispatch({ type: "device_error", key, error }));
    handle.on("disconnect", () => {
      // The line is closed: hanging up, muting or sending tones now reach no call.
      if (line.current?.key === key) line.current = null;
      const current = latest.current.call;
      const sid = handle.callSid() ?? (current?.key === key ? current.sid : null);
      dispatch({ type: "device_disconnected", key, sid });
      const quality = handle.stats();
      // The calls API's schemas stay out of the first load: fetched with the first call's end.
      if (sid) void import("./calls-api").then(({ reportMeasuredQuality }) => reportMeasuredQuality(sid, quality));
    });
  }, []);

  const start = useCallback(
    (handle: VoiceCall, begun: CallStart) => follow(handle, { direction: "outbound", to: begun.to, from: null, sid: handle.callSid(), rate: begun.rate, balance: begun.balance, limitSeconds: begun.limitSeconds }),
    [follow],
  );

  const answer = useCallback(
    async (handle: VoiceCall) => {
      follow(handle, { direction: "inbound", to: null, from: handle.from, sid: handle.callSid(), rate: 0, balance: 0, limitSeconds: null });
      await handle.accept();
    },
    [follow],
  );

  // The server's view of the call, and the limit credit added during the call raised (the carrier follows it).
  useEffect(() => onLiveEvent("call.status", (status) => dispatch({ type: "server_status", status, at: Date.now() })), []);
  useEffect(() => onLiveEvent("call.limit", (event) => dispatch({ type: "limit_raised", callSid: event.callSid, timeLimitSeconds: event.timeLimitSeconds })), []);

  // What the state says to tell, once each.
  const { notice } = state;
  useEffect(() => {
    if (!notice || notice.id === shownNotice.current) return;
    shownNotice.current = notice.id;
    // The messages' code comes with the call's screens (fetched as a call comes near, so it is there by now).
    liveCallUi
      .load()
      .then((ui) => ui.showCallNotice(t, locale, notice))
      .catch((error: unknown) => console.warn("a call's message could not be shown", error));
  }, [notice, t, locale]);

  // A call that ended (the server's outcome, the meter, a hang-up) while the device's line is still open: close it.
  const endedOpenLine = call && !isLive(call) && !call.deviceEnded ? call.key : null;
  useEffect(() => {
    if (endedOpenLine !== null && line.current?.key === endedOpenLine) line.current.handle.disconnect();
  }, [endedOpenLine]);

  // The clock ticks while a call is answered.
  const answered = isLive(call) && call.answeredAt !== null;
  useEffect(() => {
    if (!answered) return;
    const timer = setInterval(() => dispatch({ type: "tick", at: Date.now() }), 1000);
    return () => clearInterval(timer);
  }, [answered]);

  // A top-up during the call raises the starting balance (the server settles only at the end, so any rise is new money).
  useEffect(() => {
    const previous = lastBalance.current;
    lastBalance.current = balance;
    if (balance === undefined || previous === undefined || balance <= previous) return;
    dispatch({ type: "credit_added", amount: balance - previous });
  }, [balance]);

  const live = isLive(call) ? call : null;
  const talkSeconds = live?.answeredAt != null ? Math.max(0, Math.floor((state.now - live.answeredAt) / 1000)) : 0;
  const meter = live && live.direction === "outbound" ? meterCall(talkSeconds, live.rate, live.startingBalance, live.limitSeconds) : null;
  const spent = Boolean(meter?.spent && live?.answeredAt != null);

  // The spec: the call ends itself when the balance is spent.
  useEffect(() => {
    if (spent) dispatch({ type: "limit_spent" });
  }, [spent]);

  const view: ActiveCallView | null = live
    ? { direction: live.direction, to: live.to, from: live.from, phase: live.stage, talkSeconds, rate: live.rate, startingBalance: live.startingBalance, meter, muted: live.muted }
    : null;

  const hangUp = useCallback(() => {
    if (line.current) dispatch({ type: "hung_up", key: line.current.key });
  }, []);
  const muted = live?.muted ?? false;
  const toggleMute = useCallback(() => {
    if (!line.current) return;
    line.current.handle.mute(!muted);
    dispatch({ type: "muted", key: line.current.key, muted: !muted });
  }, [muted]);
  const sendDigit = useCallback(
    (digit: string) => {
      line.current?.handle.sendDigits(digit).catch(() => notify.error(t("call_section.dtmf_failed")));
    },
    [t],
  );
  const closeRating = useCallback(() => dispatch({ type: "rating_closed" }), []);

  return { view, start, answer, hangUp, toggleMute, sendDigit, ratingFor: state.ratingFor, closeRating, balanceSpent: state.balanceSpent };
}
