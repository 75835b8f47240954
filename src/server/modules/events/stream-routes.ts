import type { FastifyInstance } from "fastify";
import { FINAL_CALL_STATUSES } from "../../../shared/api/calls";
import { LIVE_EVENTS_PATH, type LiveEventMap, type LiveEventType } from "../../../shared/api/live-events";
import type { BusMessage, EventBus } from "../../db/bus";
import type { Executor } from "../../db/client";
import { requireViewer } from "../../http/access";
import { clientKey } from "../../http/rate-limit";
import { openLiveStream } from "./live-stream";
import { OpenStreams, STREAM_LIMITS, type StreamLimits } from "./open-streams";
import { STREAM_ACCESS_TOPIC, type StreamAccessChange } from "./stream-access";
import { watchStreamAccess } from "./stream-access-check";
import { latestUserEventId, USER_EVENT_TOPIC } from "./user-events";

/** Sends an event to every open stream of this instance, not stored (it moves no stream's replay position). */
export type AnnounceToAll = <T extends LiveEventType>(type: T, data: LiveEventMap[T]) => void;

/**
 * News for everyone who has a stream open (a price change): given the means to announce, it returns
 * the function that stops it. Each instance announces to its own streams what it heard on the bus.
 */
export type StreamAnnouncer = (announce: AnnounceToAll) => () => void;

export interface StreamOptions {
  db: Executor;
  bus: EventBus;
  /** Between heartbeats, and between checks that each stream's session still stands. */
  heartbeatMs: number;
  limits?: StreamLimits;
  announcers?: StreamAnnouncer[];
}

/** What a customer's event tells the back office: a call that ended, or money that moved; else nothing. */
export function adminActivity(event: { type: string; data: unknown }): LiveEventMap["admin.activity"] | null {
  if (event.type === "balance") return { kind: "money" };
  if (event.type !== "call.status") return null;
  const { status } = event.data as LiveEventMap["call.status"];
  return FINAL_CALL_STATUSES.includes(status) ? { kind: "call" } : null;
}

/** How long a browser waits before reconnecting a stream that ended. */
const RECONNECT_DELAY_MS = 3_000;

/**
 * GET /api/events: the signed-in user's live events as server-sent events.
 * A reconnecting browser sends Last-Event-ID and gets what it missed first; when
 * the bus reconnects, every open stream reads what it may have missed. Stopping
 * the server ends every stream, so browsers reconnect to another instance.
 * A stream lasts only while the session that opened it stands, with the role it
 * had: it ends at once when an instance announces a change (stream-access.ts),
 * and otherwise at the next check, once per heartbeat interval (stream-access-check.ts).
 * Answers how many streams are open (metrics).
 */
export function registerEventStream(app: FastifyInstance, { db, bus, heartbeatMs, limits = STREAM_LIMITS, announcers = [] }: StreamOptions): () => number {
  const streams = new OpenStreams(limits);
  const accessCheck = watchStreamAccess({ db, streams: () => streams.all(), everyMs: heartbeatMs, log: app.log });
  const unsubscribe = bus.subscribe(
    (message: BusMessage) => {
      if (message.topic === STREAM_ACCESS_TOPIC && message.userId) {
        // Ended before any event published after the change is heard (the bus keeps commit order).
        for (const stream of [...streams.forUser(message.userId, (message.data as StreamAccessChange | undefined)?.sessionId)]) stream.end();
        return;
      }
      if (message.topic !== USER_EVENT_TOPIC || !message.userId || message.id === undefined) return;
      const payload = message.data as { type: string; data: unknown };
      for (const stream of streams.forUser(message.userId)) stream.deliver({ id: message.id, type: payload.type, data: payload.data });
      const activity = adminActivity(payload);
      if (activity) for (const stream of streams.admins()) stream.announce("admin.activity", activity);
    },
    // Each stream reads its own catch-up and ends itself if that fails; the bus need not wait for them.
    // An access change announced meanwhile was lost too: the sessions are read again now.
    () => {
      for (const stream of streams.all()) stream.catchUp();
      accessCheck.checkNow();
    },
  );
  const announceToAll: AnnounceToAll = (type, data) => {
    for (const stream of streams.all()) stream.announce(type, data);
  };
  const stopAnnouncers = announcers.map((announcer) => announcer(announceToAll));
  app.addHook("preClose", async () => {
    for (const stream of [...streams.all()]) stream.end();
  });
  app.addHook("onClose", async () => {
    accessCheck.stop();
    unsubscribe();
    for (const stop of stopAnnouncers) stop();
  });

  app.get(
    LIVE_EVENTS_PATH,
    { config: { access: "user" }, schema: { summary: "The signed-in user's live events (text/event-stream)" } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const address = clientKey(request.ip);
      const admit = () => {
        try {
          streams.admit(viewer.userId, address);
        } catch (error) {
          reply.header("retry-after", "30");
          throw error;
        }
      };
      admit();
      // A reconnecting browser says what it has; a new one starts from the latest event, read before
      // subscribing so that whatever commits in between is read below.
      const lastEventId = Number(request.headers["last-event-id"] ?? (request.query as { lastEventId?: string }).lastEventId ?? 0);
      const after = Number.isSafeInteger(lastEventId) && lastEventId > 0 ? lastEventId : await latestUserEventId(db, viewer.userId);
      // Checked again after the read: another stream may have opened meanwhile.
      admit();
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });

      const stream = openLiveStream({
        raw,
        db,
        userId: viewer.userId,
        sessionId: viewer.sessionId,
        address,
        admin: viewer.role === "admin",
        after,
        heartbeatMs,
        log: request.log,
        onClose: (closed) => streams.remove(closed),
      });
      // Hear live events before reading the table, so nothing committed in between is lost.
      stream.catchUp();
      streams.add(stream);
      // The first line says the stream is subscribed: an event published from now on reaches it.
      raw.write(`retry: ${RECONNECT_DELAY_MS}\n\n`);
    },
  );
  return () => streams.size;
}
