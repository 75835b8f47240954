import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grant, newCallSid, placeCall, reportStatus } from "../test/calls";
import { engines } from "../test/engines";
import { buildUser } from "../test/factories";
import { startTestServer, type TestServer } from "../test/test-server";
import { parseGateAnswer } from "../modules/calls/twiml";

interface Line {
  msg?: string;
  reqId?: unknown;
  callSid?: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** Fastify's own two lines per request, which know nothing of calls. */
const REQUEST_ENTRIES = new Set(["incoming request", "request completed"]);

/**
 * Every line a request logs carries its id, which the answer names in X-Request-Id:
 * the proxy's own id when a proxy is trusted, else one the server makes up. A call's
 * lines carry its sid from the gate to the settlement.
 */
describe.each(engines)("request ids in the log on %s", (engine) => {
  let direct: TestServer;
  let behindProxy: TestServer;
  const directLines: Line[] = [];
  const proxiedLines: Line[] = [];
  const rawLines: string[] = [];
  const capture = (lines: Line[]) => ({
    write: (line: string) => {
      rawLines.push(line);
      lines.push(JSON.parse(line) as Line);
    },
  });

  beforeAll(async () => {
    direct = await startTestServer(engine, { LOG_LEVEL: "info", RATE_LIMIT_PER_MINUTE: "100000" }, { logger: true, logStream: capture(directLines) });
    behindProxy = await startTestServer(engine, { LOG_LEVEL: "info", TRUST_PROXY: "1" }, { logger: true, logStream: capture(proxiedLines) });
  });
  afterAll(async () => {
    await direct.close();
    await behindProxy.close();
  });

  const linesOf = (lines: Line[], reqId: unknown) => lines.filter((line) => line.reqId === reqId);
  const lookUp = (server: TestServer, requestId?: string) =>
    server.app.inject({ method: "GET", url: "/api/rates/countries", headers: requestId === undefined ? {} : { "x-request-id": requestId } });

  it("makes up its own id when no proxy is trusted, whatever the client sends, and says it in the answer", async () => {
    const first = await lookUp(direct, "chosen-by-the-client");
    const second = await lookUp(direct);
    const ids = [first.headers["x-request-id"], second.headers["x-request-id"]];
    for (const id of ids) expect(id).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    expect(linesOf(directLines, "chosen-by-the-client")).toEqual([]);
    for (const id of ids) expect(linesOf(directLines, id).map((line) => line.msg)).toEqual(["incoming request", "request completed"]);
  });

  it("takes the trusted proxy's X-Request-Id when it looks like an id, and makes one up when it does not", async () => {
    const taken = await lookUp(behindProxy, "lb-7f3a.42:edge@1");
    expect(taken.headers["x-request-id"]).toBe("lb-7f3a.42:edge@1");
    expect(linesOf(proxiedLines, "lb-7f3a.42:edge@1")).toHaveLength(2);
    for (const offered of ["two words", "x".repeat(129), "line\u2028break", ""]) {
      const replaced = await lookUp(behindProxy, offered);
      expect(replaced.headers["x-request-id"]).toMatch(UUID);
      expect(linesOf(proxiedLines, replaced.headers["x-request-id"])).toHaveLength(2);
    }
  });

  it("puts the request's id on every line, and the call's sid on the call's lines from the gate to the settlement", async () => {
    const from = directLines.length;
    const customer = await buildUser(direct);
    await grant(direct, customer.id, "5.00");
    const callSid = newCallSid();
    const gate = await placeCall(direct, { callSid, userId: customer.id, to: "+447106123456" });
    expect(parseGateAnswer(gate.body).kind).toBe("dial");
    const events = [];
    for (const status of ["ringing", "in-progress"]) events.push(await reportStatus(direct, callSid, status));
    const completed = await reportStatus(direct, callSid, "completed", { CallDuration: "30" });
    for (const answer of [...events, completed]) expect(answer.statusCode).toBe(200);

    const written = directLines.slice(from);
    expect(written.length).toBeGreaterThan(0);
    expect(written.filter((line) => typeof line.reqId !== "string" || line.reqId === "")).toEqual([]);

    const callRequests = [gate, ...events, completed].map((answer) => answer.requestId);
    const callLines = written.filter((line) => callRequests.includes(String(line.reqId)) && !REQUEST_ENTRIES.has(line.msg ?? ""));
    expect(callLines.filter((line) => line.callSid !== callSid)).toEqual([]);
    expect(callLines).toContainEqual(expect.objectContaining({ msg: "call allowed", reqId: gate.requestId, callSid }));
    expect(callLines).toContainEqual(expect.objectContaining({ msg: "call settled", reqId: completed.requestId, callSid }));
    // Once per line: a key written twice is a JSON line that tools read differently.
    const mentions = rawLines.filter((line) => line.includes(callSid));
    expect(mentions.length).toBeGreaterThanOrEqual(2);
    for (const line of mentions) expect(line.split('"callSid":').length - 1, line).toBe(1);
  });
});
