import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { translationStrings } from "../../../shared/api/i18n";
import { registerEndpoint } from "../../http/endpoint";
import type { StringsCache } from "./strings-cache";

/**
 * The strings of one language. Browsers keep them but ask again on every use (`no-cache`),
 * with the answer's ETag: unchanged strings cost a 304, and an admin's edit reaches the next
 * request at once instead of hiding behind a lifetime. The tag is the digest of the
 * language's strings (computed once per load of the cache) and of the query, so every
 * instance gives the same answer the same tag.
 */
export function registerI18nRoutes(app: FastifyInstance, cache: StringsCache): void {
  const digests = new WeakMap<object, string>();
  const digestOf = (strings: Record<string, string>) => {
    let digest = digests.get(strings);
    if (digest === undefined) {
      digest = createHash("sha256").update(JSON.stringify(strings)).digest("base64url").slice(0, 22);
      digests.set(strings, digest);
    }
    return digest;
  };

  void app.register(async (scope) => {
    // A request whose tag still matches gets 304 and no body (after the handler, so the tag is the current one).
    scope.addHook("onSend", async (request, reply, payload) => {
      const tag = reply.getHeader("etag");
      if (reply.statusCode !== 200 || typeof tag !== "string" || request.headers["if-none-match"] !== tag) return payload;
      reply.code(304);
      return "";
    });

    registerEndpoint(scope, translationStrings, async ({ params, query, reply }) => {
      const prefixes = (query.prefixes ?? "").split(",").map((prefix) => prefix.trim()).filter(Boolean);
      const everything = await cache.strings(params.language);
      const strings = await cache.strings(params.language, { prefixes, exclude: query.exclude === "true" });
      const asked = createHash("sha256").update(`${prefixes.join(",")}|${query.exclude ?? ""}`).digest("base64url").slice(0, 10);
      reply.header("cache-control", "no-cache").header("etag", `"${params.language}-${digestOf(everything)}-${asked}"`);
      return { language: params.language, strings };
    });
  });
}
