import type { FastifyInstance } from "fastify";
import { siteSearch } from "../../../shared/api/search";
import { registerEndpoint } from "../../http/endpoint";
import type { SearchSource } from "./search-source";
import { runSearch } from "./search-service";

/** GET /api/search: the site search over the given sources (the countries first, then the blog and the FAQ). */
export function registerSearchRoutes(app: FastifyInstance, sources: readonly SearchSource[]): void {
  registerEndpoint(app, siteSearch, async ({ query }) => runSearch(sources, query.q, query.lang));
}
