import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries } from "../../db/schema/credits";
import { payments } from "../../db/schema/payments";
import { webhookEvents } from "../../db/schema/webhooks";
import { LOCAL_CHECKOUT_SIGNATURE_HEADER, LOCAL_CHECKOUT_WEBHOOK_PATH, LocalCheckout, type LocalCheckoutEventType } from "../../providers/payments/local/local-checkout";
import { signatureHeader } from "../../webhooks/hmac";
import { engines } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { getBalance, ledgerSum } from "../credits/ledger";

/** The local checkout, end to end over HTTP: checkout, the signed event, the credit, once. */
describe.each(engines)("payments with the local checkout on %s", (engine) => {
  let server: TestServer;
  let checkout: LocalCheckout;

  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "100000", PAYMENT_MIN_USD: "5", PAYMENT_MAX_USD: "500" });
    if (!(server.payments instanceof LocalCheckout)) throw new Error("the local checkout is not the payments provider");
    checkout = server.payments;
  });
  afterAll(() => server.close());

  async function startPurchase(customer: TestUser, amount: string) {
    const response = await server.app.inject({ method: "POST", url: "/api/payments/checkout", headers: { cookie: customer.cookie }, payload: { amount, lang: "sv" } });
    expect(response.statusCode, response.body).toBe(200);
    const { paymentId, url } = response.json<{ paymentId: string; url: string; provider: string }>();
    const [row] = await server.database.db.select().from(payments).where(eq(payments.id, paymentId));
    if (!row?.providerPaymentId) throw new Error("no checkout session on the payment");
    return { paymentId, url, sessionId: row.providerPaymentId, row };
  }

  function eventFor(customer: TestUser, purchase: { paymentId: string; sessionId: string }, cents: number, type: LocalCheckoutEventType = "checkout.session.completed", at?: Date) {
    return checkout.signedEvent(type, { sessionId: purchase.sessionId, paymentId: purchase.paymentId, userId: customer.id, amountCents: cents, email: customer.email }, at ? { at } : {});
  }

  const deliver = (event: { body: string; signature?: string }) =>
    server.app.inject({
      method: "POST",
      url: LOCAL_CHECKOUT_WEBHOOK_PATH,
      headers: { "content-type": "application/json", ...(event.signature ? { [LOCAL_CHECKOUT_SIGNATURE_HEADER]: event.signature } : {}) },
      payload: event.body,
    });

  const ledgerOf = (userId: string) => server.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  const paymentRow = async (id: string) => (await server.database.db.select().from(payments).where(eq(payments.id, id)))[0];

  it("starts a checkout at the server's price: a pending payment and the provider's address, nothing credited", async () => {
    const customer = await buildUser(server);
    const { url, row } = await startPurchase(customer, "25");
    expect(url).toMatch(new RegExp(`^${server.config.publicUrl}/sv/local-checkout\\?session=cs_local_[0-9a-f]{32}$`));
    expect(row).toMatchObject({ userId: customer.id, provider: "local", amountUsd: "25.0000", creditUsd: "25.0000", bonusUsd: "0.0000", status: "pending" });
    expect(await getBalance(server.database.db, customer.id)).toBe(0);
  });

  it("refuses amounts outside the bounds and amounts a card cannot be charged", async () => {
    const customer = await buildUser(server);
    for (const amount of ["4.99", "500.01", "0"]) {
      const response = await server.app.inject({ method: "POST", url: "/api/payments/checkout", headers: { cookie: customer.cookie }, payload: { amount } });
      expect(response.statusCode, amount).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toBe("amount_out_of_range");
    }
    for (const amount of ["10.001", "-10", "1e3", "ten"]) {
      const response = await server.app.inject({ method: "POST", url: "/api/payments/checkout", headers: { cookie: customer.cookie }, payload: { amount } });
      expect(response.json<{ error: { code: string } }>().error.code, amount).toBe("validation_failed");
    }
    expect(await server.database.db.select().from(payments).where(eq(payments.userId, customer.id))).toEqual([]);
  });

  it("credits a paid session once: the payment succeeds and one purchase row names it", async () => {
    const customer = await buildUser(server);
    const purchase = await startPurchase(customer, "10.50");
    const event = eventFor(customer, purchase, 1050);
    const first = await deliver(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ received: true, duplicate: false, outcome: "processed" });
    expect((await deliver(event)).json()).toMatchObject({ duplicate: true });

    expect(await paymentRow(purchase.paymentId)).toMatchObject({ status: "succeeded", receiptEmail: customer.email });
    const rows = await ledgerOf(customer.id);
    expect(rows.map((row) => [row.kind, row.reference, row.amount, row.balanceAfter])).toEqual([["purchase", purchase.paymentId, "10.5000", "10.5000"]]);
    expect(await getBalance(server.database.db, customer.id)).toBe(105_000);

    const list = await server.app.inject({ method: "GET", url: "/api/payments", headers: { cookie: customer.cookie } });
    expect(list.json<{ payments: unknown[] }>().payments).toEqual([
      expect.objectContaining({ id: purchase.paymentId, amount: "10.5000", credit: "10.5000", bonus: "0.0000", status: "succeeded", provider: "local" }),
    ]);
  });

  it("credits once when one event is delivered 50 times at once", async () => {
    const customer = await buildUser(server);
    const purchase = await startPurchase(customer, "20");
    const event = eventFor(customer, purchase, 2000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(event)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(answers.filter((answer) => answer.json<{ duplicate: boolean }>().duplicate === false)).toHaveLength(1);
    expect((await ledgerOf(customer.id)).map((row) => row.amount)).toEqual(["20.0000"]);
    expect(await getBalance(server.database.db, customer.id)).toBe(200_000);
  });

  it("credits once when 50 different events for one payment arrive at once", async () => {
    const customer = await buildUser(server);
    const purchase = await startPurchase(customer, "30");
    const events = Array.from({ length: 50 }, () => eventFor(customer, purchase, 3000));
    const answers = await Promise.all(events.map(deliver));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    expect((await ledgerOf(customer.id)).map((row) => row.amount)).toEqual(["30.0000"]);
    expect(await getBalance(server.database.db, customer.id)).toBe(300_000);
    expect(await ledgerSum(server.database.db, customer.id)).toBe(300_000);
  });

  it("refuses unsigned, forged and too-late events and writes nothing", async () => {
    const customer = await buildUser(server);
    const purchase = await startPurchase(customer, "15");
    const good = eventFor(customer, purchase, 1500);
    const before = await server.database.db.select().from(webhookEvents);
    const cases: [string, { body: string; signature?: string }, number][] = [
      ["unsigned", { body: good.body }, 401],
      ["signed with another secret", { body: good.body, signature: signatureHeader("not-the-checkout-secret-at-all-0123456789", good.body) }, 403],
      ["a body changed after signing", { body: good.body.replace('"amount_total":1500', '"amount_total":150000'), signature: good.signature }, 403],
      ["replayed six minutes late", eventFor(customer, purchase, 1500, "checkout.session.completed", new Date(Date.now() - 6 * 60 * 1000)), 403],
      ["from the future", eventFor(customer, purchase, 1500, "checkout.session.completed", new Date(Date.now() + 6 * 60 * 1000)), 403],
    ];
    for (const [name, event, status] of cases) {
      const response = await deliver(event);
      expect(response.statusCode, name).toBe(status);
      expect(response.json<{ error: { code: string } }>().error.code, name).toBe(status === 401 ? "signature_missing" : "signature_invalid");
    }
    expect(await server.database.db.select().from(webhookEvents)).toEqual(before);
    expect(await ledgerOf(customer.id)).toEqual([]);
    expect((await paymentRow(purchase.paymentId))?.status).toBe("pending");
  });

  it("credits nothing for a session paid a different amount, another provider's payment, or no payment of ours", async () => {
    const customer = await buildUser(server);
    const purchase = await startPurchase(customer, "50");
    const cases = [
      eventFor(customer, purchase, 100),
      eventFor(customer, { ...purchase, sessionId: "cs_local_someone_elses" }, 5000),
      eventFor(customer, { ...purchase, paymentId: "pay_does_not_exist" }, 5000),
    ];
    for (const event of cases) {
      const response = await deliver(event);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ outcome: "rejected" });
    }
    expect(await ledgerOf(customer.id)).toEqual([]);
    expect((await paymentRow(purchase.paymentId))?.status).toBe("pending");
  });

  it("fails an expired or declined session, credits nothing, and a later completion changes nothing", async () => {
    const customer = await buildUser(server);
    for (const type of ["checkout.session.expired", "checkout.session.async_payment_failed"] as const) {
      const purchase = await startPurchase(customer, "5");
      expect((await deliver(eventFor(customer, purchase, 500, type))).json()).toMatchObject({ outcome: "processed" });
      expect(await paymentRow(purchase.paymentId)).toMatchObject({ status: "failed" });
      expect((await deliver(eventFor(customer, purchase, 500))).json()).toMatchObject({ outcome: "ignored" });
    }
    expect(await ledgerOf(customer.id)).toEqual([]);
  });

  it("shows each customer only their own payments, newest first", async () => {
    const owner = await buildUser(server);
    const other = await buildUser(server);
    const first = await startPurchase(owner, "5");
    const second = await startPurchase(owner, "6");
    const mine = await server.app.inject({ method: "GET", url: "/api/payments", headers: { cookie: owner.cookie } });
    expect(mine.json<{ payments: { id: string }[] }>().payments.map((payment) => payment.id)).toEqual([second.paymentId, first.paymentId]);
    const theirs = await server.app.inject({ method: "GET", url: "/api/payments", headers: { cookie: other.cookie } });
    expect(theirs.json()).toEqual({ payments: [] });
  });

  describe("the local checkout's page", () => {
    const pay = (customer: TestUser, sessionId: string, card: { cardNumber: string; expiry?: string; cvc?: string }) =>
      server.app.inject({
        method: "POST",
        url: `/api/local-checkout/sessions/${sessionId}/pay`,
        headers: { cookie: customer.cookie },
        payload: { expiry: "12/99", cvc: "123", ...card },
      });

    it("approves 4242 4242 4242 4242 through the signed event: the payment succeeds and the credit lands once", async () => {
      const customer = await buildUser(server);
      const purchase = await startPurchase(customer, "10");
      const session = await server.app.inject({ method: "GET", url: `/api/local-checkout/sessions/${purchase.sessionId}`, headers: { cookie: customer.cookie } });
      expect(session.json()).toEqual({ sessionId: purchase.sessionId, paymentId: purchase.paymentId, amount: "10.0000", status: "pending", failureReason: null });

      const paid = await pay(customer, purchase.sessionId, { cardNumber: "4242 4242 4242 4242" });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toEqual({ paymentId: purchase.paymentId, status: "succeeded" });
      expect(await getBalance(server.database.db, customer.id)).toBe(100_000);
      const events = await server.database.db.select().from(webhookEvents).where(eq(webhookEvents.provider, "local-checkout"));
      expect(events.filter((event) => (event.payload as { data: { object: { id: string } } }).data.object.id === purchase.sessionId)).toHaveLength(1);

      const again = await pay(customer, purchase.sessionId, { cardNumber: "4242424242424242" });
      expect(again.statusCode).toBe(409);
      expect(again.json<{ error: { code: string } }>().error.code).toBe("checkout_closed");
      expect(await getBalance(server.database.db, customer.id)).toBe(100_000);
    });

    it("declines 4000 0000 0000 0002 with the card's message, fails the payment and credits nothing", async () => {
      const customer = await buildUser(server);
      const purchase = await startPurchase(customer, "10");
      const declined = await pay(customer, purchase.sessionId, { cardNumber: "4000 0000 0000 0002" });
      expect(declined.statusCode).toBe(402);
      expect(declined.json()).toMatchObject({ error: { code: "card_declined", message: "Your card was declined." } });
      expect(await paymentRow(purchase.paymentId)).toMatchObject({ status: "failed", failureReason: "Your card was declined." });
      expect(await ledgerOf(customer.id)).toEqual([]);
    });

    it("records a checkout the customer cancels as cancelled, not failed, and sends it so; a later completion changes nothing", async () => {
      const customer = await buildUser(server);
      const purchase = await startPurchase(customer, "10");
      const cancel = () => server.app.inject({ method: "POST", url: `/api/local-checkout/sessions/${purchase.sessionId}/cancel`, headers: { cookie: customer.cookie } });
      const cancelled = await cancel();
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toEqual({ paymentId: purchase.paymentId, status: "cancelled" });
      expect(await paymentRow(purchase.paymentId)).toMatchObject({ status: "cancelled", failureReason: "You cancelled the checkout." });
      expect((await cancel()).json()).toEqual({ paymentId: purchase.paymentId, status: "cancelled" });

      const session = await server.app.inject({ method: "GET", url: `/api/local-checkout/sessions/${purchase.sessionId}`, headers: { cookie: customer.cookie } });
      expect(session.json()).toMatchObject({ status: "cancelled", failureReason: "You cancelled the checkout." });
      const listed = await server.app.inject({ method: "GET", url: "/api/payments", headers: { cookie: customer.cookie } });
      expect(listed.json<{ payments: { id: string; status: string }[] }>().payments).toEqual([expect.objectContaining({ id: purchase.paymentId, status: "cancelled" })]);

      expect((await deliver(eventFor(customer, purchase, 1000))).json()).toMatchObject({ outcome: "ignored" });
      expect((await paymentRow(purchase.paymentId))?.status).toBe("cancelled");
      expect(await ledgerOf(customer.id)).toEqual([]);
    });

    it("refuses card details a card form would refuse, and cards that are not its test cards, changing nothing", async () => {
      const customer = await buildUser(server);
      const purchase = await startPurchase(customer, "10");
      for (const card of [
        { cardNumber: "4242 4242 4242 4241" },
        { cardNumber: "4242 4242 4242 4242", expiry: "01/20" },
        { cardNumber: "4242 4242 4242 4242", expiry: "13/99" },
        { cardNumber: "4242 4242 4242 4242", cvc: "12" },
        { cardNumber: "5555 5555 5555 4444" },
      ]) {
        const response = await pay(customer, purchase.sessionId, card);
        expect(response.statusCode, JSON.stringify(card)).toBe(400);
        expect(response.json<{ error: { code: string } }>().error.code).toBe("card_invalid");
      }
      expect((await paymentRow(purchase.paymentId))?.status).toBe("pending");
      expect(await ledgerOf(customer.id)).toEqual([]);
    });
  });
});
