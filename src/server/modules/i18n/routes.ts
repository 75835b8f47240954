import type { FastifyInstance } from "fastify";
import { translationStrings } from "../../../shared/api/i18n";
import { registerEndpoint } from "../../http/endpoint";
import type { StringsCache } from "./strings-cache";

export function registerI18nRoutes(app: FastifyInstance, cache: StringsCache): void {
  registerEndpoint(app, translationStrings, async ({ params, query, reply }) => {
    const prefixes = (query.prefixes ?? "").split(",").map((prefix) => prefix.trim()).filter(Boolean);
    const strings = await cache.strings(params.language, { prefixes, exclude: query.exclude === "true" });
    // Browsers may reuse strings briefly; admins' edits show within a minute.
    reply.header("cache-control", "public, max-age=60");
    return { language: params.language, strings };
  });
}
