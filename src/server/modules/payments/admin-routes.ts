import type { FastifyInstance } from "fastify";
import { adminPayments, createRefund } from "../../../shared/api/admin-payments";
import { requireViewer } from "../../http/access";
import { registerEndpoint } from "../../http/endpoint";
import { listAdminPayments } from "./admin-payments-list";
import { requestRefund, type AdminPaymentsDeps } from "./request-refund";

/** The back office's payments: every payment with totals, and refunds through the provider. */
export function registerAdminPaymentsRoutes(app: FastifyInstance, deps: AdminPaymentsDeps): void {
  registerEndpoint(app, adminPayments, async ({ query }) => {
    const { page, pageSize, period, ...filter } = query;
    return listAdminPayments(deps.db, filter, { page, pageSize, period });
  });
  registerEndpoint(app, createRefund, async ({ request, params, body }) => requestRefund(deps, requireViewer(request).userId, params.paymentId, body));
}
