import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { JobQueue } from "../../jobs/job-queue";
import { createJobQueue } from "../../jobs/pg-boss-queue";
import { engines, openTestDatabase, type TestDatabase } from "../../test/engines";
import type { EmailMessage } from "./email";
import { createMailer, handleMailJobs, type Mailer } from "./mail-jobs";
import { createSmtpEmail } from "./smtp";

const quiet = { warn: () => undefined, error: () => undefined };
const eventually = <T>(check: () => Promise<T> | T) => vi.waitFor(check, { timeout: 15_000, interval: 50 });

const message = (to: string): EmailMessage => ({ to, subject: "Hello", text: "Open http://localhost:3000/x?token=secret", html: "<p>Hello</p>", kind: "verify_email" });

describe.each(engines)("queued mail over SMTP on %s", (engine) => {
  let database: TestDatabase;
  let jobs: JobQueue;
  let mailer: Mailer;
  let smtp: SMTPServer;
  /** Recipients the mail server has accepted a message for, and every RCPT it was asked, in order. */
  const delivered: string[] = [];
  const asked: string[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onRcptTo(address, _session, callback) {
        asked.push(address.address);
        const tries = asked.filter((item) => item === address.address).length;
        // Greylisting: a temporary refusal the first time, accepted on the next try.
        if (address.address.startsWith("greylist") && tries === 1) return callback(Object.assign(new Error("451 Try again later"), { responseCode: 451 }));
        if (address.address.startsWith("nobody")) return callback(new Error("550 No such mailbox"));
        callback();
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on("end", () => {
          delivered.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as AddressInfo;
    database = await openTestDatabase(engine);
    jobs = createJobQueue(database, { log: quiet, pollSeconds: 0.5 });
    // The shipped policy waits 20 s before the first retry; the same code with a one-second wait here.
    handleMailJobs(jobs, createSmtpEmail({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "Dialwise <no-reply@dialwise.example>" }), { retries: 3, delaySeconds: 1, maxDelaySeconds: 1 });
    await jobs.start();
    mailer = createMailer(jobs, database.db);
  });
  afterAll(async () => {
    await jobs.stop();
    await database.destroy();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it("sends a queued message once the mail server takes it, after a temporary refusal", async () => {
    await mailer.queue(message("greylist@example.com"));
    await eventually(() => expect(delivered).toContain("greylist@example.com"));
    expect(asked.filter((item) => item === "greylist@example.com")).toHaveLength(2);
    expect(delivered.filter((item) => item === "greylist@example.com")).toHaveLength(1);
    expect((await jobs.admin.problems({ limit: 10 })).map((problem) => problem.summary)).not.toContain("verify_email → greylist@example.com");
  });

  it("dead-letters a message the server refuses for good, after one try, without the link in what an admin reads", async () => {
    await mailer.queue(message("nobody@example.com"));
    const dead = await eventually(async () => {
      const found = (await jobs.admin.problems({ limit: 10 })).find((problem) => problem.summary === "verify_email → nobody@example.com");
      expect(found?.state).toBe("dead");
      return found!;
    });
    expect(dead.attempts).toBe(1);
    expect(dead.lastError).toContain("550 No such mailbox");
    expect(JSON.stringify(dead)).not.toContain("token=secret");
    expect(asked.filter((item) => item === "nobody@example.com")).toHaveLength(1);
  });

  it("queues nothing when the transaction that asked for the mail rolls back", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await mailer.queue(message("rolled-back@example.com"), tx);
        throw new Error("the sign-up failed");
      }),
    ).rejects.toThrow("the sign-up failed");
    await mailer.queue(message("after@example.com"));
    await eventually(() => expect(delivered).toContain("after@example.com"));
    expect(asked).not.toContain("rolled-back@example.com");
  });
});
