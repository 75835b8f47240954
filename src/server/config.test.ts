import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("configuration", () => {
  it("runs with no configuration at all, on local providers", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.twilio).toBeUndefined();
    expect(config.stripe).toBeUndefined();
    expect(config.google).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
  });

  it("names the variable that is wrong", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SUPPORT_EMAIL: "nope" })).toThrow(/SUPPORT_EMAIL/);
  });

  it("wants a provider's credentials all or none", () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_SECRET missing/);
    expect(loadConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" }).google).toEqual({ clientId: "id", clientSecret: "secret" });
  });

  it("trusts X-Forwarded-For only when told to", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 10.0.0.2" }).trustProxy).toEqual(["10.0.0.1", "10.0.0.2"]);
    expect(() => loadConfig({ TRUST_PROXY: "sometimes" })).toThrow(/TRUST_PROXY/);
  });

  it("takes a metrics token only when it is long enough and printable", () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: " " }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: "scrape-token-0123456789" }).metricsToken).toBe("scrape-token-0123456789");
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: "a token with spaces in it" })).toThrow(/METRICS_TOKEN: must be printable ASCII/);
  });

  it("runs the local carrier on the real clock unless a test asks for the adjustable one, never in production", () => {
    expect(loadConfig({}).localCarrierClock).toBe("real");
    expect(loadConfig({ LOCAL_CARRIER_CLOCK: "adjustable", NODE_ENV: "test" }).localCarrierClock).toBe("adjustable");
    expect(() => loadConfig({ LOCAL_CARRIER_CLOCK: "fast" })).toThrow(/LOCAL_CARRIER_CLOCK/);
    expect(() => loadConfig({ LOCAL_CARRIER_CLOCK: "adjustable", NODE_ENV: "production", AUTH_SECRET: "x".repeat(32) })).toThrow(/LOCAL_CARRIER_CLOCK: adjustable is for tests/);
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", SMTP_URL: " " }).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR: " " }).dataDir).toBe(path.resolve("var"));
  });

  it("keeps runtime state in ./var unless DATA_DIR says otherwise, apart from the seed data", () => {
    expect(loadConfig({}).dataDir).toBe(path.join(process.cwd(), "var"));
    expect(loadConfig({ DATA_DIR: "/srv/dialwise" }).dataDir).toBe("/srv/dialwise");
  });
});
