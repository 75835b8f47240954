import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { LIVE_EVENTS_PATH, type LiveEventMap, type LiveEventType } from "../../shared/api/live-events";

type CacheUpdate<T extends LiveEventType> = (queryClient: QueryClient, data: LiveEventMap[T]) => void;

/** The query keys live events write to, shared with the features that read them. */
export const BALANCE_QUERY_KEY = ["credits", "balance"] as const;
export const CALLS_QUERY_KEY = ["calls"] as const;
export const PAYMENTS_QUERY_KEY = ["payments"] as const;
/** The customer's unread support replies (the header's badge) and their conversation. */
export const SUPPORT_UNREAD_QUERY_KEY = ["support", "unread"] as const;
export const SUPPORT_CONVERSATION_QUERY_KEY = ["support", "conversation"] as const;
/** The back office dashboard's figures, read again when a customer's call ends or money moves. */
export const ADMIN_DASHBOARD_QUERY_KEY = ["admin", "dashboard"] as const;
/** Prices: read again when the server announces a change. */
export const RATES_QUERY_KEY = ["rates"] as const;
/**
 * What announcements (events sent to every stream and never stored, so never replayed) keep fresh.
 * A stream that was down may have missed one: once it is open again these are read again.
 */
const ANNOUNCED_QUERY_KEYS = [RATES_QUERY_KEY, ADMIN_DASHBOARD_QUERY_KEY];

/** How each live event changes the query cache; features add their event types here. */
export const liveEventCacheUpdates: { [T in LiveEventType]: CacheUpdate<T> } = {
  "cache.invalidate": (queryClient, data) => {
    const invalidate = () => void queryClient.invalidateQueries({ queryKey: data.queryKey });
    if (data.spreadMs) setTimeout(invalidate, Math.random() * data.spreadMs);
    else invalidate();
  },
  balance: (queryClient, data) => {
    queryClient.setQueryData(BALANCE_QUERY_KEY, { balance: data.balance });
    // A balance moves with a payment, a refund or a dispute too: the customer's payments may have changed.
    void queryClient.invalidateQueries({ queryKey: [...PAYMENTS_QUERY_KEY, "list"] });
    void queryClient.invalidateQueries({ queryKey: [...PAYMENTS_QUERY_KEY, "detail"] });
  },
  "call.status": (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: CALLS_QUERY_KEY });
  },
  "support.unread": (queryClient, data) => {
    queryClient.setQueryData(SUPPORT_UNREAD_QUERY_KEY, { count: data.count });
    // A reply came (or was read elsewhere): the conversation, when a page shows it, fetches again.
    void queryClient.invalidateQueries({ queryKey: SUPPORT_CONVERSATION_QUERY_KEY });
  },
  "admin.activity": (queryClient) => {
    // A read already under way is not restarted: a busy hour's events must not keep cancelling it.
    void queryClient.invalidateQueries({ queryKey: ADMIN_DASHBOARD_QUERY_KEY }, { cancelRefetch: false });
  },
  // Heard by the call in progress (use-call.ts): nothing cached.
  "call.limit": () => undefined,
  // Signalling for the local carrier's device only: nothing cached.
  "local_carrier.call": () => undefined,
};

type Listener<T extends LiveEventType> = (data: LiveEventMap[T]) => void;
const listeners = new Map<LiveEventType, Set<Listener<LiveEventType>>>();

/**
 * Hears every live event of a type as it arrives (after the cache update), for code that acts
 * on events rather than showing cached data: the call section, the local carrier's device.
 * Returns the function that stops listening.
 */
export function onLiveEvent<T extends LiveEventType>(type: T, listener: Listener<T>): () => void {
  const set = listeners.get(type) ?? new Set();
  listeners.set(type, set);
  set.add(listener as Listener<LiveEventType>);
  return () => set.delete(listener as Listener<LiveEventType>);
}

function notifyListeners(type: LiveEventType, data: LiveEventMap[LiveEventType]): void {
  for (const listener of listeners.get(type) ?? []) listener(data);
}

/** EventSource.readyState once it has given up (a constant here so tests need no EventSource). */
const CLOSED = 2;

/** How long to wait before opening a new stream after the browser gave up on one: doubling, capped, jittered. */
export function reopenDelayMs(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(60_000, 5_000 * 2 ** Math.min(failures, 10));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * Keeps a server-sent-events stream open while `enabled` (a signed-in user).
 * EventSource reconnects by itself after a dropped connection and sends
 * Last-Event-ID, so the server replays what was missed. It gives up for good when
 * an answer is not a stream (a 429 for too many tabs, a 503 from a server that is
 * stopping or a proxy in front of it); then a new stream is opened after a while,
 * carrying the last id it had in the query string.
 */
export function useLiveEvents(enabled: boolean, source: (url: string) => EventSource = (url) => new EventSource(url)): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const types = Object.keys(liveEventCacheUpdates) as LiveEventType[];
    let stream: EventSource | null = null;
    let lastEventId = "";
    let failures = 0;
    let reopening: ReturnType<typeof setTimeout> | undefined;
    let opened = false;
    const readAnnouncedAgain = () => {
      for (const queryKey of ANNOUNCED_QUERY_KEYS) void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
    };

    const apply = (type: LiveEventType) => (event: MessageEvent<string>) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
      failures = 0;
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      (liveEventCacheUpdates[type] as CacheUpdate<LiveEventType>)(queryClient, data as LiveEventMap[LiveEventType]);
      notifyListeners(type, data as LiveEventMap[LiveEventType]);
    };

    const open = () => {
      const current = source(lastEventId ? `${LIVE_EVENTS_PATH}?lastEventId=${encodeURIComponent(lastEventId)}` : LIVE_EVENTS_PATH);
      stream = current;
      for (const type of types) current.addEventListener(type, apply(type));
      current.addEventListener("open", () => {
        failures = 0;
        // Stored events are replayed after Last-Event-ID; announcements made while the stream was down are not.
        if (opened) readAnnouncedAgain();
        opened = true;
      });
      current.addEventListener("error", () => {
        if (current.readyState !== CLOSED || stream !== current) return;
        current.close();
        reopening = setTimeout(open, reopenDelayMs(failures));
        failures += 1;
      });
    };
    open();

    return () => {
      clearTimeout(reopening);
      stream?.close();
      stream = null;
    };
  }, [enabled, queryClient, source]);
}
