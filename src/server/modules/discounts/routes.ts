import type { FastifyInstance } from "fastify";
import { adminDiscountCreate, adminDiscountDelete, adminDiscountsList, adminDiscountUpdate } from "../../../shared/api/admin-discounts";
import { quotePurchase as quotePurchaseEndpoint } from "../../../shared/api/purchase-quote";
import { parseMoney, type Money } from "../../../shared/money";
import type { Database } from "../../db/client";
import { requireViewer } from "../../http/access";
import { registerEndpoint } from "../../http/endpoint";
import { assertAmountInRange } from "../payments/service";
import { createDiscount, deleteDiscount, listDiscounts, updateDiscount } from "./admin-service";
import { quotePurchase } from "./quote";

/** The purchase quote (customers) and the discount codes' back office (admins). */
export function registerDiscountRoutes(app: FastifyInstance, deps: { db: Database; minAmount: Money; maxAmount: Money }): void {
  const { db } = deps;

  registerEndpoint(app, quotePurchaseEndpoint, async ({ request, query }) => {
    const amount = parseMoney(query.amount);
    // The same bounds as the checkout: a quote is only for what can be bought.
    assertAmountInRange(deps, amount);
    return quotePurchase(db, { userId: requireViewer(request).userId, amount, code: query.code, now: new Date() });
  });

  registerEndpoint(app, adminDiscountsList, async () => ({ discounts: await listDiscounts(db, new Date()) }));

  registerEndpoint(app, adminDiscountCreate, async ({ request, body }) => ({ discount: await createDiscount(db, requireViewer(request).userId, body, new Date()) }));

  registerEndpoint(app, adminDiscountUpdate, async ({ request, params, body }) => ({
    discount: await updateDiscount(db, requireViewer(request).userId, params.discountId, body, new Date()),
  }));

  registerEndpoint(app, adminDiscountDelete, async ({ request, params }) => {
    await deleteDiscount(db, requireViewer(request).userId, params.discountId, new Date());
    return { deleted: true as const };
  });
}
