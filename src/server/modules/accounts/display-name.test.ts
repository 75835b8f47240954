import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../db/schema/auth";
import { mailOutbox } from "../../db/schema/mail";
import { engines } from "../../test/engines";
import { buildUser, uniqueEmail } from "../../test/factories";
import { mailSettled } from "../../test/mail";
import { startTestServer, type TestServer } from "../../test/test-server";

const ORIGIN = "http://localhost:3000";
const TOO_LONG = { code: "NAME_TOO_LONG", message: "A name can be at most 100 characters." };
const IMAGE_INVALID = { code: "IMAGE_INVALID", message: "A profile picture must be an https address of at most 2048 characters." };

/**
 * One limit and one form for display names, on every way in: better-auth's sign-up and
 * update-user (as a browser or a script sends them), the admin sign-up, and an account
 * made from a Google profile. The names are written out here, not made by the code under test.
 */
describe.each(engines)("display names on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  const signUp = (email: string, name: string) =>
    server.app.inject({ method: "POST", url: "/api/auth/sign-up/email", payload: { email, password: "secret-one", name, callbackURL: "/en/auth" }, headers: { origin: ORIGIN } });
  const updateName = (cookie: string, name: string) =>
    server.app.inject({ method: "POST", url: "/api/auth/update-user", payload: { name }, headers: { cookie, origin: ORIGIN } });
  const nameOf = async (where: { email?: string; id?: string }) => {
    const [row] = await server.database.db
      .select({ name: user.name })
      .from(user)
      .where(where.id ? eq(user.id, where.id) : eq(user.email, where.email ?? ""));
    return row?.name;
  };

  it("refuses a 90,000-character name on sign-up with 400 and writes nothing: no account, no email", async () => {
    const email = uniqueEmail("long");
    const response = await signUp(email, "x".repeat(90_000));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(TOO_LONG);
    expect(await nameOf({ email })).toBeUndefined();
    await mailSettled(server);
    expect(await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).toEqual([]);
  });

  it("counts the name as it is kept: 100 characters pass, 101 do not, invisible padding is not counted", async () => {
    const hundred = "Ä".repeat(100);
    const exact = uniqueEmail("exact");
    expect((await signUp(exact, hundred)).statusCode).toBe(200);
    expect(await nameOf({ email: exact })).toBe(hundred);

    const over = uniqueEmail("over");
    expect((await signUp(over, `${hundred}b`)).json()).toEqual(TOO_LONG);
    expect(await nameOf({ email: over })).toBeUndefined();

    // "A" followed by a combining diaeresis is one character, Ä, once composed.
    const padded = uniqueEmail("padded");
    expect((await signUp(padded, `  \u202E${"A\u0308".repeat(100)}\u2069\t\n `)).statusCode).toBe(200);
    expect(await nameOf({ email: padded })).toBe(hundred);
  });

  it("keeps a name without controls and without right-to-left overrides or isolates, in single spaces", async () => {
    const email = uniqueEmail("plain");
    expect((await signUp(email, "\u202Enna\u0007 \t Berg\u2066\u200F")).statusCode).toBe(200);
    expect(await nameOf({ email })).toBe("nna Berg");
  });

  it("refuses an over-long name on update-user with 400, keeps the old one, and /api/me stays small", async () => {
    const person = await buildUser(server);
    const before = await nameOf({ id: person.id });
    const response = await updateName(person.cookie, "y".repeat(90_000));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(TOO_LONG);
    expect(await nameOf({ id: person.id })).toBe(before);
    const me = await server.app.inject({ url: "/api/me", headers: { cookie: person.cookie } });
    expect(me.json().name).toBe(before);
    expect(me.body.length).toBeLessThan(1_000);

    expect((await updateName(person.cookie, " Anna \u202Egreb\u202C Berg ")).statusCode).toBe(200);
    expect(await nameOf({ id: person.id })).toBe("Anna greb Berg");
    expect((await server.app.inject({ url: "/api/me", headers: { cookie: person.cookie } })).json().name).toBe("Anna greb Berg");
  });

  it("holds the admin sign-up to the same rule: over the limit is 400 with the reason and no account; the name is kept plain", async () => {
    const refused = uniqueEmail("boss", "dialwise.example");
    const response = await server.app.inject({ method: "POST", url: "/api/accounts/admin-sign-up", payload: { email: refused, password: "secret-one", name: "z".repeat(101) } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("validation_failed");
    expect(response.json().error.message).toContain("A name can be at most 100 characters.");
    expect(await nameOf({ email: refused })).toBeUndefined();

    const email = uniqueEmail("boss", "dialwise.example");
    const created = await server.app.inject({ method: "POST", url: "/api/accounts/admin-sign-up", payload: { email, password: "secret-one", name: "\u2067Chief\u2069\r\nAdmin" } });
    expect(created.statusCode).toBe(201);
    expect(await nameOf({ email })).toBe("Chief Admin");
  });

  it("refuses a picture that is not a short https address, on sign-up and update-user, and writes nothing", async () => {
    const imageOf = async (email: string) => (await server.database.db.select({ image: user.image }).from(user).where(eq(user.email, email)))[0]?.image;
    const refusedEmail = uniqueEmail("picture");
    const refused = await server.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { email: refusedEmail, password: "secret-one", name: "Pia", image: "x".repeat(90_000), callbackURL: "/en/auth" },
      headers: { origin: ORIGIN },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(IMAGE_INVALID);
    expect(await nameOf({ email: refusedEmail })).toBeUndefined();

    const person = await buildUser(server);
    const setImage = (image: unknown) =>
      server.app.inject({ method: "POST", url: "/api/auth/update-user", payload: { image }, headers: { cookie: person.cookie, origin: ORIGIN } });
    const longest = `https://pictures.example/${"p".repeat(2048 - "https://pictures.example/".length)}`;
    const refusedImages = [
      `${longest}q`,
      "javascript:alert(1)",
      "http://pictures.example/me.png",
      "data:image/png;base64,AAAA",
      // Read by the URL parser as something else than what is stored: our own sign-out on an https page, another host.
      "https:/api/auth/sign-out",
      "https:evil.example",
      "https://name:secret@pictures.example/me.png",
      '\u0001 https://pictures.example/ "><script>alert(1)</script>\n',
      42,
      ["https://pictures.example/me.png"],
    ];
    for (const image of refusedImages) {
      const response = await setImage(image);
      expect(response.statusCode, String(image).slice(0, 40)).toBe(400);
      expect(response.json()).toEqual(IMAGE_INVALID);
    }
    expect(await imageOf(person.email)).toBeNull();
    expect((await setImage(longest)).statusCode).toBe(200);
    expect(await imageOf(person.email)).toBe(longest);
    expect((await setImage(null)).statusCode).toBe(200);
    expect(await imageOf(person.email)).toBeNull();
  });

  it("cuts a name nobody typed to the limit: a Google profile's, made plain", async () => {
    const context = await server.auth.$context;
    const email = uniqueEmail("google");
    await context.internalAdapter.createOAuthUser(
      { email, name: `\u202E${"G".repeat(150)}`, emailVerified: true },
      { providerId: "google", accountId: `google-${email}` },
    );
    expect(await nameOf({ email })).toBe("G".repeat(100));
  });
});
