import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** Interface strings per language; seeded from data/translations and editable by admins. */
export const translations = pgTable(
  "translations",
  {
    language: text("language").notNull(),
    key: text("key").notNull(),
    value: text("value").notNull(),
    /** "seed" values follow data/translations on each release; "admin" values are an admin's edit and are kept. */
    source: text("source", { enum: ["seed", "admin"] }).notNull().default("seed"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.language, table.key] })],
);
