import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { user } from "../../db/schema/auth";
import { everyEngine } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { changeRole } from "./admin-account-changes";
import { banUser, unbanUser } from "./admin-ban";

/**
 * Who administers, when administrators change each other's standing at the same moment (on PostgreSQL
 * the requests run at once, on separate connections; the embedded database takes them in turn), or
 * after the actor's own standing changed since their request was let in.
 */
describe.each(everyEngine)("administrators changing each other on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  // Each test starts with no administrator but the ones it makes, so "the last one" means what it says.
  beforeEach(async () => {
    await server.database.db.update(user).set({ role: "user" }).where(eq(user.role, "admin"));
  });

  const as = (who: TestUser, method: "PUT" | "POST", url: string, payload: object) => server.app.inject({ method, url, headers: { cookie: who.cookie }, payload });
  const standing = async (...people: TestUser[]) =>
    server.database.db.select({ id: user.id, role: user.role, banned: user.banned, deletedAt: user.deletedAt }).from(user).where(inArray(user.id, people.map((person) => person.id)));
  const administering = async (...people: TestUser[]) => (await standing(...people)).filter((row) => row.role === "admin" && !row.banned && row.deletedAt === null).length;
  const adminOf = (who: TestUser) => ({ userId: who.id, email: who.email });
  const pair = async () => [await buildUser(server, { role: "admin" }), await buildUser(server, { role: "admin" })] as const;

  it("two administrators removing each other's role at once: one change is made, the other refused, one administrator remains", async () => {
    for (let round = 0; round < 5; round += 1) {
      const [boss, other] = await pair();
      const answers = await Promise.all([
        as(boss, "PUT", `/api/admin/users/${other.id}/role`, { role: "user" }),
        as(other, "PUT", `/api/admin/users/${boss.id}/role`, { role: "user" }),
      ]);
      // The one refused was either stopped at the door (demoted already) or inside its transaction.
      expect(answers.map((answer) => answer.statusCode).sort(), answers.map((answer) => answer.body).join("\n")).toEqual([200, 403]);
      expect(await administering(boss, other)).toBe(1);
    }
  });

  it("two administrators banning each other at once: one ban is made, one administrator remains", async () => {
    for (let round = 0; round < 3; round += 1) {
      const [boss, other] = await pair();
      const answers = await Promise.all([
        as(boss, "POST", `/api/admin/users/${other.id}/ban`, { reason: "round " + round }),
        as(other, "POST", `/api/admin/users/${boss.id}/ban`, { reason: "round " + round }),
      ]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      // A ban ends the banned one's sessions: their own request is refused at the door (401) or inside (403).
      expect(codes[0], answers.map((answer) => answer.body).join("\n")).toBe(200);
      expect([401, 403]).toContain(codes[1]);
      expect(await administering(boss, other)).toBe(1);
    }
  });

  it("refuses a change whose actor lost the role (or was banned) after the request was let in, and changes nothing", async () => {
    const [boss, other] = await pair();
    const customer = await buildUser(server);
    // What happens between the access check and the transaction when another instance demotes `other` meanwhile.
    await server.database.db.update(user).set({ role: "user" }).where(eq(user.id, other.id));
    const deps = { db: server.database.db, bus: server.bus, carrier: { endCall: async () => false }, log: { warn: () => undefined } };
    const refused = { status: 403, code: "no_longer_admin" };
    await expect(changeRole(server.database.db, server.bus, adminOf(other), boss.id, "user")).rejects.toMatchObject(refused);
    await expect(changeRole(server.database.db, server.bus, adminOf(other), customer.id, "admin")).rejects.toMatchObject(refused);
    await expect(banUser(deps, adminOf(other), boss.id, "meanwhile")).rejects.toMatchObject(refused);
    await server.database.db.update(user).set({ banned: true }).where(eq(user.id, customer.id));
    await expect(unbanUser(server.database.db, adminOf(other), customer.id, "meanwhile")).rejects.toMatchObject(refused);
    // Banned while still holding the role: no longer an administrator either.
    await server.database.db.update(user).set({ role: "admin", banned: true }).where(eq(user.id, other.id));
    await expect(changeRole(server.database.db, server.bus, adminOf(other), boss.id, "user")).rejects.toMatchObject(refused);

    expect(await standing(boss, customer)).toEqual(
      expect.arrayContaining([
        { id: boss.id, role: "admin", banned: false, deletedAt: null },
        { id: customer.id, role: "user", banned: true, deletedAt: null },
      ]),
    );
  });

  it("keeps the last administrator: they cannot remove their own role, ban or delete their own account", async () => {
    const last = await buildUser(server, { role: "admin" });
    expect((await as(last, "PUT", `/api/admin/users/${last.id}/role`, { role: "user" })).json()).toMatchObject({ error: { code: "own_admin_role" } });
    expect((await as(last, "POST", `/api/admin/users/${last.id}/ban`, { reason: "leaving" })).json()).toMatchObject({ error: { code: "own_ban" } });
    const deletion = await as(last, "POST", "/api/profile/delete", { confirmation: last.email });
    expect(deletion.statusCode, deletion.body).toBe(409);
    expect(deletion.json()).toMatchObject({ error: { code: "last_admin", message: "This would leave no administrator. Make another account an administrator first." } });
    expect(await standing(last)).toEqual([{ id: last.id, role: "admin", banned: false, deletedAt: null }]);

    // With another administrator, it goes.
    const successor = await buildUser(server, { role: "admin" });
    const gone = await as(last, "POST", "/api/profile/delete", { confirmation: last.email });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await administering(last, successor)).toBe(1);
  });

  it("two last administrators deleting their accounts at once: one goes, the other is refused", async () => {
    const [first, second] = await pair();
    const answers = await Promise.all([first, second].map((who) => as(who, "POST", "/api/profile/delete", { confirmation: who.email })));
    expect(answers.map((answer) => answer.statusCode).sort(), answers.map((answer) => answer.body).join("\n")).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json()).toMatchObject({ error: { code: "last_admin" } });
    expect(await administering(first, second)).toBe(1);
  });
});
