import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort } from "../../scripts/server-process";
import type { Server } from "./app";
import { stopOnSignals } from "./shutdown";
import { openEventStream } from "./test/event-stream-client";
import { eventually } from "./test/eventually";

describe("stopping on a signal", () => {
  let stopListening: (() => void) | null = null;
  afterEach(() => {
    stopListening?.();
    stopListening = null;
    vi.useRealTimers();
  });

  /** A stand-in for the server: only its close and its HTTP server's connection controls matter here. */
  function fakeServer(close: () => Promise<void>) {
    const http = { closeIdleConnections: vi.fn(), closeAllConnections: vi.fn() };
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    return { server: { app: { log, server: http }, close: vi.fn(close) } as unknown as Pick<Server, "app" | "close">, http };
  }

  it.each(["SIGTERM", "SIGINT"] as const)("closes the server on %s and exits with 0", async (signal) => {
    const exit = vi.fn();
    const { server } = fakeServer(async () => undefined);
    stopListening = stopOnSignals(server, { exit });
    process.emit(signal);
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
    expect(server.close).toHaveBeenCalledTimes(1);
  });

  it("cuts connections still busy after the grace period, and exits with 1 at the deadline if closing still hangs", () => {
    vi.useFakeTimers();
    const exit = vi.fn();
    const { server, http } = fakeServer(() => new Promise(() => undefined));
    stopListening = stopOnSignals(server, { exit, graceMs: 3_500, deadlineMs: 4_500 });
    process.emit("SIGTERM");
    vi.advanceTimersByTime(3_499);
    expect(http.closeAllConnections).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(http.closeAllConnections).toHaveBeenCalledTimes(1);
    expect(exit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(exit).toHaveBeenCalledWith(1);
  });

  it("does not start over on a second signal", async () => {
    const exit = vi.fn();
    const { server } = fakeServer(async () => undefined);
    stopListening = stopOnSignals(server, { exit });
    process.emit("SIGINT");
    process.emit("SIGTERM");
    await vi.waitFor(() => expect(exit).toHaveBeenCalled());
    expect(server.close).toHaveBeenCalledTimes(1);
    expect(exit.mock.calls).toEqual([[0]]);
  });
});

describe("the server process on SIGTERM", () => {
  let dataDir: string;
  let child: ChildProcess;
  let base: string;
  let output = "";
  let exited: Promise<number | null>;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "dialwise-shutdown-"));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn", PUBLIC_URL: base, PORT: String(port), HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
    await eventually(
      () => fetch(`${base}/readyz`).then((response) => response.status, () => 0),
      (status) => status === 200 || child.exitCode !== null,
      60_000,
      200,
    );
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
  });
  afterAll(() => {
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A verified, signed-in account, made through the API and the outbox's link in the log. */
  async function signedInCookie(): Promise<string> {
    const email = `shutdown-${Date.now()}@example.com`;
    const password = "Shutdown-pass-1!";
    const post = (route: string, body: object) =>
      fetch(`${base}${route}`, { method: "POST", headers: { "content-type": "application/json", origin: base }, body: JSON.stringify(body) });
    expect((await post("/api/auth/sign-up/email", { email, password, name: "Shutdown", callbackURL: "/en/auth" })).ok).toBe(true);
    const link = await eventually(
      async () => new RegExp(`^│ \\[mail\\] verify_email to ${email.replace(/[.+]/g, "\\$&")}: (\\S+)$`, "m").exec(output)?.[1],
      (found) => found !== undefined,
    );
    expect((await fetch(link!, { redirect: "manual" })).status).toBe(302);
    const signIn = await post("/api/auth/sign-in/email", { email, password });
    expect(signIn.status).toBe(200);
    return signIn.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
  }

  it("ends open event streams, finishes the request in flight, and exits with 0", async ({ annotate }) => {
    const stream = await openEventStream(base, await signedInCookie());
    await stream.subscribed;

    // A request whose headers the server has read (it answered 100 Continue) and whose body is still on its way.
    const body = JSON.stringify({ number: "+18762101234" });
    const inFlight = httpRequest(`${base}/api/rates/lookup`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), expect: "100-continue" },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      inFlight.on("response", (response: IncomingMessage) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      inFlight.on("error", reject);
    });
    await new Promise<void>((resolve) => inFlight.once("continue", resolve));
    inFlight.write(body.slice(0, 10));

    const signalledAt = Date.now();
    child.kill("SIGTERM");
    await stream.ended;
    inFlight.end(body.slice(10));

    const response = await answered;
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ countryCode: "JM" });
    expect(await exited).toBe(0);
    await annotate(`exited ${Date.now() - signalledAt} ms after SIGTERM`);
    // Nothing new is accepted once it has stopped.
    expect(await fetch(`${base}/healthz`).then(() => "answered", () => "refused")).toBe("refused");
  });
});
