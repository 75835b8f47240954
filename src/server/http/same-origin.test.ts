import { request as httpRequest } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "../db/schema/blog";
import { payments } from "../db/schema/payments";
import { engines } from "../test/engines";
import { buildUser, type TestUser } from "../test/factories";
import { listenLocally, rawRequest } from "../test/raw-http";
import { startTestServer, type TestServer } from "../test/test-server";

const OURS = "http://localhost:3000";
const EVIL = "https://evil.example";

interface Answer {
  status: number;
  code: string | undefined;
}

/**
 * One request over a socket with exactly these headers and this body, as a hostile
 * page makes the browser send it (node:http adds no Origin and keeps the path as written).
 */
async function sendAsWritten(port: number, method: string, path: string, headers: Record<string, string>, body = ""): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: "127.0.0.1", port, method, path, headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } }, (incoming) => {
      let text = "";
      incoming.setEncoding("utf8");
      incoming.on("data", (chunk: string) => (text += chunk));
      incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, code: errorCode(text) }));
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

function errorCode(text: string): string | undefined {
  try {
    return (JSON.parse(text) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}

/** A hostile page's form posts and fetches, sent with a signed-in admin's or customer's cookie: none may change anything. */
describe.each(engines)("writes from another site on %s", (engine) => {
  let server: TestServer;
  let port: number;
  let admin: TestUser;
  let customer: TestUser;
  let serial = 0;

  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "100000" });
    port = await listenLocally(server.app);
    admin = await buildUser(server, { role: "admin" });
    customer = await buildUser(server);
  });
  afterAll(() => server.close());

  async function draft(): Promise<string> {
    const created = await server.app.inject({
      method: "POST",
      url: "/api/admin/blog/posts",
      headers: { cookie: admin.cookie, origin: OURS },
      payload: { slug: `cross-site-${engine}-${++serial}`, language: "en", title: "Calling home", excerpt: "How.", body: "Text.", cover: null },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ post: { id: string } }>().post.id;
  }
  const statusOf = async (id: string) => (await server.database.db.select({ status: blogPosts.status }).from(blogPosts).where(eq(blogPosts.id, id)))[0]?.status;

  it("refuses a text/plain form posted from another site to publish a post, and the post stays a draft", async () => {
    const id = await draft();
    const answer = await sendAsWritten(port, "POST", `/api/admin/blog/posts/${id}/publish`, { cookie: admin.cookie, origin: EVIL, "content-type": "text/plain" }, "a=b");
    expect(answer).toEqual({ status: 403, code: "origin_not_allowed" });
    expect(await statusOf(id)).toBe("draft");
  });

  it("refuses the same forms urlencoded, multipart and empty, from a foreign origin", async () => {
    const id = await draft();
    for (const [type, body] of [
      ["application/x-www-form-urlencoded", "a=b"],
      ["multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n--x--\r\n"],
      ["text/plain", ""],
      ["application/json", "{}"],
    ] as const) {
      expect(await sendAsWritten(port, "POST", `/api/admin/blog/posts/${id}/publish`, { cookie: admin.cookie, origin: EVIL, "content-type": type }, body), type).toEqual({
        status: 403,
        code: "origin_not_allowed",
      });
    }
    expect(await statusOf(id)).toBe("draft");
  });

  it("refuses a foreign Referer when no Origin came, and a cookie with neither", async () => {
    const id = await draft();
    const target = `/api/admin/blog/posts/${id}/publish`;
    expect(await sendAsWritten(port, "POST", target, { cookie: admin.cookie, referer: `${EVIL}/innocent-page`, "content-type": "text/plain" }, "a=b")).toEqual({
      status: 403,
      code: "origin_not_allowed",
    });
    expect(await sendAsWritten(port, "POST", target, { cookie: admin.cookie, "content-type": "text/plain" }, "a=b")).toEqual({ status: 403, code: "origin_missing" });
    expect(await sendAsWritten(port, "POST", target, { cookie: admin.cookie })).toEqual({ status: 403, code: "origin_missing" });
    // An opaque origin (a sandboxed frame, a data: page) and a look-alike are no one's.
    for (const origin of ["null", "http://localhost:3000.evil.example", "http://localhost:3001", "https://localhost:3000"]) {
      expect(await sendAsWritten(port, "POST", target, { cookie: admin.cookie, origin }), origin).toEqual({ status: 403, code: "origin_not_allowed" });
    }
    expect(await statusOf(id)).toBe("draft");
  });

  it("refuses body-less posts from another site: unpublish, job retry, cancelling a checkout", async () => {
    const id = await draft();
    const published = await server.app.inject({ method: "POST", url: `/api/admin/blog/posts/${id}/publish`, headers: { cookie: admin.cookie, origin: OURS } });
    expect(published.statusCode, published.body).toBe(200);
    expect(await sendAsWritten(port, "POST", `/api/admin/blog/posts/${id}/unpublish`, { cookie: admin.cookie, origin: EVIL })).toEqual({ status: 403, code: "origin_not_allowed" });
    expect(await statusOf(id)).toBe("published");
    expect(await sendAsWritten(port, "DELETE", `/api/admin/blog/posts/${id}`, { cookie: admin.cookie, origin: EVIL })).toEqual({ status: 403, code: "origin_not_allowed" });
    expect(await statusOf(id)).toBe("published");

    expect(await sendAsWritten(port, "POST", "/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry", { cookie: admin.cookie, origin: EVIL })).toEqual({
      status: 403,
      code: "origin_not_allowed",
    });

    const checkout = await server.app.inject({ method: "POST", url: "/api/payments/checkout", headers: { cookie: customer.cookie, origin: OURS }, payload: { amount: "10" } });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const { paymentId } = checkout.json<{ paymentId: string }>();
    const [row] = await server.database.db.select().from(payments).where(eq(payments.id, paymentId));
    const cancel = await sendAsWritten(port, "POST", `/api/local-checkout/sessions/${row?.providerPaymentId ?? ""}/cancel`, { cookie: customer.cookie, referer: `${EVIL}/` });
    expect(cancel).toEqual({ status: 403, code: "origin_not_allowed" });
    const [after] = await server.database.db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId));
    expect(after?.status).toBe("pending");
  });

  it("refuses better-auth's writes from another site: signing out, changing the name", async () => {
    expect(await sendAsWritten(port, "POST", "/api/auth/sign-out", { cookie: customer.cookie, origin: EVIL, "content-type": "text/plain" }, "{}")).toEqual({
      status: 403,
      code: "origin_not_allowed",
    });
    expect(
      await sendAsWritten(port, "POST", "/api/auth/update-user", { cookie: customer.cookie, origin: EVIL, "content-type": "text/plain" }, JSON.stringify({ name: "Pwned" })),
    ).toEqual({ status: 403, code: "origin_not_allowed" });
    const me = await server.app.inject({ method: "GET", url: "/api/me", headers: { cookie: customer.cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ name: string }>().name).not.toBe("Pwned");
  });

  it("refuses paths sent as written (curl --path-as-is) before they reach a route", async () => {
    const id = await draft();
    for (const target of [`/api/admin/blog/posts/${id}/./publish`, `/api/admin/blog/posts/x/../${id}/publish`, `/api//admin/blog/posts/${id}/publish`]) {
      const answer = await rawRequest(port, { method: "POST", target, headers: { cookie: admin.cookie, origin: EVIL } });
      expect([400, 403], `${target}: ${answer.body}`).toContain(answer.status);
    }
    const plain = await rawRequest(port, { method: "POST", target: `/api/admin/blog/posts/${id}/publish`, headers: { cookie: admin.cookie, origin: EVIL } });
    expect(plain.status).toBe(403);
    expect(await statusOf(id)).toBe("draft");
  });

  it("refuses a text/plain body from our own pages too (415): the API reads JSON", async () => {
    const id = await draft();
    const answer = await sendAsWritten(port, "POST", `/api/admin/blog/posts/${id}/publish`, { cookie: admin.cookie, origin: OURS, "content-type": "text/plain" }, "a=b");
    expect(answer).toEqual({ status: 415, code: "unsupported_media_type" });
    const form = await sendAsWritten(port, "PUT", `/api/admin/blog/posts/${id}`, { cookie: admin.cookie, origin: OURS, "content-type": "text/plain" }, JSON.stringify({ title: "Changed" }));
    expect(form).toEqual({ status: 415, code: "unsupported_media_type" });
    expect(await statusOf(id)).toBe("draft");
  });

  it("lets our own pages write, by Origin or by Referer", async () => {
    const id = await draft();
    expect((await sendAsWritten(port, "POST", `/api/admin/blog/posts/${id}/publish`, { cookie: admin.cookie, referer: `${OURS}/en/admin/blog` })).status).toBe(200);
    expect(await statusOf(id)).toBe("published");
    expect((await sendAsWritten(port, "POST", `/api/admin/blog/posts/${id}/unpublish`, { cookie: admin.cookie, origin: OURS })).status).toBe(200);
    expect(await statusOf(id)).toBe("draft");
  });

  it("lets a client that is no browser and sends no cookie write without Origin (a script's sign-up, a price lookup)", async () => {
    const lookup = await sendAsWritten(port, "POST", "/api/rates/lookup", { "content-type": "application/json" }, JSON.stringify({ number: "+46701234567" }));
    expect(lookup.status).toBe(200);
    const signUp = await sendAsWritten(
      port,
      "POST",
      "/api/auth/sign-up/email",
      { "content-type": "application/json" },
      JSON.stringify({ email: `script-${engine}@example.com`, password: "a-long-secret", name: "Script" }),
    );
    expect(signUp.status).toBe(200);
  });

  it("leaves signed provider webhooks to their signature: a foreign Origin is not what refuses them", async () => {
    const answer = await sendAsWritten(port, "POST", "/webhooks/payments/local", { origin: EVIL, "content-type": "application/json" }, "{}");
    expect(answer.status).toBe(401);
    expect(answer.code).toBe("signature_missing");
  });
});
