import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { BackgroundJob } from "../../../shared/api/admin-background";
import { JOB_QUEUE_NAMES } from "../../../shared/jobs/job-queues";
import { auditLog } from "../../db/schema/audit";
import { engines } from "../../test/engines";
import { buildUser, uniqueEmail, type TestUser } from "../../test/factories";
import { mailSettled } from "../../test/mail";
import { TEST_SIGNATURE_HEADER, TEST_WEBHOOK_SECRET, testWebhooks } from "../../test/test-webhooks";
import { startTestServer, type TestServer } from "../../test/test-server";
import { signatureHeader } from "../../webhooks/hmac";

describe.each(engines)("background work in the back office on %s", (engine) => {
  let smtp: SMTPServer;
  let server: TestServer;
  let admin: TestUser;
  let customer: TestUser;
  /** How many times the mail server was asked to take mail for each address. */
  const asked = new Map<string, number>();

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onRcptTo(address, _session, callback) {
        asked.set(address.address, (asked.get(address.address) ?? 0) + 1);
        if (address.address.startsWith("bounce")) return callback(new Error("550 No such mailbox"));
        callback();
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on("end", () => callback());
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as AddressInfo;
    server = await startTestServer(engine, { SMTP_URL: `smtp://127.0.0.1:${port}` }, { webhooks: testWebhooks });
    admin = await buildUser(server, { role: "admin" });
    customer = await buildUser(server);
  });
  afterAll(async () => {
    await server.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const jobsAs = (cookie: string) => server.app.inject({ url: "/api/admin/jobs", headers: { cookie } });
  const deadMailTo = async (email: string): Promise<BackgroundJob | undefined> =>
    ((await jobsAs(admin.cookie)).json().problems as BackgroundJob[]).find((job) => job.summary === `verify_email → ${email}` && job.state === "dead");

  it("shows an admin the mail the server refused: queue, attempts, last error, and the queue's counts", async () => {
    const email = uniqueEmail("bounce");
    await server.app.inject({ method: "POST", url: "/api/auth/sign-up/email", payload: { email, password: "secret-one", name: "Bounce", callbackURL: "/en/auth" } });
    await mailSettled(server);

    const response = await jobsAs(admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const job = await deadMailTo(email);
    expect(job).toMatchObject({ queue: "send-email", state: "dead", attempts: 1, retries: 6, nextAttemptAt: null });
    expect(job?.lastError).toContain("550 No such mailbox");
    expect(JSON.stringify(response.json())).not.toContain("token=");
    expect(response.json().queues).toContainEqual(expect.objectContaining({ queue: "send-email", dead: expect.any(Number), waiting: 0, running: 0 }));
    expect(response.json().queues.find((queue: { queue: string }) => queue.queue === "send-email").dead).toBeGreaterThanOrEqual(1);
  });

  it("lets an admin send a dead job again, once, and audits who did it", async () => {
    const email = uniqueEmail("bounce");
    await server.app.inject({ method: "POST", url: "/api/auth/sign-up/email", payload: { email, password: "secret-one", name: "Bounce", callbackURL: "/en/auth" } });
    await mailSettled(server);
    const dead = await deadMailTo(email);
    expect(asked.get(email)).toBe(1);

    const retry = await server.app.inject({ method: "POST", url: `/api/admin/jobs/${dead!.id}/retry`, headers: { cookie: admin.cookie } });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().job).toMatchObject({ id: dead!.id, queue: "send-email", summary: `verify_email → ${email}` });
    // The worker tries again (and the mail server refuses again).
    await vi.waitFor(() => expect(asked.get(email)).toBe(2), { timeout: 15_000, interval: 50 });

    const audit = await server.database.db.select().from(auditLog).where(and(eq(auditLog.action, "job.retry"), eq(auditLog.subjectId, dead!.id)));
    expect(audit).toEqual([
      expect.objectContaining({
        actorUserId: admin.id,
        subjectType: "job",
        before: expect.objectContaining({ queue: "send-email", state: "dead", attempts: 1, summary: `verify_email → ${email}` }),
        after: { queue: "send-email", state: "queued" },
      }),
    ]);

    const twice = await server.app.inject({ method: "POST", url: `/api/admin/jobs/${dead!.id}/retry`, headers: { cookie: admin.cookie } });
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toMatchObject({ error: { code: "job_not_found" } });
    expect(await server.database.db.select().from(auditLog).where(and(eq(auditLog.action, "job.retry"), eq(auditLog.subjectId, dead!.id)))).toHaveLength(1);
  });

  it("works exactly the queues the shared list names, so the back office has a name for each", async () => {
    // pg-boss's own list of the queues this server created at start, one per registered handler.
    const started = (await server.jobs.admin.counts()).map((queue) => queue.queue);
    expect([...started].sort()).toEqual([...JOB_QUEUE_NAMES].sort());
  });

  it("refuses a customer (403) and an id that is not a job's (400)", async () => {
    expect((await jobsAs(customer.cookie)).statusCode).toBe(403);
    const retry = await server.app.inject({ method: "POST", url: "/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry", headers: { cookie: customer.cookie } });
    expect(retry.statusCode).toBe(403);
    const bad = await server.app.inject({ method: "POST", url: "/api/admin/jobs/not-a-job/retry", headers: { cookie: admin.cookie } });
    expect(bad.statusCode).toBe(400);
    const unknown = await server.app.inject({ method: "POST", url: "/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry", headers: { cookie: admin.cookie } });
    expect(unknown.statusCode).toBe(404);
  });

  it("lists webhook deliveries newest first with their outcome, and filters the problems", async () => {
    const send = (event: object) => {
      const body = JSON.stringify(event);
      return server.app.inject({
        method: "POST",
        url: "/webhooks/test/json",
        headers: { "content-type": "application/json", [TEST_SIGNATURE_HEADER]: signatureHeader(TEST_WEBHOOK_SECRET, body) },
        payload: body,
      });
    };
    await send({ id: "evt-fine", type: "call.completed", key: "fine" });
    await send({ id: "evt-fine", type: "call.completed", key: "fine" });
    await send({ id: "evt-refused", type: "call.completed", key: "refused", behaviour: "permanent" });

    const all = await server.app.inject({ url: "/api/admin/webhooks/deliveries", headers: { cookie: admin.cookie } });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(all.json().deliveries).toEqual([
      expect.objectContaining({ provider: "test", eventId: "evt-refused", eventType: "call.completed", outcome: "rejected", error: "no account for refused", attempts: 1, deliveries: 1 }),
      expect.objectContaining({ provider: "test", eventId: "evt-fine", outcome: "processed", error: null, attempts: 1, deliveries: 2, processedAt: expect.any(String) }),
    ]);

    const problems = await server.app.inject({ url: "/api/admin/webhooks/deliveries?filter=problems", headers: { cookie: admin.cookie } });
    expect(problems.json().deliveries.map((delivery: { eventId: string }) => delivery.eventId)).toEqual(["evt-refused"]);
    expect((await server.app.inject({ url: "/api/admin/webhooks/deliveries", headers: { cookie: customer.cookie } })).statusCode).toBe(403);
  });
});
