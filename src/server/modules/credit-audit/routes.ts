import type { FastifyInstance } from "fastify";
import { adminCreditAccounts, adminCreditAdjust, adminCreditLedger, adminCreditLedgerCsv } from "../../../shared/api/credit-audit";
import { DEFAULT_LOCALE } from "../../../shared/i18n/locales";
import type { Database } from "../../db/client";
import { requireViewer } from "../../http/access";
import { registerEndpoint } from "../../http/endpoint";
import { acceptedLocale } from "../accounts/emails";
import { adjustCredits } from "./adjustments";
import { creditLedgerCsv } from "./ledger-csv";
import { allLedger, listLedger } from "./ledger-queries";
import { reconcileAccounts } from "./reconciliation";
import { csvDownload } from "../../http/csv-download";

/** The admin credit audit: every ledger row, the reconciliation, manual adjustments, the CSV. */
export function registerCreditAuditRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, adminCreditLedger, async ({ query }) => {
    const { page, pageSize, ...filter } = query;
    return listLedger(db, filter, { page, pageSize });
  });

  registerEndpoint(app, adminCreditLedgerCsv, async ({ request, reply, query }) => {
    const { lang, ...filter } = query;
    const locale = lang ?? acceptedLocale(request.headers["accept-language"]) ?? DEFAULT_LOCALE;
    const csv = await creditLedgerCsv(db, await allLedger(db, filter), locale);
    csvDownload(reply, "ledger");
    return csv;
  });

  registerEndpoint(app, adminCreditAccounts, async ({ query }) => reconcileAccounts(db, { onlyDrifted: query.only === "drifted", page: query.page, pageSize: query.pageSize }));

  registerEndpoint(app, adminCreditAdjust, async ({ request, body }) => {
    const { userId, email } = requireViewer(request);
    // The ledger row names its author by email, as credits:grant names itself.
    return adjustCredits(db, { userId, email }, body);
  });
}
