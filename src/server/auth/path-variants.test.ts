import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../test/engines";
import { buildUser } from "../test/factories";
import { mailCount } from "../test/mail";
import { listenLocally, rawRequest } from "../test/raw-http";
import { startTestServer, type TestServer } from "../test/test-server";

/**
 * The brute-force limits as an attacker meets them: the same endpoint reached
 * through every spelling of its path, sent byte for byte over a socket.
 */
const spellings = (endpoint: string) => {
  const inner = endpoint.includes("/") ? endpoint.replace("/", "/./") : `./${endpoint}`;
  return [
    `/api/auth/${endpoint}`,
    `/api/auth/${inner}`,
    `/api/auth/x/../${endpoint}`,
    `/api/auth/%2e/${endpoint}`,
    `/api/auth/%2E/${endpoint}`,
    `/api/auth//${endpoint}`,
    `/api/auth%2f${endpoint}`,
    `/api/auth\\${endpoint}`,
    `/api/auth/${endpoint}/`,
    `/api/auth/${endpoint};x=1`,
    `/api/auth/${endpoint}?attempt=1`,
    `/api/auth/${endpoint}#x`,
    `http://127.0.0.1/api/auth/${endpoint}`,
  ];
};
/** Letter case: no router here matches these, so they reach no handler at all. */
const casings = (endpoint: string) => [`/api/AUTH/${endpoint}`, `/api/auth/${endpoint.toUpperCase()}`, `/API/auth/${endpoint}`];

describe.each(engines)("brute-force limits over path variants on %s", (engine) => {
  let server: TestServer;
  let port: number;
  let passwordChecks = 0;
  beforeAll(async () => {
    server = await startTestServer(engine, { TRUST_PROXY: "true" });
    port = await listenLocally(server.app);
    // Count what better-auth does, not what the throttle thinks: every password hash it compares.
    const context = await server.auth.$context;
    const verify = context.password.verify;
    context.password.verify = async (input) => {
      passwordChecks += 1;
      return verify(input);
    };
  });
  afterAll(() => server.close());

  it("checks a wrong password at most 5 times in 20 attempts spread over every spelling of sign-in", async () => {
    const person = await buildUser(server);
    const targets = spellings("sign-in/email");
    const plain = targets.filter((target) => /^\/api\/auth\/sign-in\/email(\?|$)/.test(target));
    const variants = targets.filter((target) => !plain.includes(target));
    expect(plain).toHaveLength(2);
    const before = passwordChecks;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      // Every other attempt in a plain spelling, so the limit itself is reached too.
      const target = attempt % 2 === 0 ? plain[(attempt / 2) % plain.length]! : variants[(attempt - 1) / 2 % variants.length]!;
      const response = await rawRequest(port, {
        method: "POST",
        target,
        headers: { "x-forwarded-for": `203.0.113.${attempt}` },
        body: { email: person.email, password: `wrong-${attempt}` },
      });
      statuses.push(response.status);
    }
    const checked = passwordChecks - before;
    expect(checked).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 401)).toHaveLength(checked);
    expect(statuses.every((status) => [401, 400, 429].includes(status)), statuses.join(",")).toBe(true);
    // And the account's count is full: its owner's right password now waits too.
    const owner = await rawRequest(port, { method: "POST", target: "/api/auth/sign-in/email", body: { email: person.email, password: person.password } });
    expect(owner.status).toBe(429);
  });

  it("reaches no password check through another letter case", async () => {
    const person = await buildUser(server);
    const before = passwordChecks;
    for (const target of casings("sign-in/email")) {
      const response = await rawRequest(port, { method: "POST", target, body: { email: person.email, password: "wrong" } });
      expect([400, 404], target).toContain(response.status);
    }
    expect(passwordChecks).toBe(before);
  });

  it("sends at most 3 reset emails an hour, whichever spelling asks", async () => {
    const person = await buildUser(server);
    const targets = [...spellings("request-password-reset"), ...spellings("request-password-reset"), ...casings("request-password-reset")];
    for (const [index, target] of targets.entries()) {
      const response = await rawRequest(port, {
        method: "POST",
        target,
        headers: { "x-forwarded-for": `203.0.114.${index}` },
        body: { email: person.email, redirectTo: "/en/reset-password" },
      });
      expect([200, 400, 404, 429], target).toContain(response.status);
    }
    expect(await mailCount(server, person.email, "reset_password")).toBe(3);
  });

  it("sends at most 3 verification emails an hour, whichever spelling asks", async () => {
    const person = await buildUser(server, { verified: false });
    const before = await mailCount(server, person.email, "verify_email");
    const targets = [...spellings("send-verification-email"), ...spellings("send-verification-email"), ...casings("send-verification-email")];
    for (const [index, target] of targets.entries()) {
      const response = await rawRequest(port, {
        method: "POST",
        target,
        headers: { "x-forwarded-for": `203.0.115.${index}` },
        body: { email: person.email, callbackURL: "/en/auth" },
      });
      expect([200, 400, 404, 429], target).toContain(response.status);
    }
    expect((await mailCount(server, person.email, "verify_email")) - before).toBe(3);
  });
});
