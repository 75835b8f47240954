import type { FastifyInstance } from "fastify";
import { callBySid, callHistory, callHistoryCsv, rateCall, reportCallQuality } from "../../../shared/api/calls";
import { DEFAULT_LOCALE } from "../../../shared/i18n/locales";
import type { Database } from "../../db/client";
import { requireViewer } from "../../http/access";
import { registerEndpoint } from "../../http/endpoint";
import { acceptedLocale } from "../accounts/emails";
import { callHistoryCsv as writeHistoryCsv } from "./history-csv";
import { allCallHistory, listCallHistory, ownCall, rateOwnCall, reportOwnCallQuality } from "./history-service";
import { csvDownload } from "../../http/csv-download";

/** The customer's call history: the list, one call, its rating and quality, and the CSV export. */
export function registerCallHistoryRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, callHistory, async ({ request, query }) => {
    const { page, pageSize, ...filter } = query;
    return listCallHistory(db, requireViewer(request).userId, filter, { page, pageSize });
  });

  // Registered before /api/calls/:callSid is matched: the router prefers this static path.
  registerEndpoint(app, callHistoryCsv, async ({ request, reply, query }) => {
    const { lang, ...filter } = query;
    const locale = lang ?? acceptedLocale(request.headers["accept-language"]) ?? DEFAULT_LOCALE;
    const calls = await allCallHistory(db, requireViewer(request).userId, filter);
    const csv = await writeHistoryCsv(db, calls, locale);
    csvDownload(reply, "calls");
    return csv;
  });

  registerEndpoint(app, callBySid, async ({ request, params }) => ({ call: await ownCall(db, requireViewer(request).userId, params.callSid) }));

  registerEndpoint(app, rateCall, async ({ request, params, body }) => ({
    call: await rateOwnCall(db, requireViewer(request).userId, params.callSid, body.rating),
  }));

  registerEndpoint(app, reportCallQuality, async ({ request, params, body }) => ({
    call: await reportOwnCallQuality(db, requireViewer(request).userId, params.callSid, body),
  }));
}
