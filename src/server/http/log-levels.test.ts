import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../test/engines";
import { buildUser, type TestUser } from "../test/factories";
import { rawRequest, type RawRequest } from "../test/raw-request";
import { startTestServer, type TestServer } from "../test/test-server";

interface LogLine {
  level: number;
  msg?: string;
}

const ERROR = 50;

/**
 * A client's mistake is worth a line at info; an error line must mean we failed,
 * or an operator learns to ignore them. The server's own log is read here.
 */
describe.each(engines)("log levels on %s", (engine) => {
  let server: TestServer;
  let port: number;
  let customer: TestUser;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    server = await startTestServer(
      engine,
      { LOG_LEVEL: "info", RATE_LIMIT_PER_MINUTE: "100000" },
      { logger: true, logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) } },
    );
    customer = await buildUser(server);
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    port = (server.app.server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());

  const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}): RawRequest => ({
    method,
    path,
    headers: { origin: "http://localhost:3000", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

  const mistakes: [string, () => RawRequest][] = [
    ["malformed JSON", () => json("POST", "/api/rates/lookup", '{"number":')],
    ["a schema failure", () => json("POST", "/api/rates/lookup", { number: 42 })],
    ["an unknown route", () => ({ method: "GET", path: "/api/no-such-route" })],
    ["a NUL in the query", () => ({ method: "GET", path: "/api/i18n/en?prefixes=%00" })],
    ["a malformed Host", () => ({ method: "GET", path: "/api/auth/get-session", headers: { host: "[::1" } })],
    ["no session", () => ({ method: "GET", path: "/api/me" })],
    ["a customer on an admin route", () => ({ method: "GET", path: "/api/admin/overview", headers: { cookie: customer.cookie } })],
    ["a wrong password", () => json("POST", "/api/auth/sign-in/email", { email: customer.email, password: "not-the-password" })],
    ["a deeply nested body", () => json("POST", "/api/auth/sign-in/email", `${"[".repeat(100)}${"]".repeat(100)}`)],
  ];

  it.each(mistakes)("logs %s at info, not error", async (_name, request) => {
    const from = lines.length;
    const answer = await rawRequest(port, request());
    expect(answer.status, answer.body).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    const logged = lines.slice(from);
    expect(logged.filter((line) => line.level >= ERROR).map((line) => line.msg)).toEqual([]);
    // Still visible: the request's lines are there, below error.
    expect(logged.length).toBeGreaterThan(0);
  });

});

describe("log levels of our own failures", () => {
  // A server of its own, on PGlite whatever the engines: it loses its database for good.
  let broken: TestServer;
  const lines: LogLine[] = [];
  beforeAll(async () => {
    broken = await startTestServer("pglite", { LOG_LEVEL: "info" }, { logger: true, logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) } });
    await broken.database.close();
  });
  afterAll(async () => {
    await broken.app.close();
    // The bus's unlisten meets the closed instance; nothing is left to release.
    await broken.bus.close().catch(() => undefined);
  });

  it("logs a database outage at error", async () => {
    const answer = await broken.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email: "someone@example.com", password: "password-123" } });
    expect(answer.statusCode).toBe(503);
    expect(lines.filter((line) => line.level >= ERROR).map((line) => line.msg)).toContain("the database is unavailable");
  });
});
