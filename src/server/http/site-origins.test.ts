import type { NetworkInterfaceInfo } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../test/engines";
import { uniqueEmail } from "../test/factories";
import { startTestServer, type TestServer } from "../test/test-server";
import { listeningText, siteOrigins } from "./site-origins";

const v4 = (address: string): NetworkInterfaceInfo => ({ address, family: "IPv4", netmask: "255.255.255.0", mac: "00:00:00:00:00:00", internal: false, cidr: null });
const v6 = (address: string, scopeid: number): NetworkInterfaceInfo => ({ address, family: "IPv6", netmask: "ffff::", mac: "00:00:00:00:00:00", internal: false, cidr: null, scopeid });
const INTERFACES = { lo: [v4("127.0.0.1"), v6("::1", 0)], eth0: [v4("192.0.2.2"), v6("2001:db8::2", 0), v6("fe80::2", 2)] };

describe("the origins whose pages are ours", () => {
  it("are the local default and every address the start-up log prints, when PUBLIC_URL is the local default", () => {
    const origins = siteOrigins({ publicUrl: "http://localhost:3000", port: 3000, host: "0.0.0.0" }, INTERFACES);
    expect(new Set(origins)).toEqual(new Set(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000", "http://192.0.2.2:3000"]));
  });

  it("take IPv6 interface addresses too when the server listens on ::, but never a link-local one", () => {
    const origins = siteOrigins({ publicUrl: "http://127.0.0.1:8080", port: 8080, host: "::" }, INTERFACES);
    expect(origins).toContain("http://[2001:db8::2]:8080");
    expect(origins).toContain("http://localhost:8080");
    expect(origins.some((origin) => origin.includes("fe80"))).toBe(false);
  });

  it("take the one host the server listens on when HOST names one", () => {
    expect(new Set(siteOrigins({ publicUrl: "http://localhost:3000", port: 3000, host: "192.0.2.7" }, INTERFACES))).toEqual(
      new Set(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000", "http://192.0.2.7:3000"]),
    );
  });

  it("are PUBLIC_URL alone when it is set to any other address", () => {
    expect(siteOrigins({ publicUrl: "https://calls.example", port: 3000, host: "0.0.0.0" }, INTERFACES)).toEqual(["https://calls.example"]);
    // A loopback address on another port is a proxy in front of us, not the address we print.
    expect(siteOrigins({ publicUrl: "http://localhost:8443", port: 3000, host: "0.0.0.0" }, INTERFACES)).toEqual(["http://localhost:8443"]);
  });

  it("decide how the start-up log names the socket: a link only where pages work", () => {
    expect(listeningText("http://127.0.0.1:3000", ["http://localhost:3000", "http://127.0.0.1:3000"])).toBe("http://127.0.0.1:3000");
    expect(listeningText("http://127.0.0.1:3000", ["https://calls.example"])).toBe("127.0.0.1:3000");
    expect(listeningText("http://[::1]:3000", ["https://calls.example"])).toBe("[::1]:3000");
  });
});

/** Opened at the address the start-up log prints (http://127.0.0.1:3000), as a new user does. */
describe.each(engines)("signing up at every address the start-up log prints on %s", (engine) => {
  let local: TestServer;
  let deployed: TestServer;
  beforeAll(async () => {
    local = await startTestServer(engine, { PUBLIC_URL: "http://localhost:3000", PORT: "3000", HOST: "0.0.0.0" });
    deployed = await startTestServer(engine, { PUBLIC_URL: "https://calls.example", PORT: "3000", HOST: "0.0.0.0" });
    // Two servers, each migrating and seeding its own database: minutes on a busy machine.
  }, 240_000);
  afterAll(async () => {
    await local?.close();
    await deployed?.close();
  });

  const signUp = (server: TestServer, origin: string, email = uniqueEmail()) =>
    server.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin, referer: `${origin}/en/signup` },
      payload: { email, password: "a-long-secret", name: "New", callbackURL: `${origin}/en/auth` },
    });

  it.each(["http://127.0.0.1:3000", "http://[::1]:3000", "http://localhost:3000"])("works at %s when PUBLIC_URL is the local default", async (origin) => {
    const answer = await signUp(local, origin);
    expect(answer.statusCode, answer.body).toBe(200);
    const signIn = await local.app.inject({ method: "POST", url: "/api/auth/sign-in/email", headers: { origin }, payload: { email: uniqueEmail(), password: "a-long-secret" } });
    // An unknown account: refused for its credentials, not for the page's address.
    expect(signIn.statusCode).toBe(401);
  });

  it("is refused at a local address when PUBLIC_URL names the site, with a code the page translates", async () => {
    const answer = await signUp(deployed, "http://127.0.0.1:3000");
    expect(answer.statusCode).toBe(403);
    const { error } = answer.json<{ error: { code: string; message: string } }>();
    expect(error.code).toBe("origin_not_allowed");
    expect(error.message).toMatch(/only from this site's own pages/);
    expect((await signUp(deployed, "https://calls.example")).statusCode).toBe(200);
  });
});
