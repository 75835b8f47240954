import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { auditLog } from "../../db/schema/audit";
import { user } from "../../db/schema/auth";
import { engines } from "../../test/engines";
import { buildUser, uniqueEmail } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { createOrPromoteAdmin } from "./admin-create";
import { runAdminCreate } from "./admin-create-cli";

describe.each(engines)("creating administrators from the command line on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  const signIn = (email: string, password: string) => server.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password } });
  const auditOf = (userId: string) => server.database.db.select().from(auditLog).where(eq(auditLog.subjectId, userId)).orderBy(auditLog.id);

  it("creates a verified administrator with a generated one-time password that signs in", async () => {
    const email = uniqueEmail("ops");
    const result = await createOrPromoteAdmin(server.database.db, { email: email.toUpperCase() });
    expect(result.outcome).toBe("created");
    expect(result.generatedPassword).toMatch(/^[\w-]{18}$/);

    const signedIn = await signIn(email, result.generatedPassword!);
    expect(signedIn.statusCode).toBe(200);
    const cookie = signedIn.cookies.map((item) => `${item.name}=${item.value}`).join("; ");
    expect((await server.app.inject({ url: "/api/me", headers: { cookie } })).json()).toMatchObject({ email, role: "admin", emailVerified: true, providers: ["credential"] });
    expect(await auditOf(result.userId)).toEqual([expect.objectContaining({ action: "user.role", actorUserId: null, before: null, after: expect.objectContaining({ role: "admin" }) })]);
  });

  it("uses the password it is given", async () => {
    const email = uniqueEmail("ops");
    const result = await createOrPromoteAdmin(server.database.db, { email, password: "chosen-secret" });
    expect(result.generatedPassword).toBeUndefined();
    expect((await signIn(email, "chosen-secret")).statusCode).toBe(200);
  });

  it("promotes an existing (even unverified) account, keeping its password unless one is given, and audits it", async () => {
    const person = await buildUser(server, { verified: false });
    // As an admin sign-up left waiting for its email to be confirmed: promoting it answers that request.
    await server.database.db.update(user).set({ adminRequested: true }).where(eq(user.id, person.id));
    const promoted = await createOrPromoteAdmin(server.database.db, { email: person.email });
    expect(promoted).toEqual({ userId: person.id, outcome: "promoted", passwordSet: false });
    expect((await signIn(person.email, person.password)).statusCode).toBe(200);
    const [row] = await server.database.db.select({ role: user.role, emailVerified: user.emailVerified, adminRequested: user.adminRequested }).from(user).where(eq(user.id, person.id));
    expect(row).toEqual({ role: "admin", emailVerified: true, adminRequested: false });

    await createOrPromoteAdmin(server.database.db, { email: person.email, password: "replaced-secret" });
    expect((await signIn(person.email, person.password)).statusCode).toBe(401);
    expect((await signIn(person.email, "replaced-secret")).statusCode).toBe(200);
    const audit = await auditOf(person.id);
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ before: { role: "user", emailVerified: false }, after: { role: "admin", emailVerified: true } });
  });
});

describe("npm run admin:create", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dialwise-admin-create-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" };

  it("explains its usage and refuses bad input without touching the data", async () => {
    expect(await runAdminCreate([], env)).toMatchObject({ exitCode: 2, output: expect.stringContaining("--email is required") });
    expect(await runAdminCreate(["--email", "not-an-email"], env)).toMatchObject({ exitCode: 2, output: expect.stringContaining("Not an email address") });
    expect(await runAdminCreate(["--email", "a@b.example", "--password", "short"], env)).toMatchObject({ exitCode: 2 });
    expect(await runAdminCreate(["--email", "a@b.example", "--role", "admin"], env)).toMatchObject({ exitCode: 2, output: expect.stringContaining("Usage") });
  });

  // Two command runs, each starting its own process on the embedded database: slow on a busy machine.
  it("creates an administrator in the embedded database and prints the one-time password", { timeout: 90_000 }, async () => {
    const result = await runAdminCreate(["--", "--email", "Chief@Example.com"], env);
    expect(result.exitCode).toBe(0);
    expect(result.output).toMatch(/^Created administrator chief@example\.com \(email verified\)\.\nOne-time password: [\w-]{18}\n/);

    const again = await runAdminCreate(["--email", "chief@example.com"], env);
    expect(again).toEqual({ exitCode: 0, output: "chief@example.com is now an administrator (email verified).\nThe existing password is unchanged." });

    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db.select({ role: user.role, emailVerified: user.emailVerified }).from(user).where(eq(user.email, "chief@example.com"));
      expect(rows).toEqual([{ role: "admin", emailVerified: true }]);
    } finally {
      await database.close();
    }
  });

  it("refuses while a running server holds the embedded database", async () => {
    // Our parent process stands in for a running server: alive, and not us.
    writeFileSync(path.join(dataDir, "server.pid"), `${process.ppid}\nthe Dialwise server\n${new Date().toISOString()}\n`);
    try {
      const result = await runAdminCreate(["--email", "late@example.com"], env);
      expect(result.exitCode).toBe(1);
      expect(result.output).toContain(`The Dialwise server (pid ${process.ppid}`);
      expect(result.output).toContain("stop it first");
    } finally {
      rmSync(path.join(dataDir, "server.pid"), { force: true });
    }
  });
});
