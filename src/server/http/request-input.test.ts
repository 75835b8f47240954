import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../db/schema/audit";
import { user } from "../db/schema/auth";
import { rateDeckRows } from "../db/schema/rates";
import { engines } from "../test/engines";
import { buildUser, uniqueEmail, type TestUser } from "../test/factories";
import { rawRequest, type RawAnswer, type RawRequest } from "../test/raw-request";
import { startTestServer, type TestServer } from "../test/test-server";

/**
 * Input that once answered 500 (and sometimes wrote half of itself) answers a 400
 * that says what is wrong, on our routes and on better-auth's, and writes nothing.
 * Requests go over a socket exactly as written: no client tidies them first.
 */
describe.each(engines)("hostile input on %s", (engine) => {
  let server: TestServer;
  let port: number;
  let admin: TestUser;

  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "100000" });
    admin = await buildUser(server, { role: "admin" });
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    port = (server.app.server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());

  const send = (request: RawRequest) => rawRequest(port, request);
  const errorOf = (answer: RawAnswer) => (JSON.parse(answer.body) as { error: { code: string; message: string } }).error;
  const usersWithEmail = async (email: string) => (await server.database.db.select({ id: user.id }).from(user).where(eq(user.email, email))).length;
  const deckState = async () => {
    const [deck] = await server.database.db.select({ rows: count() }).from(rateDeckRows);
    const [audit] = await server.database.db.select({ rows: count() }).from(auditLog);
    return { deckRows: deck?.rows, auditRows: audit?.rows };
  };

  function expect400(answer: RawAnswer, code: string) {
    expect(answer.status, answer.body).toBe(400);
    const error = errorOf(answer);
    expect(error.code).toBe(code);
    expect(error.message.length).toBeGreaterThan(10);
    // The guard runs after the security headers, so even a refusal carries them.
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  }

  describe("NUL characters", () => {
    it("are refused in JSON strings on our routes, and the sign-up writes no account", async () => {
      expect400(await send({ method: "POST", path: "/api/rates/lookup", body: JSON.stringify({ number: "+44\u00002079460958" }) }), "nul_character");
      const email = uniqueEmail("nul", "dialwise.example");
      const answer = await send({
        method: "POST",
        path: "/api/accounts/admin-sign-up",
        body: JSON.stringify({ email, password: "password-123", name: "Ada\u0000" }),
      });
      expect400(answer, "nul_character");
      expect(await usersWithEmail(email)).toBe(0);
    });

    it("are refused in an imported rate deck, which changes nothing", async () => {
      const before = await deckState();
      const answer = await send({
        method: "POST",
        path: "/api/admin/rates/import",
        headers: { cookie: admin.cookie, origin: "http://localhost:3000" },
        body: JSON.stringify({ csv: "iso,country,line_type,usd_per_min,destination_prefixes\r\nAD,And\u0000orra,Standard,0.04700,376\r\n" }),
      });
      expect400(answer, "nul_character");
      expect(await deckState()).toEqual(before);
    });

    it("are refused in query strings and paths (the admin search once answered 500)", async () => {
      expect400(await send({ method: "GET", path: "/api/admin/rates/countries?q=an%00", headers: { cookie: admin.cookie } }), "nul_character");
      expect400(await send({ method: "GET", path: "/api/i18n/en?prefixes=nav.%00" }), "nul_character");
      // An escaped control character makes the path itself non-canonical: refused before routing (canonical-path.ts).
      expect400(await send({ method: "GET", path: "/api/rates/countries/G%00" }), "path_not_canonical");
    });

    it("are refused on better-auth's routes, in bodies and query strings (sign-in once answered 500)", async () => {
      expect400(
        await send({ method: "POST", path: "/api/auth/sign-in/email", body: JSON.stringify({ email: "someone\u0000@example.com", password: "password-123" }) }),
        "nul_character",
      );
      const email = uniqueEmail("nul-auth");
      expect400(
        await send({ method: "POST", path: "/api/auth/sign-up/email", body: JSON.stringify({ email, password: "password-123", name: "A\u0000" }) }),
        "nul_character",
      );
      expect(await usersWithEmail(email)).toBe(0);
      expect400(await send({ method: "GET", path: "/api/auth/verify-email?token=abc%00&callbackURL=/en/auth" }), "nul_character");
    });

    it("still accepts a backslash followed by the letters u0000, which is text", async () => {
      const answer = await send({ method: "POST", path: "/api/client-errors", body: JSON.stringify({ message: "C:\\u0000", url: "http://localhost/en" }) });
      expect(answer.status).toBe(202);
    });
  });

  describe("deeply nested JSON", () => {
    const deep = `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`;

    it("is refused before parsing on our routes and on better-auth's (sign-in once answered 500)", async () => {
      expect400(await send({ method: "POST", path: "/api/rates/lookup", body: deep }), "json_too_deep");
      expect400(await send({ method: "POST", path: "/api/auth/sign-in/email", body: deep }), "json_too_deep");
      expect400(await send({ method: "POST", path: "/api/auth/sign-up/email", body: `[${"[".repeat(100_000)}${"]".repeat(100_000)}]` }), "json_too_deep");
    });

    it("still accepts the nesting real requests use", async () => {
      const answer = await send({ method: "POST", path: "/api/client-errors", body: JSON.stringify({ message: "x", url: "http://localhost/en" }) });
      expect(answer.status).toBe(202);
    });
  });

  describe("text that is not UTF-8", () => {
    it("is refused instead of being stored as replacement characters", async () => {
      const email = uniqueEmail("latin1");
      const body = Buffer.concat([Buffer.from(`{"email":"${email}","password":"password-123","name":"J`), Buffer.from([0xf6]), Buffer.from('rg"}')]);
      expect400(await send({ method: "POST", path: "/api/auth/sign-up/email", body }), "invalid_encoding");
      expect(await usersWithEmail(email)).toBe(0);
    });

    it("refuses a lone surrogate written as an escape", async () => {
      const email = uniqueEmail("surrogate");
      const body = `{"email":"${email}","password":"password-123","name":"\\ud800"}`;
      expect400(await send({ method: "POST", path: "/api/auth/sign-up/email", body }), "invalid_encoding");
      expect(await usersWithEmail(email)).toBe(0);
    });
  });

  describe("a malformed Host header", () => {
    it.each(["", "exa mple.com", "[::1", "a:b:c", "host/path", "example.com:99999", "user@example.com", "example.com?x", "1.2.3.999"])(
      "%j is refused on better-auth's routes (once 500) and ours",
      async (host) => {
        expect400(await send({ method: "GET", path: "/api/auth/get-session", headers: { host } }), "invalid_host");
        expect400(await send({ method: "GET", path: "/api/site", headers: { host } }), "invalid_host");
      },
    );

    it.each(["localhost", "localhost:3000", "127.0.0.1", "[::1]:3000", "dialwise.example", "api.dialwise.example."])("%j is a host", async (host) => {
      expect((await send({ method: "GET", path: "/api/auth/get-session", headers: { host } })).status).toBe(200);
    });
  });

  describe("a little fuzzing", () => {
    const HOSTILE: { name: string; query?: string; contentType?: string; body?: string | Buffer }[] = [
      { name: "empty JSON body", contentType: "application/json", body: "" },
      { name: "JSON array", body: "[]" },
      { name: "JSON string", body: '"text"' },
      { name: "JSON null", body: "null" },
      { name: "a number past double range", body: "1e999" },
      { name: "prototype keys", body: '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"role":"admin"}}}' },
      { name: "huge numbers in the body", body: '{"page":1e999,"version":-1e999,"number":123456789012345678901234567890,"csv":1}' },
      { name: "plain text", contentType: "text/plain", body: "hello" },
      { name: "a form", contentType: "application/x-www-form-urlencoded", body: "a=1&a=2" },
      { name: "multipart", contentType: "multipart/form-data; boundary=x", body: "--x--" },
      { name: "a broken media type", contentType: "application/json;;;charset", body: "{}" },
      { name: "UTF-16 claimed", contentType: "application/json; charset=utf-16", body: "{}" },
      { name: "bytes that are not UTF-8", body: Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]) },
      { name: "huge numbers in the query", query: "page=1e309&pageSize=99999999999999999999999&since=-0&kind=1e999" },
      { name: "duplicate query keys", query: "page=1&page=2&q=a&q=b&kind=deck&kind=countries&prefixes=a&prefixes=b&exclude=true&exclude=no&sort=name&sort=code" },
      { name: "broken percent escapes", query: "q=%ff%fe%&prefixes=%zz&page=%" },
      { name: "a very long query", query: `q=${"a".repeat(6000)}` },
      // The day after 9999-12-31 is year 10000, which no engine stores; years before 100 read back wrong.
      { name: "days at the ends of time", query: "from=0030-06-01&to=9999-12-31" },
      { name: "moments at the ends of time", body: '{"code":"EDGE1","kind":"bonus","percent":10,"startsAt":"0030-06-01T00:00:00Z","endsAt":"9999-12-31T23:59:59Z","maxRedemptions":null,"maxPerCustomer":null,"minPurchase":"0"}' },
    ];

    // Every route, twice, with every hostile variant: a long walk on a busy machine, whatever its speed.
    it("never answers a server error, on any route, as a visitor or an admin", { timeout: 300_000 }, async () => {
      const routes = server.app.registeredRoutes.filter((route) => /^\/(api|webhooks)\//.test(route.url) && !route.url.startsWith("/api/docs") && route.method !== "HEAD");
      const paths = routes.flatMap((route) =>
        route.url === "/api/auth/*"
          ? [`${route.method} /api/auth/${route.method === "GET" ? "get-session" : "sign-in/email"}`, "POST /api/auth/sign-up/email"]
          : [`${route.method} ${route.url.replace(/:(\w+)/g, "GB")}`],
      );
      const wrong: string[] = [];
      for (const entry of paths) {
        const [method = "GET", path = "/"] = entry.split(" ");
        for (const cookie of ["", admin.cookie]) {
          // The admin's event stream would stay open; the visitor's answers 401 at once.
          if (path === "/api/events" && cookie) continue;
          for (const variant of HOSTILE) {
            const hasBody = method !== "GET" && variant.body !== undefined;
            const answer = await send({
              method,
              path: variant.query ? `${path}?${variant.query}` : path,
              headers: { origin: "http://localhost:3000", ...(cookie ? { cookie } : {}), ...(hasBody && variant.contentType !== undefined ? { "content-type": variant.contentType } : {}) },
              ...(hasBody ? { body: variant.body } : {}),
            });
            if (answer.status >= 500) wrong.push(`${entry} ${cookie ? "as admin" : "as visitor"} with ${variant.name}: ${answer.status} ${answer.body.slice(0, 100)}`);
          }
        }
      }
      expect(wrong).toEqual([]);
    });
  });
});

