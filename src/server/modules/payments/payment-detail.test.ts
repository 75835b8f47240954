import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments } from "../../db/schema/payments";
import { paymentRefunds } from "../../db/schema/refunds";
import { engines } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { newPaymentId } from "./service";

/** GET /api/payments/:paymentId (the receipt) and GET /api/payments/limits. */
describe.each(engines)("a customer's payment and its receipt on %s", (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "100000", PAYMENT_MIN_USD: "7.50", PAYMENT_MAX_USD: "250" });
  });
  afterAll(() => server.close());

  const read = (customer: TestUser, paymentId: string) => server.app.inject({ method: "GET", url: `/api/payments/${paymentId}`, headers: { cookie: customer.cookie } });

  async function insertPayment(owner: TestUser, values: Partial<typeof payments.$inferInsert> = {}) {
    const id = newPaymentId();
    await server.database.db.insert(payments).values({ id, userId: owner.id, provider: "local", amountUsd: "10.0000", creditUsd: "10.0000", ...values });
    return id;
  }

  it("answers the owner's payment with the receipt's fields: the provider's email and reference, the code, the refunds", async () => {
    const customer = await buildUser(server);
    const admin = await buildUser(server, { role: "admin" });
    const id = await insertPayment(customer, {
      amountUsd: "22.5000",
      creditUsd: "25.0000",
      discountCode: "SPRING10",
      status: "partially_refunded",
      refundedUsd: "5.0000",
      providerPaymentId: "cs_local_0123456789abcdef0123456789abcdef",
      providerChargeId: "ch_local_42",
      receiptEmail: "billing@example.org",
      createdAt: new Date("2026-05-01T10:00:00Z"),
      completedAt: new Date("2026-05-01T10:01:00Z"),
    });
    await server.database.db.insert(paymentRefunds).values([
      { id: "rfd_second", paymentId: id, amountUsd: "2.0000", creditRemovedUsd: "2.0000", reason: "goodwill", status: "failed", createdBy: admin.id, createdAt: new Date("2026-05-03T09:00:00Z") },
      { id: "rfd_first", paymentId: id, amountUsd: "5.0000", creditRemovedUsd: "3.2500", reason: "asked by the customer", status: "succeeded", createdBy: admin.id, createdAt: new Date("2026-05-02T09:00:00Z"), completedAt: new Date("2026-05-02T09:00:05Z") },
    ]);

    const response = await read(customer, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id,
      provider: "local",
      amount: "22.5000",
      credit: "25.0000",
      bonus: "0.0000",
      refunded: "5.0000",
      discountCode: "SPRING10",
      currency: "usd",
      status: "partially_refunded",
      failureReason: null,
      createdAt: "2026-05-01T10:00:00.000Z",
      completedAt: "2026-05-01T10:01:00.000Z",
      customerEmail: "billing@example.org",
      providerReference: "ch_local_42",
      refunds: [
        { id: "rfd_first", amount: "5.0000", creditRemoved: "3.2500", reason: "asked by the customer", status: "succeeded", createdAt: "2026-05-02T09:00:00.000Z", completedAt: "2026-05-02T09:00:05.000Z" },
        { id: "rfd_second", amount: "2.0000", creditRemoved: "2.0000", reason: "goodwill", status: "failed", createdAt: "2026-05-03T09:00:00.000Z", completedAt: null },
      ],
    });
  });

  it("falls back to the account's email and the checkout session while the provider has told us neither", async () => {
    const customer = await buildUser(server);
    const id = await insertPayment(customer, { providerPaymentId: "cs_local_fedcba9876543210fedcba9876543210" });
    const body = (await read(customer, id)).json<{ customerEmail: string; providerReference: string; status: string; refunds: unknown[] }>();
    expect(body).toMatchObject({ customerEmail: customer.email, providerReference: "cs_local_fedcba9876543210fedcba9876543210", status: "pending", refunds: [] });
  });

  it("answers 404 for another customer's payment and for one that does not exist, showing nothing of it", async () => {
    const owner = await buildUser(server);
    const other = await buildUser(server);
    const id = await insertPayment(owner, { receiptEmail: "owner-only@example.org" });
    for (const [who, paymentId] of [
      [other, id],
      [owner, newPaymentId()],
    ] as const) {
      const response = await read(who, paymentId);
      expect(response.statusCode).toBe(404);
      expect(response.json<{ error: { code: string } }>().error.code).toBe("not_found");
      expect(response.body).not.toContain("owner-only");
    }
    expect((await server.app.inject({ method: "GET", url: `/api/payments/${id}` })).statusCode).toBe(401);
  });

  it("tells a customer the configured bounds of one purchase", async () => {
    const customer = await buildUser(server);
    const response = await server.app.inject({ method: "GET", url: "/api/payments/limits", headers: { cookie: customer.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ min: "7.5000", max: "250.0000" });
    expect((await server.app.inject({ method: "GET", url: "/api/payments/limits" })).statusCode).toBe(401);
  });
});
