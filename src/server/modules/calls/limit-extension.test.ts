import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMoney } from "../../../shared/money";
import { callLogs } from "../../db/schema/calls";
import { userEvents } from "../../db/schema/events";
import { grant, newCallSid, placeCall, reportStatus } from "../../test/calls";
import { engines } from "../../test/engines";
import { buildUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { getBalance, ledgerSum } from "../credits/ledger";
import { extendLiveCallLimit } from "./limit-extension";
import { parseGateAnswer } from "./twiml";

// A UK mobile costs the customer $0.0580 a minute (the deck's rate with our margin; calls.test.ts derives it).
const UK_MOBILE = "+447106123456";

// Credit bought during a call pays for more of it: the limit the carrier enforces and the
// cap settlement bills against both rise to what the new balance pays for, never fall.
describe.each(engines)("raising a live call's limit when credit comes in, on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "100000" });
  });
  afterAll(() => server.close());
  const db = () => server.database.db;
  const callOf = async (callSid: string) => (await db().select().from(callLogs).where(eq(callLogs.callSid, callSid)))[0];

  it("raises the limit to what the balance now buys, tells the browser, and bills the talk beyond the first limit", async () => {
    const person = await buildUser(server);
    await grant(server, person.id, "0.10");
    const callSid = newCallSid();
    // $0.10 at $0.0580 pays for one whole minute.
    expect(parseGateAnswer((await placeCall(server, { callSid, userId: person.id, to: UK_MOBILE })).body)).toMatchObject({ kind: "dial", timeLimitSeconds: 60 });
    for (const status of ["initiated", "ringing", "in-progress"]) await reportStatus(server, callSid, status);

    // Nothing new to pay with: nothing changes.
    expect(await extendLiveCallLimit(db(), server.bus, callSid)).toBeNull();

    await grant(server, person.id, "1.00");
    // $1.10 at $0.0580: 18 whole minutes (18 × 0.058 = 1.044; 19 × 0.058 = 1.102 is too much).
    expect(await extendLiveCallLimit(db(), server.bus, callSid)).toBe(18 * 60);
    expect(await callOf(callSid)).toMatchObject({ status: "answered", timeLimitSeconds: 1080 });
    const limits = await db().select().from(userEvents).where(and(eq(userEvents.userId, person.id), eq(userEvents.type, "call.limit")));
    expect(limits.map((row) => row.data)).toEqual([{ callSid, timeLimitSeconds: 1080 }]);
    // Asked again with the same balance: already there.
    expect(await extendLiveCallLimit(db(), server.bus, callSid)).toBeNull();

    // Five minutes of talk, well past the first limit, are billed in full: 5 × $0.0580.
    await reportStatus(server, callSid, "completed", { CallDuration: "300" });
    expect(await callOf(callSid)).toMatchObject({ status: "completed", billedMinutes: 5, costUsd: "0.2900" });
    expect(await getBalance(db(), person.id)).toBe(parseMoney("0.8100"));
    expect(await ledgerSum(db(), person.id)).toBe(parseMoney("0.8100"));
    // A finished call is not raised any more.
    await grant(server, person.id, "5.00");
    expect(await extendLiveCallLimit(db(), server.bus, callSid)).toBeNull();
  });

  it("caps the raised limit at four hours, as the gate does, and never touches another customer's call", async () => {
    const person = await buildUser(server);
    await grant(server, person.id, "0.06");
    const callSid = newCallSid();
    parseGateAnswer((await placeCall(server, { callSid, userId: person.id, to: UK_MOBILE })).body);
    await reportStatus(server, callSid, "in-progress");
    await grant(server, person.id, "500.00");
    expect(await extendLiveCallLimit(db(), server.bus, callSid)).toBe(4 * 60 * 60);
    expect(await callOf(callSid)).toMatchObject({ timeLimitSeconds: 14_400 });

    const other = await buildUser(server);
    await grant(server, other.id, "0.06");
    const otherSid = newCallSid();
    parseGateAnswer((await placeCall(server, { callSid: otherSid, userId: other.id, to: UK_MOBILE })).body);
    // The first customer's money does not lengthen the second customer's call.
    expect(await extendLiveCallLimit(db(), server.bus, otherSid)).toBeNull();
    expect(await callOf(otherSid)).toMatchObject({ timeLimitSeconds: 60 });
    expect(await extendLiveCallLimit(db(), server.bus, newCallSid())).toBeNull();
  });
});
