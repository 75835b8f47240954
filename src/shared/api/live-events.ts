/**
 * Events pushed to a signed-in user's browser over /api/events (server-sent events).
 * Each feature adds its event types here so both sides agree on their shape.
 */
export interface LiveEventMap {
  /** The server asks the browser to drop cached data it no longer trusts (e.g. after an admin edit). */
  "cache.invalidate": { queryKey: string[] };
}

export type LiveEventType = keyof LiveEventMap;

export interface LiveEvent<T extends LiveEventType = LiveEventType> {
  id: number;
  type: T;
  data: LiveEventMap[T];
}

export const LIVE_EVENTS_PATH = "/api/events";
