import { createServer as createHttpServer, type IncomingMessage, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerEntries } from "../../db/schema/credits";
import { payments } from "../../db/schema/payments";
import { paymentDisputes, paymentRefunds } from "../../db/schema/refunds";
import { STRIPE_SIGNATURE_HEADER, STRIPE_WEBHOOK_PATH, StripePayments } from "../../providers/payments/stripe";
import { engines } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { getBalance, ledgerSum, postLedgerEntry } from "../credits/ledger";

const WEBHOOK_SECRET = "whsec_test_0123456789abcdef0123456789abcdef";
/** Only for generateTestHeaderString: the library's own signing of test events. */
const stripe = new Stripe("sk_test_signing_only");

/** A stand-in for Stripe's REST API: Checkout Sessions, and refunds answered with the status a test chooses. */
interface StandIn {
  server: HttpServer;
  port: number;
  refunds: { form: URLSearchParams; idempotencyKey: string | undefined }[];
  refundAnswer: "succeeded" | "pending" | "failed" | "refuse";
}

async function startStandIn(): Promise<StandIn> {
  const standIn: StandIn = { server: createHttpServer(), port: 0, refunds: [], refundAnswer: "succeeded" };
  standIn.server.on("request", (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      response.setHeader("content-type", "application/json");
      if (request.url === "/v1/refunds") {
        const key = request.headers["idempotency-key"];
        standIn.refunds.push({ form, idempotencyKey: typeof key === "string" ? key : undefined });
        if (standIn.refundAnswer === "refuse") {
          response.statusCode = 400;
          response.end(JSON.stringify({ error: { type: "invalid_request_error", message: "Charge has already been refunded." } }));
          return;
        }
        response.end(
          JSON.stringify({
            id: `re_test_${standIn.refunds.length}_${randomBytes(4).toString("hex")}`,
            object: "refund",
            amount: Number(form.get("amount")),
            currency: "usd",
            payment_intent: form.get("payment_intent"),
            status: standIn.refundAnswer,
            ...(standIn.refundAnswer === "failed" ? { failure_reason: "expired_or_canceled_card" } : {}),
            metadata: { refundId: form.get("metadata[refundId]"), paymentId: form.get("metadata[paymentId]") },
          }),
        );
        return;
      }
      const id = `cs_test_${randomBytes(8).toString("hex")}`;
      response.end(JSON.stringify({ id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}` }));
    });
  });
  await new Promise<void>((resolve) => standIn.server.listen(0, "127.0.0.1", resolve));
  standIn.port = (standIn.server.address() as AddressInfo).port;
  return standIn;
}

describe.each(engines)("refunds and disputes with Stripe on %s", (engine) => {
  let server: TestServer;
  let standIn: StandIn;
  let admin: TestUser;

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
    admin = await buildUser(server, { role: "admin" });
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => standIn.server.close(resolve));
  });
  beforeEach(() => {
    standIn.refundAnswer = "succeeded";
  });

  const db = () => server.database.db;

  /** A Stripe event with its Stripe-Signature from the library's test helper. */
  function signed(type: string, object: Record<string, unknown>, eventId = `evt_test_${randomBytes(8).toString("hex")}`) {
    const payload = JSON.stringify({ id: eventId, object: "event", api_version: "2025-01-27", type, data: { object } });
    return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
  }
  const deliver = (event: { payload: string; signature: string }) =>
    server.app.inject({ method: "POST", url: STRIPE_WEBHOOK_PATH, headers: { "content-type": "application/json", [STRIPE_SIGNATURE_HEADER]: event.signature }, payload: event.payload });
  /** The same event delivered `times` times at once: Stripe retries, and two endpoints may both forward it. */
  const deliverConcurrently = async (event: { payload: string; signature: string }, times = 20) => {
    const answers = await Promise.all(Array.from({ length: times }, () => deliver(event)));
    for (const answer of answers) expect([200], answer.body).toContain(answer.statusCode);
  };

  /** A $`dollars` purchase completed by Stripe's signed event, paid through payment intent `intent`. */
  async function paidPurchase(customer: TestUser, dollars: number) {
    const started = await server.app.inject({ method: "POST", url: "/api/payments/checkout", headers: { cookie: customer.cookie }, payload: { amount: String(dollars) } });
    expect(started.statusCode, started.body).toBe(200);
    const { paymentId } = started.json<{ paymentId: string }>();
    const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
    const intent = `pi_test_${randomBytes(8).toString("hex")}`;
    const completed = await deliver(
      signed("checkout.session.completed", {
        id: row?.providerPaymentId,
        object: "checkout.session",
        client_reference_id: paymentId,
        amount_total: dollars * 100,
        currency: "usd",
        payment_status: "paid",
        payment_intent: intent,
        metadata: { paymentId },
      }),
    );
    expect(completed.statusCode, completed.body).toBe(200);
    return { paymentId, intent };
  }

  const refund = (paymentId: string, amount: string, reason = "Customer asked") =>
    server.app.inject({ method: "POST", url: `/api/admin/payments/${paymentId}/refunds`, headers: { cookie: admin.cookie }, payload: { amount, reason } });
  const ledgerOf = (userId: string, kind: "refund" | "dispute" | "dispute_reversal") =>
    db().select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, kind)));
  const paymentRow = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0];
  async function expectReconciled(userId: string) {
    expect(await getBalance(db(), userId)).toBe(await ledgerSum(db(), userId));
  }

  it("asks Stripe for the refund on the payment intent, in cents, naming our refund, keyed by the refund id", async () => {
    const customer = await buildUser(server);
    const { paymentId, intent } = await paidPurchase(customer, 10);
    const response = await refund(paymentId, "4");
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ refund: { id: string; providerRefundId: string; status: string }; creditRemoved: string }>();
    const request = standIn.refunds.at(-1);
    expect(request?.idempotencyKey).toBe(body.refund.id);
    expect(Object.fromEntries(request?.form ?? [])).toEqual({ payment_intent: intent, amount: "400", "metadata[refundId]": body.refund.id, "metadata[paymentId]": paymentId });
    expect(body).toMatchObject({ creditRemoved: "4.0000", refund: { status: "succeeded" } });
    expect(body.refund.providerRefundId).toMatch(/^re_test_/);
    expect(await getBalance(db(), customer.id)).toBe(60_000);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "partially_refunded", refundedUsd: "4.0000" });

    // Stripe then reports the refund it made: the same refund, nothing more taken.
    await deliverConcurrently(signed("refund.created", { id: body.refund.providerRefundId, object: "refund", amount: 400, status: "succeeded", payment_intent: intent, metadata: { refundId: body.refund.id, paymentId } }));
    await deliverConcurrently(signed("charge.refunded", { id: "ch_test_1", object: "charge", payment_intent: intent, refunds: { data: [{ id: body.refund.providerRefundId, amount: 400, status: "succeeded", payment_intent: intent }] } }));
    expect(await ledgerOf(customer.id, "refund")).toHaveLength(1);
    expect(await paymentRow(paymentId)).toMatchObject({ refundedUsd: "4.0000" });
    await expectReconciled(customer.id);
  });

  it("answers 503 when Stripe cannot be reached or refuses: the refund is failed, nothing in the ledger, the money still refundable", async () => {
    const customer = await buildUser(server);
    const { paymentId } = await paidPurchase(customer, 10);
    standIn.refundAnswer = "refuse";
    const response = await refund(paymentId, "10");
    expect(response.statusCode).toBe(503);
    expect(response.json<{ error: { code: string } }>().error.code).toBe("payment_provider_unavailable");
    const rows = await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
    expect(rows.map((row) => row.status)).toEqual(["failed"]);
    expect(rows[0]?.failureReason).toContain("Charge has already been refunded");
    expect(await ledgerOf(customer.id, "refund")).toEqual([]);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "succeeded", refundedUsd: "0.0000" });
    expect(await getBalance(db(), customer.id)).toBe(100_000);

    standIn.refundAnswer = "succeeded";
    expect((await refund(paymentId, "10")).statusCode).toBe(200);
    expect(await getBalance(db(), customer.id)).toBe(0);
    await expectReconciled(customer.id);
  });

  it("answers 502 refund_declined when Stripe fails the refund, writing it failed and nothing in the ledger", async () => {
    const customer = await buildUser(server);
    const { paymentId } = await paidPurchase(customer, 10);
    standIn.refundAnswer = "failed";
    const response = await refund(paymentId, "5");
    expect(response.statusCode).toBe(502);
    expect(response.json<{ error: { code: string; message: string } }>().error).toMatchObject({ code: "refund_declined" });
    expect((await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId))).map((row) => row.status)).toEqual(["failed"]);
    expect(await ledgerOf(customer.id, "refund")).toEqual([]);
    expect(await getBalance(db(), customer.id)).toBe(100_000);
  });

  it("keeps a refund Stripe accepted as pending until its event, then settles it once under 20 concurrent deliveries", async () => {
    const customer = await buildUser(server);
    const { paymentId, intent } = await paidPurchase(customer, 10);
    standIn.refundAnswer = "pending";
    const response = await refund(paymentId, "6");
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ refund: { id: string; providerRefundId: string; status: string } }>();
    expect(body.refund.status).toBe("pending");
    expect(await getBalance(db(), customer.id)).toBe(100_000);
    // The pending $6 is not refundable twice.
    const more = await refund(paymentId, "5");
    expect(more.statusCode).toBe(409);

    await deliverConcurrently(signed("refund.updated", { id: body.refund.providerRefundId, object: "refund", amount: 600, status: "succeeded", payment_intent: intent, metadata: { refundId: body.refund.id, paymentId } }));
    expect((await ledgerOf(customer.id, "refund")).map((row) => row.amount)).toEqual(["-6.0000"]);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "partially_refunded", refundedUsd: "6.0000" });
    expect(await getBalance(db(), customer.id)).toBe(40_000);
    await expectReconciled(customer.id);
  });

  it("records a refund made in Stripe's dashboard once, with no admin, however its events arrive", async () => {
    const customer = await buildUser(server);
    const { paymentId, intent } = await paidPurchase(customer, 10);
    const dashboardRefund = { id: `re_dash_${randomBytes(6).toString("hex")}`, object: "refund", amount: 300, status: "succeeded", payment_intent: intent, reason: "requested_by_customer" };
    const charge = signed("charge.refunded", { id: "ch_test_2", object: "charge", payment_intent: intent, amount_refunded: 300, refunds: { data: [dashboardRefund] } });
    const created = signed("refund.created", dashboardRefund);
    await Promise.all([deliverConcurrently(charge), deliverConcurrently(created)]);

    const rows = await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ providerRefundId: dashboardRefund.id, createdBy: null, status: "succeeded", amountUsd: "3.0000", creditRemovedUsd: "3.0000" });
    expect((await ledgerOf(customer.id, "refund")).map((row) => row.amount)).toEqual(["-3.0000"]);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "partially_refunded", refundedUsd: "3.0000" });
    expect(await getBalance(db(), customer.id)).toBe(70_000);
    await expectReconciled(customer.id);
  });

  it("takes the disputed credit once when a dispute opens (never below zero) and gives it back once when it is won", async () => {
    const customer = await buildUser(server);
    const { paymentId, intent } = await paidPurchase(customer, 10);
    await db().transaction((tx) => postLedgerEntry(tx, { userId: customer.id, kind: "call", reference: `CA${randomBytes(8).toString("hex")}`, amount: -20_000 }, server.bus));
    const dispute = { id: `dp_test_${randomBytes(6).toString("hex")}`, object: "dispute", amount: 1000, status: "needs_response", payment_intent: intent, reason: "fraudulent" };

    await deliverConcurrently(signed("charge.dispute.created", dispute));
    const [opened] = await db().select().from(paymentDisputes).where(eq(paymentDisputes.paymentId, paymentId));
    // $10 of credit disputed, but $2 was spent: $8 taken, the balance at 0.
    expect(opened).toMatchObject({ id: dispute.id, status: "open", amountUsd: "10.0000", creditRemovedUsd: "8.0000", reason: "fraudulent" });
    expect((await ledgerOf(customer.id, "dispute")).map((row) => row.amount)).toEqual(["-8.0000"]);
    expect(await getBalance(db(), customer.id)).toBe(0);
    await expectReconciled(customer.id);

    await deliverConcurrently(signed("charge.dispute.closed", { ...dispute, status: "won" }));
    expect((await db().select().from(paymentDisputes).where(eq(paymentDisputes.id, dispute.id)))[0]?.status).toBe("won");
    expect((await ledgerOf(customer.id, "dispute_reversal")).map((row) => row.amount)).toEqual(["8.0000"]);
    expect(await getBalance(db(), customer.id)).toBe(80_000);
    await expectReconciled(customer.id);
  });

  it("keeps the credit taken when a dispute is lost", async () => {
    const customer = await buildUser(server);
    const { intent } = await paidPurchase(customer, 10);
    const dispute = { id: `dp_test_${randomBytes(6).toString("hex")}`, object: "dispute", amount: 400, status: "needs_response", payment_intent: intent, reason: "product_not_received" };
    await deliverConcurrently(signed("charge.dispute.created", dispute));
    await deliverConcurrently(signed("charge.dispute.closed", { ...dispute, status: "lost" }));
    expect((await db().select().from(paymentDisputes).where(eq(paymentDisputes.id, dispute.id)))[0]).toMatchObject({ status: "lost", creditRemovedUsd: "4.0000" });
    expect(await ledgerOf(customer.id, "dispute_reversal")).toEqual([]);
    expect(await getBalance(db(), customer.id)).toBe(60_000);
    await expectReconciled(customer.id);
  });

  it("disputes only what was not refunded already, and refuses an admin's refund while the dispute is open", async () => {
    const customer = await buildUser(server);
    const { paymentId, intent } = await paidPurchase(customer, 20);
    expect((await refund(paymentId, "15")).statusCode).toBe(200);
    expect(await getBalance(db(), customer.id)).toBe(50_000);
    // More credit from elsewhere, so the balance alone would not hide taking too much.
    await db().transaction((tx) => postLedgerEntry(tx, { userId: customer.id, kind: "admin_adjustment", reference: `adj_${randomBytes(8).toString("hex")}`, amount: 300_000 }, server.bus));
    // The cardholder disputes the whole $20, but only $5 of it was still with us: $5 of credit goes, not $20.
    const dispute = { id: `dp_test_${randomBytes(6).toString("hex")}`, object: "dispute", amount: 2000, status: "needs_response", payment_intent: intent, reason: "fraudulent" };
    await deliverConcurrently(signed("charge.dispute.created", dispute));
    expect((await ledgerOf(customer.id, "dispute")).map((row) => row.amount)).toEqual(["-5.0000"]);
    expect(await getBalance(db(), customer.id)).toBe(300_000);

    const during = await refund(paymentId, "5");
    expect(during.statusCode).toBe(409);
    expect(during.json<{ error: { code: string } }>().error.code).toBe("payment_disputed");
    expect(await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId))).toHaveLength(1);
    await expectReconciled(customer.id);
  });

  it("still credits checkout events, and rejects a refund event naming no payment of ours (nothing written)", async () => {
    const customer = await buildUser(server);
    await paidPurchase(customer, 10);
    expect(await getBalance(db(), customer.id)).toBe(100_000);
    const stranger = await deliver(signed("refund.created", { id: "re_unknown", object: "refund", amount: 100, status: "succeeded", payment_intent: "pi_not_ours" }));
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json<{ outcome: string }>()).toMatchObject({ outcome: "rejected" });
    expect(await db().select().from(paymentRefunds).where(eq(paymentRefunds.providerRefundId, "re_unknown"))).toEqual([]);
  });
});
