import { createHmac } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { loadOrCreateSecrets } from "../../secrets";
import { engines } from "../../test/engines";
import { buildUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import type { CarrierContext } from "./choose-carrier";
import { chooseCarrier, localCarrierSecret, signingOnlyLocalCarrier } from "./choose-carrier";
import { LocalCarrierSigning } from "./local/local-carrier-signing";
import { TwilioCarrier, type TwilioCallsApi } from "./twilio/twilio-carrier";
import { TWILIO_ENV } from "../../test/twilio-env";


/** A JWT's three parts, its header and claims decoded, and whether its HS256 signature is the secret's. */
function decodeJwt(token: string, secret: string) {
  const [header, payload, signature] = token.split(".") as [string, string, string];
  const expected = createHmac("sha256", secret).update(`${header}.${payload}`).digest("base64url");
  return {
    header: JSON.parse(Buffer.from(header, "base64url").toString()) as Record<string, unknown>,
    claims: JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>,
    signedBySecret: signature === expected,
  };
}

describe("the Twilio carrier at its boundary", () => {
  const config = loadConfig({ ...TWILIO_ENV, AUTH_SECRET: "x".repeat(32) });
  const settings = config.twilio!;

  it("issues an access token with a Voice grant for the user, signed with the API secret, for one hour", () => {
    const now = new Date("2030-01-01T00:00:00Z");
    const carrier = new TwilioCarrier(settings, { calls: { fetch: async () => null, children: async () => [] }, now: () => now });
    const issued = carrier.voiceToken("user-42");
    expect(issued.identity).toBe("user-42");
    const { header, claims, signedBySecret } = decodeJwt(issued.token, TWILIO_ENV.TWILIO_API_SECRET);
    expect(signedBySecret).toBe(true);
    expect(header).toMatchObject({ alg: "HS256", typ: "JWT", cty: "twilio-fpa;v=1" });
    expect(claims).toMatchObject({
      iss: TWILIO_ENV.TWILIO_API_KEY,
      sub: TWILIO_ENV.TWILIO_ACCOUNT_SID,
      grants: { identity: "user-42", voice: { incoming: { allow: true }, outgoing: { application_sid: TWILIO_ENV.TWILIO_TWIML_APP_SID } } },
    });
    expect((claims.exp as number) - Math.floor(Date.now() / 1000)).toBeGreaterThan(3590);
    expect((claims.exp as number) - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(3600);
    expect(issued.expiresAt.getTime()).toBe(now.getTime() + 3_600_000);
  });

  it("reads a call's fate from the dialled leg, and knows when Twilio does not know the call", async () => {
    const legs: Record<string, { sid: string; status: string; duration: string | null }> = {
      CAparent: { sid: "CAparent", status: "completed", duration: "95" },
      CAbusy: { sid: "CAbusy", status: "completed", duration: "0" },
      CAlive: { sid: "CAlive", status: "in-progress", duration: null },
      CAnoleg: { sid: "CAnoleg", status: "failed", duration: "0" },
    };
    const children: Record<string, { sid: string; status: string; duration: string | null }[]> = {
      CAparent: [{ sid: "CAchild", status: "completed", duration: "61" }],
      CAbusy: [{ sid: "CAchild2", status: "busy", duration: "0" }],
      CAlive: [{ sid: "CAchild3", status: "in-progress", duration: null }],
    };
    const calls: TwilioCallsApi = { fetch: async (sid) => legs[sid] ?? null, children: async (sid) => children[sid] ?? [] };
    const carrier = new TwilioCarrier(settings, { calls });
    expect(await carrier.fetchCall("CAparent")).toEqual({ status: "completed", durationSeconds: 61 });
    expect(await carrier.fetchCall("CAbusy")).toEqual({ status: "busy", durationSeconds: 0 });
    expect(await carrier.fetchCall("CAlive")).toEqual({ status: "in-progress", durationSeconds: 0 });
    expect(await carrier.fetchCall("CAnoleg")).toEqual({ status: "failed", durationSeconds: 0 });
    expect(await carrier.fetchCall("CAnobody")).toBeNull();
  });

  it("is chosen when all six TWILIO_* variables are set, else the local carrier", () => {
    const context = (env: Record<string, string>): CarrierContext =>
      ({ config: loadConfig({ AUTH_SECRET: "x".repeat(32), ...env }), localCarrierSecret: "s".repeat(40) }) as unknown as CarrierContext;
    expect(chooseCarrier(context(TWILIO_ENV)).name).toBe("twilio");
    expect(chooseCarrier(context(TWILIO_ENV)).webhookAuthToken).toBe(TWILIO_ENV.TWILIO_AUTH_TOKEN);
    // The local carrier's signing alone: the whole local carrier needs a running app (every test server builds it).
    expect(chooseCarrier(context({}), signingOnlyLocalCarrier).name).toBe("local");
    expect(chooseCarrier(context({}), signingOnlyLocalCarrier).webhookAuthToken).toBe("s".repeat(40));
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: TWILIO_ENV.TWILIO_ACCOUNT_SID })).toThrow(/set all or none/);
  });
});

describe("the local carrier's tokens and secret", () => {
  const secret = "local-carrier-secret-0123456789abcdef";

  it("signs an HS256 token for the user that expires in an hour, and verifies only its own, unexpired", () => {
    let now = new Date("2030-01-01T00:00:00Z");
    const carrier = new LocalCarrierSigning(secret, () => now);
    const issued = carrier.voiceToken("user-7");
    const { header, claims, signedBySecret } = decodeJwt(issued.token, secret);
    expect(signedBySecret).toBe(true);
    expect(header).toEqual({ alg: "HS256", typ: "JWT" });
    expect(claims).toMatchObject({ identity: "user-7", sub: "user-7", exp: (claims.iat as number) + 3600 });
    expect(carrier.verifyVoiceToken(issued.token)).toEqual({ identity: "user-7", expiresAt: issued.expiresAt });

    expect(new LocalCarrierSigning("another-secret-0123456789abcdef-xyz", () => now).verifyVoiceToken(issued.token)).toBeNull();
    const [h, , s] = issued.token.split(".");
    const forgedClaims = Buffer.from(JSON.stringify({ ...claims, identity: "someone-else" })).toString("base64url");
    expect(carrier.verifyVoiceToken(`${h}.${forgedClaims}.${s}`)).toBeNull();
    const none = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    expect(carrier.verifyVoiceToken(`${none}.${issued.token.split(".")[1]}.`)).toBeNull();

    now = new Date(now.getTime() + 3_600_000);
    expect(carrier.verifyVoiceToken(issued.token)).toBeNull();
  });

  it("keeps its generated secret in secrets.json beside an earlier session secret, and derives one from AUTH_SECRET", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "dialwise-secrets-"));
    try {
      const earlier = "e".repeat(43);
      writeFileSync(path.join(dataDir, "secrets.json"), JSON.stringify({ authSecret: earlier }));
      const first = loadOrCreateSecrets(dataDir);
      expect(first.authSecret).toBe(earlier);
      expect(first.localCarrierSecret).toMatch(/^[\w-]{43}$/);
      expect(loadOrCreateSecrets(dataDir)).toEqual(first);
      expect(JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8"))).toEqual(first);

      const generated = () => "from-file";
      expect(localCarrierSecret(loadConfig({ DATA_DIR: dataDir }), generated)).toBe("from-file");
      const derived = localCarrierSecret(loadConfig({ AUTH_SECRET: "a".repeat(32) }), generated);
      expect(derived).not.toBe("a".repeat(32));
      expect(derived.length).toBeGreaterThanOrEqual(32);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(engines)("POST /api/voice/token on %s", (engine) => {
  let local: TestServer;
  let twilio: TestServer;
  beforeAll(async () => {
    local = await startTestServer(engine);
    twilio = await startTestServer(engine, TWILIO_ENV);
  });
  afterAll(async () => {
    await local.close();
    await twilio.close();
  });

  it("gives the signed-in customer a token for their own identity from the configured carrier", async () => {
    for (const [server, carrier, secret] of [
      [local, "local", local.carrier.webhookAuthToken],
      [twilio, "twilio", TWILIO_ENV.TWILIO_API_SECRET],
    ] as const) {
      const person = await buildUser(server);
      const response = await server.app.inject({ method: "POST", url: "/api/voice/token", headers: { cookie: person.cookie } });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ token: string; identity: string; carrier: string; expiresAt: string }>();
      expect(body).toMatchObject({ identity: person.id, carrier });
      expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(3_590_000);
      const { claims, signedBySecret } = decodeJwt(body.token, secret);
      expect(signedBySecret).toBe(true);
      expect(carrier === "twilio" ? (claims.grants as { identity: string }).identity : claims.identity).toBe(person.id);
    }
    expect((await local.app.inject({ method: "POST", url: "/api/voice/token" })).statusCode).toBe(401);
  });
});
