import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callLogs } from "../../db/schema/calls";
import { ledgerEntries } from "../../db/schema/credits";
import { grant, newCallSid, placeCall, reportStatus } from "../../test/calls";
import { engines } from "../../test/engines";
import { buildUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { parseGateAnswer } from "./twiml";

/**
 * The log says a call was settled only when the database says so: a status event
 * whose transaction fails after the settlement ran (the database refuses the
 * delivery's last write, as a lost connection would end it) leaves no such line.
 */
describe.each(engines)("the settlement's log line on %s", (engine) => {
  let server: TestServer;
  const lines: { msg?: string; callSid?: string; costUsd?: string }[] = [];

  beforeAll(async () => {
    server = await startTestServer(
      engine,
      { LOG_LEVEL: "info", RATE_LIMIT_PER_MINUTE: "100000" },
      { logger: true, logStream: { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) } },
    );
  });
  afterAll(() => server.close());

  const settledLines = (callSid: string) => lines.filter((line) => line.msg === "call settled" && line.callSid === callSid);

  it("is written after the settlement commits, and not at all when its transaction fails", async () => {
    const db = server.database.db;
    const person = await buildUser(server);
    await grant(server, person.id, "5.00");
    const callSid = newCallSid();
    expect(parseGateAnswer((await placeCall(server, { callSid, userId: person.id, to: "+447106123456" })).body).kind).toBe("dial");
    for (const status of ["initiated", "ringing", "in-progress"]) expect((await reportStatus(server, callSid, status)).statusCode).toBe(200);

    // The delivery's own record is the transaction's last write, after the settlement: refuse it.
    await db.execute(sql`create function refuse_processed_delivery() returns trigger language plpgsql as $$
      begin raise exception 'the delivery could not be recorded'; end $$`);
    await db.execute(sql`create trigger refuse_processed_delivery before update on webhook_events
      for each row when (new.outcome = 'processed') execute function refuse_processed_delivery()`);
    try {
      const failed = await reportStatus(server, callSid, "completed", { CallDuration: "30" });
      expect(failed.statusCode).toBe(503);
    } finally {
      await db.execute(sql`drop trigger refuse_processed_delivery on webhook_events`);
      await db.execute(sql`drop function refuse_processed_delivery()`);
    }
    const [live] = await db.select().from(callLogs).where(eq(callLogs.callSid, callSid));
    expect(live?.status).toBe("answered");
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, callSid))).toEqual([]);
    expect(settledLines(callSid)).toEqual([]);

    // The carrier sends it again: now it commits, and the log says so once, with what was billed.
    expect((await reportStatus(server, callSid, "completed", { CallDuration: "30" })).statusCode).toBe(200);
    const [settled] = await db.select().from(callLogs).where(eq(callLogs.callSid, callSid));
    expect(settled?.status).toBe("completed");
    expect(settledLines(callSid)).toEqual([expect.objectContaining({ callSid, costUsd: settled?.costUsd })]);
  });
});
