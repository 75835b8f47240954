import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Failure counters for brute-force protection (per account and per address),
 * in the database so every server instance sees the same counts.
 */
export const throttleCounters = pgTable("throttle_counters", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
});
