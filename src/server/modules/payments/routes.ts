import type { FastifyInstance } from "fastify";
import { createCheckout, listPayments, paymentDetail, paymentLimits } from "../../../shared/api/payments";
import { moneyToDecimal } from "../../../shared/money";
import { requireViewer } from "../../http/access";
import { registerEndpoint } from "../../http/endpoint";
import { getOwnPayment } from "./payment-detail";
import { listOwnPayments, startCheckout, type PaymentsDeps } from "./service";

/** Buying credit: the checkout, its bounds, and the customer's own payments. */
export function registerPaymentsRoutes(app: FastifyInstance, deps: PaymentsDeps): void {
  registerEndpoint(app, createCheckout, async ({ request, body }) => startCheckout(deps, requireViewer(request).userId, body));
  registerEndpoint(app, listPayments, async ({ request }) => ({ payments: await listOwnPayments(deps.db, requireViewer(request).userId) }));
  registerEndpoint(app, paymentLimits, async () => ({ min: moneyToDecimal(deps.minAmount), max: moneyToDecimal(deps.maxAmount) }));
  registerEndpoint(app, paymentDetail, async ({ request, params }) => getOwnPayment(deps.db, requireViewer(request).userId, params.paymentId));
}
