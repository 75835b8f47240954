import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callLogs } from "../../db/schema/calls";
import { grant, newCallSid, placeCall, voiceFor } from "../../test/calls";
import { everyEngine } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { issueCallGrant, readCallGrant } from "./call-grant";
import { parseGateAnswer } from "./twiml";

const SECRET = "a-secret-of-this-server-0123456789abcdef";
const NOW = new Date("2026-11-28T12:00:00.000Z");
const IN_AN_HOUR = new Date("2026-11-28T13:00:00.000Z");

describe("a call grant", () => {
  it("is the session, its expiry and an HMAC over the purpose, the account, the session and the expiry", () => {
    const made = issueCallGrant(SECRET, { userId: "user-1", sessionId: "sess1", expiresAt: IN_AN_HOUR });
    // Worked out here, not by the code under test.
    const expiry = String(IN_AN_HOUR.getTime() / 1000);
    const mac = createHmac("sha256", SECRET).update(`call-grant\nuser-1\nsess1\n${expiry}`).digest("base64url");
    expect(made).toBe(`sess1.${expiry}.${mac}`);
    expect(readCallGrant(SECRET, made, "user-1", NOW)).toBe("sess1");
  });

  it("names nothing for another account, another secret, a changed session or expiry, once expired, or when malformed", () => {
    const made = issueCallGrant(SECRET, { userId: "user-1", sessionId: "sess1", expiresAt: IN_AN_HOUR });
    const [session, expiry, mac] = made.split(".");
    expect(readCallGrant(SECRET, made, "user-2", NOW)).toBeNull();
    expect(readCallGrant(`${SECRET}x`, made, "user-1", NOW)).toBeNull();
    expect(readCallGrant(SECRET, `sess2.${expiry}.${mac}`, "user-1", NOW)).toBeNull();
    expect(readCallGrant(SECRET, `${session}.${Number(expiry) + 3600}.${mac}`, "user-1", NOW)).toBeNull();
    expect(readCallGrant(SECRET, made, "user-1", IN_AN_HOUR)).toBeNull();
    for (const bad of ["", "sess1", `${session}.${expiry}`, `${made}.x`, `${session}.${expiry}.${mac?.slice(1)}`, `se ss.${expiry}.${mac}`]) {
      expect(readCallGrant(SECRET, bad, "user-1", NOW)).toBeNull();
    }
  });
});

describe.each(everyEngine)("the gate and the call grant on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  const UK_MOBILE = "+447106123456";
  const voiceOf = (person: TestUser) => voiceFor(server, person.cookie);
  /** Places a call with `callGrant` (null: none) and answers what the gate did and recorded. */
  const dialWith = async (person: TestUser, callGrant: string | null) => {
    const callSid = newCallSid();
    const answer = parseGateAnswer((await placeCall(server, { callSid, userId: person.id, to: UK_MOBILE, grant: callGrant })).body);
    const [call] = await server.database.db.select().from(callLogs).where(eq(callLogs.callSid, callSid));
    if (call?.status === "initiated") {
      // Let the next call through the one-live-call rule.
      await server.database.db.update(callLogs).set({ status: "canceled", endedAt: new Date() }).where(eq(callLogs.callSid, callSid));
    }
    return { kind: answer.kind, status: call?.status, reason: call?.refusalReason ?? null };
  };
  const refused = { kind: "reject", status: "failed", reason: "unknown_caller" };

  it("lets a call carrying the grant of a live sign-in through, and refuses the same grant once that sign-in ends", async () => {
    const person = await buildUser(server);
    await grant(server, person.id, "2.00");
    const { grant: callGrant } = await voiceOf(person);
    expect(await dialWith(person, callGrant)).toEqual({ kind: "dial", status: "initiated", reason: null });
    expect((await server.app.inject({ method: "POST", url: "/api/auth/sign-out", headers: { cookie: person.cookie }, payload: {} })).statusCode).toBe(200);
    // The token and its grant are still within their hour: the sign-in they came from is not.
    expect(await dialWith(person, callGrant)).toEqual(refused);
  });

  it("refuses a call with no grant, with another customer's, or with one the server did not sign", async () => {
    const person = await buildUser(server);
    const other = await buildUser(server);
    await grant(server, person.id, "2.00");
    expect(await dialWith(person, null)).toEqual(refused);
    expect(await dialWith(person, (await voiceOf(other)).grant)).toEqual(refused);
    const own = (await voiceOf(person)).grant;
    expect(await dialWith(person, issueCallGrant("not-this-servers-secret-0123456789", { userId: person.id, sessionId: own.split(".")[0]!, expiresAt: IN_AN_HOUR }))).toEqual(refused);
    expect(await dialWith(person, own)).toEqual({ kind: "dial", status: "initiated", reason: null });
  });

  it("refuses the grant of a sign-in ended by a new password, and lets the tab's new session's grant through", async () => {
    const person = await buildUser(server);
    await grant(server, person.id, "2.00");
    const { grant: callGrant } = await voiceOf(person);
    const changed = await server.app.inject({
      method: "POST",
      url: "/api/auth/change-password",
      headers: { cookie: person.cookie },
      payload: { currentPassword: person.password, newPassword: `${person.password}-new`, revokeOtherSessions: true },
    });
    expect(changed.statusCode).toBe(200);
    expect(await dialWith(person, callGrant)).toEqual(refused);
    // better-auth ended every session, the changing tab's too, and gave that tab a new one: its new grant calls.
    const cookie = changed.cookies.map((item) => `${item.name}=${item.value}`).join("; ");
    expect(cookie).not.toBe("");
    expect(await dialWith(person, (await voiceOf({ ...person, cookie })).grant)).toEqual({ kind: "dial", status: "initiated", reason: null });
  });
});
