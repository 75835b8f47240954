import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session, user } from "../../db/schema/auth";
import { everyEngine } from "../../test/engines";
import { openEventStream, type EventStreamClient } from "../../test/event-stream-client";
import { buildUser, type TestUser } from "../../test/factories";
import { latestMail } from "../../test/mail";
import { startTestServer, type TestServer } from "../../test/test-server";
import { startTwoInstances, type TwoInstances } from "../../test/two-instances";
import { publishUserEvent } from "./user-events";

async function listening(server: TestServer): Promise<string> {
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}

/** Another session of the same person (another browser), as the Cookie header that carries it. */
async function signInAgain(server: TestServer, person: TestUser): Promise<string> {
  const signIn = await server.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email: person.email, password: person.password } });
  expect(signIn.statusCode).toBe(200);
  return signIn.cookies.map((item) => `${item.name}=${item.value}`).join("; ");
}

const post = (server: TestServer, url: string, cookie: string, payload: object = {}) => server.app.inject({ method: "POST", url, headers: { cookie }, payload });

const balance = (server: TestServer, person: TestUser, amount: string) => publishUserEvent(server.bus, server.database.db, person.id, "balance", { balance: amount });
const marker = (server: TestServer, person: TestUser, key: string) =>
  publishUserEvent(server.bus, server.database.db, person.id, "cache.invalidate", { queryKey: [key] });

/** A stream that is open and hears its user's events: one balance arrives. */
async function liveStream(server: TestServer, base: string, person: TestUser, cookie = person.cookie): Promise<EventStreamClient> {
  const stream = await openEventStream(base, cookie);
  expect(stream.status).toBe(200);
  await stream.subscribed;
  await balance(server, person, "1.0000");
  await stream.waitFor(1);
  return stream;
}

/** The stream ended, and a balance published after the change never reached it. */
async function endsBeforeTheNextBalance(server: TestServer, stream: EventStreamClient, person: TestUser): Promise<void> {
  await balance(server, person, "2.0000");
  await stream.waitForEnd();
  expect(stream.received.map((event) => event.data)).not.toContainEqual({ balance: "2.0000" });
}

const adminActivity = (stream: EventStreamClient) => stream.received.filter((event) => event.event === "admin.activity");

// The heartbeat (and with it the periodic check) is left at its default of 25 s here: what ends
// these streams is the change's own announcement, at once, before the next event.
describe.each(everyEngine)("an event stream whose session ends, on %s", (engine) => {
  let server: TestServer;
  let base: string;
  let admin: TestUser;
  beforeAll(async () => {
    server = await startTestServer(engine);
    base = await listening(server);
    admin = await buildUser(server, { role: "admin" });
  });
  afterAll(() => server.close());

  it("ends when its session signs out, and a stream of the person's other session goes on", async () => {
    const person = await buildUser(server);
    const otherCookie = await signInAgain(server, person);
    const stream = await liveStream(server, base, person);
    const other = await liveStream(server, base, person, otherCookie);
    expect((await post(server, "/api/auth/sign-out", person.cookie)).statusCode).toBe(200);
    expect((await server.app.inject({ method: "GET", url: "/api/me", headers: { cookie: person.cookie } })).statusCode).toBe(401);
    await endsBeforeTheNextBalance(server, stream, person);
    // The other session still stands: its stream heard the balance and hears what follows.
    await marker(server, person, "still-here");
    expect((await other.waitFor(3)).map((event) => event.data)).toEqual([{ balance: "1.0000" }, { balance: "2.0000" }, { queryKey: ["still-here"] }]);
    other.close();
  });

  it("ends when the password is changed on another session with its other sessions revoked", async () => {
    const person = await buildUser(server);
    const stream = await liveStream(server, base, person);
    const otherCookie = await signInAgain(server, person);
    const changed = await post(server, "/api/auth/change-password", otherCookie, { currentPassword: person.password, newPassword: "changed-pw-1", revokeOtherSessions: true });
    expect(changed.statusCode).toBe(200);
    await endsBeforeTheNextBalance(server, stream, person);
  });

  it("ends when the person signs out everywhere from another session", async () => {
    const person = await buildUser(server);
    const stream = await liveStream(server, base, person);
    const otherCookie = await signInAgain(server, person);
    expect((await post(server, "/api/auth/revoke-sessions", otherCookie)).statusCode).toBe(200);
    await endsBeforeTheNextBalance(server, stream, person);
  });

  it("ends when the password is reset from an emailed link", async () => {
    const person = await buildUser(server);
    const stream = await liveStream(server, base, person);
    await server.app.inject({ method: "POST", url: "/api/auth/request-password-reset", payload: { email: person.email, redirectTo: "/en/reset-password" } });
    const mail = await latestMail(server, person.email, "reset_password");
    const token = new URL(mail!.link).pathname.split("/").at(-1)!;
    expect((await server.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { newPassword: "reset-pw-1", token } })).statusCode).toBe(200);
    await endsBeforeTheNextBalance(server, stream, person);
  });

  it("ends when an admin bans the account", async () => {
    const person = await buildUser(server);
    const stream = await liveStream(server, base, person);
    expect((await post(server, `/api/admin/users/${person.id}/ban`, admin.cookie, { reason: "abuse" })).statusCode).toBe(200);
    await endsBeforeTheNextBalance(server, stream, person);
  });

  it("ends when the person deletes the account", async () => {
    const person = await buildUser(server);
    const stream = await liveStream(server, base, person);
    expect((await post(server, "/api/profile/delete", person.cookie, { confirmation: person.email })).statusCode).toBe(200);
    await endsBeforeTheNextBalance(server, stream, person);
  });

  it("stops the back office's news reaching an admin whose role was removed; the stream they open again is a customer's", async () => {
    const demoted = await buildUser(server, { role: "admin" });
    const customer = await buildUser(server);
    // Its own balance and, as it is an admin's stream, the news that money moved; then a customer's.
    const stream = await liveStream(server, base, demoted);
    await balance(server, customer, "3.0000");
    await stream.waitFor(3);
    expect(adminActivity(stream)).toHaveLength(2);

    const removed = await server.app.inject({ method: "PUT", url: `/api/admin/users/${demoted.id}/role`, headers: { cookie: admin.cookie }, payload: { role: "user" } });
    expect(removed.statusCode).toBe(200);
    await balance(server, customer, "4.0000");
    await stream.waitForEnd();
    expect(adminActivity(stream)).toHaveLength(2);

    // The browser reconnects with the same session: it is let in, as a customer.
    const again = await openEventStream(base, demoted.cookie);
    await again.subscribed;
    await balance(server, customer, "5.0000");
    await marker(server, demoted, "after");
    expect((await again.waitFor(1)).map((event) => event.event)).toEqual(["cache.invalidate"]);
    again.close();
  });
});

// A change no message announced (a session that expired, a role changed by hand in the
// database, a message lost while the bus reconnected): the periodic check finds it.
describe.each(everyEngine)("the periodic check of open event streams, on %s", (engine) => {
  let server: TestServer;
  let base: string;
  beforeAll(async () => {
    server = await startTestServer(engine, {}, { heartbeatMs: 50 });
    base = await listening(server);
  });
  afterAll(() => server.close());

  it("ends a stream whose session expired, and leaves another one open", async () => {
    const [person, bystander] = await Promise.all([buildUser(server), buildUser(server)]);
    const untouched = await liveStream(server, base, bystander);
    const stream = await liveStream(server, base, person);
    await server.database.db
      .update(session)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(session.userId, person.id));
    await stream.waitForEnd();
    // The check that ended the expired one read the bystander's session too.
    await marker(server, bystander, "still-here");
    expect((await untouched.waitFor(2)).map((event) => event.event)).toEqual(["balance", "cache.invalidate"]);
    untouched.close();
  });

  it("ends an admin's stream once the account is no longer an admin", async () => {
    const demoted = await buildUser(server, { role: "admin" });
    const stream = await liveStream(server, base, demoted);
    await server.database.db.update(user).set({ role: "user" }).where(eq(user.id, demoted.id));
    await stream.waitForEnd();
  });
});

describe.each(everyEngine.filter((engine) => engine === "postgres"))("an event stream on another instance, on %s", (engine) => {
  let instances: TwoInstances;
  let bases: string[];
  let admin: TestUser;
  beforeAll(async () => {
    instances = await startTwoInstances(engine);
    bases = [await listening(instances.first), await listening(instances.second)];
    admin = await buildUser(instances.first, { role: "admin" });
  });
  afterAll(() => instances.close());

  it("ends at once when its session signs out on the other instance", async () => {
    const person = await buildUser(instances.first);
    const stream = await liveStream(instances.second, bases[1]!, person);
    expect((await post(instances.first, "/api/auth/sign-out", person.cookie)).statusCode).toBe(200);
    await endsBeforeTheNextBalance(instances.first, stream, person);
  });

  it("ends at once when the account is banned on the other instance", async () => {
    const person = await buildUser(instances.first);
    const stream = await liveStream(instances.second, bases[1]!, person);
    expect((await post(instances.first, `/api/admin/users/${person.id}/ban`, admin.cookie, { reason: "abuse" })).statusCode).toBe(200);
    await endsBeforeTheNextBalance(instances.first, stream, person);
  });
});
