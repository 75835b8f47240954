import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { registerErrorHandling } from "./error-handler";
import { registerRequestIntake } from "./request-intake";

describe("the request intake", () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  async function server(): Promise<FastifyInstance> {
    let id = 0;
    const instance = Fastify({ logger: false, genReqId: () => `request-${++id}` });
    registerRequestIntake(instance);
    registerErrorHandling(instance, { databaseReachable: async () => true });
    instance.get("/api/thing", async () => ({ ok: true }));
    instance.post("/api/thing", async () => ({ ok: true }));
    await instance.ready();
    return instance;
  }

  it("names every request's id in X-Request-Id, matched or not", async () => {
    app = await server();
    const matched = await app.inject({ method: "GET", url: "/api/thing" });
    const unmatched = await app.inject({ method: "GET", url: "/nowhere" });
    expect([matched.statusCode, matched.headers["x-request-id"]]).toEqual([200, "request-1"]);
    expect([unmatched.statusCode, unmatched.headers["x-request-id"]]).toEqual([404, "request-2"]);
  });

  it("refuses a target that is not canonical before the route, with the API's security headers and the id", async () => {
    app = await server();
    const answer = await app.inject({ method: "GET", url: "/api/thing/" });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ error: { code: string } }>().error.code).toBe("path_not_canonical");
    expect(answer.headers["x-request-id"]).toBe("request-1");
    expect(answer.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("enters the log scope again after a body only on routes that read one", async () => {
    const preHandlers = new Map<string, number>();
    const instance = Fastify({ logger: false });
    app = instance;
    registerRequestIntake(instance);
    instance.addHook("onRoute", (route) => {
      preHandlers.set(`${String(route.method)} ${route.url}`, [route.preHandler ?? []].flat().length);
    });
    instance.get("/read", async () => ({ ok: true }));
    instance.post("/write", async () => ({ ok: true }));
    instance.route({ method: ["GET", "DELETE"], url: "/both", handler: async () => ({ ok: true }) });
    await instance.ready();
    expect(preHandlers.get("GET /read")).toBe(0);
    expect(preHandlers.get("HEAD /read")).toBe(0);
    expect(preHandlers.get("POST /write")).toBe(1);
    expect(preHandlers.get("GET,DELETE /both")).toBe(1);
  });
});
