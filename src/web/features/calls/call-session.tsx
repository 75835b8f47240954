import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useAuth } from "../../lib/auth/use-auth";
import { useBalance } from "../../lib/balance-api";
import { preloadLiveCallUi } from "./live-call-ui-loader";
import { useCall } from "./use-call";
import { useVoice, type VoiceState } from "./use-voice";

export interface CallSession {
  /** A signed-in customer: the only person with a voice device. */
  enabled: boolean;
  voice: VoiceState;
  call: ReturnType<typeof useCall>;
  /** How many call sections are on screen: where there is none, the call dock shows the call. */
  screens: number;
  addScreen: () => () => void;
}

const CallSessionContext = createContext<CallSession | null>(null);

/**
 * The signed-in customer's voice device and call, for every page of the app shell: an
 * incoming call rings wherever they are, and a call goes on while they move between
 * pages. The device's own code is fetched when it starts (use-voice.ts), never with the
 * first page, and only for a customer.
 */
export function CallSessionProvider({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const enabled = auth.status === "authenticated" && !auth.isAdmin;
  const voice = useVoice(enabled);
  const balance = useBalance(enabled, voice.state !== "idle");
  const call = useCall(balance.data);
  const [screens, setScreens] = useState(0);
  const addScreen = useMemo(
    () => () => {
      setScreens((count) => count + 1);
      return () => setScreens((count) => count - 1);
    },
    [],
  );
  const session = useMemo(() => ({ enabled, voice, call, screens, addScreen }), [enabled, voice, call, screens, addScreen]);
  return <CallSessionContext.Provider value={session}>{children}</CallSessionContext.Provider>;
}

export function useCallSession(): CallSession {
  const session = useContext(CallSessionContext);
  if (!session) throw new Error("useCallSession needs a CallSessionProvider (the app shell has one)");
  return session;
}

/** A call section on screen: it shows the call itself, so the dock stays out of its way. */
export function useCallScreen(): CallSession {
  const session = useCallSession();
  const { addScreen } = session;
  useEffect(() => addScreen(), [addScreen]);
  return session;
}

/** An incoming call or a call in progress needs the in-call parts: fetched as soon as either appears. */
export function usePreloadWhen(near: boolean): void {
  useEffect(() => {
    if (near) preloadLiveCallUi();
  }, [near]);
}
