import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { notify } from "../../lib/notify";
import { TOKEN_ERROR_CODES, type DeviceState, type VoiceCall } from "../../lib/voice/voice-device";
import type { VoiceSession } from "../../lib/voice/voice-session";
import { callErrorMessage } from "./call-errors";
import { onNewSession } from "../../lib/auth/session-renewed";
import { preloadLiveCallUi } from "./live-call-ui-loader";

/** The voice device and its carriers' code: fetched when a signed-in person's device starts, never with the first page. */
const loadVoiceSession = () => import("../../lib/voice/voice-session");

export interface VoiceState {
  session: VoiceSession | null;
  ready: boolean;
  state: DeviceState;
  /** An incoming call waiting for Answer or Decline. */
  incoming: VoiceCall | null;
  clearIncoming: () => void;
  /** The device could not start (token or SDK): the indicator offers a retry. */
  failed: boolean;
  retry: () => void;
}

/** The signed-in customer's voice device, for as long as the app shell holds it (call-session.tsx). */
export function useVoice(enabled: boolean): VoiceState {
  const { t } = useTranslation();
  const [session, setSession] = useState<VoiceSession | null>(null);
  const [ready, setReady] = useState(false);
  const [state, setState] = useState<DeviceState>("idle");
  const [incoming, setIncoming] = useState<VoiceCall | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let voice: VoiceSession | null = null;
    let stopListening = () => {};
    setReady(false);
    setFailed(false);
    // An incoming call may follow once the device listens: its card should not wait for a fetch.
    preloadLiveCallUi();
    loadVoiceSession().then(
      ({ VoiceSession, InvalidVoiceTokenError, VoiceSdkLoadError }) => {
        if (stopped) return;
        const started = new VoiceSession();
        voice = started;
        setSession(started);
        started.on("ready", () => setReady(true));
        started.on("state", setState);
        started.on("incoming", (call) => {
          setIncoming(call);
          call.on("disconnect", () => setIncoming((current) => (current === call ? null : current)));
        });
        started.on("tokenError", (error) => {
          const key = error instanceof InvalidVoiceTokenError ? "call_section.invalid_token" : "call_section.token_failed";
          notify.error(t(key), { id: "voice-token" });
        });
        started.on("error", (error) => {
          // Token errors are mended by a refresh; the person only hears of them if that fails.
          if (TOKEN_ERROR_CODES.includes(error.code)) return;
          // A call's own errors are shown by the call; these are the device's.
          if (started.activeCall()) return;
          notify.error(callErrorMessage(t, error.code), { id: `voice-error-${error.code}` });
        });
        // A password change moved this tab to a new session: the grant the calls carry must name it.
        stopListening = onNewSession(() => started.requestRefresh());
        started.start().catch((error: unknown) => {
          setFailed(true);
          // A token failure was already told (tokenError); a device's own error by its `error` event.
          if (error instanceof VoiceSdkLoadError) notify.error(t("call_section.load_failed"), { id: "voice-load" });
        });
      },
      () => {
        // The device's own code did not arrive: told as the SDK's failure is, with the same retry.
        if (stopped) return;
        setFailed(true);
        notify.error(t("call_section.load_failed"), { id: "voice-load" });
      },
    );
    return () => {
      stopped = true;
      stopListening();
      voice?.stop();
      setSession(null);
      setReady(false);
      setState("idle");
      setIncoming(null);
    };
    // `t` changes with the language; the device must not restart for that.
  }, [enabled, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const clearIncoming = useCallback(() => setIncoming(null), []);
  return { session, ready, state, incoming, clearIncoming, failed, retry };
}
