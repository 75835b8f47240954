import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, session, user } from "../../db/schema/auth";
import { contacts } from "../../db/schema/contacts";
import { supportConversations } from "../../db/schema/support";
import { ledgerEntries } from "../../db/schema/credits";
import { grant, newCallSid, placeCall, reportStatus } from "../../test/calls";
import { engines } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { latestMail, pathOf, type SentMail } from "../../test/mail";
import { startTestServer, type TestServer } from "../../test/test-server";
import { reconcileAccounts } from "../credit-audit/reconciliation";
import { ledgerSum, getBalance } from "../credits/ledger";
import { anonymousEmail, DELETED_ACCOUNT_NAME } from "./account-deletion";

const UK_MOBILE = "+447106123456";

describe.each(engines)("the profile on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  const as = (who: TestUser | null) => (who ? { cookie: who.cookie } : {});
  const profileOf = (who: TestUser | null) => server.app.inject({ method: "GET", url: "/api/profile", headers: as(who) });
  const patch = (who: TestUser | null, payload: object) => server.app.inject({ method: "PATCH", url: "/api/profile", headers: as(who), payload });
  const exportOf = (who: TestUser) => server.app.inject({ method: "GET", url: "/api/profile/export", headers: as(who) });
  const remove = (who: TestUser, confirmation: string) => server.app.inject({ method: "POST", url: "/api/profile/delete", headers: as(who), payload: { confirmation } });
  const signIn = (email: string, password: string) => server.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password } });

  async function addContact(who: TestUser, name: string, number: string): Promise<void> {
    const answer = await server.app.inject({ method: "POST", url: "/api/contacts", headers: as(who), payload: { name, number } });
    expect(answer.statusCode, answer.body).toBe(201);
  }
  async function writeToSupport(who: TestUser, body: string): Promise<void> {
    const answer = await server.app.inject({ method: "POST", url: "/api/support/messages", headers: as(who), payload: { body } });
    expect(answer.statusCode, answer.body).toBeLessThan(300);
  }
  async function completedCall(who: TestUser, talkSeconds: number): Promise<string> {
    const callSid = newCallSid();
    await placeCall(server, { callSid, userId: who.id, to: UK_MOBILE });
    for (const status of ["initiated", "ringing", "in-progress"]) await reportStatus(server, callSid, status);
    await reportStatus(server, callSid, "completed", { CallDuration: String(talkSeconds) });
    return callSid;
  }

  it("shows the person's own name, language, balance, member since and spending settings", async () => {
    const person = await buildUser(server);
    await grant(server, person.id, "3.5");
    const answer = await profileOf(person);
    expect(answer.statusCode).toBe(200);
    // The address book and the support conversation went with the account.
    expect(await server.database.db.select().from(contacts).where(eq(contacts.userId, person.id))).toEqual([]);
    expect(await server.database.db.select().from(supportConversations).where(eq(supportConversations.userId, person.id))).toEqual([]);

    const [row] = await server.database.db.select().from(user).where(eq(user.id, person.id));
    expect(answer.json()).toEqual({
      name: person.email.split("@")[0],
      email: person.email,
      emailVerified: true,
      locale: null,
      balance: "3.5000",
      memberSince: row?.createdAt.toISOString(),
      spending: { dailyLimit: null, lowBalanceAlert: null, spentToday: "0.0000" },
    });
    expect((await profileOf(null)).statusCode).toBe(401);
  });

  it("saves the name (made plain, within the one limit) and the preferred language, which /api/me then reports", async () => {
    const person = await buildUser(server);
    const saved = await patch(person, { name: "  Ada \u202eLovelace ", locale: "sv" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: "Ada Lovelace", locale: "sv" });
    const me = await server.app.inject({ url: "/api/me", headers: as(person) });
    expect(me.json()).toMatchObject({ name: "Ada Lovelace", locale: "sv" });

    const tooLong = await patch(person, { name: "x".repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.code).toBe("validation_failed");
    expect((await patch(person, { locale: "xx" })).statusCode).toBe(400);
    expect((await patch(person, { name: "   " })).statusCode).toBe(400);
    expect((await profileOf(person)).json()).toMatchObject({ name: "Ada Lovelace", locale: "sv" });
  });

  it("changes only the signed-in person's own profile: another customer's request reaches nothing of theirs", async () => {
    const owner = await buildUser(server);
    const other = await buildUser(server);
    await grant(server, owner.id, "7");
    await patch(owner, { name: "Owner", locale: "fr" });
    // The other customer's requests carry no id to aim with; whatever they send changes only their own row.
    await patch(other, { name: "Intruder", locale: "de", id: owner.id, userId: owner.id } as object);
    await server.app.inject({ method: "PUT", url: "/api/profile/spending", headers: as(other), payload: { dailyLimit: "1", lowBalanceAlert: "1", userId: owner.id } });
    expect((await profileOf(owner)).json()).toMatchObject({ name: "Owner", locale: "fr", balance: "7.0000", spending: { dailyLimit: null, lowBalanceAlert: null } });
    expect((await profileOf(other)).json()).toMatchObject({ name: "Intruder", locale: "de", balance: "0.0000", spending: { dailyLimit: "1.0000" } });
    expect(JSON.stringify((await exportOf(other)).json())).not.toContain(owner.email);
  });

  it("exports the person's profile, calls, payments and ledger as one JSON file, and nobody else's", async () => {
    const person = await buildUser(server);
    const stranger = await buildUser(server);
    await grant(server, person.id, "5");
    await grant(server, stranger.id, "9");
    const mine = await completedCall(person, 70);
    const theirs = await completedCall(stranger, 30);
    await addContact(person, "Ada", "+447106123457");
    await addContact(stranger, "Someone else", "+447106123458");
    await writeToSupport(person, "Where is my receipt?");
    await writeToSupport(stranger, "A stranger's question");

    const answer = await exportOf(person);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-disposition"]).toMatch(/^attachment; filename="dialwise-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = answer.json();
    expect(data.profile).toMatchObject({ id: person.id, email: person.email, balance: "4.8840" });
    expect(data.calls.map((call: { callSid: string }) => call.callSid)).toEqual([mine]);
    expect(data.ledger.map((entry: { kind: string; amount: string }) => [entry.kind, entry.amount])).toEqual([
      ["admin_adjustment", "5.0000"],
      ["call", "-0.1160"],
    ]);
    expect(data.payments).toEqual([]);
    expect(data.more.contacts).toEqual([expect.objectContaining({ name: "Ada", phone: "+447106123457", countryCode: "GB" })]);
    expect(data.more.supportMessages).toEqual([expect.objectContaining({ author: "customer", body: "Where is my receipt?" })]);
    const text = answer.body;
    for (const foreign of [stranger.id, stranger.email, theirs, "+447106123458", "A stranger's question"]) expect(text).not.toContain(foreign);
  });

  it("refuses to delete without the typed confirmation, or while a call is live, and keeps everything", async () => {
    const person = await buildUser(server);
    await grant(server, person.id, "2");
    const wrong = await remove(person, "not my address");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe("deletion_not_confirmed");

    const callSid = newCallSid();
    await placeCall(server, { callSid, userId: person.id, to: UK_MOBILE });
    await reportStatus(server, callSid, "in-progress");
    const during = await remove(person, person.email);
    expect(during.statusCode).toBe(409);
    expect(during.json().error.code).toBe("deletion_call_in_progress");
    expect((await profileOf(person)).json()).toMatchObject({ email: person.email });

    await reportStatus(server, callSid, "completed", { CallDuration: "20" });
    expect((await remove(person, person.email.toUpperCase())).statusCode).toBe(200);
  });

  it("deletes an account: sessions end, it cannot sign in, its personal data goes, and its money records still reconcile", async () => {
    const person = await buildUser(server);
    await grant(server, person.id, "4");
    await patch(person, { name: "Grace Hopper", locale: "es" });
    await server.app.inject({ method: "PUT", url: "/api/profile/spending", headers: as(person), payload: { dailyLimit: "3", lowBalanceAlert: "1" } });
    const callSid = await completedCall(person, 125); // 3 minutes: $0.1740
    await addContact(person, "Ada", "+447106123457");
    await writeToSupport(person, "Please close my account");

    const deleted = await remove(person, person.email);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.headers["set-cookie"]).toEqual(expect.arrayContaining([expect.stringMatching(/^dialwise\.session_token=; Max-Age=0/)]));

    // Every session is gone: the old cookie is refused; the password and the address no longer sign in.
    expect((await profileOf(person)).statusCode).toBe(401);
    expect((await server.database.db.select().from(session).where(eq(session.userId, person.id))).length).toBe(0);
    expect((await server.database.db.select().from(account).where(eq(account.userId, person.id))).length).toBe(0);
    expect((await signIn(person.email, person.password)).statusCode).toBe(401);
    expect((await signIn(anonymousEmail(person.id), person.password)).statusCode).toBe(401);

    // The address book and the support conversation went with the account.
    expect(await server.database.db.select().from(contacts).where(eq(contacts.userId, person.id))).toEqual([]);
    expect(await server.database.db.select().from(supportConversations).where(eq(supportConversations.userId, person.id))).toEqual([]);

    const [row] = await server.database.db.select().from(user).where(eq(user.id, person.id));
    expect(row).toMatchObject({ name: DELETED_ACCOUNT_NAME, email: anonymousEmail(person.id), locale: null, deletedAt: expect.any(Date) });

    // The money stays, and adds up: 4.0000 granted, 0.1740 for the call.
    const ledger = await server.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, person.id));
    expect(ledger.map((entry) => entry.reference)).toContain(callSid);
    expect(await getBalance(server.database.db, person.id)).toBe(38_260);
    expect(await ledgerSum(server.database.db, person.id)).toBe(38_260);
    const audit = await reconcileAccounts(server.database.db, { onlyDrifted: false, page: 1 });
    expect(audit.summary.driftedAccounts).toBe(0);

    // A voice token issued before the deletion cannot place a call any more.
    const refused = await placeCall(server, { callSid: newCallSid(), userId: person.id, to: UK_MOBILE });
    expect(refused.body).toContain("<Reject");
  });

  /** Asks to move `person` to `newEmail` from their session, and answers the approval link the current address receives. */
  async function askToMove(person: TestUser, newEmail: string, lang = "fr"): Promise<SentMail> {
    const asked = await server.app.inject({ method: "POST", url: "/api/auth/change-email", headers: as(person), payload: { newEmail, callbackURL: `/${lang}/profile` } });
    expect(asked.statusCode, asked.body).toBe(200);
    const approval = await latestMail(server, person.email, "approve_email_change");
    expect(approval).not.toBeNull();
    return approval!;
  }

  it("moves the account to a new address once the current one approves and the new one confirms, and tells the old one", async () => {
    const person = await buildUser(server);
    await patch(person, { locale: "fr" });
    const newEmail = `moved-${person.email}`;
    const approval = await askToMove(person, newEmail);
    expect(approval.subject).toBe("Approuvez le changement d’adresse e-mail de votre compte Dialwise");
    expect(approval.text).toContain(newEmail);
    // Nothing goes to the new address, and nothing changes, until the current one approves.
    expect(await latestMail(server, newEmail, "change_email")).toBeNull();
    expect((await profileOf(person)).json()).toMatchObject({ email: person.email });

    const approved = await server.app.inject({ url: pathOf(approval.link) });
    expect(approved.statusCode).toBe(302);
    expect(approved.headers.location).toMatch(/^\/fr\/profile/);
    expect((await profileOf(person)).json()).toMatchObject({ email: person.email });

    const confirmation = await latestMail(server, newEmail, "change_email");
    expect(confirmation?.subject).toBe("Confirmez votre nouvelle adresse e-mail pour Dialwise");
    const followed = await server.app.inject({ url: pathOf(confirmation!.link) });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toMatch(/^\/fr\/profile/);
    expect((await profileOf(person)).json()).toMatchObject({ email: newEmail, emailVerified: true });

    const notice = await latestMail(server, person.email, "email_changed");
    expect(notice?.subject).toBe("L’adresse e-mail de votre compte Dialwise a été modifiée");
    expect(notice?.text).toContain(newEmail);
    expect((await signIn(newEmail, person.password)).statusCode).toBe(200);
    expect((await signIn(person.email, person.password)).statusCode).toBe(401);
  });

  it("ends the change links sent so far when the password is changed: a thief's approved change cannot be finished", async () => {
    const person = await buildUser(server);
    const thief = `thief-${person.email}`;
    // The thief, in the owner's session, asks; say the owner approves by mistake: the confirmation goes to the thief.
    const approval = await askToMove(person, thief, "en");
    expect((await server.app.inject({ url: pathOf(approval.link) })).statusCode).toBe(302);
    const confirmation = await latestMail(server, thief, "change_email");
    // The owner then changes the password, ending other sessions.
    const changed = await server.app.inject({
      method: "POST",
      url: "/api/auth/change-password",
      headers: as(person),
      payload: { currentPassword: person.password, newPassword: "a new long password 1", revokeOtherSessions: true },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const followed = await server.app.inject({ url: pathOf(confirmation!.link) });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe("/en/profile?error=INVALID_TOKEN");
    expect(followed.headers["set-cookie"]).toBeUndefined();
    const [row] = await server.database.db.select({ email: user.email }).from(user).where(eq(user.id, person.id));
    expect(row?.email).toBe(person.email);
  });

  it("ends an approval link not yet followed when the password is reset from the sign-in page", async () => {
    const person = await buildUser(server);
    const approval = await askToMove(person, `elsewhere-${person.email}`, "en");
    const asked = await server.app.inject({ method: "POST", url: "/api/auth/request-password-reset", payload: { email: person.email, redirectTo: "/en/reset-password" } });
    expect(asked.statusCode, asked.body).toBe(200);
    const resetLink = await latestMail(server, person.email, "reset_password");
    const landing = await server.app.inject({ url: pathOf(resetLink!.link) });
    const token = new URL(String(landing.headers.location), "http://localhost").searchParams.get("token");
    const reset = await server.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, newPassword: "another long password 2" } });
    expect(reset.statusCode, reset.body).toBe(200);

    const followed = await server.app.inject({ url: pathOf(approval.link) });
    expect(followed.headers.location).toBe("/en/profile?error=INVALID_TOKEN");
    expect(await latestMail(server, `elsewhere-${person.email}`, "change_email")).toBeNull();
  });

  it("still takes a change asked for after the password changed", async () => {
    const person = await buildUser(server);
    await server.app.inject({ method: "POST", url: "/api/auth/revoke-other-sessions", headers: as(person) });
    // A link issued in the same second as the revocation counts as older (whole seconds): ask in the next one.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const approval = await askToMove(person, `later-${person.email}`, "en");
    const approved = await server.app.inject({ url: pathOf(approval.link) });
    expect(approved.headers.location).not.toContain("error=");
    expect(await latestMail(server, `later-${person.email}`, "change_email")).not.toBeNull();
  });
});
