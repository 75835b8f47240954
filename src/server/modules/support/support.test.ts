import { and, count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSupportList, adminSupportThread } from "../../../shared/api/admin-support";
import { mySupportConversation } from "../../../shared/api/support";
import { SUPPORT_MESSAGE_MAX_LENGTH } from "../../../shared/support/support-limits";
import { auditLog } from "../../db/schema/audit";
import { userEvents } from "../../db/schema/events";
import { supportMessages } from "../../db/schema/support";
import { engines } from "../../test/engines";
import { buildUser, uniqueEmail, type TestUser } from "../../test/factories";
import { latestMail, mailCount } from "../../test/mail";
import { startTestServer, type TestServer } from "../../test/test-server";
import { createMailer } from "../../providers/email/mail-jobs";
import type { SupportDeps } from "./deps";
import { noticeAwayCustomer, supportReplyNoticeJob } from "./reply-notice";
import { TICKET_LIMITS } from "./tickets";

describe.each(engines)("support conversations on %s", (engine) => {
  let server: TestServer;
  let admin: TestUser;
  let nextAddress = 1;
  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "100000" });
    admin = await buildUser(server, { role: "admin" });
  });
  afterAll(() => server.close());

  const as = (person: TestUser | null) => (person ? { cookie: person.cookie } : {});
  const get = (person: TestUser | null, url: string) => server.app.inject({ url, headers: as(person) });
  const post = (person: TestUser | null, url: string, payload: unknown, remoteAddress?: string) =>
    server.app.inject({ method: "POST", url, headers: as(person), payload: payload as object, ...(remoteAddress ? { remoteAddress } : {}) });
  const support = (): SupportDeps => ({ db: server.database.db, bus: server.bus, jobs: server.jobs, mailer: createMailer(server.jobs, server.database.db), publicUrl: server.config.publicUrl });
  /** Each test's visitors come from an address of their own, so the per-address limit counts only theirs. */
  const freshAddress = () => `198.51.100.${nextAddress++}`;

  async function write(customer: TestUser, body: string) {
    const response = await post(customer, "/api/support/messages", { body, lang: "en" });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ conversationId: string; message: { id: number } }>();
  }
  async function reply(conversationId: string, body: string) {
    const response = await post(admin, `/api/admin/support/conversations/${conversationId}/messages`, { body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ message: { id: number } }>().message;
  }
  const unread = async (customer: TestUser) => (await get(customer, "/api/support/unread")).json<{ count: number }>().count;
  const inbox = async (query = "") => adminSupportList.response.parse((await get(admin, `/api/admin/support/conversations${query}`)).json());
  const thread = async (id: string) => adminSupportThread.response.parse((await get(admin, `/api/admin/support/conversations/${id}`)).json());
  async function lastUnreadEvent(customer: TestUser) {
    const [row] = await server.database.db
      .select({ data: userEvents.data })
      .from(userEvents)
      .where(and(eq(userEvents.userId, customer.id), eq(userEvents.type, "support.unread")))
      .orderBy(desc(userEvents.id))
      .limit(1);
    return row?.data;
  }

  it("moves the unread counts on both sides as messages are written and read", async () => {
    const customer = await buildUser(server);
    const { conversationId, message } = await write(customer, "My call to Jamaica dropped after a minute.");
    expect(await unread(customer)).toBe(0);

    const before = await inbox(`?q=${encodeURIComponent(customer.email)}`);
    expect(before.conversations).toMatchObject([{ id: conversationId, kind: "customer", email: customer.email, unread: 1, status: "open", preview: "My call to Jamaica dropped after a minute." }]);
    const inboxUnreadBefore = before.unreadTotal;

    const read = await post(admin, `/api/admin/support/conversations/${conversationId}/read`, { throughMessageId: message.id });
    expect(read.json()).toEqual({ unreadTotal: inboxUnreadBefore - 1 });
    expect((await inbox(`?q=${encodeURIComponent(customer.email)}`)).conversations[0]?.unread).toBe(0);

    const first = await reply(conversationId, "Sorry about that: we have refunded the minute.");
    expect(await unread(customer)).toBe(1);
    expect(await lastUnreadEvent(customer)).toEqual({ count: 1 });
    const second = await reply(conversationId, "Is everything working now?");
    expect(await unread(customer)).toBe(2);

    // Read up to the first reply: the second, which the page had not shown yet, stays unread.
    const partly = await post(customer, `/api/support/conversations/${conversationId}/read`, { throughMessageId: first.id });
    expect(partly.json()).toEqual({ unread: 1 });
    const all = await post(customer, `/api/support/conversations/${conversationId}/read`, { throughMessageId: second.id });
    expect(all.json()).toEqual({ unread: 0 });
    expect(await unread(customer)).toBe(0);
    // The customer's other tabs hear it: their badges go to 0 too.
    expect(await lastUnreadEvent(customer)).toEqual({ count: 0 });

    const mine = mySupportConversation.response.parse((await get(customer, "/api/support/conversation")).json());
    expect(mine.messages.map((each) => [each.author, each.body, each.readAt !== null])).toEqual([
      ["customer", "My call to Jamaica dropped after a minute.", true],
      ["admin", "Sorry about that: we have refunded the minute.", true],
      ["admin", "Is everything working now?", true],
    ]);
  });

  it("keeps a customer's conversation to that customer: another gets 404 and nothing changes", async () => {
    const owner = await buildUser(server);
    const other = await buildUser(server);
    const { conversationId } = await write(owner, "A private question");
    const answer = await reply(conversationId, "A private answer");

    const attempt = await post(other, `/api/support/conversations/${conversationId}/read`, { throughMessageId: answer.id });
    expect(attempt.statusCode).toBe(404);
    expect(attempt.body).not.toContain("private");
    expect(await unread(owner)).toBe(1);
    const [stillUnread] = await server.database.db.select({ readAt: supportMessages.readAt }).from(supportMessages).where(eq(supportMessages.id, answer.id));
    expect(stillUnread?.readAt).toBeNull();

    const theirs = mySupportConversation.response.parse((await get(other, "/api/support/conversation")).json());
    expect(theirs).toEqual({ conversation: null, messages: [] });
    expect(await unread(other)).toBe(0);
    // Writing makes the other customer a conversation of their own.
    const own = await write(other, "My own question");
    expect(own.conversationId).not.toBe(conversationId);
  });

  it("refuses an empty or oversize message with a clear code and writes nothing", async () => {
    const customer = await buildUser(server);
    const countMessages = async () => (await server.database.db.select({ n: count() }).from(supportMessages))[0]?.n ?? 0;
    const before = await countMessages();

    const empty = await post(customer, "/api/support/messages", { body: " \n\t \u200f\n " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe("support_message_empty");

    const long = await post(customer, "/api/support/messages", { body: "a".repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({ code: "support_message_too_long", details: [{ path: "body", message: String(SUPPORT_MESSAGE_MAX_LENGTH) }] });
    expect(await countMessages()).toBe(before);
    expect((await get(customer, "/api/support/conversation")).json().conversation).toBeNull();

    // Exactly the limit is a message.
    await write(customer, "b".repeat(SUPPORT_MESSAGE_MAX_LENGTH));
    const { conversationId } = await write(customer, "ok");
    const adminLong = await post(admin, `/api/admin/support/conversations/${conversationId}/messages`, { body: "c".repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1) });
    expect(adminLong.json().error.code).toBe("support_message_too_long");
    const adminEmpty = await post(admin, `/api/admin/support/conversations/${conversationId}/messages`, { body: "   " });
    expect(adminEmpty.json().error.code).toBe("support_message_empty");
    expect(await unread(customer)).toBe(0);
  });

  it("keeps messages as plain text: markup stays characters, invisible overrides go, line breaks stay", async () => {
    const customer = await buildUser(server);
    await write(customer, "<img src=x onerror=alert(1)>\r\n\r\n\r\nrefund \u202egnp.exe");
    const mine = mySupportConversation.response.parse((await get(customer, "/api/support/conversation")).json());
    expect(mine.messages[0]?.body).toBe("<img src=x onerror=alert(1)>\n\nrefund gnp.exe");
  });

  it("turns a visitor's form into a ticket the admins see, and mails the visitor its reference", async () => {
    const email = uniqueEmail("visitor");
    const response = await post(null, "/api/support/tickets", { email: email.toUpperCase(), subject: "Billing  question", message: "How are calls <b>billed</b>?\nThanks", lang: "fr" }, freshAddress());
    expect(response.statusCode, response.body).toBe(201);
    const { reference } = response.json<{ reference: string }>();
    expect(reference).toMatch(/^DW-[A-HJ-NP-Z2-9]{8}$/);

    const confirmation = await latestMail(server, email, "support_ticket_received");
    expect(confirmation?.subject).toContain(reference);
    // In the visitor's language, the message quoted as text and escaped in the HTML.
    expect(confirmation?.text).toContain("Merci de nous avoir écrit");
    expect(confirmation?.text).toContain("> How are calls <b>billed</b>?\n> Thanks");
    expect(confirmation?.html).toContain("How are calls &#60;b&#62;billed&#60;/b&#62;?");
    expect(confirmation?.html).not.toContain("<b>billed");
    expect(confirmation?.link).toBe("http://localhost:3000/fr/support");

    const listed = await inbox(`?q=${reference.toLowerCase()}`);
    expect(listed.conversations).toMatchObject([{ kind: "visitor", email, subject: "Billing question", reference, unread: 1, name: null }]);
    const id = listed.conversations[0]!.id;
    expect((await thread(id)).account).toBeNull();

    await reply(id, "Per started minute.\nSee the FAQ.");
    const answer = await latestMail(server, email, "support_reply");
    expect(answer?.subject).toBe(`RE : Billing question [${reference}]`);
    expect(answer?.text).toContain("> Per started minute.\n> See the FAQ.");
  });

  it("limits the form per address and per email, with a clear code", async () => {
    const address = freshAddress();
    const email = uniqueEmail("flood");
    const ticket = (to: string, from: string) => post(null, "/api/support/tickets", { email: to, subject: "Hello", message: "Hi there" }, from);
    for (let sent = 0; sent < TICKET_LIMITS.perEmail.max; sent += 1) expect((await ticket(email, freshAddress())).statusCode).toBe(201);
    const overEmail = await ticket(email, freshAddress());
    expect(overEmail.statusCode).toBe(429);
    expect(overEmail.json().error.code).toBe("support_tickets_rate_limited");
    expect(await mailCount(server, email, "support_ticket_received")).toBe(TICKET_LIMITS.perEmail.max);

    for (let sent = 0; sent < TICKET_LIMITS.perAddress.max; sent += 1) expect((await ticket(uniqueEmail("one"), address)).statusCode).toBe(201);
    const overAddress = await ticket(uniqueEmail("one"), address);
    expect(overAddress.statusCode).toBe(429);
    expect(overAddress.json().error.code).toBe("support_tickets_rate_limited");
    // Another address with a fresh email is still welcome.
    expect((await ticket(uniqueEmail("one"), freshAddress())).statusCode).toBe(201);
  });

  it("refuses a ticket without a subject or with an invalid email, counting nothing", async () => {
    const address = freshAddress();
    const noSubject = await post(null, "/api/support/tickets", { email: uniqueEmail(), subject: " ", message: "Hi" }, address);
    expect(noSubject.json().error.code).toBe("support_subject_empty");
    const longSubject = await post(null, "/api/support/tickets", { email: uniqueEmail(), subject: "s".repeat(151), message: "Hi" }, address);
    expect(longSubject.json().error.code).toBe("support_subject_too_long");
    const badEmail = await post(null, "/api/support/tickets", { email: "not-an-email", subject: "Hi", message: "Hi" }, address);
    expect(badEmail.statusCode).toBe(400);
    for (let sent = 0; sent < TICKET_LIMITS.perAddress.max; sent += 1) expect((await post(null, "/api/support/tickets", { email: uniqueEmail(), subject: "Hi", message: "Hi" }, address)).statusCode).toBe(201);
  });

  it("emails a customer who has not read a reply, at most once an hour per conversation", async () => {
    const customer = await buildUser(server);
    const { conversationId } = await write(customer, "Hello?");
    const answer = await reply(conversationId, "Hello! How can we help?");
    // The reply asked for the check, to run once the customer has had time to read it.
    const queued = (await server.jobs.admin.counts()).find((counts) => counts.queue === supportReplyNoticeJob.queue);
    expect(queued?.waiting).toBeGreaterThan(0);
    const now = new Date();
    expect(await noticeAwayCustomer(support(), conversationId, now)).toBe(true);
    const notice = await latestMail(server, customer.email, "support_reply_waiting");
    expect(notice?.link).toBe("http://localhost:3000/en/support");
    expect(notice?.text).not.toContain("How can we help");

    await reply(conversationId, "Still there?");
    expect(await noticeAwayCustomer(support(), conversationId, new Date(now.getTime() + 30 * 60 * 1000))).toBe(false);
    expect(await mailCount(server, customer.email, "support_reply_waiting")).toBe(1);

    // Read: nothing to tell, even after the hour.
    const mine = mySupportConversation.response.parse((await get(customer, "/api/support/conversation")).json());
    await post(customer, `/api/support/conversations/${conversationId}/read`, { throughMessageId: mine.messages.at(-1)!.id });
    expect(await noticeAwayCustomer(support(), conversationId, new Date(now.getTime() + 61 * 60 * 1000))).toBe(false);

    // A new reply, unread, more than an hour after the last email: one more.
    await reply(conversationId, "We fixed it.");
    expect(await noticeAwayCustomer(support(), conversationId, new Date(now.getTime() + 61 * 60 * 1000))).toBe(true);
    expect(await mailCount(server, customer.email, "support_reply_waiting")).toBe(2);
    expect(answer.id).toBeGreaterThan(0);
  });

  it("closes and reopens, audited; a customer writing again reopens their conversation", async () => {
    const customer = await buildUser(server);
    const { conversationId } = await write(customer, "Question");
    const close = await server.app.inject({ method: "PUT", url: `/api/admin/support/conversations/${conversationId}/status`, headers: as(admin), payload: { status: "closed" } });
    expect(close.json().conversation.status).toBe("closed");
    expect((await inbox(`?status=closed&q=${encodeURIComponent(customer.email)}`)).conversations).toHaveLength(1);
    expect((await inbox(`?status=open&q=${encodeURIComponent(customer.email)}`)).conversations).toHaveLength(0);

    await write(customer, "One more thing");
    expect((await thread(conversationId)).conversation.status).toBe("open");
    const actions = await server.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.subjectId, conversationId));
    expect(actions.map((row) => row.action)).toEqual(["support.close"]);

    const reopen = await server.app.inject({ method: "PUT", url: `/api/admin/support/conversations/${conversationId}/status`, headers: as(admin), payload: { status: "open" } });
    expect(reopen.statusCode).toBe(200);
    // Already open: nothing to audit.
    expect((await server.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.subjectId, conversationId))).length).toBe(1);
    const missing = await server.app.inject({ method: "PUT", url: "/api/admin/support/conversations/sup_nothing/status", headers: as(admin), payload: { status: "closed" } });
    expect(missing.statusCode).toBe(404);
  });

  it("filters the inbox by unread and searches messages, and shows a customer's account beside the thread", async () => {
    const customer = await buildUser(server);
    const word = `zebra${Date.now()}`;
    const { conversationId, message } = await write(customer, `Something about ${word} here`);
    expect((await inbox(`?unread=true&q=${word}`)).conversations.map((row) => row.id)).toEqual([conversationId]);
    await post(admin, `/api/admin/support/conversations/${conversationId}/read`, { throughMessageId: message.id });
    expect((await inbox(`?unread=true&q=${word}`)).conversations).toEqual([]);
    expect((await inbox(`?q=${word.toUpperCase()}`)).conversations.map((row) => row.id)).toEqual([conversationId]);
    // A "%" means itself, not "anything": "a%b" does not find "a-long-b".
    await write(customer, `a-long-b${word}`);
    expect((await inbox(`?q=${encodeURIComponent(`a%b${word}`)}`)).conversations).toEqual([]);
    await write(customer, `a%b${word}`);
    expect((await inbox(`?q=${encodeURIComponent(`a%b${word}`)}`)).conversations.map((row) => row.id)).toEqual([conversationId]);

    const shown = await thread(conversationId);
    expect(shown.account).toMatchObject({ userId: customer.id, balance: "0.0000", recentCalls: [], recentPayments: [] });
    expect((await get(admin, "/api/admin/support/conversations/sup_nothing")).statusCode).toBe(404);
  });
});
