import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { userEvents } from "../../../db/schema/events";
import { buildUser, type TestUser } from "../../../test/factories";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { runCarrierRing } from "./ring-cli";

/** `npm run carrier:ring` against a listening server, signing as the server's own local carrier. */
describe("npm run carrier:ring", () => {
  let server: TestServer;
  let customer: TestUser;
  let port: number;
  const AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
  const dataDir = mkdtempSync(path.join(tmpdir(), "dialwise-ring-"));

  beforeAll(async () => {
    server = await startTestServer("pglite", { AUTH_SECRET });
    customer = await buildUser(server);
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    port = (server.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const env = (extra: Record<string, string> = {}) => ({ PORT: String(port), AUTH_SECRET, DATA_DIR: dataDir, ...extra });

  it("rings a signed-in customer: their devices hear an incoming call from the given number", async () => {
    const result = await runCarrierRing(["--", "--email", customer.email.toUpperCase(), "--from", "+46701234567"], env());
    expect(result.output).toMatch(/^Ringing .* from \+46701234567 \(call CA[0-9a-f]{32}\)/);
    expect(result.exitCode).toBe(0);
    const callSid = /call (CA[0-9a-f]{32})/.exec(result.output)?.[1];
    await vi.waitFor(async () => {
      const events = await server.database.db.select().from(userEvents).where(eq(userEvents.userId, customer.id));
      expect(events.map((event) => event.data)).toContainEqual({ callSid, state: "incoming", from: "+46701234567", errorCode: null });
    });
  });

  it("says so when nobody has that address", async () => {
    const result = await runCarrierRing(["--email", "nobody@example.com"], env());
    expect(result).toEqual({ exitCode: 1, output: "No customer with a verified address nobody@example.com." });
  });

  it("says so when the server does not know its secret (another data folder or AUTH_SECRET)", async () => {
    const otherDir = mkdtempSync(path.join(tmpdir(), "dialwise-ring-other-"));
    writeFileSync(path.join(otherDir, "secrets.json"), JSON.stringify({ authSecret: "x".repeat(40), localCarrierSecret: "y".repeat(43) }));
    const result = await runCarrierRing(["--email", customer.email], { PORT: String(port), DATA_DIR: otherDir });
    rmSync(otherDir, { recursive: true, force: true });
    expect(result.exitCode).toBe(1);
    expect(result.output).toMatch(/did not accept the signature/);
  });

  it("explains what is missing instead of failing obscurely", async () => {
    expect((await runCarrierRing([], env())).exitCode).toBe(2);
    expect((await runCarrierRing(["--email", customer.email, "--from", "0701234567"], env())).exitCode).toBe(2);
    expect((await runCarrierRing(["--email", customer.email], { PORT: String(port), DATA_DIR: dataDir })).output).toMatch(/No local carrier secret/);
    expect((await runCarrierRing(["--email", customer.email], env({ PORT: "1" }))).output).toMatch(/No Dialwise server answers/);
  });
});
