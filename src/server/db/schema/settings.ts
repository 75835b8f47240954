import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Business settings an admin can change at run time (e.g. the rate margin), one JSON value per key. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
