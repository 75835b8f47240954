import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { registerWebApp } from "./http/web-app";
import { loggingOptions } from "./logging";

// A built web app of two files: the page and one of its scripts.
const webRoot = mkdtempSync(path.join(tmpdir(), "dialwise-log-"));
mkdirSync(path.join(webRoot, "assets"));
writeFileSync(path.join(webRoot, "index.html"), "<!doctype html><title>Dialwise</title>");
writeFileSync(path.join(webRoot, "assets", "app-1234.js"), "console.log(1)");
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

/** What a Fastify app set up like the server writes when it logs one line and answers an API request, a missing address and a web app file. */
async function logOf(env: "development" | "production", logLevel: "info" | "debug" = "info"): Promise<string> {
  let text = "";
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  const app = Fastify(loggingOptions({ env, logLevel }, destination));
  app.get("/hello", async () => ({ ok: true }));
  await registerWebApp(app, webRoot);
  app.log.info({ concern: "email" }, "local outbox ready");
  await app.inject("/hello?x=1");
  await app.inject("/missing");
  expect((await app.inject("/assets/app-1234.js")).statusCode).toBe(200);
  await app.close();
  return text;
}

function jsonEntries(text: string): Record<string, unknown>[] {
  return text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("the server log", () => {
  it("is JSON in production, one object per line, with Fastify's request entries", async () => {
    const entries = jsonEntries(await logOf("production"));
    expect(entries[0]).toMatchObject({ level: 30, msg: "local outbox ready", concern: "email" });
    expect(entries.filter((entry) => entry.msg === "incoming request")).toHaveLength(2);
    expect(entries.filter((entry) => entry.msg === "request completed")).toHaveLength(2);
    expect(JSON.stringify(entries)).not.toContain("app-1234.js");
  });

  it("is readable lines in development, one per request, the web app's files left out at info", async () => {
    const lines = (await logOf("development")).trim().split("\n");
    expect(lines).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: local outbox ready$/),
      '    concern: "email"',
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/hello\?x=1 → 200 \(\d+ ms\)$/),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/missing → 404 \(\d+ ms\)$/),
    ]);
  });

  it("writes the web app's files at debug, for whoever asks for debug", async () => {
    const lines = (await logOf("development", "debug")).trim().split("\n");
    expect(lines).toContainEqual(expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] DEBUG: GET \/assets\/app-1234\.js → 200 \(\d+ ms\)$/));
    expect(lines).toContainEqual(expect.stringMatching(/INFO: GET \/hello\?x=1 → 200/));

    const entries = jsonEntries(await logOf("production", "debug")).filter((entry) => JSON.stringify(entry).includes("app-1234.js") || entry.msg === "request completed");
    const assetEntries = entries.filter((entry) => entry.level === 20);
    expect(assetEntries.map((entry) => entry.msg)).toEqual(["incoming request", "request completed"]);
    expect(entries.filter((entry) => entry.level === 30)).toHaveLength(2);
  });
});
