import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCsvRecords } from "../../../shared/csv/read-csv";
import { callLogs } from "../../db/schema/calls";
import { grant, newCallSid, placeCall } from "../../test/calls";
import { engines } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";

const REJECT = '<?xml version="1.0" encoding="UTF-8"?><Response><Reject reason="rejected"/></Response>';

/**
 * What the device dials reaches the gate as the carrier's signed form field `To`, which
 * the browser chose. A refused call keeps the number in E.164 form when it is one, else
 * at most 32 characters of the text without controls or bidirectional formatting; the
 * customer's history, the back office's list and both exports show exactly that.
 * Each case: what the device dialled, what the call keeps, why it was refused, and the cell the CSV exports hold.
 */
const DIALLED: { to: string; kept: string; reason: string; cell: string }[] = [
  // A right-to-left override would show the rest of the row backwards; the markup stays text.
  { to: "\u202E<img src=x onerror=alert(1)>", kept: "<img src=x onerror=alert(1)>", reason: "invalid_number", cell: "<img src=x onerror=alert(1)>" },
  { to: '=HYPERLINK("http://evil.example/?x","Call me")', kept: '=HYPERLINK("http://evil.example/', reason: "invalid_number", cell: '\'=HYPERLINK("http://evil.example/' },
  { to: "\u2067+44 7106 123456\u2069", kept: "+44 7106 123456", reason: "invalid_number", cell: "'+44 7106 123456" },
  { to: "line\r\nbreak\u001B\u0007\u200F", kept: "line break", reason: "invalid_number", cell: "line break" },
  { to: "112", kept: "112", reason: "emergency_blocked", cell: "112" },
  // Numbers, though refused, are kept as numbers, and exported as numbers (decision 030).
  { to: "+44 909 876 5432", kept: "+449098765432", reason: "premium_blocked", cell: "+449098765432" },
  { to: "0053 5 123-4567", kept: "+5351234567", reason: "no_rate", cell: "+5351234567" },
];

describe.each(engines)("the number a refused call keeps, on %s", (engine) => {
  let server: TestServer;
  let customer: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "100000" });
    customer = await buildUser(server);
    admin = await buildUser(server, { role: "admin" });
    await grant(server, customer.id, "5.00");
  });
  afterAll(() => server.close());

  it("keeps the E.164 form or plain, short text, and shows it so in the history, the back office and the exports", async () => {
    const sids: string[] = [];
    for (const { to, kept, reason } of DIALLED) {
      const callSid = newCallSid();
      sids.push(callSid);
      const gate = await placeCall(server, { callSid, userId: customer.id, to });
      expect(gate.body, JSON.stringify(to)).toBe(REJECT);
      const [row] = await server.database.db.select().from(callLogs).where(eq(callLogs.callSid, callSid));
      expect(row, JSON.stringify(to)).toMatchObject({ toNumber: kept, refusalReason: reason, status: "failed" });
    }
    const keptBySid = new Map(sids.map((sid, index) => [sid, DIALLED[index]!.kept]));

    const history = await server.app.inject({ url: "/api/calls", headers: { cookie: customer.cookie } });
    expect(history.statusCode).toBe(200);
    expect(new Map((history.json().calls as { callSid: string; toNumber: string }[]).map((call) => [call.callSid, call.toNumber]))).toEqual(keptBySid);

    const backOffice = await server.app.inject({ url: `/api/admin/calls?email=${encodeURIComponent(customer.email)}`, headers: { cookie: admin.cookie } });
    expect(backOffice.statusCode).toBe(200);
    expect(new Map((backOffice.json().calls as { callSid: string; toNumber: string }[]).map((call) => [call.callSid, call.toNumber]))).toEqual(keptBySid);

    const written = new Map(sids.map((sid, index) => [sid, DIALLED[index]!.cell]));
    const historyCsv = readCsvRecords((await server.app.inject({ url: "/api/calls/export.csv?lang=en", headers: { cookie: customer.cookie } })).body).map((record) => record.fields);
    expect(new Map(historyCsv.slice(1).map((fields) => [fields[10], fields[2]]))).toEqual(written);
    const adminCsv = readCsvRecords(
      (await server.app.inject({ url: `/api/admin/calls/export.csv?lang=en&email=${encodeURIComponent(customer.email)}`, headers: { cookie: admin.cookie } })).body,
    ).map((record) => record.fields);
    expect(new Map(adminCsv.slice(1).map((fields) => [fields[18], fields[3]]))).toEqual(written);
  });
});
