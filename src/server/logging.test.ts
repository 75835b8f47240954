import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { loggingOptions } from "./logging";

/** What a Fastify app set up like the server writes when it logs one line and answers two requests. */
async function logOf(env: "development" | "production"): Promise<string> {
  let text = "";
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  const config = { env, logLevel: "info" } as const;
  const app = Fastify(loggingOptions(config, destination));
  app.get("/hello", async () => ({ ok: true }));
  app.log.info({ concern: "email" }, "local outbox ready");
  await app.inject("/hello?x=1");
  await app.inject("/missing");
  await app.close();
  return text;
}

describe("the server log", () => {
  it("is JSON in production, one object per line, with Fastify's request entries", async () => {
    const entries = (await logOf("production"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries[0]).toMatchObject({ level: 30, msg: "local outbox ready", concern: "email" });
    expect(entries.filter((entry) => entry.msg === "incoming request")).toHaveLength(2);
    expect(entries.filter((entry) => entry.msg === "request completed")).toHaveLength(2);
  });

  it("is readable lines in development, one per request", async () => {
    const lines = (await logOf("development")).trim().split("\n");
    expect(lines).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: local outbox ready$/),
      '    concern: "email"',
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/hello\?x=1 → 200 \(\d+ ms\)$/),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/missing → 404 \(\d+ ms\)$/),
    ]);
  });
});
