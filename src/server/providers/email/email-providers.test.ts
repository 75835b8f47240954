import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema/mail";
import { user } from "../../db/schema/auth";
import { engines, openTestDatabase, type TestDatabase } from "../../test/engines";
import { uniqueEmail } from "../../test/factories";
import { mailSettled } from "../../test/mail";
import { startTestServer, type TestServer } from "../../test/test-server";
import { linksIn } from "./email";
import { createOutboxEmail } from "./outbox";

describe("linksIn", () => {
  it("finds each web address once, in order, without trailing punctuation", () => {
    const text = "Open http://a.example/x?token=1&b=2 now.\nOr (https://b.example/y) or http://a.example/x?token=1&b=2";
    expect(linksIn(text)).toEqual(["http://a.example/x?token=1&b=2", "https://b.example/y"]);
  });
});

describe.each(engines)("the local outbox on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(() => database.destroy());

  it("keeps the message and prints a block with a line per link", async () => {
    const lines: string[] = [];
    const outbox = createOutboxEmail(database.db, (line) => lines.push(line));
    await outbox.send({
      to: "a@example.com",
      subject: "Confirm",
      text: "Confirm: http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2Fen%2Fauth\nThanks",
      html: "<p>Confirm</p>",
      kind: "verify_email",
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.split("\n")).toContain("│ [mail] verify_email to a@example.com: http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2Fen%2Fauth");
    const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "a@example.com"));
    expect(rows).toEqual([expect.objectContaining({ subject: "Confirm", kind: "verify_email", html: "<p>Confirm</p>" })]);
  });
});

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** The body of a MIME message with quoted-printable soft breaks and escapes undone: enough to find a link. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe.each(engines)("email over SMTP on %s", (engine) => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let server: TestServer;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith("bounce")) return callback(new Error("550 No such mailbox"));
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as AddressInfo;
    server = await startTestServer(engine, { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Dialwise <no-reply@dialwise.example>" });
  });
  afterAll(async () => {
    await server.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it("delivers the verification email to the person, with its subject and link, and keeps nothing in the outbox", async () => {
    const email = uniqueEmail();
    const signUp = await server.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { email, password: "secret-one", name: "Mail Test", callbackURL: "/en/auth" },
    });
    expect(signUp.statusCode).toBe(200);

    await mailSettled(server);
    const message = received.find((item) => item.to.includes(email));
    expect(message?.to).toEqual([email]);
    expect(message?.from).toBe("no-reply@dialwise.example");
    expect(message?.raw).toMatch(/^Subject: Confirm your email address for Dialwise\r?$/m);
    const body = decodeQuotedPrintable(message?.raw ?? "");
    const link = body.match(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=%2Fen%2Fauth/)?.[0];
    expect(link).toBeDefined();

    // The delivered link works.
    const followed = await server.app.inject({ url: new URL(link!).pathname + new URL(link!).search });
    expect(followed.headers.location).toBe("/en/auth?verified=1");
    expect(await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).toEqual([]);
  });

  it("accepts a request whose mail the server refuses, and dead-letters that mail with the refusal for an admin to see", async () => {
    // The request only queues the mail, so its answer cannot depend on the mail server (nor tell who has an account).
    const email = uniqueEmail("bounce");
    const signUp = await server.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { email, password: "secret-one", name: "Bounce", callbackURL: "/en/auth" },
    });
    expect(signUp.statusCode).toBe(200);
    expect(await server.database.db.select({ emailVerified: user.emailVerified }).from(user).where(eq(user.email, email))).toEqual([{ emailVerified: false }]);

    const resend = await server.app.inject({ method: "POST", url: "/api/auth/send-verification-email", payload: { email, callbackURL: "/en/auth" } });
    expect(resend.statusCode).toBe(200);

    // 550 is permanent: both messages go to the dead letters on their first try, with the server's words.
    await mailSettled(server);
    const dead = (await server.jobs.admin.problems({ limit: 50 })).filter((problem) => problem.summary === `verify_email → ${email}`);
    expect(dead).toHaveLength(2);
    for (const problem of dead) {
      expect(problem).toMatchObject({ queue: "send-email", state: "dead", attempts: 1 });
      expect(problem.lastError).toContain("550 No such mailbox");
    }
    expect(received.some((message) => message.to.includes(email))).toBe(false);
  });
});
