import type { FastifyInstance } from "fastify";
import { adminDashboard } from "../../../shared/api/admin-dashboard";
import { adminOverview } from "../../../shared/api/admin-overview";
import type { Executor } from "../../db/client";
import { registerEndpoint } from "../../http/endpoint";
import { adminDashboardFigures } from "./dashboard/service";
import { accountCounts } from "./overview-service";

export function registerAdminRoutes(app: FastifyInstance, db: Executor): void {
  registerEndpoint(app, adminOverview, async () => ({ users: await accountCounts(db), generatedAt: new Date().toISOString() }));
  registerEndpoint(app, adminDashboard, async ({ query }) => adminDashboardFigures(db, query));
}
