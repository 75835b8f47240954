import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../../test/engines";
import { openEventStream, type EventStreamClient } from "../../test/event-stream-client";
import { eventually } from "../../test/eventually";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { STREAM_LIMITS } from "./open-streams";

describe.each(engines)("event stream limits on %s", (engine) => {
  let server: TestServer;
  let base: string;
  let users: TestUser[];
  const open: EventStreamClient[] = [];
  beforeAll(async () => {
    server = await startTestServer(engine);
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    // Enough accounts to pass the address limit while each stays within its own.
    const accounts = Math.ceil(STREAM_LIMITS.perAddress / STREAM_LIMITS.perAccount) + 1;
    users = await Promise.all(Array.from({ length: accounts }, () => buildUser(server)));
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await server.close();
  });

  const openFor = async (user: TestUser) => {
    const stream = await openEventStream(base, user.cookie);
    if (stream.status === 200) open.push(stream);
    return stream;
  };

  it("refuses an account's stream past its limit with 429 too_many_streams, and admits one again when another closes", async () => {
    const [alice] = users as [TestUser];
    for (let index = 0; index < STREAM_LIMITS.perAccount; index += 1) expect((await openFor(alice)).status).toBe(200);
    const refused = await openFor(alice);
    expect(refused.status).toBe(429);
    expect(refused.error?.code).toBe("too_many_streams");
    expect(refused.error?.message).toMatch(/tabs or windows/);
    expect(refused.headers.get("retry-after")).toBe("30");

    const closing = open.splice(0, 1)[0]!;
    closing.close();
    // The server notices the closed connection on its own time: try until it has.
    const admitted = await eventually(() => openFor(alice), (stream) => stream.status === 200);
    expect(admitted.status).toBe(200);
  });

  it("refuses a stream past the limit for one client address, whatever the account", async () => {
    let opened = open.length;
    for (const user of users.slice(1)) {
      for (let index = 0; index < STREAM_LIMITS.perAccount && opened < STREAM_LIMITS.perAddress; index += 1) {
        expect((await openFor(user)).status).toBe(200);
        opened += 1;
      }
    }
    expect(open).toHaveLength(STREAM_LIMITS.perAddress);
    // The last account has no stream yet: only the address is at its limit.
    const refused = await openFor(users.at(-1)!);
    expect(refused.status).toBe(429);
    expect(refused.error?.code).toBe("too_many_streams");
    expect(refused.error?.message).toMatch(/from your network/);
  });

  it("ends every open stream when the server stops, so browsers reconnect elsewhere", async () => {
    await Promise.all(open.map((stream) => stream.subscribed));
    await server.app.close();
    await Promise.all(open.map((stream) => stream.ended));
  });
});
