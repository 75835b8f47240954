import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { LIVE_EVENTS_PATH, type LiveEventMap, type LiveEventType } from "../../shared/api/live-events";

type CacheUpdate<T extends LiveEventType> = (queryClient: QueryClient, data: LiveEventMap[T]) => void;

/** How each live event changes the query cache; features add their event types here. */
export const liveEventCacheUpdates: { [T in LiveEventType]: CacheUpdate<T> } = {
  "cache.invalidate": (queryClient, data) => {
    void queryClient.invalidateQueries({ queryKey: data.queryKey });
  },
};

/**
 * Keeps a server-sent-events stream open while `enabled` (a signed-in user).
 * EventSource reconnects by itself and sends Last-Event-ID, so the server replays what was missed.
 */
export function useLiveEvents(enabled: boolean, source: (url: string) => EventSource = (url) => new EventSource(url)): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const stream = source(LIVE_EVENTS_PATH);
    const types = Object.keys(liveEventCacheUpdates) as LiveEventType[];
    const listeners = types.map((type) => {
      const listener = (event: MessageEvent<string>) => {
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        (liveEventCacheUpdates[type] as CacheUpdate<LiveEventType>)(queryClient, data as LiveEventMap[LiveEventType]);
      };
      stream.addEventListener(type, listener);
      return [type, listener] as const;
    });
    return () => {
      for (const [type, listener] of listeners) stream.removeEventListener(type, listener);
      stream.close();
    };
  }, [enabled, queryClient, source]);
}
