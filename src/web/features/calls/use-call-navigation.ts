import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** What another page may hand the call section (a country page's "Call {country} now", a history row's call again). */
export interface CallNavigationState {
  selectedCode?: string;
  scrollToCall?: boolean;
  phoneNumber?: string;
}

function readState(state: unknown): CallNavigationState {
  if (typeof state !== "object" || state === null) return {};
  const { selectedCode, scrollToCall, phoneNumber } = state as Record<string, unknown>;
  return {
    ...(typeof selectedCode === "string" ? { selectedCode: selectedCode.toUpperCase() } : {}),
    ...(scrollToCall === true ? { scrollToCall: true } : {}),
    ...(typeof phoneNumber === "string" ? { phoneNumber } : {}),
  };
}

/**
 * Applies the navigation state once per navigation, when the countries are loaded:
 * picks the country, fills the number, and scrolls the call section into view.
 */
export function useCallNavigation(ready: boolean, apply: (state: CallNavigationState) => void, section: React.RefObject<HTMLElement | null>) {
  const location = useLocation();
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || applied.current === location.key) return;
    applied.current = location.key;
    const state = readState(location.state);
    if (state.selectedCode || state.phoneNumber) apply(state);
    if (state.scrollToCall) {
      // After the page's own scroll-to-top on navigation.
      const timer = setTimeout(() => section.current?.scrollIntoView({ behavior: "smooth", block: "start" }), 100);
      return () => clearTimeout(timer);
    }
  }, [ready, location.key, location.state, apply, section]);
}
