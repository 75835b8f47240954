import { readFileSync } from "node:fs";

/**
 * The statement of migration 0017 that fills the dashboard's daily summary from the calls already
 * logged, as a database being upgraded runs it: for the tests that hold it to the settlement's own
 * sums, and for the bench, whose calls are written straight into call_logs after the migrations.
 */
export function dailySummaryBackfill(): string {
  const migration = readFileSync(new URL("../db/migrations/0017_dashboard_daily_summary.sql", import.meta.url), "utf8");
  const statement = migration.split("--> statement-breakpoint").find((part) => part.includes('INSERT INTO "dashboard_daily_summary"'));
  if (!statement) throw new Error("migration 0017 has no backfill of the daily summary");
  return statement;
}
