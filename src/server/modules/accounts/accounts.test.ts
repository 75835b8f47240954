import { and, eq } from "drizzle-orm";
import { signJWT } from "better-auth/crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translations } from "../../db/schema/i18n";
import { user } from "../../db/schema/auth";
import { engines } from "../../test/engines";
import { buildUser, uniqueEmail } from "../../test/factories";
import { linksIn } from "../../providers/email/email";
import { allMail, latestMail, mailCount, pathOf } from "../../test/mail";
import { startTestServer, type TestServer } from "../../test/test-server";

const cookieOf = (response: LightMyRequestResponse) => response.cookies.map((item) => `${item.name}=${item.value}`).join("; ");

describe.each(engines)("accounts on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  const signUp = (email: string, password: string, callbackURL: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: "POST", url: "/api/auth/sign-up/email", payload: { email, password, name: "Test Person", callbackURL }, headers });
  const signIn = (email: string, password: string) => server.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password } });
  const me = (cookie: string) => server.app.inject({ url: "/api/me", headers: { cookie } });

  it("signs up, refuses sign-in until the email is verified, then verifies through the emailed link", async () => {
    const email = uniqueEmail();
    expect((await signUp(email, "secret-one", "/en/auth")).statusCode).toBe(200);

    const refused = await signIn(email, "secret-one");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "EMAIL_NOT_VERIFIED" });
    expect(refused.cookies.filter((item) => item.name.includes("session_token") && item.value)).toEqual([]);

    const mail = await latestMail(server, email, "verify_email");
    expect(mail?.subject).toBe("Confirm your email address for Dialwise");
    expect(mail?.link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[^&]+&callbackURL=%2Fen%2Fauth$/);

    const followed = await server.app.inject({ url: pathOf(mail!.link) });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe("/en/auth?verified=1");

    // Following the link signs the person in (the web then shows 'Email Verified' and moves on).
    const account = await me(cookieOf(followed));
    expect(account.statusCode).toBe(200);
    const body = account.json();
    expect(body).toMatchObject({ email, name: "Test Person", emailVerified: true, role: "user", providers: ["credential"] });
    const weekFromNow = Date.now() + 7 * 24 * 3600 * 1000;
    expect(Math.abs(new Date(body.sessionExpiresAt).getTime() - weekFromNow)).toBeLessThan(60_000);

    expect((await signIn(email, "secret-one")).statusCode).toBe(200);
  });

  it("sends a bad or expired verification link back to the page with ?error=", async () => {
    const bad = await server.app.inject({ url: "/api/auth/verify-email?token=not-a-token&callbackURL=%2Fsv%2Fauth" });
    expect(bad.statusCode).toBe(302);
    expect(bad.headers.location).toBe("/sv/auth?error=INVALID_TOKEN");

    const email = uniqueEmail();
    await signUp(email, "secret-one", "/en/auth");
    const expired = await signJWT({ email }, server.config.authSecret!, -60);
    const late = await server.app.inject({ url: `/api/auth/verify-email?token=${expired}&callbackURL=%2Fen%2Fauth` });
    expect(late.headers.location).toBe("/en/auth?error=TOKEN_EXPIRED");
    expect((await signIn(email, "secret-one")).statusCode).toBe(403);
  });

  it("writes the verification email in the language of the page the link returns to, else the browser's", async () => {
    const swedish = uniqueEmail();
    await signUp(swedish, "secret-one", "/sv/auth");
    const sv = await latestMail(server, swedish, "verify_email");
    expect(sv?.subject).toBe("Bekräfta din e-postadress för Dialwise");
    expect(sv?.html).toContain('<html lang="sv" dir="ltr">');
    expect(sv?.text).toContain(swedish);

    const arabic = uniqueEmail();
    await signUp(arabic, "secret-one", "/ar/auth");
    const ar = await latestMail(server, arabic, "verify_email");
    expect(ar?.subject).toBe("أكّد بريدك الإلكتروني في Dialwise");
    expect(ar?.html).toContain('<html lang="ar" dir="rtl">');

    const german = uniqueEmail();
    await signUp(german, "secret-one", "/", { "accept-language": "fr-CH;q=0.5, de-DE, en;q=0.8" });
    expect((await latestMail(server, german, "verify_email"))?.subject).toBe("Bestätigen Sie Ihre E-Mail-Adresse für Dialwise");

    const english = uniqueEmail();
    await signUp(english, "secret-one", "/", { "accept-language": "ja-JP" });
    expect((await latestMail(server, english, "verify_email"))?.subject).toBe("Confirm your email address for Dialwise");
  });

  it("renders emails from the translations table, so an admin's edit is what people receive", async () => {
    const key = and(eq(translations.language, "pt"), eq(translations.key, "emails.verify.subject"));
    const [original] = await server.database.db.select().from(translations).where(key);
    await server.database.db.update(translations).set({ value: "Confirme já o seu e-mail, {{email}}" }).where(key);
    try {
      const email = uniqueEmail();
      await signUp(email, "secret-one", "/pt/auth");
      expect((await latestMail(server, email, "verify_email"))?.subject).toBe(`Confirme já o seu e-mail, ${email}`);
    } finally {
      await server.database.db.update(translations).set({ value: original!.value }).where(key);
    }
  });

  it("escapes what it puts into the HTML email", async () => {
    const email = `o'brien+${Date.now()}@example.com`;
    await signUp(email, "secret-one", "/en/auth");
    const mail = await latestMail(server, email, "verify_email");
    expect(mail?.html).toContain("o&#39;brien");
    expect(mail?.html).not.toContain("o'brien");
  });

  it("resets a password through the emailed link, once, ending every session", async () => {
    const person = await buildUser(server);
    const asked = await server.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email: person.email, redirectTo: "/fr/reset-password" },
    });
    expect(asked.statusCode).toBe(200);
    const mail = await latestMail(server, person.email, "reset_password");
    expect(mail?.subject).toBe("Réinitialisez votre mot de passe Dialwise");

    const landing = await server.app.inject({ url: pathOf(mail!.link) });
    expect(landing.statusCode).toBe(302);
    const target = new URL(String(landing.headers.location));
    expect(target.pathname).toBe("/fr/reset-password");
    const token = target.searchParams.get("token");
    expect(token).toBeTruthy();

    const reset = await server.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { newPassword: "brand-new-1", token } });
    expect(reset.statusCode).toBe(200);
    expect((await me(person.cookie)).statusCode).toBe(401);
    expect((await signIn(person.email, person.password)).statusCode).toBe(401);
    expect((await signIn(person.email, "brand-new-1")).statusCode).toBe(200);

    const again = await server.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { newPassword: "brand-new-2", token } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "INVALID_TOKEN" });

    const stale = await server.app.inject({ url: `/api/auth/reset-password/${token}?callbackURL=%2Ffr%2Freset-password` });
    expect(new URL(String(stale.headers.location)).search).toBe("?error=INVALID_TOKEN");
  });

  const askReset = (email: string) =>
    server.app.inject({ method: "POST", url: "/api/auth/request-password-reset", payload: { email, redirectTo: "/en/reset-password" } });
  const tokenOf = (link: string) => pathOf(link).split("/").at(-1)!.split("?")[0]!;
  const resetWith = (token: string, newPassword: string) =>
    server.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { newPassword, token } });

  it("ends every other outstanding reset link once one of them has reset the password", async () => {
    const person = await buildUser(server);
    const bystander = await buildUser(server);
    await askReset(person.email);
    await askReset(person.email);
    await askReset(bystander.email);
    const [first, second] = await allMail(server, person.email, "reset_password");
    expect(first && second && first.link !== second.link).toBe(true);

    expect((await resetWith(tokenOf(second!.link), "brand-new-1")).statusCode).toBe(200);

    const stale = await server.app.inject({ url: pathOf(first!.link) });
    expect(new URL(String(stale.headers.location)).searchParams.get("error")).toBe("INVALID_TOKEN");
    const refused = await resetWith(tokenOf(first!.link), "brand-new-2");
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "INVALID_TOKEN" });
    expect((await signIn(person.email, "brand-new-1")).statusCode).toBe(200);

    // Another account's link still works.
    const other = await latestMail(server, bystander.email, "reset_password");
    expect((await resetWith(tokenOf(other!.link), "bystander-new-1")).statusCode).toBe(200);
  });

  it("ends outstanding reset links when the password is changed", async () => {
    const person = await buildUser(server);
    await askReset(person.email);
    const mail = await latestMail(server, person.email, "reset_password");
    const changed = await server.app.inject({
      method: "POST",
      url: "/api/auth/change-password",
      payload: { currentPassword: person.password, newPassword: "changed-1" },
      headers: { cookie: person.cookie, origin: "http://localhost:3000" },
    });
    expect(changed.statusCode).toBe(200);
    expect((await resetWith(tokenOf(mail!.link), "from-the-old-link")).json()).toMatchObject({ code: "INVALID_TOKEN" });
    expect((await signIn(person.email, "changed-1")).statusCode).toBe(200);
  });

  it("answers a reset request for an unknown address exactly like a known one, sending nothing", async () => {
    const nobody = uniqueEmail("nobody");
    const asked = await server.app.inject({ method: "POST", url: "/api/auth/request-password-reset", payload: { email: nobody, redirectTo: "/en/reset-password" } });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ status: true, message: "If this email exists in our system, check your email for the reset link" });
    expect(await mailCount(server, nobody, "reset_password")).toBe(0);
  });

  /** The structure of an answer, values replaced by their types: what an onlooker could compare. */
  const shapeOf = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(shapeOf);
    if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shapeOf(item)]));
    if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value)) return "date";
    return value === null ? "null" : typeof value;
  };
  const headerNames = (response: LightMyRequestResponse) => Object.keys(response.headers).sort();

  it("answers a sign-up with a taken address exactly like a new one and mails the owner a note in their language", async () => {
    // The owner signed up on the Swedish pages; the new attempt comes from the English ones, in a German browser.
    const owner = uniqueEmail("owner");
    await signUp(owner, "owners-secret", "/sv/auth");
    await server.app.inject({ url: pathOf((await latestMail(server, owner, "verify_email"))!.link) });

    const fresh = await signUp(uniqueEmail("fresh"), "another-secret", "/en/auth", { "accept-language": "de" });
    const taken = await signUp(owner, "another-secret", "/en/auth", { "accept-language": "de" });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(fresh.statusCode).toBe(200);
    expect(shapeOf(taken.json())).toEqual(shapeOf(fresh.json()));
    expect(headerNames(taken)).toEqual(headerNames(fresh));
    expect(taken.json()).toMatchObject({ token: null, user: { email: owner, name: "Test Person", emailVerified: false } });
    expect(taken.cookies).toEqual([]);

    // No second verification email, no change to the account: the password typed in the attempt does nothing.
    expect(await mailCount(server, owner, "verify_email")).toBe(1);
    expect((await signIn(owner, "another-secret")).statusCode).toBe(401);
    expect((await signIn(owner, "owners-secret")).statusCode).toBe(200);

    const note = await latestMail(server, owner, "existing_account");
    expect(note?.subject).toBe("Någon försökte skapa ett Dialwise-konto med din e-postadress");
    expect(note?.html).toContain('<html lang="sv" dir="ltr">');
    expect(note?.text).toContain(owner);
    const [signInLink, resetLink, ...others] = linksIn(note!.text);
    expect(others).toEqual([]);
    expect(signInLink).toBe("http://localhost:3000/sv/auth");

    // The reset link works like one asked for on the sign-in page, once.
    const landing = await server.app.inject({ url: pathOf(resetLink!) });
    const target = new URL(String(landing.headers.location));
    expect(target.pathname).toBe("/sv/reset-password");
    const token = target.searchParams.get("token");
    const reset = await server.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { newPassword: "chosen-anew", token } });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(owner, "chosen-anew")).statusCode).toBe(200);
  });

  it("writes the note in the attempt's language when the account's is unknown, also to an unverified account", async () => {
    // Made without a page or browser language (as by a script): its language is unknown.
    const person = await buildUser(server, { verified: false });
    expect((await signUp(person.email, "another-secret", "/fr/auth")).statusCode).toBe(200);
    const note = await latestMail(server, person.email, "existing_account");
    expect(note?.subject).toBe("Quelqu'un a tenté de s'inscrire sur Dialwise avec votre adresse e-mail");
    expect(linksIn(note!.text)[0]).toBe("http://localhost:3000/fr/auth");
  });

  it("sends an account's owner at most three notes an hour, answering every attempt as it answers a new address", async () => {
    const person = await buildUser(server);
    const fresh = uniqueEmail("fresh");
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await signUp(person.email, `attempt-${attempt}`, "/en/auth");
      const newcomer = await signUp(fresh, `attempt-${attempt}`, "/en/auth");
      // Three sign-ups an hour per address (auth/throttle.ts), then 429, whether it has an account or not.
      expect(response.statusCode).toBe(attempt < 3 ? 200 : 429);
      expect(newcomer.statusCode).toBe(response.statusCode);
      if (attempt < 3) expect(response.json()).toMatchObject({ token: null, user: { email: person.email } });
      else expect(response.json()).toEqual(newcomer.json());
    }
    expect(await mailCount(server, person.email, "existing_account")).toBe(3);
  });

  it("refuses a password shorter than six characters", async () => {
    const response = await signUp(uniqueEmail(), "five5", "/en/auth");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "PASSWORD_TOO_SHORT" });
  });

  it("never lets a request choose a role or ask for the administrator role", async () => {
    const email = uniqueEmail("sneaky", "dialwise.example");
    const withRole = await server.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { email, password: "secret-one", name: "x", role: "admin", adminRequested: true },
    });
    // better-auth replaces fields a request may not set with their defaults on sign-up (and refuses them on update).
    expect(withRole.statusCode).toBe(200);
    const [created] = await server.database.db.select({ role: user.role, adminRequested: user.adminRequested }).from(user).where(eq(user.email, email));
    expect(created).toEqual({ role: "user", adminRequested: false });

    const person = await buildUser(server);
    for (const payload of [{ role: "admin" }, { adminRequested: true }]) {
      const update = await server.app.inject({ method: "POST", url: "/api/auth/update-user", payload, headers: { cookie: person.cookie, origin: "http://localhost:3000" } });
      expect(update.statusCode).toBe(400);
    }
    const [row] = await server.database.db.select({ role: user.role, adminRequested: user.adminRequested }).from(user).where(eq(user.id, person.id));
    expect(row).toEqual({ role: "user", adminRequested: false });
  });

  it("answers /api/me with 401 when signed out and reads the role from the database on every request", async () => {
    const anonymous = await server.app.inject({ url: "/api/me" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe("unauthorized");

    const person = await buildUser(server);
    expect((await me(person.cookie)).json().role).toBe("user");
    await server.database.db.update(user).set({ role: "admin" }).where(eq(user.id, person.id));
    expect((await me(person.cookie)).json().role).toBe("admin");
  });

  it("signs out everywhere: revoking sessions ends the other browsers' sessions too", async () => {
    const person = await buildUser(server);
    const second = cookieOf(await signIn(person.email, person.password));
    const revoke = await server.app.inject({ method: "POST", url: "/api/auth/revoke-sessions", payload: {}, headers: { cookie: person.cookie, origin: "http://localhost:3000" } });
    expect(revoke.statusCode).toBe(200);
    expect((await me(person.cookie)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
  });

  it("tells the sign-in screen its options", async () => {
    const response = await server.app.inject({ url: "/api/auth-options" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ google: false, adminEmailDomain: "dialwise.example", passwordMinLength: 6 });
  });
});
