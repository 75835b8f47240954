import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../test/engines";
import { listenLocally, rawRequest } from "../test/raw-http";
import { startTestServer, type TestServer } from "../test/test-server";
import { nonCanonicalApiTarget } from "./canonical-path";

/** Targets in their one plain form: routes are written this way. */
const CANONICAL = [
  "/api/me",
  "/api/auth/sign-in/email",
  "/api/auth/sign-in/email?x=1&y=%2e",
  "/api/auth/reset-password/AbC123xyz?callbackURL=%2Fen%2Freset-password",
  "/api/rates/lookup?number=%2B46701234567",
  "/api/i18n/sv",
  "/api/admin/country-rates/SE",
  "/api/things/a.b/c~d_e-f!$&'()*+,=:@",
  "/api/search/caf%C3%A9",
  "/api/search/a%20b",
  "/api",
  "/webhooks/stripe",
];

/** Variants that another layer (a URL parser, a router, a decoder) could turn into a canonical path. */
const VARIANTS = [
  "/api/auth/sign-in/./email",
  "/api/auth/x/../sign-in/email",
  "/api/auth/sign-in/%2e/email",
  "/api/auth/sign-in/%2E/email",
  "/api/auth/x/%2e%2e/sign-in/email",
  "/api/auth/x/.%2E/sign-in/email",
  "/api/auth/sign-in/email/.",
  "/./api/auth/sign-in/email",
  "/api/auth//sign-in/email",
  "/api//auth/sign-in/email",
  "//api/auth/sign-in/email",
  "/api/auth/sign-in/email/",
  "/api/me/",
  "/api/auth/sign-in%2femail",
  "/api/auth/sign-in%2Femail",
  "/api/auth/sign-in\\email",
  "/api/auth/sign-in%5cemail",
  "/api/auth/sign-in/email;x=1",
  "/api/auth/sign-in;x/email",
  "/api/auth/%73ign-in/email",
  "/%61pi/auth/sign-in/email",
  "/%41PI/auth/sign-in/email",
  "/API/auth/sign-in/email",
  "/Api/me",
  "/api/auth/sign-in/email#fragment",
  "/api/auth/sign-in/email%00",
  "/api/auth/sign-in/email%09",
  "/api/auth/sign-in/email%7F",
  "http://127.0.0.1/api/auth/sign-in/email",
  "HTTP://evil.example/api/me",
  "/webhooks/./stripe",
  "/webhooks//stripe",
  "/API?x=1",
  "/Webhooks;x/stripe",
  "/x/../api/me",
  "/en/.%2e/api/me",
  "/.%2E/Api/me",
];

describe("canonical API paths", () => {
  it("accepts paths in their plain form", () => {
    for (const target of CANONICAL) expect(nonCanonicalApiTarget(target), target).toBeNull();
  });

  it("names what is wrong with every variant", () => {
    for (const target of VARIANTS) expect(nonCanonicalApiTarget(target), target).toEqual(expect.any(String));
  });

  it("leaves pages and static files alone", () => {
    for (const target of ["/", "/en/countries", "/en/./countries", "/assets/index-abc.js", "/apiary", "/en/api", "/healthz", "/en/country/gb?utm_source=x&q=/../api", "/en/x;api"]) {
      expect(nonCanonicalApiTarget(target), target).toBeNull();
    }
  });
});

describe.each(engines)("non-canonical API paths sent as written on %s", (engine) => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer(engine);
    port = await listenLocally(server.app);
  });
  afterAll(() => server.close());

  it("are refused with 400 path_not_canonical, with the API's headers, whatever route they would reach", async () => {
    for (const target of VARIANTS) {
      for (const method of ["GET", "POST"]) {
        const response = await rawRequest(port, { method, target, ...(method === "POST" ? { body: { email: "a@example.com", password: "x" } } : {}) });
        expect(response.status, `${method} ${target}`).toBe(400);
        expect(response.json(), `${method} ${target}`).toEqual({
          error: { code: "path_not_canonical", message: expect.stringContaining("The request path is not in its plain form") },
        });
        expect(response.headers["x-content-type-options"]).toBe("nosniff");
      }
    }
  });

  it("let canonical requests through unchanged", async () => {
    const options = await rawRequest(port, { target: "/api/auth-options" });
    expect(options.status).toBe(200);
    expect(options.json()).toMatchObject({ passwordMinLength: 6 });
    const me = await rawRequest(port, { target: "/api/me" });
    expect(me.status).toBe(401);
    const unknown = await rawRequest(port, { target: "/api/no-such-thing" });
    expect(unknown.status).toBe(404);
  });
});
