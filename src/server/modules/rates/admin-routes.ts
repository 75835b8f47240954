import type { FastifyInstance } from "fastify";
import {
  adminCountryRatesList,
  adminCountryRateUpdate,
  adminRateImportCommit,
  adminRateImportPreview,
  adminRatesAudit,
  adminRatesExport,
  RATE_IMPORT_MAX_CSV_CHARS,
} from "../../../shared/api/admin-rates";
import type { EventBus } from "../../db/bus";
import type { Database } from "../../db/client";
import { requireViewer } from "../../http/access";
import { registerEndpoint } from "../../http/endpoint";
import { listCountryRates } from "./admin-country-list";
import { exportCountryRatesCsv, exportDeckCsv } from "./admin-queries";
import { listRateAudit } from "./audit-trail";
import type { RatesCatalog } from "./catalog";
import { updateCountryRate } from "./country-rate-update";
import { commitRateImport, previewRateImport } from "./import-service";
import { marginPercentage } from "./margin";
import { presentAdminCountry } from "./presenters";
import { csvDownload } from "../../http/csv-download";

// JSON escaping can double a CSV's size (quotes, line ends); the text itself is capped by the schema.
const IMPORT_BODY_LIMIT = 2 * RATE_IMPORT_MAX_CSV_CHARS + 1024;

/** The admin country-rates page's API. Every change refreshes this instance's rates before answering. */
export function registerAdminRatesRoutes(app: FastifyInstance, deps: { db: Database; bus: EventBus; catalog: RatesCatalog }): void {
  const { db, bus, catalog } = deps;

  registerEndpoint(app, adminCountryRatesList, async ({ query }) => {
    const { rows, total } = await listCountryRates(db, query, catalog.current().prices);
    return {
      countries: rows.map((row) => presentAdminCountry(row, catalog.current().prices.get(row.countryCode))),
      total,
      page: query.page,
      pageSize: query.pageSize,
      marginPercentage: marginPercentage(catalog.current().marginBp),
    };
  });

  registerEndpoint(app, adminCountryRateUpdate, async ({ params, body, request }) => {
    const updated = await updateCountryRate({ db, bus, actorUserId: requireViewer(request).userId }, params.code, body);
    await catalog.refresh();
    return { country: presentAdminCountry(updated, catalog.current().prices.get(updated.countryCode)) };
  });

  registerEndpoint(app, adminRateImportPreview, async ({ body }) => previewRateImport(db, body.csv), { bodyLimit: IMPORT_BODY_LIMIT });

  registerEndpoint(
    app,
    adminRateImportCommit,
    async ({ body, request }) => {
      const result = await commitRateImport({ db, bus, actorUserId: requireViewer(request).userId, source: "admin upload" }, body.csv);
      await catalog.refresh();
      return { ...result, committed: true as const };
    },
    { bodyLimit: IMPORT_BODY_LIMIT },
  );

  registerEndpoint(app, adminRatesExport, async ({ query, reply }) => {
    const csv = query.kind === "deck" ? await exportDeckCsv(db) : await exportCountryRatesCsv(db);
    csvDownload(reply, query.kind === "deck" ? "rate-deck" : "country-rates");
    return csv;
  });

  registerEndpoint(app, adminRatesAudit, async ({ query }) => {
    const { entries, total } = await listRateAudit(db, query);
    return { entries, total, page: query.page, pageSize: query.pageSize };
  });
}
