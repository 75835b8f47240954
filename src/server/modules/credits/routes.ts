import type { FastifyInstance } from "fastify";
import { creditBalance } from "../../../shared/api/credits";
import { moneyToDecimal } from "../../../shared/money";
import type { Database } from "../../db/client";
import { requireViewer } from "../../http/access";
import { registerEndpoint } from "../../http/endpoint";
import { getBalance } from "./ledger";

export function registerCreditsRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, creditBalance, async ({ request }) => ({
    balance: moneyToDecimal(await getBalance(db, requireViewer(request).userId)),
  }));
}
