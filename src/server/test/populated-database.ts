import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { payments } from "../db/schema/payments";
import { openDatabase, queryRows, type DatabaseHandle, type Executor } from "../db/client";
import { parseGateAnswer } from "../modules/calls/twiml";
import { newCallSid, placeCall, reportStatus } from "./calls";
import { buildUser, type TestUser } from "./factories";
import { startTestServerOn, type TestServer } from "./test-server";

/**
 * A database with something of everything, written through the app as people would:
 * customers who bought credit at the local checkout, settled calls, a contact, a support
 * message, an administrator's translation edit and credit adjustment, a blog cover. For the tests of
 * moving and backing up the whole database.
 */
export interface Population {
  admin: TestUser;
  customers: TestUser[];
  /** A blog cover the admin uploaded: its address and its bytes. */
  cover: { address: string; bytes: Buffer };
}

async function expectOk(answer: Promise<{ statusCode: number; body: string }>, what: string): Promise<void> {
  const { statusCode, body } = await answer;
  if (statusCode >= 300) throw new Error(`${what} answered ${statusCode}: ${body}`);
}

/** One purchase of `amount` USD paid at the local checkout with the approved test card. */
export async function buyCredit(server: TestServer, customer: TestUser, amount: string): Promise<void> {
  const checkout = await server.app.inject({ method: "POST", url: "/api/payments/checkout", headers: { cookie: customer.cookie }, payload: { amount } });
  if (checkout.statusCode !== 200) throw new Error(`checkout answered ${checkout.statusCode}: ${checkout.body}`);
  const { paymentId } = checkout.json<{ paymentId: string }>();
  const [payment] = await server.database.db.select().from(payments).where(eq(payments.id, paymentId));
  await expectOk(
    server.app.inject({
      method: "POST",
      url: `/api/local-checkout/sessions/${payment?.providerPaymentId ?? ""}/pay`,
      headers: { cookie: customer.cookie },
      payload: { cardNumber: "4242 4242 4242 4242", expiry: "12/99", cvc: "123" },
    }),
    "paying at the local checkout",
  );
}

/** A call to the UK answered for `talkSeconds` and settled through the carrier's status events. */
export async function settledCall(server: TestServer, customer: TestUser, talkSeconds: number): Promise<string> {
  const callSid = newCallSid();
  const gate = await placeCall(server, { callSid, userId: customer.id, to: "+447106123456" });
  if (parseGateAnswer(gate.body).kind !== "dial") throw new Error(`the gate refused the call: ${gate.body}`);
  for (const status of ["initiated", "ringing", "in-progress"]) await expectOk(reportStatus(server, callSid, status), `status ${status}`);
  await expectOk(reportStatus(server, callSid, "completed", { CallDuration: String(talkSeconds) }), "status completed");
  return callSid;
}

export async function populateThroughTheApp(server: TestServer): Promise<Population> {
  const admin = await buildUser(server, { role: "admin" });
  const customers = [await buildUser(server), await buildUser(server), await buildUser(server)];
  const as = (who: TestUser) => ({ cookie: who.cookie });
  const [first, second, third] = customers as [TestUser, TestUser, TestUser];

  await buyCredit(server, first, "10");
  await buyCredit(server, first, "7.50");
  await buyCredit(server, second, "25");
  await buyCredit(server, third, "5");
  await settledCall(server, first, 61);
  await settledCall(server, first, 7);
  await settledCall(server, second, 125);
  await expectOk(server.app.inject({ method: "POST", url: "/api/contacts", headers: as(first), payload: { name: "Åsa Öberg", number: "+447106123456" } }), "adding a contact");
  await expectOk(server.app.inject({ method: "POST", url: "/api/support/messages", headers: as(second), payload: { body: "My call dropped after a minute." } }), "writing to support");
  await expectOk(
    server.app.inject({ method: "PUT", url: "/api/admin/translations", headers: as(admin), payload: { language: "fr", key: "hero.title", value: "Appelez partout, payez à la minute" } }),
    "editing a translation",
  );
  await expectOk(
    server.app.inject({ method: "POST", url: "/api/admin/credit-audit/adjustments", headers: as(admin), payload: { email: third.email, amount: "+3.2517", reason: "Goodwill for a dropped call" } }),
    "adjusting credit",
  );
  // A cover's bytes are a bytea row, the one binary value a move carries.
  const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(Array.from({ length: 256 }, (_, index) => index))]);
  const uploaded = await server.app.inject({ method: "POST", url: "/api/admin/blog/covers", headers: { ...as(admin), "content-type": "image/png" }, payload: bytes });
  if (uploaded.statusCode !== 201) throw new Error(`uploading a blog cover answered ${uploaded.statusCode}: ${uploaded.body}`);
  return { admin, customers, cover: { address: uploaded.json<{ cover: string }>().cover, bytes } };
}

/** A whole test server on the embedded database in `dataDir` for the length of `work`. */
export async function withServerOn<T>(dataDir: string, work: (server: TestServer) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  const server = await startTestServerOn(database, () => database.close(), { DATA_DIR: dataDir });
  try {
    return await work(server);
  } finally {
    await server.close();
  }
}

/** A fresh data folder whose embedded database was populated through the app (and closed again). */
export async function populatedDataFolder(prefix: string): Promise<{ dataDir: string; population: Population }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dataDir, population: await withServerOn(dataDir, populateThroughTheApp) };
}

/** Opens the embedded database in `dataDir` for the length of `read`. */
export async function withEmbedded<T>(dataDir: string, read: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await read(database);
  } finally {
    await database.close();
  }
}

/** What the tests compare between two databases: every table's count, every balance with its ledger, the ledger itself. */
export async function snapshotOf(db: Pick<Executor, "execute">) {
  const tables = await baseTables(db);
  return { tables, counts: await countEach(db, tables), balances: await balancesAndLedgers(db), ledger: await ledgerText(db) };
}

/** Every base table of the app's schemas, read from information_schema (not from the code under test). */
export async function baseTables(db: Pick<Executor, "execute">): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select table_schema || '.' || table_name as name from information_schema.tables
         where table_schema in ('public', 'drizzle', 'pgboss') and table_type = 'BASE TABLE' order by 1`,
  );
  return rows.map((row) => row.name);
}

/** Each table's count(*), by `schema.table`. */
export async function countEach(db: Pick<Executor, "execute">, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [schema = "", name = ""] = table.split(".");
    const [row] = await queryRows<{ n: string }>(db, sql`select count(*)::text as n from ${sql.identifier(schema)}.${sql.identifier(name)}`);
    counts[table] = Number(row?.n);
  }
  return counts;
}

/** Every account's balance and its ledger's sum and row count, as text, by user id. */
export async function balancesAndLedgers(db: Pick<Executor, "execute">): Promise<{ userId: string; balance: string; ledgerSum: string; entries: number }[]> {
  return queryRows(
    db,
    sql`select b.user_id as "userId", b.balance::text as balance, coalesce(sum(l.amount), 0)::numeric(14,4)::text as "ledgerSum", count(l.id)::int as entries
          from credit_balances b left join ledger_entries l on l.user_id = b.user_id group by b.user_id, b.balance order by b.user_id`,
  );
}

/** The whole ledger as text, for an exact comparison of two databases. */
export async function ledgerText(db: Pick<Executor, "execute">): Promise<string[]> {
  const rows = await queryRows<{ row: string }>(db, sql`select concat_ws('|', id, user_id, kind, reference, amount, balance_after, created_at) as row from ledger_entries order by id`);
  return rows.map((row) => row.row);
}
