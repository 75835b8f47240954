import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** Interface strings per language; seeded from data/translations and editable by admins. */
export const translations = pgTable(
  "translations",
  {
    language: text("language").notNull(),
    key: text("key").notNull(),
    value: text("value").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.language, table.key] })],
);
