import type { FastifyInstance } from "fastify";
import { adminOverview } from "../../../shared/api/admin-overview";
import type { Executor } from "../../db/client";
import { registerEndpoint } from "../../http/endpoint";
import { accountCounts } from "./overview-service";

export function registerAdminRoutes(app: FastifyInstance, db: Executor): void {
  registerEndpoint(app, adminOverview, async () => ({ users: await accountCounts(db), generatedAt: new Date().toISOString() }));
}
