import type { FastifyInstance } from "fastify";
import { createCheckout, listPayments } from "../../../shared/api/payments";
import { requireViewer } from "../../http/access";
import { registerEndpoint } from "../../http/endpoint";
import { listOwnPayments, startCheckout, type PaymentsDeps } from "./service";

/** Buying credit: the checkout, and the customer's own payments. */
export function registerPaymentsRoutes(app: FastifyInstance, deps: PaymentsDeps): void {
  registerEndpoint(app, createCheckout, async ({ request, body }) => startCheckout(deps, requireViewer(request).userId, body));
  registerEndpoint(app, listPayments, async ({ request }) => ({ payments: await listOwnPayments(deps.db, requireViewer(request).userId) }));
}
