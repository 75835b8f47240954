import { createServer as createHttpServer, type IncomingMessage, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerEntries } from "../../db/schema/credits";
import { payments } from "../../db/schema/payments";
import { webhookEvents } from "../../db/schema/webhooks";
import { STRIPE_SIGNATURE_HEADER, STRIPE_WEBHOOK_PATH, StripePayments } from "../../providers/payments/stripe";
import { engines } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { getBalance } from "../credits/ledger";

const WEBHOOK_SECRET = "whsec_test_0123456789abcdef0123456789abcdef";
/** Only for generateTestHeaderString: the library's own signing of test events. */
const stripe = new Stripe("sk_test_signing_only");

/** A stand-in for Stripe's REST API: records each Checkout Session request and answers as Stripe does. */
interface StandIn {
  server: HttpServer;
  port: number;
  requests: { path: string; form: URLSearchParams; idempotencyKey: string | undefined }[];
  refuse: boolean;
}

async function startStandIn(): Promise<StandIn> {
  const standIn: StandIn = { server: createHttpServer(), port: 0, requests: [], refuse: false };
  standIn.server.on("request", (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const key = request.headers["idempotency-key"];
      standIn.requests.push({ path: request.url ?? "", form, idempotencyKey: typeof key === "string" ? key : undefined });
      response.setHeader("content-type", "application/json");
      if (standIn.refuse) {
        response.statusCode = 400;
        response.end(JSON.stringify({ error: { type: "invalid_request_error", message: "Your account cannot currently make live charges." } }));
        return;
      }
      const id = `cs_test_${standIn.requests.length}_${Date.now()}`;
      response.end(JSON.stringify({ id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}`, client_reference_id: form.get("client_reference_id") }));
    });
  });
  await new Promise<void>((resolve) => standIn.server.listen(0, "127.0.0.1", resolve));
  standIn.port = (standIn.server.address() as AddressInfo).port;
  return standIn;
}

describe.each(engines)("payments with Stripe on %s", (engine) => {
  let server: TestServer;
  let standIn: StandIn;

  beforeAll(async () => {
    standIn = await startStandIn();
    server = await startTestServer(
      engine,
      { RATE_LIMIT_PER_MINUTE: "100000", STRIPE_SECRET_KEY: "sk_test_dialwise", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
      {
        payments: ({ config }) => {
          if (!config.stripe) throw new Error("Stripe is not configured");
          return new StripePayments(config.stripe, { host: "127.0.0.1", port: standIn.port, protocol: "http", maxNetworkRetries: 0 });
        },
      },
    );
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => standIn.server.close(resolve));
  });
  beforeEach(() => {
    standIn.refuse = false;
  });

  async function startPurchase(customer: TestUser, amount: string) {
    const response = await server.app.inject({ method: "POST", url: "/api/payments/checkout", headers: { cookie: customer.cookie }, payload: { amount, lang: "de" } });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{ paymentId: string; url: string; provider: string }>();
    const [row] = await server.database.db.select().from(payments).where(eq(payments.id, answer.paymentId));
    if (!row?.providerPaymentId) throw new Error("no checkout session on the payment");
    return { ...answer, sessionId: row.providerPaymentId };
  }

  /** A checkout.session.completed event as Stripe sends it, and its Stripe-Signature from the library's test helper. */
  function stripeEvent(purchase: { paymentId: string; sessionId: string }, cents: number, options: { secret?: string; timestamp?: number; type?: string; eventId?: string } = {}) {
    const payload = JSON.stringify({
      id: options.eventId ?? `evt_test_${Math.random().toString(36).slice(2)}`,
      object: "event",
      api_version: "2025-01-27",
      type: options.type ?? "checkout.session.completed",
      data: {
        object: {
          id: purchase.sessionId,
          object: "checkout.session",
          client_reference_id: purchase.paymentId,
          amount_total: cents,
          currency: "usd",
          payment_status: "paid",
          payment_intent: "pi_test_123",
          customer_details: { email: "buyer@example.com" },
          metadata: { paymentId: purchase.paymentId },
        },
      },
    });
    const signature = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
    });
    return { payload, signature };
  }

  const deliver = (event: { payload: string; signature?: string }) =>
    server.app.inject({
      method: "POST",
      url: STRIPE_WEBHOOK_PATH,
      headers: { "content-type": "application/json", ...(event.signature ? { [STRIPE_SIGNATURE_HEADER]: event.signature } : {}) },
      payload: event.payload,
    });
  const ledgerOf = (userId: string) => server.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));

  it("creates a Checkout Session at the server's price, naming our payment, and answers its address", async () => {
    const customer = await buildUser(server);
    const purchase = await startPurchase(customer, "12.50");
    expect(purchase.provider).toBe("stripe");
    expect(purchase.url).toBe(`https://checkout.stripe.com/c/pay/${purchase.sessionId}`);
    const request = standIn.requests.at(-1);
    expect(request?.path).toBe("/v1/checkout/sessions");
    expect(request?.idempotencyKey).toBe(`checkout-${purchase.paymentId}`);
    expect(Object.fromEntries(request?.form ?? [])).toMatchObject({
      mode: "payment",
      client_reference_id: purchase.paymentId,
      "line_items[0][price_data][unit_amount]": "1250",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][quantity]": "1",
      success_url: `${server.config.publicUrl}/de/payment-success?payment=${purchase.paymentId}`,
      cancel_url: `${server.config.publicUrl}/de/phone?cancelled=${purchase.paymentId}`,
      customer_email: customer.email,
    });
  });

  it("answers 503 payment_provider_unavailable when Stripe refuses, and fails the payment", async () => {
    const customer = await buildUser(server);
    standIn.refuse = true;
    const response = await server.app.inject({ method: "POST", url: "/api/payments/checkout", headers: { cookie: customer.cookie }, payload: { amount: "10" } });
    expect(response.statusCode).toBe(503);
    expect(response.json<{ error: { code: string } }>().error.code).toBe("payment_provider_unavailable");
    const rows = await server.database.db.select().from(payments).where(eq(payments.userId, customer.id));
    expect(rows.map((row) => row.status)).toEqual(["failed"]);
  });

  it("credits from the signed checkout.session.completed, once, however often and however concurrently it comes", async () => {
    const customer = await buildUser(server);
    const purchase = await startPurchase(customer, "25");
    const event = stripeEvent(purchase, 2500);
    const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(event)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(answers.filter((answer) => answer.json<{ duplicate: boolean }>().duplicate === false)).toHaveLength(1);
    // Stripe may also send a second, different event for the session: still one credit.
    expect((await deliver(stripeEvent(purchase, 2500, { type: "checkout.session.async_payment_succeeded" }))).json()).toMatchObject({ outcome: "ignored" });

    const rows = await ledgerOf(customer.id);
    expect(rows.map((row) => [row.kind, row.reference, row.amount])).toEqual([["purchase", purchase.paymentId, "25.0000"]]);
    expect(await getBalance(server.database.db, customer.id)).toBe(250_000);
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.id, purchase.paymentId));
    expect(payment).toMatchObject({ status: "succeeded", receiptEmail: "buyer@example.com", providerChargeId: "pi_test_123" });
  });

  it("refuses unsigned, forged and replayed-too-late events and writes nothing", async () => {
    const customer = await buildUser(server);
    const purchase = await startPurchase(customer, "40");
    const good = stripeEvent(purchase, 4000);
    const before = await server.database.db.select().from(webhookEvents);
    const cases: [string, { payload: string; signature?: string }, number][] = [
      ["unsigned", { payload: good.payload }, 401],
      ["signed with another endpoint's secret", stripeEvent(purchase, 4000, { secret: "whsec_someone_else" }), 403],
      ["a body changed after signing", { payload: good.payload.replace('"amount_total":4000', '"amount_total":400000'), signature: good.signature }, 403],
      ["replayed ten minutes later", stripeEvent(purchase, 4000, { timestamp: Math.floor(Date.now() / 1000) - 600 }), 403],
      ["a made-up header", { payload: good.payload, signature: "t=1,v1=deadbeef" }, 403],
    ];
    for (const [name, event, status] of cases) {
      const response = await deliver(event);
      expect(response.statusCode, name).toBe(status);
    }
    expect(await server.database.db.select().from(webhookEvents)).toEqual(before);
    expect(await ledgerOf(customer.id)).toEqual([]);
    expect(await getBalance(server.database.db, customer.id)).toBe(0);
  });

  it("records other kinds of event and changes nothing", async () => {
    const customer = await buildUser(server);
    const purchase = await startPurchase(customer, "5");
    const response = await deliver(stripeEvent(purchase, 500, { type: "payment_intent.created" }));
    expect(response.json()).toMatchObject({ outcome: "ignored" });
    expect(await ledgerOf(customer.id)).toEqual([]);
  });
});
