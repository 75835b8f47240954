import { eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moneyToDecimal, parseMoney } from "../../../shared/money";
import { ledgerEntries } from "../../db/schema/credits";
import { discountCodes } from "../../db/schema/discounts";
import { payments } from "../../db/schema/payments";
import { paymentRefunds } from "../../db/schema/refunds";
import { LOCAL_CHECKOUT_SIGNATURE_HEADER, LOCAL_CHECKOUT_WEBHOOK_PATH, LocalCheckout } from "../../providers/payments/local/local-checkout";
import { newCallSid, placeCall, reportStatus } from "../../test/calls";
import { everyEngine } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { parseGateAnswer } from "../calls/twiml";
import { getBalance, ledgerSum } from "../credits/ledger";
import { newDiscountId } from "../discounts/admin-service";
import { grantCredits } from "../credits/grant-cli";

/** A UK mobile at 0.0580 a minute and a Jamaican one at 0.6375: cheap calls and calls whose time limit bites. */
const NUMBERS = ["+447106123456", "+18762101234"] as const;

type Op =
  | { kind: "purchase"; dollars: number; bonusCode: boolean }
  | { kind: "refund"; pick: number; cents: number }
  | { kind: "redeliver"; pick: number }
  | { kind: "second-event"; pick: number }
  | { kind: "call"; to: (typeof NUMBERS)[number] }
  | { kind: "hang-up"; pick: number; talkSeconds: number }
  | { kind: "adjust"; cents: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("purchase" as const), dollars: fc.integer({ min: 5, max: 40 }), bonusCode: fc.boolean() }),
  fc.record({ kind: fc.constant("refund" as const), pick: fc.nat(), cents: fc.integer({ min: 1, max: 4000 }) }),
  fc.record({ kind: fc.constant("redeliver" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("second-event" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("call" as const), to: fc.constantFrom(...NUMBERS) }),
  fc.record({ kind: fc.constant("hang-up" as const), pick: fc.nat(), talkSeconds: fc.integer({ min: 0, max: 7200 }) }),
  fc.record({ kind: fc.constant("adjust" as const), cents: fc.integer({ min: -3000, max: 3000 }).filter((cents) => cents !== 0) }),
);

/**
 * Random interleavings of purchases (the signed completion event), some with a 10% bonus
 * code, duplicated and repeated events, calls (placed through the gate, answered, and
 * settled by the status webhook in a later batch, so other operations land while they are
 * live), admin refunds of any part of a payment and admin adjustments: operations in a
 * batch run concurrently, batches one after another.
 * Whatever happens, the balance is the sum of the ledger, no row leaves it below zero,
 * and every succeeded payment is credited exactly once.
 */
describe.each(everyEngine)("the ledger under random interleavings on %s", (engine) => {
  let server: TestServer;
  let checkout: LocalCheckout;
  let admin: TestUser;
  const BONUS_CODE = "PROPERTY10";

  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "1000000" });
    if (!(server.payments instanceof LocalCheckout)) throw new Error("the local checkout is not the payments provider");
    checkout = server.payments;
    admin = await buildUser(server, { role: "admin" });
    await server.database.db.insert(discountCodes).values({ id: newDiscountId(), code: BONUS_CODE, kind: "bonus", percent: 10, maxRedemptions: null, maxPerCustomer: null });
  });
  afterAll(() => server.close());

  interface Delivered {
    paymentId: string;
    sessionId: string;
    cents: number;
    event: { body: string; signature: string };
  }

  const deliver = (event: { body: string; signature: string }) =>
    server.app.inject({
      method: "POST",
      url: LOCAL_CHECKOUT_WEBHOOK_PATH,
      headers: { "content-type": "application/json", [LOCAL_CHECKOUT_SIGNATURE_HEADER]: event.signature },
      payload: event.body,
    });

  interface World {
    known: readonly Delivered[];
    delivered: Delivered[];
    /** Calls the gate let through that have not ended yet. */
    live: string[];
  }

  async function run(customer: TestUser, operation: Op, { known, delivered, live }: World): Promise<void> {
    switch (operation.kind) {
      case "purchase": {
        const response = await server.app.inject({
          method: "POST",
          url: "/api/payments/checkout",
          headers: { cookie: customer.cookie },
          payload: { amount: String(operation.dollars), ...(operation.bonusCode ? { code: BONUS_CODE } : {}) },
        });
        expect(response.statusCode, response.body).toBe(200);
        const { paymentId } = response.json<{ paymentId: string }>();
        const [row] = await server.database.db.select().from(payments).where(eq(payments.id, paymentId));
        const sessionId = row?.providerPaymentId ?? "";
        const cents = operation.dollars * 100;
        const event = checkout.signedEvent("checkout.session.completed", { sessionId, paymentId, userId: customer.id, amountCents: cents });
        delivered.push({ paymentId, sessionId, cents, event });
        expect((await deliver(event)).statusCode).toBe(200);
        return;
      }
      case "redeliver": {
        const earlier = known[operation.pick % Math.max(known.length, 1)];
        if (earlier) expect((await deliver(earlier.event)).json()).toMatchObject({ duplicate: true });
        return;
      }
      case "second-event": {
        const earlier = known[operation.pick % Math.max(known.length, 1)];
        if (!earlier) return;
        const event = checkout.signedEvent("checkout.session.completed", { sessionId: earlier.sessionId, paymentId: earlier.paymentId, userId: customer.id, amountCents: earlier.cents });
        expect((await deliver(event)).json()).toMatchObject({ outcome: "ignored" });
        return;
      }
      case "call": {
        const callSid = newCallSid();
        const gate = parseGateAnswer((await placeCall(server, { callSid, userId: customer.id, to: operation.to })).body);
        if (gate.kind !== "dial") return;
        await reportStatus(server, callSid, "in-progress");
        live.push(callSid);
        return;
      }
      case "hang-up": {
        if (live.length === 0) return;
        const [callSid] = live.splice(operation.pick % live.length, 1);
        if (callSid) await reportStatus(server, callSid, "completed", { CallDuration: String(operation.talkSeconds) });
        return;
      }
      case "refund": {
        const earlier = known[operation.pick % Math.max(known.length, 1)];
        if (!earlier) return;
        const amount = moneyToDecimal(Math.min(operation.cents, earlier.cents) * 100);
        const response = await server.app.inject({
          method: "POST",
          url: `/api/admin/payments/${earlier.paymentId}/refunds`,
          headers: { cookie: admin.cookie },
          payload: { amount: amount.slice(0, -2), reason: "property test" },
        });
        // More than is still refundable (earlier or concurrent refunds) is refused whole; anything else goes through.
        expect([200, 409], response.body).toContain(response.statusCode);
        return;
      }
      case "adjust": {
        const outcome = await grantCredits(server.database.db, {
          email: customer.email,
          amount: operation.cents * 100,
          reason: "property test",
          createdBy: "admin@dialwise.example",
        });
        if (!outcome.ok) expect(outcome.reason).toBe("negative_balance");
        return;
      }
    }
  }

  it("refuses to take off by hand credit that a live call may still cost", async () => {
    const customer = await buildUser(server);
    expect((await grantCredits(server.database.db, { email: customer.email, amount: parseMoney("1"), reason: "start", createdBy: "test" })).ok).toBe(true);
    const callSid = newCallSid();
    // Jamaica at 0.6375 a minute: $1 buys one minute, so the call holds 0.6375 of it.
    expect(parseGateAnswer((await placeCall(server, { callSid, userId: customer.id, to: "+18762101234" })).body).kind).toBe("dial");
    await reportStatus(server, callSid, "in-progress");
    expect(await grantCredits(server.database.db, { email: customer.email, amount: parseMoney("-0.5"), reason: "too much", createdBy: "test" })).toEqual({
      ok: false,
      reason: "negative_balance",
      balance: parseMoney("-0.1375"),
      heldByLiveCalls: parseMoney("0.6375"),
    });
    expect((await grantCredits(server.database.db, { email: customer.email, amount: parseMoney("-0.3625"), reason: "what is free", createdBy: "test" })).ok).toBe(true);
    await reportStatus(server, callSid, "completed", { CallDuration: "600" });
    expect(await getBalance(server.database.db, customer.id)).toBe(0);
    expect(await ledgerSum(server.database.db, customer.id)).toBe(0);
  });

  it("keeps balance = sum(ledger), never below zero, and credits each payment once", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(op, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }), async (batches) => {
        const customer = await buildUser(server);
        const delivered: Delivered[] = [];
        const live: string[] = [];
        for (const batch of batches) {
          const world = { known: [...delivered], delivered, live };
          await Promise.all(batch.map((operation) => run(customer, operation, world)));
        }
        // Every call ends, billed its whole time limit at most.
        for (const callSid of live.splice(0)) await reportStatus(server, callSid, "completed", { CallDuration: "7200" });

        const db = server.database.db;
        const balance = await getBalance(db, customer.id);
        expect(balance).toBe(await ledgerSum(db, customer.id));
        expect(balance).toBeGreaterThanOrEqual(0);
        const rows = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, customer.id));
        expect(rows.filter((row) => parseMoney(row.balanceAfter) < 0)).toEqual([]);

        const succeeded = await db.select().from(payments).where(eq(payments.userId, customer.id));
        expect(succeeded.every((payment) => ["succeeded", "partially_refunded", "refunded"].includes(payment.status))).toBe(true);
        const purchases = rows.filter((row) => row.kind === "purchase");
        expect(purchases.map((row) => row.reference).sort()).toEqual(succeeded.map((payment) => payment.id).sort());
        expect(purchases.map((row) => row.amount).sort()).toEqual(succeeded.map((payment) => moneyToDecimal(parseMoney(payment.creditUsd))).sort());
        // Each bonus once, for the payments that had a code.
        const withBonus = succeeded.filter((payment) => parseMoney(payment.bonusUsd) > 0);
        expect(rows.filter((row) => row.kind === "bonus").map((row) => `${row.reference} ${row.amount}`).sort()).toEqual(
          withBonus.map((payment) => `${payment.id} ${moneyToDecimal(parseMoney(payment.bonusUsd))}`).sort(),
        );
        // Refunds: never more money back than was paid, and the ledger took exactly what each refund says it took.
        const refunds = await db.select().from(paymentRefunds).where(inArray(paymentRefunds.paymentId, succeeded.length ? succeeded.map((payment) => payment.id) : [""]));
        for (const payment of succeeded) {
          const back = refunds.filter((refund) => refund.paymentId === payment.id && refund.status === "succeeded").reduce((sum, refund) => sum + parseMoney(refund.amountUsd), 0);
          expect(back).toBe(parseMoney(payment.refundedUsd));
          expect(back).toBeLessThanOrEqual(parseMoney(payment.amountUsd));
        }
        const refundRows = rows.filter((row) => row.kind === "refund");
        expect(refundRows.map((row) => `${row.reference} ${moneyToDecimal(0 - parseMoney(row.amount))}`).sort()).toEqual(
          refunds.filter((refund) => refund.status === "succeeded").map((refund) => `${refund.id} ${moneyToDecimal(parseMoney(refund.creditRemovedUsd))}`).sort(),
        );
      }),
      { numRuns: 30 },
    );
  }, 240_000);
});
