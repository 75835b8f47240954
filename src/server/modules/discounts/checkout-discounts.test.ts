import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries } from "../../db/schema/credits";
import { discountCodes, discountRedemptions } from "../../db/schema/discounts";
import { payments } from "../../db/schema/payments";
import { choosePayments } from "../../providers/payments/choose-payments";
import { PaymentProviderError } from "../../providers/payments/provider";
import { LOCAL_CHECKOUT_SIGNATURE_HEADER, LOCAL_CHECKOUT_WEBHOOK_PATH, LocalCheckout, type LocalCheckoutEventType } from "../../providers/payments/local/local-checkout";
import { everyEngine } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { getBalance } from "../credits/ledger";
import { newDiscountId } from "./admin-service";
import { expireStaleLocalCheckouts, STALE_CHECKOUT_MS } from "./reservations";

/** Discount codes at the HTTP boundary: the quote, the checkout's reservation, the webhook's redemption or release. */
describe.each(everyEngine)("discount codes at checkout on %s", (engine) => {
  let server: TestServer;
  let checkout: LocalCheckout;
  let serial = 0;

  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "100000", PAYMENT_MIN_USD: "5", PAYMENT_MAX_USD: "500" });
    if (!(server.payments instanceof LocalCheckout)) throw new Error("the local checkout is not the payments provider");
    checkout = server.payments;
  });
  afterAll(() => server.close());

  /** A code written straight to the table; each test gets its own text. */
  async function makeCode(fields: Partial<typeof discountCodes.$inferInsert> = {}) {
    serial += 1;
    const code = `TEST${serial}${engine.toUpperCase()}`;
    const id = newDiscountId();
    await server.database.db.insert(discountCodes).values({ id, code, kind: "bonus", percent: 10, ...fields });
    return { id, code };
  }

  const quote = (customer: TestUser, amount: string, code?: string) =>
    server.app.inject({ method: "GET", url: "/api/payments/quote", headers: { cookie: customer.cookie }, query: { amount, ...(code ? { code } : {}) } });

  const startCheckout = (customer: TestUser, amount: string, code?: string) =>
    server.app.inject({ method: "POST", url: "/api/payments/checkout", headers: { cookie: customer.cookie }, payload: { amount, ...(code ? { code } : {}) } });

  async function paymentOf(paymentId: string) {
    const [row] = await server.database.db.select().from(payments).where(eq(payments.id, paymentId));
    if (!row?.providerPaymentId) throw new Error("no checkout session on the payment");
    return { ...row, sessionId: row.providerPaymentId };
  }

  async function deliver(customer: TestUser, paymentId: string, type: LocalCheckoutEventType) {
    const row = await paymentOf(paymentId);
    const cents = Math.round(Number(row.amountUsd) * 100);
    const event = checkout.signedEvent(type, { sessionId: row.sessionId, paymentId, userId: customer.id, amountCents: cents, email: customer.email });
    const response = await server.app.inject({
      method: "POST",
      url: LOCAL_CHECKOUT_WEBHOOK_PATH,
      headers: { "content-type": "application/json", [LOCAL_CHECKOUT_SIGNATURE_HEADER]: event.signature },
      payload: event.body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ outcome: string }>();
  }

  const codeRow = async (id: string) => (await server.database.db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0];
  const redemptionsOf = (id: string) => server.database.db.select().from(discountRedemptions).where(eq(discountRedemptions.discountId, id));
  const paymentsOf = (userId: string) => server.database.db.select().from(payments).where(eq(payments.userId, userId));

  describe("the quote", () => {
    it("quotes a 10% bonus on $10: pay 10, credit 10, bonus 1, total 11", async () => {
      const customer = await buildUser(server);
      const { code } = await makeCode({ kind: "bonus", percent: 10 });
      const response = await quote(customer, "10", code.toLowerCase());
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        requested: "10.0000",
        pay: "10.0000",
        credit: "10.0000",
        bonus: "1.0000",
        totalCredit: "11.0000",
        discount: { code, kind: "bonus", percent: 10 },
        refusal: null,
      });
    });

    it("quotes 15% off $25 as 21.25 and 33% off $9.99 as 6.69, crediting the full amount", async () => {
      const customer = await buildUser(server);
      const fifteen = await makeCode({ kind: "percent_off", percent: 15 });
      expect((await quote(customer, "25", fifteen.code)).json()).toMatchObject({ pay: "21.2500", credit: "25.0000", bonus: "0.0000", totalCredit: "25.0000" });
      const third = await makeCode({ kind: "percent_off", percent: 33 });
      expect((await quote(customer, "9.99", third.code)).json()).toMatchObject({ pay: "6.6900", credit: "9.9900", totalCredit: "9.9900" });
    });

    it("quotes without the code and says why for each refusal", async () => {
      const customer = await buildUser(server);
      const hour = 60 * 60 * 1000;
      const cases: [string, string, Partial<typeof discountCodes.$inferInsert> | null][] = [
        ["not_found", "10", null],
        ["paused", "10", { paused: true }],
        ["not_started", "10", { startsAt: new Date(Date.now() + hour) }],
        ["expired", "10", { startsAt: new Date(Date.now() - 2 * hour), endsAt: new Date(Date.now() - hour) }],
        ["below_minimum", "9.99", { minPurchaseUsd: "10" }],
        ["used_up", "10", { maxRedemptions: 3, redeemedCount: 3 }],
      ];
      for (const [reason, amount, fields] of cases) {
        const code = fields ? (await makeCode(fields)).code : "NO-SUCH-CODE";
        const response = await quote(customer, amount, code);
        expect(response.statusCode, reason).toBe(200);
        expect(response.json(), reason).toEqual({
          requested: `${amount === "10" ? "10.0000" : "9.9900"}`,
          pay: `${amount === "10" ? "10.0000" : "9.9900"}`,
          credit: `${amount === "10" ? "10.0000" : "9.9900"}`,
          bonus: "0.0000",
          totalCredit: `${amount === "10" ? "10.0000" : "9.9900"}`,
          discount: null,
          refusal: { reason, minPurchase: reason === "below_minimum" ? "10.0000" : null },
        });
      }
      // A code at exactly its minimum applies.
      const atMinimum = await makeCode({ minPurchaseUsd: "10" });
      expect((await quote(customer, "10", atMinimum.code)).json()).toMatchObject({ refusal: null, bonus: "1.0000" });
    });

    it("says already_used once this customer has used the code, and not to another customer", async () => {
      const customer = await buildUser(server);
      const other = await buildUser(server);
      const { code } = await makeCode({ maxPerCustomer: 1 });
      expect((await startCheckout(customer, "10", code)).statusCode).toBe(200);
      expect((await quote(customer, "10", code)).json()).toMatchObject({ refusal: { reason: "already_used" } });
      expect((await quote(other, "10", code)).json()).toMatchObject({ refusal: null });
    });

    it("refuses amounts the checkout would refuse", async () => {
      const customer = await buildUser(server);
      const response = await quote(customer, "4.99");
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toBe("amount_out_of_range");
    });
  });

  describe("the checkout", () => {
    it("writes the quote's amounts on the payment, reserves the use, and charges the discounted price", async () => {
      const customer = await buildUser(server);
      const { id, code } = await makeCode({ kind: "percent_off", percent: 15 });
      const response = await startCheckout(customer, "25", code.toLowerCase());
      expect(response.statusCode, response.body).toBe(200);
      const { paymentId } = response.json<{ paymentId: string }>();
      const row = await paymentOf(paymentId);
      expect(row).toMatchObject({ amountUsd: "21.2500", creditUsd: "25.0000", bonusUsd: "0.0000", discountId: id, discountCode: code, status: "pending" });
      const session = await server.app.inject({ method: "GET", url: `/api/local-checkout/sessions/${row.sessionId}`, headers: { cookie: customer.cookie } });
      expect(session.json()).toMatchObject({ amount: "21.2500" });
      expect(await redemptionsOf(id)).toEqual([expect.objectContaining({ userId: customer.id, paymentId, status: "reserved" })]);
      expect((await codeRow(id))?.redeemedCount).toBe(1);
    });

    it("answers 409 discount_<reason> for a refused code and writes no payment", async () => {
      const customer = await buildUser(server);
      const paused = await makeCode({ paused: true });
      const minimum = await makeCode({ minPurchaseUsd: "20" });
      for (const [code, reason] of [
        ["NOPE-NOPE", "not_found"],
        [paused.code, "paused"],
        [minimum.code, "below_minimum"],
      ] as const) {
        const response = await startCheckout(customer, "10", code);
        expect(response.statusCode, reason).toBe(409);
        expect(response.json<{ error: { code: string } }>().error.code).toBe(`discount_${reason}`);
      }
      expect(await paymentsOf(customer.id)).toEqual([]);
      expect((await codeRow(minimum.id))?.redeemedCount).toBe(0);
    });

    it("gives the last use to exactly one of 20 concurrent checkouts; the other 19 get 409 discount_used_up and no payment", async () => {
      const { id, code } = await makeCode({ maxRedemptions: 5, redeemedCount: 4 });
      const customers = await Promise.all(Array.from({ length: 20 }, () => buildUser(server)));
      const answers = await Promise.all(customers.map((customer) => startCheckout(customer, "10", code)));
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, ...Array.from({ length: 19 }, () => 409)]);
      expect(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json<{ error: { code: string } }>().error.code)).toEqual(
        Array.from({ length: 19 }, () => "discount_used_up"),
      );
      const written = await server.database.db.select().from(payments).where(eq(payments.discountId, id));
      expect(written).toHaveLength(1);
      const allPayments = (await Promise.all(customers.map((customer) => paymentsOf(customer.id)))).flat();
      expect(allPayments).toHaveLength(1);
      expect((await codeRow(id))?.redeemedCount).toBe(5);
      expect(await redemptionsOf(id)).toHaveLength(1);
    });

    it("lets one customer racing 10 checkouts of a once-per-customer code have one", async () => {
      const customer = await buildUser(server);
      const { id, code } = await makeCode({ maxPerCustomer: 1, maxRedemptions: null });
      const answers = await Promise.all(Array.from({ length: 10 }, () => startCheckout(customer, "10", code)));
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json<{ error: { code: string } }>().error.code)).toEqual(
        Array.from({ length: 9 }, () => "discount_already_used"),
      );
      expect(await paymentsOf(customer.id)).toHaveLength(1);
      expect((await codeRow(id))?.redeemedCount).toBe(1);
    });
  });

  describe("the payment's outcome", () => {
    it("credits purchase and bonus from the local checkout's signed webhook: $10 + 10% is a balance of 11", async () => {
      const customer = await buildUser(server);
      const { id, code } = await makeCode({ kind: "bonus", percent: 10 });
      const { paymentId } = (await startCheckout(customer, "10", code)).json<{ paymentId: string }>();
      const row = await paymentOf(paymentId);
      const paid = await server.app.inject({
        method: "POST",
        url: `/api/local-checkout/sessions/${row.sessionId}/pay`,
        headers: { cookie: customer.cookie },
        payload: { cardNumber: "4242 4242 4242 4242", expiry: "12/99", cvc: "123" },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(await getBalance(server.database.db, customer.id)).toBe(110_000);
      const ledger = await server.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, customer.id));
      expect(ledger.map((entry) => [entry.kind, entry.reference, entry.amount]).sort()).toEqual([
        ["bonus", paymentId, "1.0000"],
        ["purchase", paymentId, "10.0000"],
      ]);
      expect(await redemptionsOf(id)).toEqual([expect.objectContaining({ paymentId, status: "redeemed" })]);
      expect((await codeRow(id))?.redeemedCount).toBe(1);
      const list = await server.app.inject({ method: "GET", url: "/api/payments", headers: { cookie: customer.cookie } });
      expect(list.json<{ payments: unknown[] }>().payments).toEqual([expect.objectContaining({ id: paymentId, amount: "10.0000", bonus: "1.0000", discountCode: code })]);
    });

    for (const type of ["checkout.session.expired", "checkout.session.async_payment_failed"] as const) {
      it(`gives the use back once on ${type}, so another customer can redeem the code`, async () => {
        const first = await buildUser(server);
        const second = await buildUser(server);
        const { id, code } = await makeCode({ maxRedemptions: 1 });
        const { paymentId } = (await startCheckout(first, "10", code)).json<{ paymentId: string }>();
        expect((await startCheckout(second, "10", code)).json<{ error: { code: string } }>().error.code).toBe("discount_used_up");

        expect(await deliver(first, paymentId, type)).toMatchObject({ outcome: "processed" });
        expect(await deliver(first, paymentId, type)).toMatchObject({ outcome: "ignored" });
        expect((await codeRow(id))?.redeemedCount).toBe(0);
        expect(await redemptionsOf(id)).toEqual([expect.objectContaining({ paymentId, status: "released" })]);

        const retry = await startCheckout(second, "10", code);
        expect(retry.statusCode, retry.body).toBe(200);
        expect((await codeRow(id))?.redeemedCount).toBe(1);
        expect(await getBalance(server.database.db, first.id)).toBe(0);
      });
    }

    it("gives a once-per-customer code's use back the moment the customer cancels the local checkout, so they can try again", async () => {
      const customer = await buildUser(server);
      const { id, code } = await makeCode({ maxPerCustomer: 1, maxRedemptions: null });
      const first = await startCheckout(customer, "10", code);
      expect(first.statusCode, first.body).toBe(200);
      const { paymentId } = first.json<{ paymentId: string }>();
      expect((await startCheckout(customer, "10", code)).json()).toMatchObject({ error: { code: "discount_already_used" } });

      const { sessionId } = await paymentOf(paymentId);
      const cancel = () => server.app.inject({ method: "POST", url: `/api/local-checkout/sessions/${sessionId}/cancel`, headers: { cookie: customer.cookie } });
      expect((await cancel()).json()).toEqual({ paymentId, status: "cancelled" });
      expect(await paymentOf(paymentId)).toMatchObject({ status: "cancelled", failureReason: "You cancelled the checkout." });
      expect((await redemptionsOf(id)).map((row) => row.status)).toEqual(["released"]);
      // Cancelling again changes nothing; paying the cancelled session is refused.
      expect((await cancel()).json()).toEqual({ paymentId, status: "cancelled" });
      const pay = await server.app.inject({ method: "POST", url: `/api/local-checkout/sessions/${sessionId}/pay`, headers: { cookie: customer.cookie }, payload: { cardNumber: "4242 4242 4242 4242", expiry: "12/99", cvc: "123" } });
      expect(pay.statusCode).toBe(409);
      expect(await codeRow(id)).toMatchObject({ redeemedCount: 0 });

      const again = await startCheckout(customer, "10", code);
      expect(again.statusCode, again.body).toBe(200);
      expect(await codeRow(id)).toMatchObject({ redeemedCount: 1 });
    });

    it("fails local checkouts unpaid for a day and gives their use back; a younger one stays pending and reserved", async () => {
      const customer = await buildUser(server);
      const { id, code } = await makeCode({ maxRedemptions: 10, maxPerCustomer: null });
      const stale = (await startCheckout(customer, "10", code)).json<{ paymentId: string }>().paymentId;
      const fresh = (await startCheckout(customer, "10", code)).json<{ paymentId: string }>().paymentId;
      await server.database.db
        .update(payments)
        .set({ createdAt: new Date(Date.now() - STALE_CHECKOUT_MS - 60_000) })
        .where(eq(payments.id, stale));
      expect(await expireStaleLocalCheckouts(server.database.db, new Date())).toBeGreaterThanOrEqual(1);
      expect(await paymentOf(stale)).toMatchObject({ status: "failed" });
      expect(await paymentOf(fresh)).toMatchObject({ status: "pending" });
      expect((await codeRow(id))?.redeemedCount).toBe(1);
      const statuses = await server.database.db
        .select({ paymentId: discountRedemptions.paymentId, status: discountRedemptions.status })
        .from(discountRedemptions)
        .where(and(eq(discountRedemptions.discountId, id)));
      expect(Object.fromEntries(statuses.map((row) => [row.paymentId, row.status]))).toEqual({ [stale]: "released", [fresh]: "reserved" });
      // A late completion of the failed checkout credits nothing.
      expect(await deliver(customer, stale, "checkout.session.completed")).toMatchObject({ outcome: "ignored" });
      expect(await getBalance(server.database.db, customer.id)).toBe(0);
    });
  });
});

describe.each(everyEngine)("a discount code when the payment provider refuses the checkout on %s", (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(
      engine,
      { RATE_LIMIT_PER_MINUTE: "100000" },
      {
        payments: (context) => {
          const provider = choosePayments(context);
          provider.createCheckout = () => Promise.reject(new PaymentProviderError("the provider is down"));
          return provider;
        },
      },
    );
  });
  afterAll(() => server.close());

  it("fails the payment and gives the reserved use back", async () => {
    const customer = await buildUser(server);
    const id = newDiscountId();
    await server.database.db.insert(discountCodes).values({ id, code: "DOWNTIME", kind: "percent_off", percent: 20, maxRedemptions: 1 });
    const response = await server.app.inject({ method: "POST", url: "/api/payments/checkout", headers: { cookie: customer.cookie }, payload: { amount: "10", code: "downtime" } });
    expect(response.statusCode).toBe(503);
    expect(response.json<{ error: { code: string } }>().error.code).toBe("payment_provider_unavailable");
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.userId, customer.id));
    expect(payment).toMatchObject({ status: "failed", amountUsd: "8.0000", discountId: id });
    expect((await server.database.db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0]?.redeemedCount).toBe(0);
    expect(await server.database.db.select({ status: discountRedemptions.status }).from(discountRedemptions).where(eq(discountRedemptions.discountId, id))).toEqual([{ status: "released" }]);
  });
});
