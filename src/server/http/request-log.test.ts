import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { requestScopedLog } from "./request-log";
import { registerRequestIntake } from "./request-intake";

describe("a logger scoped to the request", () => {
  it("writes with the request's id inside a request, through body parsing and awaits, and without one outside", async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().trim().split("\n")) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    let id = 0;
    const app = Fastify({ logger: { level: "info", stream }, genReqId: () => `request-${++id}` });
    registerRequestIntake(app);
    // A service made once, as the server makes them, with the server's logger.
    const log = requestScopedLog(app.log);
    const service = {
      async work(what: string) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.info({ what }, "service at work");
      },
    };
    app.post("/work", async (request) => {
      await service.work((request.body as { what: string }).what);
      return { ok: true };
    });
    await app.ready();
    await Promise.all([
      app.inject({ method: "POST", url: "/work", payload: { what: "first" } }),
      app.inject({ method: "POST", url: "/work", payload: { what: "second" } }),
    ]);
    await service.work("outside");
    await app.close();
    const written = lines.filter((line) => line.msg === "service at work");
    expect(written.map((line) => [line.what, line.reqId]).sort()).toEqual([
      ["first", "request-1"],
      ["outside", undefined],
      ["second", "request-2"],
    ]);
  });
});
