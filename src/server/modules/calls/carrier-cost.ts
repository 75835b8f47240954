import { sql } from "drizzle-orm";
import { callLogs } from "../../db/schema/calls";

/**
 * The carrier cost of one call in SQL, rounded as its row shows it (carrierCost), so rows add up
 * to a total: the calls page's totals and the dashboard's figures (raw and daily summary) all sum this.
 * A module of its own, so the settlement's path to the summary imports no service.
 */
export const carrierCostOfCall = sql<string>`round(${callLogs.billedMinutes} * ${callLogs.carrierRate}, 4)`;
