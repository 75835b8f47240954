import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { publishUserEvent } from "./user-events";

/** Reads server-sent events from a live connection until `count` events (not comments) arrived. */
async function readEvents(response: Response, count: number): Promise<{ id: string; event: string; data: unknown }[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: { id: string; event: string; data: unknown }[] = [];
  let buffer = "";
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields: Record<string, string> = Object.fromEntries(
        block.split("\n").filter((line) => !line.startsWith(":")).map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 2)]),
      );
      if (fields.event) events.push({ id: fields.id ?? "", event: fields.event, data: JSON.parse(fields.data ?? "null") });
    }
  }
  await reader.cancel();
  return events;
}

describe.each(engines)("live event stream on %s", (engine) => {
  let server: TestServer;
  let base: string;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    server = await startTestServer(engine, {}, { heartbeatMs: 50 });
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    alice = await buildUser(server);
    bob = await buildUser(server);
  });
  afterAll(() => server.close());

  it("refuses anonymous visitors with 401", async () => {
    const response = await fetch(`${base}/api/events`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
  });

  it("streams a user's own events and not another user's, with heartbeats", async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/api/events`, { headers: { cookie: alice.cookie }, signal: controller.signal });
    expect(response.headers.get("content-type")).toMatch(/text\/event-stream/);
    const reading = readEvents(response, 1);
    // Give the stream a moment to subscribe before publishing.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await publishUserEvent(server.bus, server.database.db, bob.id, "cache.invalidate", { queryKey: ["bob"] });
    await publishUserEvent(server.bus, server.database.db, alice.id, "cache.invalidate", { queryKey: ["alice"] });
    const [event] = await reading;
    expect(event).toMatchObject({ event: "cache.invalidate", data: { queryKey: ["alice"] } });
    controller.abort();
  });

  it("replays what a reconnecting stream missed after Last-Event-ID", async () => {
    const first = await publishUserEvent(server.bus, server.database.db, alice.id, "cache.invalidate", { queryKey: ["one"] });
    await publishUserEvent(server.bus, server.database.db, alice.id, "cache.invalidate", { queryKey: ["two"] });
    await publishUserEvent(server.bus, server.database.db, alice.id, "cache.invalidate", { queryKey: ["three"] });
    const controller = new AbortController();
    const response = await fetch(`${base}/api/events`, {
      headers: { cookie: alice.cookie, "last-event-id": String(first) },
      signal: controller.signal,
    });
    const events = await readEvents(response, 2);
    expect(events.map((event) => event.data)).toEqual([{ queryKey: ["two"] }, { queryKey: ["three"] }]);
    controller.abort();
  });
});
