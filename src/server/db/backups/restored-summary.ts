import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { reconcileAccounts } from "../../modules/credit-audit/reconciliation";
import type { Database } from "../client";
import { pgConnection, pgliteConnection, type SqlConnection } from "../moving/app-catalog";
import { targetContents } from "../moving/target-contents";

/** A database on either engine, as the backup scripts reach it. */
export type RawDatabase = { engine: "pglite"; client: PGlite } | { engine: "postgres"; client: pg.Client };

export const connectionOf = (database: RawDatabase): SqlConnection => (database.engine === "pglite" ? pgliteConnection(database.client) : pgConnection(database.client));

const queryBuilderOf = (database: RawDatabase) =>
  (database.engine === "pglite" ? drizzlePglite({ client: database.client }) : drizzlePg({ client: database.client })) as unknown as Database;

/**
 * What a restored database holds, for the restore's last lines: its tables and rows, and the
 * credit audit's reconciliation of every balance with its ledger (a drift is named, not hidden).
 */
export async function restoredSummary(database: RawDatabase): Promise<string[]> {
  const contents = await targetContents(connectionOf(database));
  const rows = contents.withRows.reduce((sum, entry) => sum + entry.rows, 0);
  const lines = [`  ${contents.tables.length} tables, ${rows} rows.`];
  if (!contents.tables.includes("public.credit_balances")) return lines;
  const { summary, accounts } = await reconcileAccounts(queryBuilderOf(database), { onlyDrifted: true, page: 1 });
  if (summary.driftedAccounts === 0) lines.push(`  ${summary.accounts} balances equal to their ledgers (total ${summary.totalBalance} USD).`);
  else lines.push(`  Warning: ${summary.driftedAccounts} balances differ from their ledgers (${accounts.slice(0, 5).map((account) => account.email).join(", ")}): see the credit audit.`);
  return lines;
}
