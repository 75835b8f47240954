import type { FastifyInstance } from "fastify";
import { adminPayments, adminPaymentsCsv, createRefund } from "../../../shared/api/admin-payments";
import { DEFAULT_LOCALE } from "../../../shared/i18n/locales";
import { requireViewer } from "../../http/access";
import { registerEndpoint } from "../../http/endpoint";
import { acceptedLocale } from "../accounts/emails";
import { adminPaymentsCsv as writeAdminPaymentsCsv } from "./admin-payments-csv";
import { allAdminPayments, listAdminPayments } from "./admin-payments-list";
import { requestRefund, type AdminPaymentsDeps } from "./request-refund";
import { csvDownload } from "../../http/csv-download";

/** The back office's payments: every payment with totals, and refunds through the provider. */
export function registerAdminPaymentsRoutes(app: FastifyInstance, deps: AdminPaymentsDeps): void {
  registerEndpoint(app, adminPayments, async ({ query }) => {
    const { page, pageSize, period, ...filter } = query;
    return listAdminPayments(deps.db, filter, { page, pageSize, period });
  });
  registerEndpoint(app, adminPaymentsCsv, async ({ request, reply, query }) => {
    const { lang, ...filter } = query;
    const locale = lang ?? acceptedLocale(request.headers["accept-language"]) ?? DEFAULT_LOCALE;
    const csv = await writeAdminPaymentsCsv(deps.db, await allAdminPayments(deps.db, filter), locale);
    csvDownload(reply, "payments");
    return csv;
  });
  registerEndpoint(app, createRefund, async ({ request, params, body }) => requestRefund(deps, requireViewer(request).userId, params.paymentId, body));
}
