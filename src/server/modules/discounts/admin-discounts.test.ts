import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminDiscount } from "../../../shared/api/admin-discounts";
import { auditLog } from "../../db/schema/audit";
import { discountCodes } from "../../db/schema/discounts";
import { engines } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";

/** The back office's discount codes: validation, statuses, uses, and an audit row for every change. */
describe.each(engines)("admin discount codes on %s", (engine) => {
  let server: TestServer;
  let admin: TestUser;
  let customer: TestUser;
  let serial = 0;

  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "100000", PAYMENT_MIN_USD: "5", PAYMENT_MAX_USD: "500" });
    admin = await buildUser(server, { role: "admin" });
    customer = await buildUser(server);
  });
  afterAll(() => server.close());

  const nextCode = () => `ADM${++serial}-${engine.toUpperCase()}`;
  const valid = (overrides: Record<string, unknown> = {}) => ({
    code: nextCode(),
    kind: "bonus",
    percent: 10,
    startsAt: null,
    endsAt: null,
    maxRedemptions: 100,
    maxPerCustomer: 1,
    minPurchase: "0",
    ...overrides,
  });

  const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, who: TestUser, payload?: object) =>
    server.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload }) });

  async function create(overrides: Record<string, unknown> = {}): Promise<AdminDiscount> {
    const response = await send("POST", "/api/admin/discounts", admin, valid(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ discount: AdminDiscount }>().discount;
  }

  const auditOf = (id: string) => server.database.db.select().from(auditLog).where(and(eq(auditLog.subjectType, "discount_code"), eq(auditLog.subjectId, id))).orderBy(auditLog.id);
  const errorCode = (response: { json: <T>() => T }) => response.json<{ error: { code: string } }>().error.code;

  it("creates a code in its canonical form, lists it with its uses and status, and audits who made it", async () => {
    const code = nextCode();
    const created = await create({ code: `  ${code.toLowerCase()} `, kind: "percent_off", percent: 20, minPurchase: "12.5", maxPerCustomer: null });
    expect(created).toMatchObject({ code, kind: "percent_off", percent: 20, minPurchase: "12.5000", maxPerCustomer: null, used: 0, redeemed: 0, reserved: 0, status: "active" });
    const list = await send("GET", "/api/admin/discounts", admin);
    expect(list.json<{ discounts: AdminDiscount[] }>().discounts).toContainEqual(created);
    const audit = await auditOf(created.id);
    expect(audit).toEqual([expect.objectContaining({ actorUserId: admin.id, action: "discount.create", before: null, after: expect.objectContaining({ code, percent: 20, paused: false }) })]);
  });

  it("counts a customer's reservation in the list", async () => {
    const created = await create({ maxRedemptions: 2 });
    const checkout = await send("POST", "/api/payments/checkout", customer, { amount: "10", code: created.code });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const listed = (await send("GET", "/api/admin/discounts", admin)).json<{ discounts: AdminDiscount[] }>().discounts.find((row) => row.id === created.id);
    expect(listed).toMatchObject({ used: 1, reserved: 1, redeemed: 0, status: "active" });
  });

  it("derives scheduled, expired and used-up statuses", async () => {
    const day = 24 * 60 * 60 * 1000;
    const scheduled = await create({ startsAt: new Date(Date.now() + day).toISOString() });
    const expired = await create({ startsAt: new Date(Date.now() - 2 * day).toISOString(), endsAt: new Date(Date.now() - day).toISOString() });
    const usedUp = await create({ maxRedemptions: 1 });
    await server.database.db.update(discountCodes).set({ redeemedCount: 1 }).where(eq(discountCodes.id, usedUp.id));
    const rows = (await send("GET", "/api/admin/discounts", admin)).json<{ discounts: AdminDiscount[] }>().discounts;
    const statusOf = (id: string) => rows.find((row) => row.id === id)?.status;
    expect([statusOf(scheduled.id), statusOf(expired.id), statusOf(usedUp.id)]).toEqual(["scheduled", "expired", "used_up"]);
  });

  it("refuses a code a live code already has with 409 discount_code_taken, and allows it again once that one is deleted", async () => {
    const first = await create();
    const again = await send("POST", "/api/admin/discounts", admin, valid({ code: first.code.toLowerCase() }));
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe("discount_code_taken");
    const renamed = await create();
    const rename = await send("PUT", `/api/admin/discounts/${renamed.id}`, admin, { code: first.code });
    expect(rename.statusCode).toBe(409);
    expect(errorCode(rename)).toBe("discount_code_taken");

    expect((await send("DELETE", `/api/admin/discounts/${first.id}`, admin)).statusCode).toBe(200);
    const reused = await send("POST", "/api/admin/discounts", admin, valid({ code: first.code }));
    expect(reused.statusCode, reused.body).toBe(201);
  });

  it("refuses what breaks a rule with a 400 naming it, writing nothing", async () => {
    const before = await server.database.db.select().from(discountCodes).where(like(discountCodes.code, "BAD%"));
    const cases: [Record<string, unknown>, string][] = [
      [{ code: "BAD1", kind: "bonus", percent: 101 }, "validation_failed"],
      [{ code: "BAD2", kind: "bonus", percent: 0 }, "validation_failed"],
      [{ code: "BAD3", kind: "percent_off", percent: 91 }, "discount_percent_out_of_range"],
      [{ code: "B!", percent: 10 }, "validation_failed"],
      [{ code: "BAD4", startsAt: "2026-02-01T00:00:00Z", endsAt: "2026-01-01T00:00:00Z" }, "discount_window_invalid"],
      [{ code: "BAD5", maxRedemptions: 0 }, "validation_failed"],
      [{ code: "BAD6", maxPerCustomer: 0 }, "validation_failed"],
      [{ code: "BAD7", minPurchase: "10.001" }, "validation_failed"],
      [{ code: "BAD8", minPurchase: "-1" }, "validation_failed"],
      [{ code: "BAD9", kind: "free" }, "validation_failed"],
    ];
    for (const [fields, code] of cases) {
      const response = await send("POST", "/api/admin/discounts", admin, valid(fields));
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(errorCode(response), JSON.stringify(fields)).toBe(code);
    }
    expect(await server.database.db.select().from(discountCodes).where(like(discountCodes.code, "BAD%"))).toEqual(before);
  });

  it("edits, pauses and resumes a code, each audited with before and after; the limit cannot go below the uses", async () => {
    const created = await create({ maxRedemptions: 5 });
    await server.database.db.update(discountCodes).set({ redeemedCount: 3 }).where(eq(discountCodes.id, created.id));

    const tooLow = await send("PUT", `/api/admin/discounts/${created.id}`, admin, { maxRedemptions: 2 });
    expect(tooLow.statusCode).toBe(400);
    expect(errorCode(tooLow)).toBe("discount_limit_below_uses");
    const cutTooDeep = await send("PUT", `/api/admin/discounts/${created.id}`, admin, { kind: "percent_off", percent: 95 });
    expect(errorCode(cutTooDeep)).toBe("discount_percent_out_of_range");

    const edited = await send("PUT", `/api/admin/discounts/${created.id}`, admin, { maxRedemptions: 3, percent: 25 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ discount: AdminDiscount }>().discount).toMatchObject({ maxRedemptions: 3, percent: 25, status: "used_up" });

    const paused = await send("PUT", `/api/admin/discounts/${created.id}`, admin, { paused: true });
    expect(paused.json<{ discount: AdminDiscount }>().discount).toMatchObject({ paused: true, status: "paused" });
    const resumed = await send("PUT", `/api/admin/discounts/${created.id}`, admin, { paused: false });
    expect(resumed.json<{ discount: AdminDiscount }>().discount).toMatchObject({ paused: false });

    const audit = await auditOf(created.id);
    expect(audit.map((row) => row.action)).toEqual(["discount.create", "discount.update", "discount.pause", "discount.resume"]);
    expect(audit[1]).toMatchObject({ actorUserId: admin.id, before: expect.objectContaining({ percent: 10, maxRedemptions: 5 }), after: expect.objectContaining({ percent: 25, maxRedemptions: 3 }) });
    expect(audit[2]).toMatchObject({ before: expect.objectContaining({ paused: false }), after: expect.objectContaining({ paused: true }) });
  });

  it("deletes softly: gone from the list and from checkout, kept for its payments, audited; a second delete is 404", async () => {
    const created = await create();
    const deleted = await send("DELETE", `/api/admin/discounts/${created.id}`, admin);
    expect(deleted.json()).toEqual({ deleted: true });
    const rows = (await send("GET", "/api/admin/discounts", admin)).json<{ discounts: AdminDiscount[] }>().discounts;
    expect(rows.map((row) => row.id)).not.toContain(created.id);
    const [stored] = await server.database.db.select().from(discountCodes).where(eq(discountCodes.id, created.id));
    expect(stored?.deletedAt).toBeInstanceOf(Date);
    const checkout = await send("POST", "/api/payments/checkout", customer, { amount: "10", code: created.code });
    expect(errorCode(checkout)).toBe("discount_not_found");
    expect((await auditOf(created.id)).map((row) => row.action)).toEqual(["discount.create", "discount.delete"]);
    expect((await send("DELETE", `/api/admin/discounts/${created.id}`, admin)).statusCode).toBe(404);
    expect((await send("PUT", `/api/admin/discounts/${created.id}`, admin, { paused: true })).statusCode).toBe(404);
  });

  it("answers 403 to a customer on every admin route and changes nothing", async () => {
    const created = await create();
    const responses = await Promise.all([
      send("GET", "/api/admin/discounts", customer),
      send("POST", "/api/admin/discounts", customer, valid()),
      send("PUT", `/api/admin/discounts/${created.id}`, customer, { paused: true }),
      send("DELETE", `/api/admin/discounts/${created.id}`, customer),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([403, 403, 403, 403]);
    const [stored] = await server.database.db.select().from(discountCodes).where(eq(discountCodes.id, created.id));
    expect(stored).toMatchObject({ paused: false, deletedAt: null });
    expect((await auditOf(created.id)).map((row) => row.action)).toEqual(["discount.create"]);
  });
});
