import type { FastifyInstance } from "fastify";
import { adminCallDetail, adminCalls, adminCallsCsv } from "../../../shared/api/admin-calls";
import { DEFAULT_LOCALE } from "../../../shared/i18n/locales";
import type { Executor } from "../../db/client";
import { registerEndpoint } from "../../http/endpoint";
import { acceptedLocale } from "../accounts/emails";
import { adminCallsCsv as writeAdminCallsCsv } from "./admin-export-csv";
import { adminCallDetail as readAdminCallDetail, allAdminCalls, listAdminCalls } from "./admin-service";
import { csvDownload } from "../../http/csv-download";

/** The back office's calls: every customer's, filtered and totalled, one with its timeline, and the CSV. */
export function registerAdminCallsRoutes(app: FastifyInstance, db: Executor): void {
  registerEndpoint(app, adminCalls, async ({ query }) => {
    const { page, pageSize, ...filter } = query;
    return listAdminCalls(db, filter, { page, pageSize });
  });

  // Registered before /api/admin/calls/:callSid is matched: the router prefers this static path.
  registerEndpoint(app, adminCallsCsv, async ({ request, reply, query }) => {
    const { lang, ...filter } = query;
    const locale = lang ?? acceptedLocale(request.headers["accept-language"]) ?? DEFAULT_LOCALE;
    const csv = await writeAdminCallsCsv(db, await allAdminCalls(db, filter), locale);
    csvDownload(reply, "all-calls");
    return csv;
  });

  registerEndpoint(app, adminCallDetail, async ({ params }) => readAdminCallDetail(db, params.callSid));
}
