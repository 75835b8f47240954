import type { FastifyInstance } from "fastify";
import {
  adminTranslations,
  exportTranslations,
  importTranslations,
  previewTranslationImport,
  TRANSLATION_IMPORT_MAX_BYTES,
  updateTranslation as updateTranslationEndpoint,
} from "../../../shared/api/admin-translations";
import type { BusPublisher } from "../../db/bus";
import type { Executor } from "../../db/client";
import { requireViewer } from "../../http/access";
import { registerEndpoint } from "../../http/endpoint";
import { updateTranslation } from "./admin-edit";
import { applyImport, exportLanguage, previewImport } from "./admin-import";
import { listTranslations } from "./admin-list";
import type { StringsCache } from "./strings-cache";

/** The back office's translations: list, edit one value, export and import a language. */
export function registerAdminTranslationRoutes(app: FastifyInstance, deps: { db: Executor; bus: BusPublisher; cache: StringsCache }): void {
  const { db } = deps;
  const edits = { db, bus: deps.bus, forget: () => deps.cache.clear() };

  registerEndpoint(app, adminTranslations, async ({ query }) => {
    const { page, pageSize, ...filter } = query;
    return listTranslations(db, filter, { page, pageSize });
  });

  registerEndpoint(app, updateTranslationEndpoint, async ({ body, request }) => ({
    row: await updateTranslation(edits, requireViewer(request).userId, body.language, body.key, body.value),
  }));

  registerEndpoint(app, exportTranslations, async ({ query, reply }) => {
    const strings = await exportLanguage(db, query.language);
    const day = new Date().toISOString().slice(0, 10);
    reply.header("content-disposition", `attachment; filename="dialwise-translations-${query.language}-${day}.json"`).header("cache-control", "no-store");
    return strings;
  });

  registerEndpoint(app, previewTranslationImport, async ({ body }) => previewImport(db, body.language, body.strings), { bodyLimit: TRANSLATION_IMPORT_MAX_BYTES });

  registerEndpoint(app, importTranslations, async ({ body, request }) => applyImport(edits, requireViewer(request).userId, body.language, body.strings), {
    bodyLimit: TRANSLATION_IMPORT_MAX_BYTES,
  });
}
