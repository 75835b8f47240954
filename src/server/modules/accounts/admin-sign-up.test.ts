import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/audit";
import { user } from "../../db/schema/auth";
import { engines } from "../../test/engines";
import { buildUser, uniqueEmail } from "../../test/factories";
import { latestMail, pathOf } from "../../test/mail";
import { startTestServer, type TestServer } from "../../test/test-server";

const cookieOf = (response: LightMyRequestResponse) => response.cookies.map((item) => `${item.name}=${item.value}`).join("; ");

describe.each(engines)("admin sign-up on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { GOOGLE_CLIENT_ID: "test-client.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: "test-google-secret" });
  });
  afterAll(() => server.close());

  const adminSignUp = (payload: Record<string, unknown>) => server.app.inject({ method: "POST", url: "/api/accounts/admin-sign-up", payload });
  const rowOf = async (email: string) => (await server.database.db.select().from(user).where(eq(user.email, email)))[0];

  it("refuses an address outside the company domain with 403 admin_domain_required, creating nothing", async () => {
    for (const email of [uniqueEmail("boss", "example.com"), uniqueEmail("boss", "evil-dialwise.example"), uniqueEmail("boss", "dialwise.example.evil.com")]) {
      const response = await adminSignUp({ email, password: "secret-one" });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({ code: "admin_domain_required", message: "Administrator accounts need an email address at dialwise.example." });
      expect(await rowOf(email)).toBeUndefined();
    }
  });

  /** The address's owner opens the invitation and chooses the account's password: the reset-password answer. */
  async function chooseFromInvitation(email: string, newPassword: string, invitation?: string) {
    const link = invitation ?? (await latestMail(server, email, "admin_invitation"))!.link;
    const landed = await server.app.inject({ url: pathOf(link) });
    const token = new URL(String(landed.headers.location), "http://localhost").searchParams.get("token");
    return server.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, newPassword } });
  }
  const signIn = (email: string, password: string) => server.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password } });

  it("creates an account that becomes an administrator only once the address's owner chooses its password from the invitation, and audits the grant", async () => {
    const email = uniqueEmail("boss", "dialwise.example");
    const response = await adminSignUp({ email: ` ${email.toUpperCase()}  `, password: "typed-by-anyone", callbackURL: "/sv/auth" });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ status: "verification_sent" });
    expect(await rowOf(email)).toMatchObject({ role: "user", adminRequested: true, emailVerified: false });

    const early = await signIn(email, "typed-by-anyone");
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe("EMAIL_NOT_VERIFIED");

    // No plain confirmation link exists for it: only the invitation to choose the password, in the page's language.
    expect(await latestMail(server, email, "verify_email")).toBeNull();
    const invitation = await latestMail(server, email, "admin_invitation");
    expect(invitation?.subject).toBe("Slutför ditt administratörskonto hos Dialwise");
    const landed = await server.app.inject({ url: pathOf(invitation!.link) });
    expect(landed.headers.location).toMatch(/^http:\/\/localhost:3000\/sv\/reset-password\?token=/);
    expect((await chooseFromInvitation(email, "chosen-by-the-owner", invitation!.link)).statusCode).toBe(200);

    const row = await rowOf(email);
    // The request is answered: a later verification or reset grants nothing again.
    expect(row).toMatchObject({ role: "admin", emailVerified: true, adminRequested: false });
    const audit = await server.database.db.select().from(auditLog).where(and(eq(auditLog.subjectType, "user"), eq(auditLog.subjectId, row!.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "user.role", actorUserId: row!.id, before: { role: "user" }, after: { role: "admin" } });

    // Whoever signed up, perhaps not the address's owner, knows a password that no longer works.
    expect((await signIn(email, "typed-by-anyone")).statusCode).toBe(401);
    const owner = await signIn(email, "chosen-by-the-owner");
    expect(owner.statusCode).toBe(200);
    const cookie = cookieOf(owner);
    expect((await server.app.inject({ url: "/api/me", headers: { cookie } })).json().role).toBe("admin");
    expect((await server.app.inject({ url: "/api/admin/overview", headers: { cookie } })).statusCode).toBe(200);

    // The invitation works once; nothing more is audited.
    expect((await chooseFromInvitation(email, "another-choice-1", invitation!.link)).statusCode).toBe(400);
    expect(await server.database.db.select().from(auditLog).where(eq(auditLog.subjectId, row!.id))).toHaveLength(1);
  });

  it("answers a request for a new confirmation of an administrator sign-up with a new invitation, never a plain confirmation link", async () => {
    const email = uniqueEmail("again", "dialwise.example");
    expect((await adminSignUp({ email, password: "typed-by-anyone", callbackURL: "/en/auth" })).statusCode).toBe(201);
    const first = await latestMail(server, email, "admin_invitation");
    const resent = await server.app.inject({
      method: "POST",
      url: "/api/auth/send-verification-email",
      payload: { email, callbackURL: "/en/auth" },
      headers: { origin: "http://localhost:3000" },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await latestMail(server, email, "admin_invitation");
    expect(second?.link).not.toBe(first?.link);
    expect(await latestMail(server, email, "verify_email")).toBeNull();
    expect(await rowOf(email)).toMatchObject({ role: "user", emailVerified: false });
  });

  it("keeps an administrator whose role was removed a customer when they verify a changed address at the company domain", async () => {
    const email = uniqueEmail("demoted", "dialwise.example");
    expect((await adminSignUp({ email, password: "secret-one", callbackURL: "/en/auth" })).statusCode).toBe(201);
    expect((await chooseFromInvitation(email, "secret-two")).statusCode).toBe(200);
    expect(await rowOf(email)).toMatchObject({ role: "admin" });
    const cookie = cookieOf(await signIn(email, "secret-two"));
    // Choosing the password ended the change links issued before it, to the whole second (auth/change-email.ts): ask in the next one.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const id = (await rowOf(email))!.id;

    const other = await buildUser(server, { role: "admin" });
    const removed = await server.app.inject({ method: "PUT", url: `/api/admin/users/${id}/role`, headers: { cookie: other.cookie }, payload: { role: "user" } });
    expect(removed.statusCode).toBe(200);
    expect((await server.app.inject({ url: "/api/me", headers: { cookie } })).json().role).toBe("user");

    // The removed administrator moves the account to another company address, approves it from the current one and confirms it.
    const newEmail = uniqueEmail("demoted-again", "dialwise.example");
    const asked = await server.app.inject({ method: "POST", url: "/api/auth/change-email", headers: { cookie }, payload: { newEmail, callbackURL: "/en/profile" } });
    expect(asked.statusCode, asked.body).toBe(200);
    const approved = await server.app.inject({ url: pathOf((await latestMail(server, email, "approve_email_change"))!.link), headers: { cookie } });
    expect(approved.statusCode).toBe(302);
    const confirmed = await server.app.inject({ url: pathOf((await latestMail(server, newEmail, "change_email"))!.link), headers: { cookie } });
    expect(confirmed.statusCode).toBe(302);
    expect(await rowOf(newEmail)).toMatchObject({ id, role: "user", emailVerified: true });
    expect((await server.app.inject({ url: "/api/admin/users", headers: { cookie } })).statusCode).toBe(403);
    // The account's history: granted at sign-up, removed by the other administrator, and nothing since.
    const roles = await server.database.db.select().from(auditLog).where(and(eq(auditLog.subjectId, id), eq(auditLog.action, "user.role")));
    expect(roles.map((row) => row.after)).toEqual([expect.objectContaining({ role: "admin" }), expect.objectContaining({ role: "user" })]);
  });

  it("lets an administrator's decision on an unverified admin sign-up stand when its invitation is used later", async () => {
    const email = uniqueEmail("overruled", "dialwise.example");
    expect((await adminSignUp({ email, password: "secret-one", callbackURL: "/en/auth" })).statusCode).toBe(201);
    const id = (await rowOf(email))!.id;
    const other = await buildUser(server, { role: "admin" });
    const setRole = (role: string) => server.app.inject({ method: "PUT", url: `/api/admin/users/${id}/role`, headers: { cookie: other.cookie }, payload: { role } });
    // Promoted and then demoted by another administrator before the address was confirmed.
    expect((await setRole("admin")).statusCode).toBe(200);
    expect((await setRole("user")).statusCode).toBe(200);
    expect(await rowOf(email)).toMatchObject({ role: "user", adminRequested: false });
    expect((await chooseFromInvitation(email, "secret-two")).statusCode).toBe(200);
    expect(await rowOf(email)).toMatchObject({ role: "user", emailVerified: true });
  });

  it("answers an address that already has an account exactly like a new one, changing nothing and mailing the owner", async () => {
    const fresh = await adminSignUp({ email: uniqueEmail("boss", "dialwise.example"), password: "secret-one" });
    const customer = await buildUser(server, { email: uniqueEmail("staff", "dialwise.example") });
    const taken = await adminSignUp({ email: customer.email, password: "secret-one", callbackURL: "/de/auth" });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual(fresh.json());
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    expect(await rowOf(customer.email)).toMatchObject({ role: "user", adminRequested: false, emailVerified: true });
    expect((await server.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email: customer.email, password: "secret-one" } })).statusCode).toBe(401);
    const note = await latestMail(server, customer.email, "existing_account");
    expect(note?.subject).toBe("Jemand wollte sich mit Ihrer E-Mail-Adresse bei Dialwise registrieren");
    expect(note?.link).toBe("http://localhost:3000/de/auth");

    // A second request for an account still waiting for verification: same answer, first password kept.
    const pending = uniqueEmail("boss", "dialwise.example");
    expect((await adminSignUp({ email: pending, password: "secret-one", callbackURL: "/sv/auth" })).statusCode).toBe(201);
    const again = await adminSignUp({ email: pending, password: "secret-two" });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ status: "verification_sent" });
    expect(await rowOf(pending)).toMatchObject({ adminRequested: true, emailVerified: false });
    expect((await latestMail(server, pending, "existing_account"))?.subject).toBe("Någon försökte skapa ett Dialwise-konto med din e-postadress");
  });

  it("keeps a regular sign-up at the company domain a customer after verification", async () => {
    const email = uniqueEmail("staff", "dialwise.example");
    await server.app.inject({ method: "POST", url: "/api/auth/sign-up/email", payload: { email, password: "secret-one", name: "Staff", callbackURL: "/en/auth" } });
    const mail = await latestMail(server, email, "verify_email");
    await server.app.inject({ url: pathOf(mail!.link) });
    expect(await rowOf(email)).toMatchObject({ role: "user", emailVerified: true });
  });

  it("validates the request before creating anything", async () => {
    const email = uniqueEmail("boss", "dialwise.example");
    for (const payload of [
      { email, password: "five5" },
      { email, password: "secret-one", callbackURL: "https://evil.example/en/auth" },
      { email: "not-an-email", password: "secret-one" },
    ]) {
      const response = await adminSignUp(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe("validation_failed");
    }
    expect(await rowOf(email)).toBeUndefined();
  });

  it("offers Google sign-in with PKCE when it is configured", async () => {
    expect((await server.app.inject({ url: "/api/auth-options" })).json()).toMatchObject({ google: true });
    const response = await server.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/social",
      payload: { provider: "google", callbackURL: "/en/auth", errorCallbackURL: "/en/auth" },
      headers: { origin: "http://localhost:3000" },
    });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().url);
    expect(url.origin).toBe("https://accounts.google.com");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toBeTruthy();
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:3000/api/auth/callback/google");
  });
});
