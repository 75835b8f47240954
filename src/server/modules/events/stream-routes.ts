import type { FastifyInstance } from "fastify";
import { LIVE_EVENTS_PATH } from "../../../shared/api/live-events";
import type { BusMessage, EventBus } from "../../db/bus";
import type { Executor } from "../../db/client";
import { requireViewer } from "../../http/access";
import { USER_EVENT_TOPIC, userEventsAfter, type StoredUserEvent } from "./user-events";

export interface StreamOptions {
  db: Executor;
  bus: EventBus;
  heartbeatMs: number;
}

type Send = (event: StoredUserEvent) => void;

/**
 * GET /api/events: the signed-in user's live events as server-sent events.
 * A reconnecting browser sends Last-Event-ID and gets what it missed first.
 */
export function registerEventStream(app: FastifyInstance, { db, bus, heartbeatMs }: StreamOptions): void {
  const streams = new Map<string, Set<Send>>();
  const unsubscribe = bus.subscribe((message: BusMessage) => {
    if (message.topic !== USER_EVENT_TOPIC || !message.userId || message.id === undefined) return;
    const payload = message.data as { type: string; data: unknown };
    for (const send of streams.get(message.userId) ?? []) send({ id: message.id, type: payload.type, data: payload.data });
  });
  app.addHook("onClose", async () => unsubscribe());

  app.get(
    LIVE_EVENTS_PATH,
    { config: { access: "user" }, schema: { summary: "The signed-in user's live events (text/event-stream)" } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const lastEventId = Number(request.headers["last-event-id"] ?? (request.query as { lastEventId?: string }).lastEventId ?? 0);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      raw.write("retry: 3000\n\n");

      // Listen before replaying so nothing published in between is lost; ids keep order and drop repeats.
      let lastSent = Number.isSafeInteger(lastEventId) && lastEventId > 0 ? lastEventId : 0;
      let replaying = true;
      const queued: StoredUserEvent[] = [];
      const write = (event: StoredUserEvent) => {
        if (event.id <= lastSent) return;
        lastSent = event.id;
        raw.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
      };
      const send: Send = (event) => (replaying ? queued.push(event) : write(event));
      const mine = streams.get(viewer.userId) ?? new Set<Send>();
      mine.add(send);
      streams.set(viewer.userId, mine);

      const heartbeat = setInterval(() => raw.write(": heartbeat\n\n"), heartbeatMs);
      const close = () => {
        clearInterval(heartbeat);
        mine.delete(send);
        if (mine.size === 0) streams.delete(viewer.userId);
      };
      raw.on("close", close);

      try {
        if (lastSent > 0) for (const event of await userEventsAfter(db, viewer.userId, lastSent)) write(event);
      } catch (error) {
        request.log.error({ err: error }, "event replay failed");
      }
      replaying = false;
      for (const event of queued.splice(0)) write(event);
    },
  );
}
