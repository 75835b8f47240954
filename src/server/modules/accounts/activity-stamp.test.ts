import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminUserProfile, AdminUserRow } from "../../../shared/api/admin-users";
import { userActivity } from "../../db/schema/activity";
import { everyEngine } from "../../test/engines";
import { eventually } from "../../test/eventually";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { ACTIVITY_STAMP_MS, createActivityStamp } from "./activity-stamp";

describe.each(everyEngine)("the account's activity stamp on %s", (engine) => {
  let server: TestServer;
  let admin: TestUser;
  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await buildUser(server, { role: "admin" });
  });
  afterAll(() => server.close());

  const stampOf = async (userId: string) => (await server.database.db.select().from(userActivity).where(eq(userActivity.userId, userId)))[0]?.lastActiveAt ?? null;
  const quiet = { warn: () => {} };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

  it("writes once per account per five minutes on an instance, and never moves the time back", async () => {
    const person = await buildUser(server);
    let clock = Date.parse("2026-11-28T10:00:00.000Z");
    const stamp = createActivityStamp(server.database.db, quiet, () => clock);
    stamp.note(person.id);
    await eventually(() => stampOf(person.id), (at) => at?.toISOString() === "2026-11-28T10:00:00.000Z");
    clock += ACTIVITY_STAMP_MS - 1;
    stamp.note(person.id);
    await settle();
    expect((await stampOf(person.id))?.toISOString()).toBe("2026-11-28T10:00:00.000Z");
    clock += 1;
    stamp.note(person.id);
    await eventually(() => stampOf(person.id), (at) => at?.toISOString() === "2026-11-28T10:05:00.000Z");
    // Another instance whose clock, or whose request, is behind: the later moment stays.
    createActivityStamp(server.database.db, quiet, () => Date.parse("2026-11-28T10:01:00.000Z")).note(person.id);
    await settle();
    expect((await stampOf(person.id))?.toISOString()).toBe("2026-11-28T10:05:00.000Z");
  });

  it("loses the stamp, not the request, when the write fails, and tries again five minutes later, not at every request", async () => {
    const warned: unknown[] = [];
    let clock = Date.now();
    const stamp = createActivityStamp(server.database.db, { warn: (entry: unknown) => void warned.push(entry) }, () => clock);
    // No such account: the foreign key refuses the row.
    expect(() => stamp.note("no-such-account")).not.toThrow();
    await eventually(async () => warned.length, (count) => count === 1);
    stamp.note("no-such-account");
    await settle();
    expect(warned).toHaveLength(1);
    clock += ACTIVITY_STAMP_MS;
    stamp.note("no-such-account");
    await eventually(async () => warned.length, (count) => count === 2);
  });

  it("is removed with the account it describes", async () => {
    const person = await buildUser(server);
    expect((await server.app.inject({ method: "GET", url: "/api/credits/balance", headers: { cookie: person.cookie } })).statusCode).toBe(200);
    await eventually(() => stampOf(person.id), (at) => at !== null);
    const deleted = await server.app.inject({ method: "POST", url: "/api/profile/delete", headers: { cookie: person.cookie }, payload: { confirmation: person.email } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await stampOf(person.id)).toBeNull();
  });

  it("shows in the back office when a customer last used the app, after they signed out too", async () => {
    const person = await buildUser(server);
    const before = Date.now();
    expect((await server.app.inject({ method: "GET", url: "/api/credits/balance", headers: { cookie: person.cookie } })).statusCode).toBe(200);
    await eventually(() => stampOf(person.id), (at) => at !== null);
    expect((await server.app.inject({ method: "POST", url: "/api/auth/sign-out", headers: { cookie: person.cookie }, payload: {} })).statusCode).toBe(200);

    const listed = await server.app.inject({ method: "GET", url: `/api/admin/users?q=${encodeURIComponent(person.email)}`, headers: { cookie: admin.cookie } });
    const row = listed.json<{ users: AdminUserRow[] }>().users.find((user) => user.id === person.id);
    expect(Date.parse(row?.lastActiveAt ?? "")).toBeGreaterThanOrEqual(before - 1000);
    const profile = await server.app.inject({ method: "GET", url: `/api/admin/users/${person.id}`, headers: { cookie: admin.cookie } });
    expect(profile.json<{ profile: AdminUserProfile }>().profile.lastActiveAt).toBe(row?.lastActiveAt);
  });
});
