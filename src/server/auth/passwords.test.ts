import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account } from "../db/schema/auth";
import { buildUser } from "../test/factories";
import { startTestServer, type TestServer } from "../test/test-server";

/**
 * The other integration tests hash passwords cheaply (test/fast-password-hash.ts); this one
 * runs the server as production does, with better-auth's own scrypt, so the option cannot
 * hide a broken default.
 */
describe("passwords with the production hasher", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("pglite", {}, { passwordHasher: undefined });
  });
  afterAll(() => server.close());

  it("stores an scrypt hash (16-byte salt, 64-byte key, both in hex) and signs in only with the right password", async () => {
    const person = await buildUser(server);
    expect(person.cookie).not.toBe("");
    const [credential] = await server.database.db.select({ password: account.password }).from(account).where(eq(account.userId, person.id));
    expect(credential?.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);

    const wrong = await server.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email: person.email, password: `${person.password}x` } });
    expect(wrong.statusCode).toBe(401);
  });
});
