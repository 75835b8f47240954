import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Which seed data sets have been loaded, so each loads once and a restart keeps edits. */
export const seedRuns = pgTable("seed_runs", {
  name: text("name").primaryKey(),
  version: text("version").notNull(),
  loadedAt: timestamp("loaded_at", { withTimezone: true }).notNull().defaultNow(),
});
