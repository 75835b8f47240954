import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "./app-error";
import { addRouteCheck, addRouteOnRequest, type RouteCheck } from "./route-hooks";

/** A server whose routes get `checks` (each from an onRoute hook, in this order) and whose route counts its runs. */
async function serverWith(checks: Array<{ check: RouteCheck; position: "first" | "last" }>): Promise<{ app: FastifyInstance; handled: () => number }> {
  const app = Fastify({ logger: false });
  let handled = 0;
  for (const { check, position } of checks) app.addHook("onRoute", (route) => addRouteCheck(route, check, position));
  app.get("/thing", async () => {
    handled += 1;
    return { ok: true };
  });
  await app.ready();
  return { app, handled: () => handled };
}

describe("a route's checks", () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it("run in their order (first ones before those already there, last ones after), each once per request", async () => {
    const ran: string[] = [];
    const named = (name: string): RouteCheck => () => {
      ran.push(name);
      return null;
    };
    const server = await serverWith([
      { check: named("guard"), position: "last" },
      { check: named("limit"), position: "first" },
      { check: named("headers"), position: "first" },
      { check: named("origin"), position: "last" },
    ]);
    app = server.app;
    const answer = await app.inject({ method: "GET", url: "/thing" });
    expect(answer.statusCode).toBe(200);
    expect(ran).toEqual(["headers", "limit", "guard", "origin"]);
    expect(server.handled()).toBe(1);
    // The HEAD twin Fastify registers from the GET's options runs them once too, not twice.
    ran.length = 0;
    expect((await app.inject({ method: "HEAD", url: "/thing" })).statusCode).toBe(200);
    expect(ran).toEqual(["headers", "limit", "guard", "origin"]);
  });

  it("stop at the first refusal, which answers; headers set by an earlier check stay on the answer", async () => {
    const ran: string[] = [];
    const server = await serverWith([
      {
        check: (_request, reply) => {
          ran.push("headers");
          reply.header("x-checked", "yes");
          return null;
        },
        position: "first",
      },
      {
        check: () => {
          ran.push("refuse");
          return new AppError(429, "rate_limited", "slow down");
        },
        position: "last",
      },
      {
        check: () => {
          ran.push("after");
          return null;
        },
        position: "last",
      },
    ]);
    app = server.app;
    const answer = await app.inject({ method: "GET", url: "/thing" });
    expect(answer.statusCode).toBe(429);
    expect(answer.headers["x-checked"]).toBe("yes");
    expect(ran).toEqual(["headers", "refuse"]);
    expect(server.handled()).toBe(0);
  });

  it("share one onRequest hook, ahead of hooks added last (the access check)", async () => {
    const instance = Fastify({ logger: false });
    app = instance;
    const access = (_request: unknown, _reply: unknown, done: () => void) => done();
    let hooks: unknown[] = [];
    instance.addHook("onRoute", (route) => addRouteCheck(route, () => null, "first"));
    instance.addHook("onRoute", (route) => addRouteCheck(route, () => null, "last"));
    instance.addHook("onRoute", (route) => addRouteOnRequest(route, access, "last"));
    instance.addHook("onRoute", (route) => {
      if (route.method === "GET") hooks = [route.onRequest].flat();
    });
    instance.get("/thing", async () => ({ ok: true }));
    await instance.ready();
    expect(hooks).toHaveLength(2);
    expect(hooks[1]).toBe(access);
  });
});
