import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { everyEngine, openTestDatabase, type TestDatabase } from "../test/engines";
import { queryRows } from "./client";
import { translations } from "./schema/i18n";

/** What a database looks like after the migrations: every column with its type, nullability and default. */
async function describeSchema(database: TestDatabase) {
  return queryRows<{ table_name: string }>(database.db, sql`
    select table_name, column_name, data_type, is_nullable, column_default
    from information_schema.columns where table_schema = 'public'
    order by table_name, ordinal_position`);
}

async function sampleQueries(database: TestDatabase) {
  await database.db.insert(translations).values([
    { language: "en", key: "b.key", value: "B" },
    { language: "en", key: "a.key", value: "A" },
  ]);
  const ordered = await database.db.select({ key: translations.key }).from(translations).orderBy(translations.key);
  const money = await queryRows(database.db, sql`select (12.3456::numeric(14,4) * 3)::text as product, round(0.00266::numeric, 4)::text as rounded`);
  return { ordered, money };
}

describe("PGlite and PostgreSQL give the same results for the same migrations", () => {
  const opened: TestDatabase[] = [];
  beforeAll(async () => {
    for (const engine of everyEngine) opened.push(await openTestDatabase(engine));
  });
  afterAll(async () => {
    for (const database of opened) await database.destroy();
  });

  it("creates the expected tables on every engine", async () => {
    for (const database of opened) {
      const tables = new Set((await describeSchema(database)).map((row) => row.table_name));
      expect([...tables].sort()).toEqual([
        "account", "app_settings", "audit_log", "blog_covers", "blog_posts", "call_logs", "call_status_updates", "contacts", "country_rates", "credit_balances", "dashboard_daily_summary",
        "discount_codes", "discount_redemptions", "ledger_entries", "local_carrier_calls", "mail_outbox", "payment_disputes", "payment_refunds",
        "payments", "rate_deck_rows", "seed_runs", "session", "spending_settings", "support_conversations", "support_messages", "throttle_counters",
        "translations", "user", "user_activity", "user_events", "verification", "webhook_events",
      ]);
    }
  });

  // The comparison needs a real PostgreSQL: TEST_DATABASE_URL (set by .ci/run).
  if (everyEngine.includes("postgres")) {
    it("matches column for column and answer for answer", async () => {
      const [embedded, real] = opened as [TestDatabase, TestDatabase];
      expect(await describeSchema(embedded)).toEqual(await describeSchema(real));
      expect(await sampleQueries(embedded)).toEqual(await sampleQueries(real));
    });
  }
});
