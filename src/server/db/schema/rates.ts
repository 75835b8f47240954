import { boolean, index, integer, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The carrier's rate deck as imported: one row per (country, line type) with its
 * destination prefixes. The in-memory prefix index is built from these rows.
 */
export const rateDeckRows = pgTable(
  "rate_deck_rows",
  {
    id: serial("id").primaryKey(),
    iso: text("iso").notNull(),
    country: text("country").notNull(),
    lineType: text("line_type").notNull(),
    /** USD per minute with the carrier's 5 decimals. */
    carrierRate: numeric("carrier_rate", { precision: 12, scale: 5 }).notNull(),
    prefixes: text("prefixes").array().notNull(),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("rate_deck_rows_iso_idx").on(table.iso)],
);

/** Customer prices per country (spec's country_rates), derived from the deck at the margin unless overridden. */
export const countryRates = pgTable("country_rates", {
  id: serial("id").primaryKey(),
  countryCode: text("country_code").notNull().unique(),
  countryName: text("country_name").notNull(),
  dialCode: text("dial_code").notNull(),
  ourCheapestRate: numeric("our_cheapest_rate", { precision: 14, scale: 4 }).notNull(),
  ourMostExpensiveRate: numeric("our_most_expensive_rate", { precision: 14, scale: 4 }).notNull(),
  landlineRate: numeric("landline_rate", { precision: 14, scale: 4 }),
  mobileRate: numeric("mobile_rate", { precision: 14, scale: 4 }),
  isPopular: boolean("is_popular").notNull().default(false),
  /** An admin-set price that a re-import does not overwrite. */
  manualOverride: boolean("manual_override").notNull().default(false),
  lastUpdated: timestamp("last_updated", { withTimezone: true }).notNull().defaultNow(),
  /** Bumped on every change, for optimistic concurrency in the admin editor. */
  version: integer("version").notNull().default(1),
});
