import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminPayment, PaymentTotals } from "../../../shared/api/admin-payments";
import { readCsvRecords } from "../../../shared/csv/read-csv";
import { auditLog } from "../../db/schema/audit";
import { callLogs } from "../../db/schema/calls";
import { ledgerEntries } from "../../db/schema/credits";
import { payments } from "../../db/schema/payments";
import { paymentRefunds } from "../../db/schema/refunds";
import { LocalCheckout } from "../../providers/payments/local/local-checkout";
import { engines } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { getBalance, ledgerSum, postLedgerEntry } from "../credits/ledger";
import { allAdminPayments } from "./admin-payments-list";

interface RefundBody {
  refund: { id: string; status: string; amount: string; creditRemoved: string; providerRefundId: string | null; reason: string; createdBy: { id: string } | null };
  creditRemoved: string;
  creditShortfall: string;
}
interface ListBody {
  payments: AdminPayment[];
  page: number;
  pageCount: number;
  totals: PaymentTotals;
  periods: (PaymentTotals & { start: string })[];
}

/** The back office's payments with the local checkout: the list and its totals, and refunds end to end. */
describe.each(engines)("admin payments on %s", (engine) => {
  let server: TestServer;
  let admin: TestUser;

  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "100000", PAYMENT_MIN_USD: "5", PAYMENT_MAX_USD: "500" });
    if (!(server.payments instanceof LocalCheckout)) throw new Error("the local checkout is not the payments provider");
    admin = await buildUser(server, { role: "admin" });
  });
  afterAll(() => server.close());

  const db = () => server.database.db;

  /** A purchase paid with the local checkout's approved test card; `bonus` stands in for a bonus code's extra credit. */
  async function buy(customer: TestUser, amount: string, bonus?: string): Promise<string> {
    const started = await server.app.inject({ method: "POST", url: "/api/payments/checkout", headers: { cookie: customer.cookie }, payload: { amount } });
    expect(started.statusCode, started.body).toBe(200);
    const { paymentId } = started.json<{ paymentId: string }>();
    if (bonus) await db().update(payments).set({ bonusUsd: bonus }).where(eq(payments.id, paymentId));
    const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
    const paid = await server.app.inject({
      method: "POST",
      url: `/api/local-checkout/sessions/${row?.providerPaymentId ?? ""}/pay`,
      headers: { cookie: customer.cookie },
      payload: { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return paymentId;
  }

  const refund = (paymentId: string, payload: Record<string, unknown>, cookie = admin.cookie) =>
    server.app.inject({ method: "POST", url: `/api/admin/payments/${paymentId}/refunds`, headers: { cookie }, payload });
  const paymentRow = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0];
  const refundLedger = (userId: string) => db().select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, "refund")));
  async function expectReconciled(userId: string) {
    expect(await getBalance(db(), userId)).toBe(await ledgerSum(db(), userId));
  }

  describe("the list", () => {
    const tag = `tag${randomBytes(4).toString("hex")}`;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      const alpha = await buildUser(server, { email: `alpha.${tag}@example.com` });
      const beta = await buildUser(server, { email: `beta.${tag}@example.com` });
      const rows = [
        { key: "p1", userId: alpha.id, provider: "local", status: "succeeded", amount: "10.0000", refunded: "0", at: "2026-03-02T10:00:00Z", code: null },
        { key: "p2", userId: alpha.id, provider: "stripe", status: "partially_refunded", amount: "25.0000", refunded: "5.0000", at: "2026-03-02T23:59:59Z", code: "WELCOME10" },
        { key: "p3", userId: beta.id, provider: "local", status: "failed", amount: "7.5000", refunded: "0", at: "2026-03-04T00:00:00Z", code: null },
        { key: "p4", userId: beta.id, provider: "local", status: "refunded", amount: "12.0000", refunded: "12.0000", at: "2026-03-10T08:00:00Z", code: null },
      ] as const;
      for (const row of rows) {
        const id = `pay_${tag}_${row.key}`;
        ids[row.key] = id;
        await db()
          .insert(payments)
          .values({
            id,
            userId: row.userId,
            provider: row.provider,
            providerPaymentId: `cs_${id}`,
            amountUsd: row.amount,
            creditUsd: row.amount,
            // The declined checkout had a code's bonus waiting: it was never credited either.
            bonusUsd: row.key === "p3" ? "1.5000" : "0",
            status: row.status,
            refundedUsd: row.refunded,
            discountCode: row.code,
            createdAt: new Date(row.at),
          });
      }
    });

    const list = async (query: string) => {
      const response = await server.app.inject({ method: "GET", url: `/api/admin/payments?${query}`, headers: { cookie: admin.cookie } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ListBody>();
    };

    it("lists every payment of the filter newest first, with the customer, amounts and code, and totals counted by hand", async () => {
      const body = await list(`customer=${tag}`);
      expect(body.payments.map((payment) => payment.id)).toEqual([ids["p4"], ids["p3"], ids["p2"], ids["p1"]]);
      expect(body.payments[2]).toMatchObject({
        customer: { email: `alpha.${tag}@example.com` },
        provider: "stripe",
        status: "partially_refunded",
        paid: "25.0000",
        credit: "25.0000",
        bonus: "0.0000",
        refunded: "5.0000",
        refundable: "20.0000",
        discountCode: "WELCOME10",
      });
      // The declined checkout asked for 7.50 (+1.50 bonus) and took and credited nothing.
      expect(body.payments[1]).toMatchObject({ status: "failed", paid: "0.0000", credit: "0.0000", bonus: "0.0000", refundable: "0.0000" });
      // paid counts succeeded, partially refunded and refunded payments: 10 + 25 + 12; refunded 5 + 12.
      expect(body.totals).toEqual({ count: 4, paid: "47.0000", refunded: "17.0000", net: "30.0000" });
      expect(body.periods).toEqual([
        { start: "2026-03-10", count: 1, paid: "12.0000", refunded: "12.0000", net: "0.0000" },
        { start: "2026-03-04", count: 1, paid: "0.0000", refunded: "0.0000", net: "0.0000" },
        { start: "2026-03-02", count: 2, paid: "35.0000", refunded: "5.0000", net: "30.0000" },
      ]);
    });

    it("buckets by ISO week (from Monday) and by month", async () => {
      expect((await list(`customer=${tag}&period=week`)).periods).toEqual([
        { start: "2026-03-09", count: 1, paid: "12.0000", refunded: "12.0000", net: "0.0000" },
        { start: "2026-03-02", count: 3, paid: "35.0000", refunded: "5.0000", net: "30.0000" },
      ]);
      expect((await list(`customer=${tag}&period=month`)).periods).toEqual([{ start: "2026-03-01", count: 4, paid: "47.0000", refunded: "17.0000", net: "30.0000" }]);
    });

    it("filters by status, provider, whole UTC days and part of the customer's email (any case)", async () => {
      const idsOf = async (query: string) => (await list(`customer=${tag}&${query}`)).payments.map((payment) => payment.id);
      expect(await idsOf("status=failed")).toEqual([ids["p3"]]);
      expect(await idsOf("provider=stripe")).toEqual([ids["p2"]]);
      expect(await idsOf("from=2026-03-03&to=2026-03-04")).toEqual([ids["p3"]]);
      expect(await idsOf("to=2026-03-02")).toEqual([ids["p2"], ids["p1"]]);
      const alpha = await list(`customer=${encodeURIComponent(` ALPHA.${tag.toUpperCase()} `)}`);
      expect(alpha.payments.map((payment) => payment.id)).toEqual([ids["p2"], ids["p1"]]);
      expect(alpha.totals).toEqual({ count: 2, paid: "35.0000", refunded: "5.0000", net: "30.0000" });
      // Wildcards typed into the box are letters: nobody's address holds "%".
      expect((await list(`customer=${encodeURIComponent("%")}&status=failed`)).totals.count).toBe(0);
    });

    it("is for admins only", async () => {
      const customer = await buildUser(server);
      const response = await server.app.inject({ method: "GET", url: "/api/admin/payments", headers: { cookie: customer.cookie } });
      expect(response.statusCode).toBe(403);
    });

    it("exports the list's filter as CSV in the admin's language, every page, newest first, formula-like text escaped", async () => {
      await db().update(payments).set({ failureReason: "=HYPERLINK(\"http://x\")" }).where(eq(payments.id, ids["p3"]!));
      const csv = async (query: string) => {
        const response = await server.app.inject({ method: "GET", url: `/api/admin/payments/export.csv?${query}`, headers: { cookie: admin.cookie } });
        expect(response.statusCode, response.body).toBe(200);
        return response;
      };
      const response = await csv(`customer=${tag}&lang=en`);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="dialwise-payments-\d{4}-\d{2}-\d{2}\.csv"$/);
      const rows = readCsvRecords(response.body).map((record) => record.fields);
      expect(rows[0]).toEqual([
        "Created (UTC)",
        "Customer email",
        "Payment service",
        "Status",
        "Paid (USD)",
        "Credit (USD)",
        "Bonus (USD)",
        "Refunded (USD)",
        "Discount code",
        "Completed (UTC)",
        "Why it failed",
        "Payment ID",
      ]);
      // The four payments as inserted above, newest first.
      const alpha = `alpha.${tag}@example.com`;
      const beta = `beta.${tag}@example.com`;
      expect(rows.slice(1)).toEqual([
        ["2026-03-10T08:00:00.000Z", beta, "local", "refunded", "12.0000", "12.0000", "0.0000", "12.0000", "", "", "", ids["p4"]],
        ["2026-03-04T00:00:00.000Z", beta, "local", "failed", "0.0000", "0.0000", "0.0000", "0.0000", "", "", "'=HYPERLINK(\"http://x\")", ids["p3"]],
        ["2026-03-02T23:59:59.000Z", alpha, "stripe", "partially_refunded", "25.0000", "25.0000", "0.0000", "5.0000", "WELCOME10", "", "", ids["p2"]],
        ["2026-03-02T10:00:00.000Z", alpha, "local", "succeeded", "10.0000", "10.0000", "0.0000", "0.0000", "", "", "", ids["p1"]],
      ]);
      // The same filters as the list; the header in the admin's language, the codes stay codes.
      const german = readCsvRecords((await csv(`customer=${tag}&provider=stripe&lang=de`)).body).map((record) => record.fields);
      expect(german).toHaveLength(2);
      expect(german[0]?.[2]).toBe("Zahlungsdienst");
      expect(german[1]?.slice(2, 4)).toEqual(["stripe", "partially_refunded"]);
      expect(readCsvRecords((await csv(`customer=${tag}&from=2026-03-03&to=2026-03-04`)).body).map((record) => record.fields.at(-1))).toEqual(["Payment ID", ids["p3"]]);
      const refused = await server.app.inject({ method: "GET", url: "/api/admin/payments/export.csv?status=lost", headers: { cookie: admin.cookie } });
      expect(refused.statusCode).toBe(400);
      const customer = await buildUser(server);
      expect((await server.app.inject({ method: "GET", url: "/api/admin/payments/export.csv", headers: { cookie: customer.cookie } })).statusCode).toBe(403);
      // An export larger than the ceiling is refused whole, never cut short (a ceiling of 3 stands in for 50 000).
      expect(await allAdminPayments(db(), { customer: tag }, 4)).toHaveLength(4);
      await expect(allAdminPayments(db(), { customer: tag }, 3)).rejects.toMatchObject({ status: 422, code: "export_too_large" });
    });
  });

  describe("refunds", () => {
    it("refunds a whole payment: provider first, then a refund ledger row taking its credit, the payment refunded, an audit row", async () => {
      const customer = await buildUser(server);
      const paymentId = await buy(customer, "10");
      expect(await getBalance(db(), customer.id)).toBe(100_000);

      const response = await refund(paymentId, { amount: "10", reason: "Charged twice" });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<RefundBody>();
      expect(body).toMatchObject({ creditRemoved: "10.0000", creditShortfall: "0.0000" });
      expect(body.refund).toMatchObject({ status: "succeeded", amount: "10.0000", creditRemoved: "10.0000", reason: "Charged twice", createdBy: { id: admin.id } });
      expect(body.refund.providerRefundId).toMatch(/^re_local_[0-9a-f]{24}$/);

      expect(await paymentRow(paymentId)).toMatchObject({ status: "refunded", refundedUsd: "10.0000" });
      const rows = await refundLedger(customer.id);
      expect(rows.map((row) => ({ reference: row.reference, amount: row.amount, balanceAfter: row.balanceAfter }))).toEqual([
        { reference: body.refund.id, amount: "-10.0000", balanceAfter: "0.0000" },
      ]);
      expect(await getBalance(db(), customer.id)).toBe(0);
      await expectReconciled(customer.id);

      const audits = await db().select().from(auditLog).where(and(eq(auditLog.action, "payment.refund"), eq(auditLog.subjectId, paymentId)));
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ actorUserId: admin.id, subjectType: "payment", before: { status: "succeeded", refunded: "0.0000" } });
      expect(audits[0]?.after).toMatchObject({ status: "refunded", refunded: "10.0000", refund: { id: body.refund.id, creditRemoved: "10.0000", creditShortfall: "0.0000" } });

      // Nothing is left to refund.
      const again = await refund(paymentId, { amount: "1", reason: "Again" });
      expect(again.statusCode).toBe(409);
      expect(again.json<{ error: { code: string } }>().error.code).toBe("payment_not_refundable");
    });

    it("refunds in parts: each takes its share of credit and bonus, rounded down, and the parts add up to the whole credit", async () => {
      const customer = await buildUser(server);
      // $10 paid, $10 credit and a $1 bonus: $11 of credit in all.
      const paymentId = await buy(customer, "10", "1.0000");
      expect(await getBalance(db(), customer.id)).toBe(110_000);

      const first = await refund(paymentId, { amount: "3.33", reason: "Partly unhappy" });
      expect(first.statusCode, first.body).toBe(200);
      // 3.33 / 10 × 11 = 3.663 exactly.
      expect(first.json<RefundBody>()).toMatchObject({ creditRemoved: "3.6630", creditShortfall: "0.0000" });
      expect(await paymentRow(paymentId)).toMatchObject({ status: "partially_refunded", refundedUsd: "3.3300" });
      expect(await getBalance(db(), customer.id)).toBe(73_370);

      const tooMuch = await refund(paymentId, { amount: "6.68", reason: "Over" });
      expect(tooMuch.statusCode).toBe(409);
      expect(tooMuch.json<{ error: { code: string } }>().error.code).toBe("refund_exceeds_refundable");

      const rest = await refund(paymentId, { amount: "6.67", reason: "The rest" });
      expect(rest.statusCode, rest.body).toBe(200);
      // 11 − 3.663 = 7.337: the two rows take exactly the $11 the payment credited.
      expect(rest.json<RefundBody>()).toMatchObject({ creditRemoved: "7.3370", creditShortfall: "0.0000" });
      expect(await paymentRow(paymentId)).toMatchObject({ status: "refunded", refundedUsd: "10.0000" });
      expect((await refundLedger(customer.id)).map((row) => row.amount).sort()).toEqual(["-3.6630", "-7.3370"]);
      expect(await getBalance(db(), customer.id)).toBe(0);
      await expectReconciled(customer.id);
    });

    it("takes only what is left when the customer already spent the credit, says so, and leaves the balance at exactly 0", async () => {
      const customer = await buildUser(server);
      const paymentId = await buy(customer, "10");
      await db().transaction((tx) => postLedgerEntry(tx, { userId: customer.id, kind: "call", reference: `CA${randomBytes(8).toString("hex")}`, amount: -75_000 }, server.bus));
      expect(await getBalance(db(), customer.id)).toBe(25_000);

      const response = await refund(paymentId, { amount: "10", reason: "Card stolen" });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<RefundBody>()).toMatchObject({ creditRemoved: "2.5000", creditShortfall: "7.5000", refund: { creditRemoved: "2.5000" } });
      expect(await getBalance(db(), customer.id)).toBe(0);
      expect(await paymentRow(paymentId)).toMatchObject({ status: "refunded", refundedUsd: "10.0000" });
      await expectReconciled(customer.id);

      // With nothing left at all, the refund still goes through and its ledger row takes 0.
      const second = await buy(customer, "5");
      await db().transaction((tx) => postLedgerEntry(tx, { userId: customer.id, kind: "call", reference: `CA${randomBytes(8).toString("hex")}`, amount: -50_000 }, server.bus));
      const empty = await refund(second, { amount: "5", reason: "Goodwill" });
      expect(empty.json<RefundBody>()).toMatchObject({ creditRemoved: "0.0000", creditShortfall: "5.0000" });
      expect(await getBalance(db(), customer.id)).toBe(0);
      await expectReconciled(customer.id);
    });

    it("leaves what a live call may still cost: the refund takes only the balance above it", async () => {
      const customer = await buildUser(server);
      const paymentId = await buy(customer, "10");
      // A live call at $0.50 a minute with a 6-minute limit may still cost $3.00 when it ends.
      await db()
        .insert(callLogs)
        .values({ userId: customer.id, callSid: `CA${randomBytes(16).toString("hex")}`, direction: "outbound", toNumber: "+447106123456", ratePerMin: "0.5000", timeLimitSeconds: 360, carrier: "local", status: "answered", answeredAt: new Date() });

      const response = await refund(paymentId, { amount: "10", reason: "Refund during a call" });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<RefundBody>()).toMatchObject({ creditRemoved: "7.0000", creditShortfall: "3.0000" });
      expect(await getBalance(db(), customer.id)).toBe(30_000);
      await expectReconciled(customer.id);
    });

    it("lets concurrent refunds together give back at most what was paid", async () => {
      const customer = await buildUser(server);
      const paymentId = await buy(customer, "10");
      const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => refund(paymentId, { amount: "3", reason: `Admin ${index}` })));
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 200, 200, 409, 409, 409]);
      expect(await paymentRow(paymentId)).toMatchObject({ status: "partially_refunded", refundedUsd: "9.0000" });
      expect(await db().select().from(paymentRefunds).where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.status, "succeeded")))).toHaveLength(3);
      expect(await getBalance(db(), customer.id)).toBe(10_000);
      await expectReconciled(customer.id);
    });

    it("refuses a payment that was never paid (409), an unknown one (404), a missing reason and bad amounts (400), writing nothing", async () => {
      const customer = await buildUser(server);
      const started = await server.app.inject({ method: "POST", url: "/api/payments/checkout", headers: { cookie: customer.cookie }, payload: { amount: "10" } });
      const pendingId = started.json<{ paymentId: string }>().paymentId;
      const pending = await refund(pendingId, { amount: "5", reason: "Not paid yet" });
      expect(pending.statusCode).toBe(409);
      expect(pending.json<{ error: { code: string } }>().error.code).toBe("payment_not_refundable");
      expect((await refund("pay_does_not_exist", { amount: "5", reason: "Who" })).statusCode).toBe(404);

      const paymentId = await buy(customer, "10");
      for (const payload of [{ amount: "5", reason: "   " }, { amount: "5" }, { amount: "0", reason: "Zero" }, { amount: "1.234", reason: "Fractions" }, { amount: "-1", reason: "Minus" }]) {
        const response = await refund(paymentId, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json<{ error: { code: string } }>().error.code).toBe("validation_failed");
      }
      expect(await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId))).toEqual([]);
      expect(await refundLedger(customer.id)).toEqual([]);
      expect(await getBalance(db(), customer.id)).toBe(100_000);
    });

    it("is for admins only: a customer cannot refund their own payment", async () => {
      const customer = await buildUser(server);
      const paymentId = await buy(customer, "10");
      expect((await refund(paymentId, { amount: "10", reason: "Mine" }, customer.cookie)).statusCode).toBe(403);
      expect(await getBalance(db(), customer.id)).toBe(100_000);
    });

    it("lists the refunds under their payment, with who asked", async () => {
      const customer = await buildUser(server);
      const paymentId = await buy(customer, "10");
      await refund(paymentId, { amount: "4", reason: "Partial" });
      const response = await server.app.inject({ method: "GET", url: `/api/admin/payments?customer=${encodeURIComponent(customer.email)}`, headers: { cookie: admin.cookie } });
      const [payment] = response.json<ListBody>().payments;
      expect(payment).toMatchObject({ id: paymentId, status: "partially_refunded", refunded: "4.0000", refundable: "6.0000" });
      expect(payment?.refunds).toMatchObject([{ amount: "4.0000", creditRemoved: "4.0000", reason: "Partial", status: "succeeded", createdBy: { id: admin.id, email: admin.email } }]);
    });
  });
});
