import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../test/engines";
import { buildUser, uniqueEmail } from "../test/factories";
import { mailCount } from "../test/mail";
import { startTestServer, type TestServer } from "../test/test-server";
import { AUTH_LIMITS, hitCounter, peekCounter, runCounted } from "./throttle";

/** Each attempt group comes from its own client address (X-Forwarded-For, trusted here as behind a proxy), so no test meets another's counters. */
let addressCounter = 0;
const nextAddress = () => `198.51.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

describe.each(engines)("brute-force limits on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { TRUST_PROXY: "true" });
  });
  afterAll(() => server.close());

  const signIn = (email: string, password: string, address: string) =>
    server.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password }, headers: { "x-forwarded-for": address } });

  it("refuses an account's sixth failed sign-in in 15 minutes with 429, before checking the password", async () => {
    const person = await buildUser(server);
    const address = nextAddress();
    for (let attempt = 0; attempt < AUTH_LIMITS.password.perEmail.max; attempt++) {
      expect((await signIn(person.email, "wrong-password", address)).statusCode).toBe(401);
    }
    // Even the right password is refused now, from any address, and no session is made.
    const refused = await signIn(person.email.toUpperCase(), person.password, nextAddress());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: "rate_limited", message: "Too many attempts. Please wait 15 minutes and try again." } });
    expect(refused.cookies.filter((cookie) => cookie.value)).toEqual([]);
  });

  it("counts every spelling of an account's email as that account", async () => {
    const person = await buildUser(server);
    // Fullwidth forms, as an input method may type them: NFKC makes them the plain address.
    const fullwidth = [...person.email].map((character) => String.fromCharCode(character.charCodeAt(0) + 0xfee0)).join("");
    const spellings = [person.email.toUpperCase(), `  ${person.email}\t`, fullwidth, ` ${person.email.replace(/^./, (first) => first.toUpperCase())}`, person.email];
    for (const spelling of spellings) expect((await signIn(spelling, "wrong-password", nextAddress())).statusCode, spelling).toBe(401);
    expect((await signIn(person.email, person.password, nextAddress())).statusCode).toBe(429);
  });

  it("opens again when the window has passed", async () => {
    const person = await buildUser(server);
    const address = nextAddress();
    for (let attempt = 0; attempt < AUTH_LIMITS.password.perEmail.max; attempt++) await signIn(person.email, "wrong-password", address);
    expect((await signIn(person.email, person.password, address)).statusCode).toBe(429);
    await server.database.db.execute(
      sql`update throttle_counters set window_started_at = now() - interval '16 minutes' where key = ${`password:email:${person.email}`}`,
    );
    expect((await signIn(person.email, person.password, address)).statusCode).toBe(200);
  });

  it("clears an account's failures when it signs in successfully", async () => {
    const person = await buildUser(server);
    const address = nextAddress();
    for (let attempt = 0; attempt < AUTH_LIMITS.password.perEmail.max - 1; attempt++) await signIn(person.email, "wrong-password", address);
    expect((await signIn(person.email, person.password, address)).statusCode).toBe(200);
    for (let attempt = 0; attempt < AUTH_LIMITS.password.perEmail.max - 1; attempt++) {
      expect((await signIn(person.email, "wrong-password", address)).statusCode).toBe(401);
    }
  });

  it("refuses an address after 20 failed sign-ins in 15 minutes, whatever the accounts", async () => {
    const address = nextAddress();
    for (let attempt = 0; attempt < AUTH_LIMITS.password.perAddress.max; attempt++) {
      expect((await signIn(uniqueEmail("guess"), "wrong-password", address)).statusCode).toBe(401);
    }
    const person = await buildUser(server);
    expect((await signIn(person.email, person.password, address)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await signIn(person.email, person.password, nextAddress())).statusCode).toBe(200);
  });

  it("does not count a right password on an unverified account as a failure", async () => {
    const person = await buildUser(server, { verified: false });
    const address = nextAddress();
    for (let attempt = 0; attempt < AUTH_LIMITS.password.perEmail.max + 2; attempt++) {
      const response = await signIn(person.email, person.password, address);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("EMAIL_NOT_VERIFIED");
    }
  });

  const withSession = (person: { cookie: string }, address: string) => ({ cookie: person.cookie, origin: "http://localhost:3000", "x-forwarded-for": address });
  const verifyPassword = (person: { cookie: string }, password: string, address: string) =>
    server.app.inject({ method: "POST", url: "/api/auth/verify-password", payload: { password }, headers: withSession(person, address) });
  const changePassword = (person: { cookie: string }, currentPassword: string, newPassword: string, address: string) =>
    server.app.inject({ method: "POST", url: "/api/auth/change-password", payload: { currentPassword, newPassword }, headers: withSession(person, address) });

  it("limits wrong passwords sent to verify-password like sign-ins, per account", async () => {
    const person = await buildUser(server);
    for (let attempt = 0; attempt < AUTH_LIMITS.password.perEmail.max; attempt++) {
      const wrong = await verifyPassword(person, `wrong-${attempt}`, nextAddress());
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe("INVALID_PASSWORD");
    }
    const refused = await verifyPassword(person, person.password, nextAddress());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: "rate_limited", message: "Too many attempts. Please wait 15 minutes and try again." } });
    // One count per account, whichever endpoint checks the password.
    expect((await signIn(person.email, person.password, nextAddress())).statusCode).toBe(429);
  });

  it("limits wrong current passwords sent to change-password, leaving the password as it was", async () => {
    const person = await buildUser(server);
    for (let attempt = 0; attempt < AUTH_LIMITS.password.perEmail.max; attempt++) {
      const wrong = await changePassword(person, `wrong-${attempt}`, "a-new-password", nextAddress());
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe("INVALID_PASSWORD");
    }
    const refused = await changePassword(person, person.password, "a-new-password", nextAddress());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe("Too many attempts. Please wait 15 minutes and try again.");
    await server.database.db.execute(sql`delete from throttle_counters where key = ${`password:email:${person.email}`}`);
    expect((await signIn(person.email, "a-new-password", nextAddress())).statusCode).toBe(401);
  });

  it("counts guesses spread over sign-in, verify-password and change-password as one", async () => {
    const person = await buildUser(server);
    const address = nextAddress();
    expect((await signIn(person.email, "wrong-1", address)).statusCode).toBe(401);
    expect((await signIn(person.email, "wrong-2", address)).statusCode).toBe(401);
    expect((await verifyPassword(person, "wrong-3", address)).statusCode).toBe(400);
    expect((await verifyPassword(person, "wrong-4", address)).statusCode).toBe(400);
    expect((await changePassword(person, "wrong-5", "a-new-password", address)).statusCode).toBe(400);
    expect((await verifyPassword(person, person.password, address)).statusCode).toBe(429);
    expect((await changePassword(person, person.password, "a-new-password", address)).statusCode).toBe(429);
  });

  it("limits an address's wrong passwords on verify-password across accounts", async () => {
    const address = nextAddress();
    for (let attempt = 0; attempt < AUTH_LIMITS.password.perAddress.max; attempt++) {
      // A fresh account every fifth guess, so no account reaches its own limit.
      const person = attempt % 4 === 0 || !lastPerson ? (lastPerson = await buildUser(server)) : lastPerson;
      expect((await verifyPassword(person, `wrong-${attempt}`, address)).statusCode).toBe(400);
    }
    const other = await buildUser(server);
    expect((await verifyPassword(other, other.password, address)).statusCode).toBe(429);
    expect((await verifyPassword(other, other.password, nextAddress())).statusCode).toBe(200);
  });
  let lastPerson: Awaited<ReturnType<typeof buildUser>> | undefined;

  it("gives back attempts that checked no password and clears the count on a right one", async () => {
    const person = await buildUser(server);
    const address = nextAddress();
    for (let attempt = 0; attempt < AUTH_LIMITS.password.perEmail.max - 1; attempt++) await verifyPassword(person, "wrong", address);
    // A new password that is too short is refused before the current one is checked.
    for (let attempt = 0; attempt < 3; attempt++) expect((await changePassword(person, "wrong", "short", address)).json().code).toBe("PASSWORD_TOO_SHORT");
    // No session: better-auth refuses before any password is checked.
    for (let attempt = 0; attempt < 3; attempt++) expect((await verifyPassword({ cookie: "" }, "wrong", address)).statusCode).toBe(401);
    expect((await verifyPassword(person, person.password, address)).statusCode).toBe(200);
    for (let attempt = 0; attempt < AUTH_LIMITS.password.perEmail.max; attempt++) {
      expect((await verifyPassword(person, "wrong", address)).statusCode).toBe(400);
    }
  });

  it("runs a limited endpoint for an HTTP request only when the throttle counted it for that endpoint", async () => {
    const person = await buildUser(server);
    const context = await server.auth.$context;
    const verify = context.password.verify;
    let checks = 0;
    context.password.verify = async (input) => {
      checks += 1;
      return verify(input);
    };
    try {
      // As if some path spelling reached sign-in while the throttle read another endpoint's path.
      const counted = { method: "POST", url: "/api/auth/get-session" } as FastifyRequest;
      const response = await runCounted(counted, () =>
        server.auth.handler(
          new Request("http://localhost:3000/api/auth/sign-in/email", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ email: person.email, password: "wrong-password" }),
          }),
        ),
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: "path_not_canonical" });
      expect(checks).toBe(0);
    } finally {
      context.password.verify = verify;
    }
  });

  it("sends at most three password-reset emails per account an hour", async () => {
    const person = await buildUser(server);
    const ask = (address: string) =>
      server.app.inject({
        method: "POST",
        url: "/api/auth/request-password-reset",
        payload: { email: person.email, redirectTo: "/en/reset-password" },
        headers: { "x-forwarded-for": address },
      });
    for (let attempt = 0; attempt < AUTH_LIMITS.passwordReset.perEmail.max; attempt++) expect((await ask(nextAddress())).statusCode).toBe(200);
    const refused = await ask(nextAddress());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe("Too many attempts. Please wait 60 minutes and try again.");
    expect(await mailCount(server, person.email, "reset_password")).toBe(AUTH_LIMITS.passwordReset.perEmail.max);
  });

  it("limits reset requests per address too, whatever the accounts", async () => {
    const address = nextAddress();
    const ask = () =>
      server.app.inject({
        method: "POST",
        url: "/api/auth/request-password-reset",
        payload: { email: uniqueEmail("someone"), redirectTo: "/en/reset-password" },
        headers: { "x-forwarded-for": address },
      });
    for (let attempt = 0; attempt < AUTH_LIMITS.passwordReset.perAddress.max; attempt++) expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(429);
  });

  it("limits repeated verification emails per account", async () => {
    const person = await buildUser(server, { verified: false });
    const ask = () =>
      server.app.inject({
        method: "POST",
        url: "/api/auth/send-verification-email",
        payload: { email: person.email, callbackURL: "/en/auth" },
        headers: { "x-forwarded-for": nextAddress() },
      });
    for (let attempt = 0; attempt < AUTH_LIMITS.verificationEmail.perEmail.max; attempt++) expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(429);
  });

  it("sends at most three sign-up emails to one address an hour, from the sign-up form and the administrator's alike", async () => {
    for (const url of ["/api/auth/sign-up/email", "/api/accounts/admin-sign-up"]) {
      const email = uniqueEmail("victim", "dialwise.example");
      const ask = () =>
        server.app.inject({ method: "POST", url, payload: { email, password: "secret-one", name: "Victim", callbackURL: "/en/auth" }, headers: { "x-forwarded-for": nextAddress() } });
      for (let attempt = 0; attempt < AUTH_LIMITS.signUp.perEmail.max; attempt++) expect((await ask()).statusCode, url).toBeLessThan(300);
      const refused = await ask();
      expect(refused.statusCode, url).toBe(429);
      expect(refused.json().error.code).toBe("rate_limited");
    }
  });

  it("counts in the database, atomically, so parallel attempts and other instances share one count", async () => {
    const key = `test:${randomBytes(6).toString("hex")}`;
    const hits = await Promise.all(Array.from({ length: 12 }, () => hitCounter(server.database.db, key, 60_000)));
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
    const seen = await peekCounter(server.database.db, key, 60_000);
    expect(seen.count).toBe(12);
    expect(seen.retryAfterMs).toBeGreaterThan(50_000);
    expect(seen.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it("leaves other auth endpoints alone", async () => {
    const address = nextAddress();
    for (let attempt = 0; attempt < 30; attempt++) expect((await server.app.inject({ url: "/api/auth/get-session", headers: { "x-forwarded-for": address } })).statusCode).toBe(200);
  });
});
